import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerPool, PoolBusyError, type WorkerPool } from '../../src/workers/worker-pool.js';
// A type only: erased, so the worker's module is not run here.
import type { Request } from './fixture-worker.js';

const script = new URL('./fixture-worker.ts', import.meta.url);
const pools: WorkerPool<unknown, unknown>[] = [];
const pool = <Req, Res>(options: Partial<Parameters<typeof createWorkerPool>[0]> = {}) => {
  const p = createWorkerPool<Req, Res>({ script, name: 'test job', size: 1, timeoutMs: 30_000, ...options });
  pools.push(p as WorkerPool<unknown, unknown>);
  return p;
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.stop()));
});

describe('the worker pool', () => {
  it('answers jobs in order on its workers, and a failing job fails alone', async () => {
    const p = pool<Request, number>({ size: 2 });
    const results = await Promise.allSettled([
      p.run({ op: 'echo', value: 1 }),
      p.run({ op: 'fail' }),
      p.run({ op: 'echo', value: 3 }),
    ]);
    expect(results[0]).toEqual({ status: 'fulfilled', value: 2 });
    expect(results[1]).toMatchObject({ status: 'rejected', reason: { message: 'test job failed: bad input' } });
    expect(results[2]).toEqual({ status: 'fulfilled', value: 6 });
  });

  it('gives its workers the heap limits asked for', async () => {
    const sized = pool<Request, number>({ resourceLimits: { maxYoungGenerationSizeMb: 96 } });
    await expect(sized.run({ op: 'youngGenerationMb' })).resolves.toBe(96);
    const plain = pool<Request, number>();
    await expect(plain.run({ op: 'youngGenerationMb' })).resolves.not.toBe(96);
  });

  it('replaces a worker that dies, failing only its job', async () => {
    const p = pool<Request, number>({ onDemand: true });
    await expect(p.run({ op: 'die' })).rejects.toThrow(/exited with code 3/);
    await expect(p.run({ op: 'echo', value: 21 })).resolves.toBe(42);
  });

  it('stops a job that overruns and keeps serving on a fresh worker', async () => {
    const p = pool<Request, number>({ timeoutMs: 3_000 });
    await p.start();
    await expect(p.run({ op: 'sleep', ms: 60_000 })).rejects.toThrow(/took longer than 3000 ms/);
    await expect(p.run({ op: 'echo', value: 5 })).resolves.toBe(10);
  });

  it('refuses at once beyond its queue limit, and after stop', async () => {
    const p = pool<Request, number>({ maxQueue: 1 });
    const running = p.run({ op: 'sleep', ms: 300 });
    const waiting = p.run({ op: 'sleep', ms: 1 });
    await expect(p.run({ op: 'echo', value: 1 })).rejects.toBeInstanceOf(PoolBusyError);
    await expect(Promise.all([running, waiting])).resolves.toEqual([300, 1]);
    await p.stop();
    await expect(p.run({ op: 'echo', value: 1 })).rejects.toThrow(/stopped/);
  });

  it('a worker that cannot start fails start() and its jobs with the reason', async () => {
    const p = pool<number, number>({ script: new URL('./failing-worker.ts', import.meta.url) });
    await expect(p.start()).rejects.toThrow(/failed to start: no models here/);
    await expect(p.run(1)).rejects.toThrow(/no models here/);
  });
});
