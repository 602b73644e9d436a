import {
  type BillingWatch,
  type Bureau,
  BureauError,
  type BureauResult,
  type BureauSubject,
  type BusinessSubject,
} from './bureau.js';
import type { CircuitBreaker } from './circuit-breaker.js';
import type { CommercialCreditReport } from './commercial-report.js';
import type { CreditMetrics } from './credit-metrics.js';

/**
 * Every call the service makes to a bureau goes through here: a timeout on each call (the adapter
 * gets an AbortSignal, and the call is abandoned even if an adapter ignores it), the circuit
 * breaker, and the metrics. Only `timeout` and `unavailable` count against the breaker: a subject
 * without a record says nothing about the bureau's health. A call lost after its billed request
 * went out (the adapter's `BillingWatch` says so) fails with `mayBeBilled`, and is not retried.
 */
export interface GuardedBureau {
  readonly bureau: Bureau;
  requestReport(subject: BureauSubject, billed?: BilledCallHook): Promise<BureauResult>;
  /** A business's report, answered at once: always `ready`. */
  requestCommercialReport(
    subject: BusinessSubject,
    billed?: BilledCallHook,
  ): Promise<BureauResult<CommercialCreditReport>>;
  fetchReport(subject: BureauSubject, ticket: string): Promise<BureauResult>;
  health(): Promise<{ ok: boolean; detail?: string }>;
  /** When the breaker lets calls through again, if it is open. */
  reopensAt(): number | undefined;
}

/** What the caller does just before a billed request is sent (`BillingWatch.beforeSend`). */
export type BilledCallHook = (() => Promise<void>) | undefined;

export function guardBureau(
  bureau: Bureau,
  opts: { timeoutMs: number; breaker: CircuitBreaker; metrics: CreditMetrics },
): GuardedBureau {
  const { breaker, metrics, timeoutMs } = opts;
  const labels = { bureau: bureau.name };

  async function withTimeout<T>(
    operation: string,
    call: (signal: AbortSignal) => Promise<T>,
    ms = timeoutMs,
  ): Promise<T> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new BureauError('timeout', `the bureau did not answer ${operation} within ${ms} ms`));
      }, ms);
    });
    try {
      return await Promise.race([call(controller.signal), timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function guarded<R>(
    operation: string,
    call: (signal: AbortSignal, billing: BillingWatch) => Promise<BureauResult<R>>,
    beforeSend?: BilledCallHook,
  ) {
    if (!breaker.tryAcquire()) {
      metrics.failures.inc({ ...labels, kind: 'circuit_open' });
      throw new BureauError('unavailable', `${bureau.displayName} is failing repeatedly; calls are paused for a while`);
    }
    const stop = metrics.latency.startTimer({ ...labels, operation });
    const billing: BillingWatch = { mayBeBilled: false, ...(beforeSend ? { beforeSend } : {}) };
    try {
      const result = await withTimeout(operation, (signal) => call(signal, billing));
      breaker.success();
      metrics.calls.inc({ ...labels, operation, outcome: result.kind });
      return result;
    } catch (err) {
      const known =
        err instanceof BureauError
          ? err
          : new BureauError('unavailable', `${bureau.displayName} call failed unexpectedly`);
      // However the call was lost (the timeout here, a dropped connection), a billed request
      // without an answer may have been charged.
      const error = known.transient && billing.mayBeBilled ? new BureauError(known.kind, known.message, true) : known;
      if (error.transient) breaker.failure();
      else breaker.success();
      metrics.calls.inc({ ...labels, operation, outcome: error.kind });
      metrics.failures.inc({ ...labels, kind: error.kind });
      throw error;
    } finally {
      stop();
      metrics.breakerOpen.set(labels, breaker.state() === 'open' ? 1 : 0);
    }
  }

  return {
    bureau,
    requestReport: (subject, billed) =>
      guarded('request', (signal, billing) => bureau.requestReport(subject, signal, billing), billed),
    requestCommercialReport: (subject, billed) =>
      guarded(
        'request_commercial',
        async (signal, billing) => ({
          kind: 'ready',
          report: await bureau.requestCommercialReport(subject, signal, billing),
        }),
        billed,
      ),
    fetchReport: (subject, ticket) => guarded('fetch', (signal) => bureau.fetchReport(subject, ticket, signal)),
    async health() {
      try {
        // /ready must answer quickly even when the bureau hangs.
        return await withTimeout('health', (signal) => bureau.health(signal), Math.min(timeoutMs, 3000));
      } catch (err) {
        return { ok: false, detail: err instanceof Error ? err.message : 'health check failed' };
      }
    },
    reopensAt: () => breaker.reopensAt(),
  };
}
