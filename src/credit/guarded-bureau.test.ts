import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { type Bureau, BureauError } from './bureau.js';
import { createCircuitBreaker } from './circuit-breaker.js';
import { createCreditMetrics } from './credit-metrics.js';
import { guardBureau } from './guarded-bureau.js';

function failingBureau(kind: 'unavailable' | 'no_record' = 'unavailable'): Bureau & { calls: number } {
  const bureau = {
    name: 'fake',
    displayName: 'the fake bureau',
    localCurrencies: [],
    calls: 0,
    async requestReport() {
      bureau.calls += 1;
      throw new BureauError(kind, 'down');
    },
    async requestCommercialReport() {
      bureau.calls += 1;
      throw new BureauError(kind, 'down');
    },
    async fetchReport() {
      throw new BureauError(kind, 'down');
    },
    async health() {
      return { ok: false };
    },
  } satisfies Bureau & { calls: number };
  return bureau;
}

const subject = { bvn: '22200000002', enquiryReason: 'test' };

describe('guarded bureau', () => {
  it('stops calling a bureau that keeps failing once the breaker opens', async () => {
    const bureau = failingBureau();
    const registry = new Registry();
    const guarded = guardBureau(bureau, {
      timeoutMs: 1000,
      breaker: createCircuitBreaker({ threshold: 3, cooldownMs: 60_000 }),
      metrics: createCreditMetrics(registry),
    });
    for (let i = 0; i < 6; i++) await expect(guarded.requestReport(subject)).rejects.toBeInstanceOf(BureauError);
    expect(bureau.calls).toBe(3);
    expect(guarded.reopensAt()).toBeGreaterThan(Date.now());
    const failures = await registry.getSingleMetricAsString('credit_bureau_failures_total');
    expect(failures).toContain('kind="circuit_open"} 3');
    expect(await registry.getSingleMetricAsString('credit_bureau_circuit_open')).toContain('} 1');
  });

  it('business and consumer calls share one breaker: failing business calls pause consumer ones', async () => {
    const bureau = failingBureau();
    const guarded = guardBureau(bureau, {
      timeoutMs: 1000,
      breaker: createCircuitBreaker({ threshold: 2, cooldownMs: 60_000 }),
      metrics: createCreditMetrics(new Registry()),
    });
    const business = { registrationNumber: 'RC123456' };
    for (let i = 0; i < 2; i++)
      await expect(guarded.requestCommercialReport(business)).rejects.toMatchObject({ kind: 'unavailable' });
    await expect(guarded.requestReport(subject)).rejects.toThrow(/paused/);
    expect(bureau.calls).toBe(2);
  });

  it('a subject without a record does not count against the bureau', async () => {
    const bureau = failingBureau('no_record');
    const guarded = guardBureau(bureau, {
      timeoutMs: 1000,
      breaker: createCircuitBreaker({ threshold: 2, cooldownMs: 60_000 }),
      metrics: createCreditMetrics(new Registry()),
    });
    for (let i = 0; i < 5; i++)
      await expect(guarded.requestReport(subject)).rejects.toMatchObject({ kind: 'no_record' });
    expect(bureau.calls).toBe(5);
  });

  it('abandons a call that ignores its abort signal at the timeout', async () => {
    const hanging: Bureau = {
      ...failingBureau(),
      requestReport: () => new Promise(() => {}),
    };
    const guarded = guardBureau(hanging, {
      timeoutMs: 20,
      breaker: createCircuitBreaker({ threshold: 5, cooldownMs: 1000 }),
      metrics: createCreditMetrics(new Registry()),
    });
    await expect(guarded.requestReport(subject)).rejects.toMatchObject({ kind: 'timeout' });
  });
});
