import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMATS, type FormatName } from '../../src/domain/statement.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { bodyFor, generateRows } from './bodies.js';

// Through the HTTP API: a row a body holds twice as the same record (a lender joining overlapping
// pages) is one transaction in every figure, in the transactions listed and in the balance chain,
// and the integrity report says which row was sent again; equal rows the service cannot take for
// one record both count.

let t: TestApp;
let headers: { authorization: string };
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MAX: '100000' } });
  headers = await t.auth(['statements:write', 'statements:read']);
});
afterAll(async () => t.close());

const rows = generateRows(20);

const submit = (format: string, body: unknown) => t.submitStatement(format, body, headers);

async function listed(key: number) {
  const res = await t.app.inject({ method: 'GET', url: `/statements/${key}/transactions?pageSize=1000`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().transactions as Array<{ id: string }>;
}

/** The rows of a body in its format's shape. */
function rowsOf(format: FormatName, body: unknown): unknown[] {
  const b = body as Record<string, Record<string, Record<string, Record<string, unknown>>>>;
  switch (format) {
    case 'periculum':
      return b.transactions as unknown as unknown[];
    case 'mono':
    case 'zeeh':
      return b.data as unknown as unknown[];
    case 'okra':
      return b.data?.transaction as unknown as unknown[];
    case 'dojah':
      return b.entity?.transactions as unknown as unknown[];
    case 'mbs':
      return b.bankStatement?.mbs?.jsonData?.Details as unknown as unknown[];
  }
}

/** Everything but what differs between two submissions of one statement (key, name, time). */
function figures(answer: Record<string, unknown>): Record<string, unknown> {
  const { key: _k, name: _n, createdDate: _c, integrity: _i, ...rest } = answer;
  return rest;
}

describe('a row sent twice', () => {
  it.each(FORMATS)('%s: counted once in every figure, listed once, the repeat reported', async (format) => {
    const once = await submit(format, bodyFor(format, rows, `once ${format}`));
    expect(once.statusCode, once.body).toBe(200);
    const body = bodyFor(format, rows, `twice ${format}`);
    const list = rowsOf(format, body);
    list.splice(6, 0, structuredClone(list[5]));
    const twice = await submit(format, body);
    expect(twice.statusCode, twice.body).toBe(200);
    const a = once.json();
    const b = twice.json();
    expect(b.transactionCount).toBe(20);
    expect(figures(b)).toEqual(figures(a));
    const kept = await listed(b.key);
    expect(kept).toEqual(await listed(a.key));
    expect(b.integrity).toMatchObject({ verdict: 'INTACT', breakCount: 0, duplicateCount: 1 });
    expect(b.integrity.duplicates).toHaveLength(1);
    expect(b.integrity.duplicates[0]).toMatchObject({ repeats: 1 });
    expect(kept.map((x) => x.id)).toContain(b.integrity.duplicates[0].transactionId);
  });

  it('mono: a debit twice is counted once in turnover, expenses and the month; the totals reconcile', async () => {
    const body = bodyFor('mono', rows, 'debit twice') as { data: Array<Record<string, unknown>> };
    const once = (await submit('mono', bodyFor('mono', rows, 'debit once'))).json();
    const k = body.data.findIndex((r) => r.type === 'debit');
    body.data.splice(k + 1, 0, { ...body.data[k] });
    const twice = (await submit('mono', body)).json();
    expect(twice.cashFlowAnalysis.totalDebitTurnOver).toBe(once.cashFlowAnalysis.totalDebitTurnOver);
    expect(twice.spendAnalysis.totalExpenses).toBe(once.spendAnalysis.totalExpenses);
    expect(twice.monthlySummary).toEqual(once.monthlySummary);
    const net = twice.cashFlowAnalysis.totalCreditTurnover - twice.cashFlowAnalysis.totalDebitTurnOver;
    expect(net).toBeCloseTo(twice.closingBalance - twice.openingBalance, 2);
  });

  it('dojah without ids or balances: two equal rows can both be real, and both count', async () => {
    const strip = (body: unknown) => {
      const list = rowsOf('dojah', body) as Array<Record<string, unknown>>;
      for (const r of list) {
        delete r.id;
        delete r.available_balance;
      }
      return list;
    };
    const onceBody = bodyFor('dojah', rows, 'anonymous once');
    strip(onceBody);
    const once = (await submit('dojah', onceBody)).json();
    const body = bodyFor('dojah', rows, 'anonymous twice');
    const list = strip(body);
    const k = list.findIndex((r) => r.trans_type === 'debit');
    list.splice(k + 1, 0, structuredClone(list[k] as Record<string, unknown>));
    const res = await submit('dojah', body);
    expect(res.statusCode, res.body).toBe(200);
    const twice = res.json();
    expect(twice.transactionCount).toBe(21);
    const amount = Number((list[k] as { amount: string }).amount);
    expect(twice.cashFlowAnalysis.totalDebitTurnOver).toBeCloseTo(once.cashFlowAnalysis.totalDebitTurnOver + amount, 2);
    expect(twice.integrity).toMatchObject({ verdict: 'UNVERIFIABLE', duplicates: [], duplicateCount: 0 });
    const ids = (await listed(twice.key)).map((x) => x.id);
    expect(ids.filter((id) => id.endsWith('-2'))).toHaveLength(1);
  });

  it('a body short of transactions once its copies are left out is refused, saying so', async () => {
    const few = generateRows(9);
    const body = bodyFor('mono', few, 'nine and a copy') as { data: unknown[] };
    body.data.push(structuredClone(body.data[0]));
    const res = await submit('mono', body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual([
      { path: '/body/data', message: 'has 9 transactions (not counting 1 repeating another); at least 10 are needed' },
    ]);
  });
});
