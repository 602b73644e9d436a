import { describe, expect, it } from 'vitest';
import { createQueueWorker } from './queue-worker.js';

describe('createQueueWorker', () => {
  it('an item claimed again while still in hand (its lease ran out) is released, not begun twice', async () => {
    let finish: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const begun: number[] = [];
    const released: number[][] = [];
    let claims = 0;
    const worker = createQueueWorker<{ id: number }>({
      concurrency: 2,
      pollIntervalMs: 5,
      // Every claim answers item 1, as a queue does once item 1's lease has run out.
      claim: async () => {
        claims++;
        return [{ id: 1 }];
      },
      work: async (item) => {
        begun.push(item.id);
        await held;
      },
      release: async (ids) => {
        released.push(ids);
      },
      onError: (err) => {
        throw err;
      },
    });
    worker.start();
    while (claims < 3) await new Promise((resolve) => setTimeout(resolve, 5));
    finish();
    await worker.stop();
    expect(begun).toEqual([1]);
    expect(released.slice(0, 2)).toEqual([[1], [1]]);
  });

  it('claims again as soon as an item ends, not after the poll interval (a capped queue may have more due)', async () => {
    const queue = [[{ id: 1 }], [], [{ id: 2 }]];
    const begun: number[] = [];
    const worker = createQueueWorker<{ id: number }>({
      concurrency: 2,
      pollIntervalMs: 3_600_000, // an hour: the second item is only reached through the wake
      claim: async () => queue.shift() ?? [],
      work: async (item) => {
        begun.push(item.id);
      },
      release: async () => {},
      onError: (err) => {
        throw err;
      },
    });
    worker.start();
    while (begun.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    await worker.stop();
    expect(begun).toEqual([1, 2]);
  });

  it('aborts the signal the items in hand were given when it stops', async () => {
    let seen: AbortSignal | undefined;
    const worker = createQueueWorker<{ id: number }>({
      concurrency: 1,
      pollIntervalMs: 5,
      claim: async () => (seen ? [] : [{ id: 1 }]),
      work: (_item, stopping) => {
        seen = stopping;
        return new Promise<void>((resolve) => stopping.addEventListener('abort', () => resolve()));
      },
      release: async () => {},
      onError: (err) => {
        throw err;
      },
    });
    worker.start();
    while (!seen) await new Promise((resolve) => setTimeout(resolve, 5));
    await worker.stop();
    expect(seen.aborted).toBe(true);
  });
});
