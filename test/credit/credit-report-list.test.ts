import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_BUSINESSES, SANDBOX_BVNS } from '../../src/credit/adapters/sandbox/sandbox-bureau.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { creditTestEnv, requestCommercialReport, requestReport, waitForState } from './helpers.js';

let t: TestApp;
let headers: { authorization: string };
const references: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ env: creditTestEnv });
  headers = await t.auth(['credit:read']);
  // Oldest first: a new consumer pull, the same BVN again (reused), a business pull, a failed pull.
  const ask = async (send: () => ReturnType<typeof requestReport>, kind: 'consumer' | 'commercial' = 'consumer') => {
    const reference: string = (await send()).json().data.reference;
    await waitForState(t.app, headers, reference, ['completed', 'failed'], kind);
    references.push(reference);
  };
  await ask(() => requestReport(t.app, headers, { bvn: SANDBOX_BVNS.goodHistory }));
  await ask(() => requestReport(t.app, headers, { bvn: SANDBOX_BVNS.goodHistory }));
  await ask(
    () => requestCommercialReport(t.app, headers, { registrationNumber: SANDBOX_BUSINESSES.goodHistory }),
    'commercial',
  );
  await ask(() => requestReport(t.app, headers, { bvn: SANDBOX_BVNS.noRecord }));
});
afterAll(async () => t.close());

const list = (query = '', as: Record<string, string> = headers) =>
  t.app.inject({ method: 'GET', url: `/credit/reports${query}`, headers: as });

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe('GET /credit/reports', () => {
  it('lists the references newest first, and counts new pulls (billed) apart from reused reports', async () => {
    const res = await list();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(4);
    expect(body.reports.map((r: { reference: string }) => r.reference)).toEqual([...references].reverse());
    expect(body.summary).toEqual({
      consumer: { newPulls: 2, reused: 1, completed: 2, failed: 1, inFlight: 0 },
      commercial: { newPulls: 1, reused: 0, completed: 1, failed: 0, inFlight: 0 },
    });
    const [failed, business, reused, first] = body.reports;
    expect(failed).toMatchObject({ kind: 'consumer', state: 'failed', reused: false, statementKey: null });
    expect(business).toMatchObject({ kind: 'commercial', state: 'completed', reused: false });
    expect(reused).toMatchObject({ kind: 'consumer', state: 'completed', reused: true });
    // The reused reference shows when the pull that serves it ended, which is before it was asked for.
    expect(Date.parse(reused.endedDate)).toBeLessThanOrEqual(Date.parse(reused.createdDate));
    expect(reused.endedDate).toBe(first.endedDate);
  });

  it('filters by kind, state and days; the summary covers every match, the page only its share', async () => {
    expect((await list('?kind=commercial')).json()).toMatchObject({ total: 1, reports: [{ kind: 'commercial' }] });
    expect((await list('?state=failed')).json().total).toBe(1);
    expect((await list('?kind=consumer&state=completed')).json().total).toBe(2);
    expect((await list(`?from=${day(-1)}&to=${day(1)}`)).json().total).toBe(4);
    expect((await list(`?from=${day(1)}`)).json().total).toBe(0);
    expect((await list(`?to=${day(-1)}`)).json().total).toBe(0);
    expect((await list('?statementKey=123456')).json().total).toBe(0);
    const page = (await list('?pageSize=3&page=2')).json();
    expect(page).toMatchObject({ page: 2, pageSize: 3, total: 4 });
    expect(page.reports.map((r: { reference: string }) => r.reference)).toEqual([references[0]]);
    expect(page.summary.consumer.newPulls).toBe(2);
  });

  it('takes every day of the calendar, 29 February of a leap year included', async () => {
    for (const query of ['?from=2024-02-29&to=2024-04-30', '?from=2000-02-29&to=2026-12-31', '?from=0001-01-01']) {
      const res = await list(query);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
    }
    expect((await list(`?from=2024-02-29&to=${day(1)}`)).json().total).toBe(4);
  });

  it("another client's references are not listed", async () => {
    const other = await list('', await t.auth(['credit:read']));
    expect(other.json()).toMatchObject({ total: 0, reports: [] });
    expect(other.json().summary.consumer).toEqual({ newPulls: 0, reused: 0, completed: 0, failed: 0, inFlight: 0 });
  });

  it.each([
    ['?from=2026-13-01', '/query/from', 'must be a day as YYYY-MM-DD'],
    ['?to=2026-11-31', '/query/to', 'not a calendar date'],
    ['?from=2026-02-30', '/query/from', 'not a calendar date'],
    ['?from=2026-02-29', '/query/from', 'not a calendar date'],
    ['?to=2100-02-29', '/query/to', 'not a calendar date'],
    ['?from=0000-01-01', '/query/from', 'not a calendar date'],
    ['?kind=personal', '/query/kind', undefined],
    ['?pageSize=0', '/query/pageSize', undefined],
  ])('%s is 400 naming %s', async (query, path, message) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe(path);
    if (message) expect(res.json().errors[0].message).toBe(message);
  });

  it('needs credit:read', async () => {
    expect((await list('', {})).statusCode).toBe(401);
    expect((await list('', await t.auth(['statements:read']))).statusCode).toBe(403);
  });
});
