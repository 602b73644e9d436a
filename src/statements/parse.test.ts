import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bodyFor, type GeneratedRow } from '../../test/statements/bodies.js';
import { FORMATS, type FormatName } from '../domain/statement.js';
import { formatByName } from './formats/index.js';
import { NAMES } from './formats/testing.js';
import { parseStatement } from './parse.js';
import { SCHEMA_ERRORS_READ } from './shape-problems.js';

const opts = { defaultTimeZone: 'Africa/Lagos' };
const format = (name: FormatName) => {
  const f = formatByName.get(name);
  if (!f) throw new Error(name);
  return f;
};

/** Either a statement, or a non-empty list of problems each with a JSON pointer and a reason. */
function expectStatementOrProblems(name: FormatName, body: unknown) {
  const r = parseStatement(format(name), body, opts);
  if (r.ok) {
    for (const t of r.statement.transactions) {
      expect(Number.isSafeInteger(t.amount)).toBe(true);
      expect(t.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    return;
  }
  expect(r.problems.length).toBeGreaterThan(0);
  expect(r.problems.length).toBeLessThanOrEqual(100);
  expect(r.count).toBeGreaterThanOrEqual(r.problems.length);
  for (const p of r.problems) {
    expect(p.path === '' || p.path.startsWith('/')).toBe(true);
    expect(p.message.length).toBeGreaterThan(0);
  }
}

const text = fc.oneof(fc.string(), fc.constantFrom('', ' ', 'debit', 'Credit', 'DEBIT', '1e3', '17,205.00', '-0.5'));
const amount = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(0, -0, 1.005, Number.MAX_VALUE),
  text,
  fc.constant(null),
);
const date = fc.oneof(
  text,
  fc.constantFrom(
    '2022-05-30T23:30:00.000Z',
    '6/17/2020',
    '31/02/2021',
    '2021-02-29',
    '27/12/2021 0:00:00',
    '28-09-2020',
  ),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
);
const loose = fc.oneof(text, amount, date, fc.constant(undefined));
const row = fc.record(
  {
    date,
    type: fc.oneof(text, fc.constantFrom('debit', 'credit', 'Debit')),
    amount,
    balance: amount,
    description: loose,
    narration: loose,
    trans_type: text,
    transaction_date: date,
    available_balance: amount,
    trans_date: date,
    unformatted_trans_date: date,
    credit: amount,
    debit: amount,
    closingBalance: amount,
    PTransactionDate: date,
    PCredit: amount,
    PDebit: amount,
    PBalance: amount,
  },
  { requiredKeys: [] },
);
const rows = fc.array(row, { maxLength: 12 });

/** Bodies shaped like each format, with hostile values inside. */
const shaped = fc.oneof(
  rows.map((r) => ({ statementName: 's', transactions: r })),
  rows.map((r) => ({ data: r })),
  rows.map((r) => ({ data: { transaction: r } })),
  rows.map((r) => ({ entity: { transactions: r } })),
  rows.map((r) => ({ bankStatement: { mbs: { jsonData: { Details: r } } } })),
);

describe('parseStatement never throws', () => {
  it.each(FORMATS)('%s: any JSON body gives a statement or problems with paths', (name) => {
    fc.assert(fc.property(fc.jsonValue(), (body) => expectStatementOrProblems(name, body)));
  });

  it.each(FORMATS)('%s: format-shaped bodies with hostile values give a statement or problems with paths', (name) => {
    fc.assert(
      fc.property(shaped, (body) => expectStatementOrProblems(name, body)),
      { numRuns: 300 },
    );
  });
});

const at = (o: unknown, ...keys: string[]): unknown[] =>
  keys.reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], o) as unknown[];

/** Where the transaction rows sit in each format's body, and how many leading rows must stay (opening rows). */
const rowList = (name: FormatName, body: unknown): { list: unknown[]; fixed: number } => {
  switch (name) {
    case 'periculum':
      return { list: at(body, 'transactions'), fixed: 1 };
    case 'mono':
    case 'zeeh':
      return { list: at(body, 'data'), fixed: 0 };
    case 'okra':
      return { list: at(body, 'data', 'transaction'), fixed: 0 };
    case 'dojah':
      return { list: at(body, 'entity', 'transactions'), fixed: 0 };
    case 'mbs':
      return { list: at(body, 'bankStatement', 'mbs', 'jsonData', 'Details'), fixed: 1 };
  }
};

/**
 * Chained rows over a few days with distinct balances (so the chain fixes one order). Amounts are
 * whole tens of kobo: the reordering accepts a chain within the 1-kobo rounding tolerance, so a
 * credit and a debit a kobo apart on one day chain in either order (fast-check found
 * 499,999.75 and 499,999.76), and either order is then a right answer.
 */
const chained = fc
  .array(
    fc.record({
      dayStep: fc.integer({ min: 0, max: 2 }),
      credit: fc.boolean(),
      amount: fc.integer({ min: 1, max: 5_000_000 }).map((tens) => tens * 10),
    }),
    { minLength: 1, maxLength: 25 },
  )
  .map((steps) => {
    let balance = 5_000_000;
    let day = Date.UTC(2022, 0, 3);
    return steps.map((s, i): GeneratedRow => {
      day += s.dayStep * 86_400_000;
      balance += s.credit ? s.amount : -s.amount;
      return {
        day: new Date(day).toISOString().slice(0, 10),
        second: 3600,
        direction: s.credit ? 'credit' : 'debit',
        amount: s.amount,
        balance,
        narration: `row ${i}`,
      };
    });
  })
  .filter((r) => new Set([5_000_000, ...r.map((x) => x.balance)]).size === r.length + 1);

describe('normalisation is independent of the input row order when balances chain', () => {
  it.each(FORMATS)('%s', (name) => {
    fc.assert(
      fc.property(chained, fc.array(fc.nat()), (generated, keys) => {
        const body = bodyFor(name, generated);
        const expected = parseStatement(format(name), structuredClone(body), opts);
        const shuffled = structuredClone(body);
        const { list, fixed } = rowList(name, shuffled);
        const movable = list.splice(fixed);
        const order = movable.map((_, i) => ({ i, k: keys[i] ?? i }));
        order.sort((a, b) => a.k - b.k);
        list.push(...order.map((o) => movable[o.i]));
        const got = parseStatement(format(name), shuffled, opts);
        if (!got.ok || !expected.ok) throw new Error('refused');
        expect(got.statement).toEqual(expected.statement);
      }),
      { numRuns: 60 },
    );
  });
});

describe('transaction ids', () => {
  it('are the same when the same statement is sent twice, and distinct for identical rows', () => {
    const body = {
      ...NAMES,
      transactions: [
        { date: '1/5/2021', description: 'FGN STAMP DUTY', amount: 50, type: 'Debit' },
        { date: '1/5/2021', description: 'FGN STAMP DUTY', amount: 50, type: 'Debit' },
        { date: '1/6/2021', description: 'FGN STAMP DUTY', amount: 50, type: 'Debit' },
      ],
    };
    const first = parseStatement(format('periculum'), body, opts);
    const second = parseStatement(format('periculum'), structuredClone(body), opts);
    if (!first.ok || !second.ok) throw new Error('refused');
    const ids = first.statement.transactions.map((t) => t.id);
    expect(second.statement.transactions.map((t) => t.id)).toEqual(ids);
    expect(new Set(ids).size).toBe(3);
    expect(ids[1]).toBe(`${ids[0]}-2`);
    expect(ids[0]).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('a body of the wrong shape', () => {
  it('has its other fields read all the same: shape problems first, then what the format finds', () => {
    const body = {
      ...NAMES,
      data: [
        { _id: 'a', type: 5, amount: 1.5, date: '2022-01-01T10:00:00.000Z' },
        { _id: { x: 1 }, type: 'debit', amount: 100, date: '31/02/2021' },
      ],
    };
    const copy = structuredClone(body);
    const r = parseStatement(format('mono'), body, opts);
    if (r.ok) throw new Error('accepted');
    expect(r.problems).toEqual([
      { path: '/data/0/type', message: 'expected string, got a number' },
      { path: '/data/1/_id', message: 'expected string or null, got an object' },
      { path: '/data/0/amount', message: 'expected a whole number of minor units, got 1.5' },
      { path: '/data/1/date', message: 'expected an ISO 8601 timestamp, got "31/02/2021"' },
    ]);
    expect(r.count).toBe(4);
    expect(body).toEqual(copy); // the placeholders went into copies
  });

  it('names the member of the alternative the value is, not the alternatives it is not', () => {
    const row = { trans_date: '2022-01-01T10:00:00Z', debit: 1 };
    const body = {
      ...NAMES,
      data: { transaction: [{ ...row, notes: { desc: 'n'.repeat(1_001) }, customer: { name: 'ADA', bvn: 5 } }] },
    };
    const r = parseStatement(format('okra'), body, opts);
    if (r.ok) throw new Error('accepted');
    expect(r.problems).toEqual([
      { path: '/data/transaction/0/notes/desc', message: 'must be at most 1000 characters, got 1001' },
      { path: '/data/transaction/0/customer/bvn', message: 'expected string or null, got a number' },
    ]);
  });

  it('counts shape problems up to SCHEMA_ERRORS_READ errors, then stops reading', () => {
    const rows = Array.from({ length: 3 * SCHEMA_ERRORS_READ }, () => ({
      type: 5,
      amount: 1,
      date: 'not a date',
    }));
    const r = parseStatement(format('mono'), { ...NAMES, data: rows }, opts);
    if (r.ok) throw new Error('accepted');
    expect(r.count).toBe(SCHEMA_ERRORS_READ);
    expect(r.problems).toHaveLength(100);
    expect(r.problems.every((p) => p.path.endsWith('/type'))).toBe(true);
  });
});
