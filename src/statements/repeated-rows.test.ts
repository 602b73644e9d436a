import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyseStatement } from './analytics/analyse.js';
import type { AnyStatementFormat } from './format.js';
import { dojah } from './formats/dojah/normalize.js';
import { mono } from './formats/mono/normalize.js';
import { okra } from './formats/okra/normalize.js';
import { periculum } from './formats/periculum/normalize.js';
import { NAMES } from './formats/testing.js';
import { checkIntegrity } from './integrity.js';
import { parseStatement } from './parse.js';

// A row the body holds more than once as the same record (a lender joining overlapping pages) is
// one transaction: in the transactions, their ids, every figure and the balance chain.

function parsed(format: AnyStatementFormat, body: unknown) {
  const r = parseStatement(format, { ...NAMES, ...(body as object) }, { defaultTimeZone: 'Africa/Lagos' });
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.problems)}`);
  const integrity = checkIntegrity(r.statement, r.reorderedDays, r.repeated);
  return { ...r, integrity, analytics: analyseStatement(r.statement, undefined, integrity) };
}

type Move = ['credit' | 'debit', number, string];

/** Mono rows for these moves from 2,000 naira, one a day from 1 March 2024, newest first. */
function monoRows(moves: Move[], balances = true): Array<Record<string, unknown>> {
  let balance = 200_000;
  return moves
    .map(([type, amount, narration], i) => {
      balance += type === 'credit' ? amount : -amount;
      const date = `2024-03-${String(1 + i).padStart(2, '0')}T09:00:00.000Z`;
      return { _id: `m${i}`, type, amount, narration, date, balance: balances ? balance : null, currency: 'NGN' };
    })
    .reverse();
}

const MOVES: Move[] = [
  ['credit', 15_000_000, 'SALARY MAR ACME LTD'],
  ['debit', 123_456, 'POS PURCHASE SHOPRITE IKEJA'],
  ['debit', 9_999_999, 'HOUSE RENT PAYMENT'],
  ['debit', 5_000, 'STAMP DUTY CHARGE'],
  ['debit', 5_000, 'STAMP DUTY CHARGE'],
  ['debit', 500_000, 'AIRTIME MTN'],
  ['credit', 99, 'CREDIT INTEREST'],
  ['debit', 33_333, 'DSTV SUBSCRIPTION'],
];

/** `list` with a copy of its `i`-th member inserted at `at` (right after it by default). */
function withCopy<T>(list: T[], i: number, at = i + 1): T[] {
  const out = list.slice();
  out.splice(at, 0, structuredClone(list[i] as T));
  return out;
}

describe('a row sent twice', () => {
  it('mono: the same _id, fields and balance again is one transaction, as if sent once', () => {
    const data = monoRows(MOVES);
    const once = parsed(mono, { data });
    const rent = data.findIndex((r) => r.narration === 'HOUSE RENT PAYMENT');
    const twice = parsed(mono, { data: withCopy(data, rent) });
    expect(twice.statement).toEqual(once.statement);
    expect(twice.analytics).toEqual(once.analytics);
    expect(twice.analytics.cashFlowAnalysis.totalDebitTurnOver).toBe(106_667.88);
    expect(twice.analytics.spendAnalysis.totalSpendOnRent).toBe(99_999.99);
    const rentId = once.statement.transactions.find((t) => t.narration === 'HOUSE RENT PAYMENT')?.id;
    expect(twice.integrity).toMatchObject({ verdict: 'INTACT', breakCount: 0, duplicateCount: 1 });
    expect(twice.integrity.duplicates).toEqual([
      { transactionId: rentId, date: '2024-03-03', amount: 99_999.99, narration: 'HOUSE RENT PAYMENT', repeats: 1 },
    ]);
  });

  it('mono: copies anywhere in the body, three of one row, are counted once each', () => {
    const data = monoRows(MOVES);
    const once = parsed(mono, { data });
    const body = { data: [...data, structuredClone(data[0]), structuredClone(data[7]), structuredClone(data[0])] };
    const copied = parsed(mono, body);
    expect(copied.statement).toEqual(once.statement);
    expect(copied.integrity.duplicates.map((d) => [d.narration, d.repeats])).toEqual([
      ['SALARY MAR ACME LTD', 1],
      ['DSTV SUBSCRIPTION', 2],
    ]);
    expect(copied.integrity).toMatchObject({ verdict: 'INTACT', duplicateCount: 3 });
  });

  it('mono: two rows alike but for their _id both count; the chain shows the repeat as a duplicate break', () => {
    const data = monoRows(MOVES);
    const rent = data.findIndex((r) => r.narration === 'HOUSE RENT PAYMENT');
    const twice = withCopy(data, rent);
    (twice[rent + 1] as Record<string, unknown>)._id = 'another';
    const r = parsed(mono, { data: twice });
    expect(r.statement.transactions).toHaveLength(9);
    expect(r.analytics.spendAnalysis.totalSpendOnRent).toBe(199_999.98);
    expect(r.integrity).toMatchObject({ verdict: 'INCONSISTENT', gapCount: 0, duplicates: [], duplicateCount: 0 });
    expect(r.integrity.breaks.map((b) => b.kind)).toEqual(['duplicate']);
  });

  it('mono without balances: the same _id twice is one transaction', () => {
    const data = monoRows(MOVES, false);
    const once = parsed(mono, { data });
    const twice = parsed(mono, { data: withCopy(data, 2) });
    expect(twice.statement).toEqual(once.statement);
    expect(twice.integrity).toMatchObject({ verdict: 'UNVERIFIABLE', duplicateCount: 1 });
  });

  it('dojah: a repeated numeric id is one transaction; without ids or balances equal rows both count', () => {
    const transactions = monoRows(MOVES, false).map((r, i) => ({
      id: 1000 + i,
      transaction_date: String(r.date).slice(0, 10),
      trans_type: r.type,
      amount: (Number(r.amount) / 100).toFixed(2),
      reference: '',
      narration: r.narration,
    }));
    const once = parsed(dojah, { entity: { transactions } });
    const twice = parsed(dojah, { entity: { transactions: withCopy(transactions, 5) } });
    expect(twice.statement).toEqual(once.statement);
    expect(twice.integrity.duplicates.map((d) => [d.narration, d.repeats])).toEqual([['HOUSE RENT PAYMENT', 1]]);
    // The two stamp duties of one day, with their own ids, and the same rows without any id: all count.
    const stampDay = transactions.map((r) => ({ ...r, transaction_date: '2024-03-04' }));
    expect(parsed(dojah, { entity: { transactions: stampDay } }).statement.transactions).toHaveLength(8);
    const anonymous = withCopy(transactions, 5).map(({ id: _, ...r }) => r);
    const both = parsed(dojah, { entity: { transactions: anonymous } });
    expect(both.statement.transactions).toHaveLength(9);
    expect(both.analytics.spendAnalysis.totalSpendOnRent).toBe(199_999.98);
    expect(both.integrity.duplicates).toEqual([]);
  });

  it('okra: the same _id again is one transaction', () => {
    const transaction = monoRows(MOVES)
      .reverse()
      .map((r) => ({
        _id: r._id,
        trans_date: r.date,
        [r.type === 'credit' ? 'credit' : 'debit']: Number(r.amount) / 100,
        balance: Number(r.balance) / 100,
        notes: { desc: r.narration },
      }));
    const once = parsed(okra, { data: { transaction } });
    const twice = parsed(okra, { data: { transaction: withCopy(transaction, 2) } });
    expect(twice.statement).toEqual(once.statement);
    expect(twice.integrity).toMatchObject({ verdict: 'INTACT', duplicateCount: 1 });
  });
});

describe('a row sent twice where the format has no provider id (periculum)', () => {
  const row = (date: string, type: string, amount: number, balance: number, description: string) => ({
    date,
    type,
    amount,
    balance,
    description,
  });
  const day = (rows: Array<ReturnType<typeof row>>) => ({
    transactions: [row('3/1/2024', 'Debit', 0, 1000, 'opb opening balance'), ...rows],
  });

  it('is one transaction when its balance repeats, the chain showing it did not move', () => {
    const rows = [
      row('3/1/2024', 'Credit', 500, 1500, 'TRANSFER FROM ADA'),
      row('3/2/2024', 'Debit', 50, 1450, 'STAMP DUTY'),
      row('3/2/2024', 'Debit', 50, 1400, 'STAMP DUTY'),
      row('3/3/2024', 'Debit', 200, 1200, 'POS SHOPRITE'),
    ];
    const once = parsed(periculum, day(rows));
    const twice = parsed(periculum, day(withCopy(rows, 3)));
    expect(twice.statement).toEqual(once.statement);
    expect(once.statement.transactions).toHaveLength(4); // the two stamp duties, with their balances
    expect(twice.integrity).toMatchObject({ verdict: 'INTACT', duplicateCount: 1 });
  });

  it('counts a debit, its reversal and the same debit again at the same balance: the chain follows all three', () => {
    const rows = [
      row('3/2/2024', 'Debit', 300, 700, 'TRANSFER TO JOHN'),
      row('3/2/2024', 'Credit', 300, 1000, 'REVERSAL TRANSFER TO JOHN'),
      row('3/2/2024', 'Debit', 300, 700, 'TRANSFER TO JOHN'),
    ];
    const r = parsed(periculum, day(rows));
    expect(r.statement.transactions).toHaveLength(3);
    expect(r.integrity).toMatchObject({ verdict: 'INTACT', duplicates: [], duplicateCount: 0 });
  });

  it('counts each row of one day once when the pages overlap by three rows', () => {
    const rows = [
      row('3/2/2024', 'Debit', 100, 900, 'AIRTIME'),
      row('3/2/2024', 'Credit', 700, 1600, 'TRANSFER FROM ADA'),
      row('3/2/2024', 'Debit', 250, 1350, 'POS SHOPRITE'),
      row('3/2/2024', 'Debit', 40, 1310, 'SMS ALERT'),
    ];
    const once = parsed(periculum, day(rows));
    const overlap = parsed(periculum, day([...rows, ...rows.slice(1).map((r) => ({ ...r }))]));
    expect(overlap.statement).toEqual(once.statement);
    expect(overlap.integrity).toMatchObject({ verdict: 'INTACT', duplicateCount: 3 });
  });
});

describe('rows sent again, as a property', () => {
  it('mono: any rows copied anywhere give the statement and figures of the body without them', () => {
    const moves = fc.array(
      fc.tuple(
        fc.constantFrom<'credit' | 'debit'>('credit', 'debit'),
        fc.integer({ min: 2, max: 5_000_000 }),
        fc.constantFrom('STAMP DUTY', 'POS', 'TRANSFER'),
      ),
      { minLength: 2, maxLength: 25 },
    );
    const copies = fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(moves, copies, (m, picks) => {
        const data = monoRows(m);
        const once = parsed(mono, { data });
        const body = data.slice();
        for (const [from, to] of picks)
          body.splice(to % (body.length + 1), 0, { ...(data[from % data.length] as object) });
        const copied = parsed(mono, { data: body });
        expect(copied.statement).toEqual(once.statement);
        expect(copied.analytics).toEqual(once.analytics);
        expect(copied.integrity).toMatchObject({ verdict: 'INTACT', duplicateCount: picks.length });
      }),
      { numRuns: 100 },
    );
  });
});
