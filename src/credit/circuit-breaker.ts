/**
 * A circuit breaker in front of one bureau: after `threshold` consecutive failures it opens and
 * refuses calls for `cooldownMs`; then it lets one trial call through (half-open); a success closes
 * it, a failure opens it again. Per process: each instance learns on its own that a bureau is down.
 */
export type BreakerState = 'closed' | 'open' | 'half-open';

export interface CircuitBreaker {
  /** True when a call may go out now; in half-open only one trial call is let through. */
  tryAcquire(): boolean;
  success(): void;
  failure(): void;
  state(): BreakerState;
  /** When an open breaker lets the next trial through (epoch ms), or undefined when not open. */
  reopensAt(): number | undefined;
}

export function createCircuitBreaker(opts: {
  threshold: number;
  cooldownMs: number;
  now?: () => number;
  onChange?: (state: BreakerState) => void;
}): CircuitBreaker {
  const now = opts.now ?? Date.now;
  let failures = 0;
  let openedAt: number | undefined;
  let trialInFlight = false;

  const current = (): BreakerState => {
    if (openedAt === undefined) return 'closed';
    return now() - openedAt >= opts.cooldownMs ? 'half-open' : 'open';
  };
  const set = (next: number | undefined) => {
    const before = current();
    openedAt = next;
    const after = current();
    if (before !== after) opts.onChange?.(after);
  };

  return {
    tryAcquire() {
      const s = current();
      if (s === 'closed') return true;
      if (s === 'open' || trialInFlight) return false;
      trialInFlight = true;
      return true;
    },
    success() {
      failures = 0;
      trialInFlight = false;
      set(undefined);
    },
    failure() {
      failures += 1;
      const wasTrial = trialInFlight;
      trialInFlight = false;
      if (wasTrial || failures >= opts.threshold) set(now());
    },
    state: current,
    reopensAt: () => (openedAt === undefined ? undefined : openedAt + opts.cooldownMs),
  };
}
