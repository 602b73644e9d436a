import { createPoller } from './poller.js';

/** A worker over a durable queue of leased rows (credit jobs, webhook deliveries). */
export interface QueueWorker {
  start(): void;
  /** Polls now instead of at the next interval (something was just queued). */
  wake(): void;
  /**
   * Stops claiming, aborts the signal the items in hand were given (work that honours it ends
   * early), waits for them, and gives back the leases of any claimed but not begun.
   */
  stop(): Promise<void>;
}

/**
 * Keeps up to `concurrency` items in hand: each claim asks for as many due items as there are free
 * slots (leased, so another instance takes one over only when its lease runs out) and begins them
 * without waiting for the others, so one slow item (a bureau call running to its timeout) holds
 * only its own slot. With every slot busy the worker waits for one to free and claims again at
 * once; when a claim finds nothing due it waits the poll interval (`poller.ts`), or until an item
 * in hand ends (a queue that caps what one owner holds may have more due then). An item whose
 * work throws (database trouble) goes to `onError`; its lease runs out and it is taken up again.
 * `concurrency` 0: the worker never runs in this instance.
 */
export function createQueueWorker<T extends { id: number }>(deps: {
  concurrency: number;
  pollIntervalMs: number;
  claim(limit: number): Promise<T[]>;
  /** `stopping` is aborted when the worker stops: work that can be left for later gives up then. */
  work(item: T, stopping: AbortSignal): Promise<void>;
  release(ids: number[]): Promise<void>;
  onError(err: unknown, item?: T): void;
}): QueueWorker {
  const inHand = new Map<number, Promise<void>>();
  let stopping = false;
  const stopSignal = new AbortController();

  function begin(item: T): void {
    const done = deps
      .work(item, stopSignal.signal)
      .catch((err: unknown) => deps.onError(err, item))
      .finally(() => {
        inHand.delete(item.id);
        if (!stopping) poller.wake();
      });
    inHand.set(item.id, done);
  }

  async function slotFree(): Promise<void> {
    while (inHand.size >= deps.concurrency) await Promise.race(inHand.values());
  }

  /** Claims for the free slots and begins what it got; answers how many it began. */
  async function claimRound(): Promise<number> {
    await slotFree();
    if (stopping) return 0;
    const claimed = await deps.claim(deps.concurrency - inHand.size);
    // An item still in hand whose lease ran out can be claimed again: it is not begun twice.
    const again = claimed.filter((item) => inHand.has(item.id));
    const items = stopping ? claimed : claimed.filter((item) => !inHand.has(item.id));
    if (stopping || again.length > 0) await deps.release((stopping ? claimed : again).map((item) => item.id));
    if (stopping) return 0;
    for (const item of items) begin(item);
    return items.length;
  }

  const poller = createPoller(claimRound, deps.pollIntervalMs, (err) => deps.onError(err));
  return {
    start() {
      if (deps.concurrency > 0) poller.start();
    },
    wake: () => poller.wake(),
    async stop() {
      stopping = true;
      stopSignal.abort();
      await poller.stop();
      await Promise.all(inHand.values());
    },
  };
}
