import { createPoller } from './poller.js';

/** A worker over a durable queue of leased rows (credit jobs, webhook deliveries). */
export interface QueueWorker {
  start(): void;
  /** Polls now instead of at the next interval (something was just queued). */
  wake(): void;
  /** One claim-and-work round; answers how many items it worked on. */
  runOnce(): Promise<number>;
  /** Stops polling, waits for the items in hand, and gives back the leases of any left. */
  stop(): Promise<void>;
}

/**
 * Claims up to `concurrency` due items (leased, so another instance takes one over only when its
 * lease runs out), works on them at once, and polls again (`poller.ts`). An item whose work
 * throws (database trouble) goes to `onError`; its lease runs out and it is taken up again.
 * `concurrency` 0: the worker never runs in this instance.
 */
export function createQueueWorker<T extends { id: number }>(deps: {
  concurrency: number;
  pollIntervalMs: number;
  claim(limit: number): Promise<T[]>;
  work(item: T): Promise<void>;
  release(ids: number[]): Promise<void>;
  onError(err: unknown, item?: T): void;
}): QueueWorker {
  const inHand = new Set<number>();

  async function runOnce(): Promise<number> {
    if (deps.concurrency <= 0) return 0;
    const items = await deps.claim(deps.concurrency);
    for (const item of items) inHand.add(item.id);
    await Promise.all(
      items.map(async (item) => {
        try {
          await deps.work(item);
        } catch (err) {
          deps.onError(err, item);
        } finally {
          inHand.delete(item.id);
        }
      }),
    );
    return items.length;
  }

  const poller = createPoller(runOnce, deps.pollIntervalMs, (err) => deps.onError(err));
  return {
    start() {
      if (deps.concurrency > 0) poller.start();
    },
    wake: () => poller.wake(),
    runOnce,
    async stop() {
      await poller.stop();
      await deps.release([...inHand]).catch(() => {});
    },
  };
}
