import { describe, expect, it } from 'vitest';
import { checkReadiness, type ReadinessProbe } from './check-readiness.js';

const ok = (name: string): ReadinessProbe => ({ name, check: async () => ({ ok: true }) });
const never = (name: string, optional?: boolean): ReadinessProbe => ({
  name,
  ...(optional ? { optional } : {}),
  check: () => new Promise(() => {}),
});

describe('checkReadiness', () => {
  it('is ready and ok when every probe says ok', async () => {
    expect(await checkReadiness([ok('database'), ok('face-models')], { timeoutMs: 1000 })).toEqual({
      ready: true,
      status: 'ok',
      checks: [
        { name: 'database', ok: true },
        { name: 'face-models', ok: true },
      ],
    });
  });

  it('answers unready within the timeout when a probe never settles (a stuck database pool)', async () => {
    const started = Date.now();
    const answer = await checkReadiness([ok('face-models'), never('database')], { timeoutMs: 50 });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(answer).toEqual({
      ready: false,
      status: 'unready',
      checks: [
        { name: 'face-models', ok: true },
        { name: 'database', ok: false, detail: 'no answer within 50 ms' },
      ],
    });
  });

  it('a probe that throws is not ok; an optional one failing or stuck leaves the instance ready but degraded', async () => {
    const throws: ReadinessProbe = {
      name: 'statement-processing',
      check: async () => {
        throw new Error('worker gone');
      },
    };
    expect((await checkReadiness([throws], { timeoutMs: 50 })).checks).toEqual([
      { name: 'statement-processing', ok: false, detail: 'unreachable' },
    ]);
    const bureauDown: ReadinessProbe = {
      name: 'credit-bureau',
      optional: true,
      check: async () => ({ ok: false, detail: 'sandbox: unreachable' }),
    };
    expect(await checkReadiness([ok('database'), bureauDown], { timeoutMs: 50 })).toEqual({
      ready: true,
      status: 'degraded',
      checks: [
        { name: 'database', ok: true },
        { name: 'credit-bureau', ok: false, optional: true, detail: 'sandbox: unreachable' },
      ],
    });
    expect(await checkReadiness([ok('database'), never('credit-bureau', true)], { timeoutMs: 50 })).toMatchObject({
      ready: true,
      status: 'degraded',
    });
  });
});
