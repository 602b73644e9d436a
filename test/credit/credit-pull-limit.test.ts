import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_BUSINESSES, SANDBOX_BVNS } from '../../src/credit/adapters/sandbox/sandbox-bureau.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { countingSandbox, creditTestEnv, requestCommercialReport, requestReport, waitForState } from './helpers.js';

const bureau = countingSandbox();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ...creditTestEnv, CREDIT_PULLS_PER_DAY: '2' }, overrides: { bureau } });
});
afterAll(async () => t.close());

describe('CREDIT_PULLS_PER_DAY', () => {
  it('a client may start that many new bureau pulls in 24 hours, of either kind; the next is 429 saying when', async () => {
    const headers = await t.auth(['credit:read']);
    const consumer = await requestReport(t.app, headers, { bvn: SANDBOX_BVNS.goodHistory });
    const business = await requestCommercialReport(t.app, headers, {
      registrationNumber: SANDBOX_BUSINESSES.goodHistory,
    });
    expect([consumer.statusCode, business.statusCode]).toEqual([202, 202]);
    await waitForState(t.app, headers, consumer.json().data.reference, ['completed']);
    await waitForState(t.app, headers, business.json().data.reference, ['completed'], 'commercial');

    const before = bureau.requests.length;
    const third = await requestReport(t.app, headers, { bvn: SANDBOX_BVNS.badHistory });
    expect(third.statusCode).toBe(429);
    const body = third.json();
    expect(body).toMatchObject({ status: false, code: 'CREDIT_PULL_LIMIT', data: null });
    expect(body.message).toMatch(/2 new bureau pulls in the last 24 hours/);
    // The oldest pull of the window started moments ago: the next one can start about a day later.
    const next = Date.parse(body.retryAfter);
    expect(next - Date.now()).toBeGreaterThan(23 * 3_600_000);
    expect(next - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    // Refused before anything was written or asked of the bureau.
    expect(bureau.requests.length).toBe(before);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/credit/commercial-reports',
      headers,
      payload: { registrationNumber: 'RC7000001' },
    });
    expect(refused.statusCode).toBe(429);
  });

  it('a report reused from a recent pull costs nothing and is still answered past the limit', async () => {
    const headers = await t.auth(['credit:read']);
    for (const bvn of [SANDBOX_BVNS.goodHistory, SANDBOX_BVNS.thinFile]) {
      const res = await requestReport(t.app, headers, { bvn });
      await waitForState(t.app, headers, res.json().data.reference, ['completed']);
    }
    const again = await requestReport(t.app, headers, { bvn: SANDBOX_BVNS.goodHistory });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.state).toBe('completed');
    expect((await requestReport(t.app, headers, { bvn: SANDBOX_BVNS.badHistory })).statusCode).toBe(429);
  });

  it('each client has its own count', async () => {
    const [a, b] = [await t.auth(['credit:read']), await t.auth(['credit:read'])];
    for (const bvn of ['22211111111', '22211111112']) {
      expect((await requestReport(t.app, a, { bvn })).statusCode).toBe(202);
    }
    expect((await requestReport(t.app, a, { bvn: '22211111113' })).statusCode).toBe(429);
    expect((await requestReport(t.app, b, { bvn: '22211111113' })).statusCode).toBe(202);
  });

  it('requests arriving together cannot both take the last pull: exactly the limit is started', async () => {
    const headers = await t.auth(['credit:read']);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => requestReport(t.app, headers, { bvn: `2223333333${i}` })),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([202, 202, 429, 429, 429, 429]);
  });
});
