import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { threadIdOf } from './priority.js';
import { createWorkerPool, type WorkerPool } from './worker-pool.js';

describe('threadIdOf', () => {
  it('reads the thread id from /proc/thread-self', () => {
    expect(threadIdOf('4242/task/4250')).toBe(4250);
    expect(threadIdOf('/proc/4242/task/4250')).toBe(4250);
  });

  it('answers undefined for anything else', () => {
    expect(threadIdOf('4242')).toBeUndefined();
    expect(threadIdOf('4242/task/')).toBeUndefined();
    expect(threadIdOf('4242/task/12x')).toBeUndefined();
  });
});

/** A thread's nice value (Linux): field 19 of its stat line, counted after the command name in parentheses. */
function niceOf(statPath: string): number {
  const stat = readFileSync(statPath, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}
const threadNiceValues = () => readdirSync('/proc/self/task').map((tid) => niceOf(`/proc/self/task/${tid}/stat`));

describe.skipIf(!existsSync('/proc/thread-self'))('worker niceness', () => {
  const script = new URL('../../test/workers/fixture-worker.ts', import.meta.url);
  const pools: WorkerPool<unknown, unknown>[] = [];
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((p) => p.stop()));
  });

  it("runs a pool's workers the given nice levels below the event loop, which stays where it was", async () => {
    const before = threadNiceValues();
    const own = niceOf('/proc/self/stat');
    const pool = createWorkerPool<{ op: 'echo'; value: number }, number>({
      script,
      name: 'nice job',
      size: 1,
      timeoutMs: 30_000,
      niceness: 3,
    });
    pools.push(pool as WorkerPool<unknown, unknown>);
    expect(await pool.run({ op: 'echo', value: 2 })).toBe(4);
    const after = threadNiceValues();
    expect(after.filter((nice) => nice === Math.min(19, own + 3)).length).toBeGreaterThan(
      before.filter((nice) => nice === Math.min(19, own + 3)).length,
    );
    expect(niceOf('/proc/self/stat')).toBe(own);
  });
});
