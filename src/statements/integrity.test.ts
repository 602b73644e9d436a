import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CanonicalStatement, CanonicalTransaction } from '../domain/statement.js';
import { mono } from './formats/mono/normalize.js';
import { NAMES } from './formats/testing.js';
import { checkIntegrity } from './integrity.js';
import { parseStatement } from './parse.js';

const tx = (
  i: number,
  direction: 'credit' | 'debit',
  amount: number,
  balance: number | undefined,
  date = `2022-01-${String(1 + (i % 28)).padStart(2, '0')}`,
  narration = `row ${i}`,
): CanonicalTransaction => ({ id: `t${i}`, date, direction, amount, balance, narration });

const statement = (openingBalance: number | undefined, transactions: CanonicalTransaction[]): CanonicalStatement => ({
  format: 'periculum',
  currency: 'NGN',
  timeZone: 'Africa/Lagos',
  account: {},
  holder: {},
  openingBalance,
  transactions,
});

/** A chain from 1,000 naira: amounts in kobo, balances that follow. */
function chain(moves: Array<['credit' | 'debit', number]>, opening = 100000): CanonicalTransaction[] {
  let b = opening;
  return moves.map(([d, a], i) => {
    b += d === 'credit' ? a : -a;
    return tx(i, d, a, b);
  });
}

describe('checkIntegrity', () => {
  it('finds an intact chain intact', () => {
    const r = checkIntegrity(
      statement(
        100000,
        chain([
          ['credit', 5000],
          ['debit', 2500],
          ['debit', 50],
        ]),
      ),
    );
    expect(r).toEqual({
      verdict: 'INTACT',
      checkedTransactions: 3,
      roundingDifferences: 0,
      reorderedDays: 0,
      breakCount: 0,
      gapCount: 0,
      breaks: [],
      duplicates: [],
      duplicateCount: 0,
    });
  });

  it('tolerates dozens of 1-kobo provider roundings', () => {
    const rows = chain(
      Array.from({ length: 60 }, (_, i) => [i % 2 ? 'debit' : 'credit', 1000 + i] as ['credit', number]),
    );
    rows.forEach((r, i) => {
      if (i % 2 === 0 && r.balance !== undefined) r.balance += 1; // off by a kobo, not carried forward
    });
    const r = checkIntegrity(statement(100000, rows));
    expect(r.verdict).toBe('INTACT');
    expect(r.roundingDifferences).toBe(60);
  });

  it('reports a missing row as a gap with its amount, not as an edit', () => {
    const rows = chain([
      ['credit', 5000],
      ['debit', 2500],
      ['debit', 700],
      ['credit', 100],
    ]);
    rows.splice(1, 1);
    const r = checkIntegrity(statement(100000, rows));
    expect(r.verdict).toBe('INCONSISTENT');
    expect(r.gapCount).toBe(1);
    expect(r.breaks).toEqual([
      {
        position: 1,
        transactionId: 't2',
        date: '2022-01-03',
        kind: 'gap',
        expectedBalance: 1043,
        statedBalance: 1018,
        difference: -25,
        missingAmount: 25,
        missingDirection: 'debit',
      },
    ]);
  });

  it('calls a statement altered when one balance was edited and the chain resumes after it', () => {
    const rows = chain([
      ['credit', 5000],
      ['debit', 2500],
      ['debit', 700],
      ['credit', 100],
    ]);
    (rows[1] as CanonicalTransaction).balance = 1_250_000; // 12,500 naira instead of 1,025
    const r = checkIntegrity(statement(100000, rows));
    expect(r.verdict).toBe('ALTERED');
    expect([r.breakCount, r.gapCount]).toEqual([1, 0]);
    expect(r.breaks[0]).toMatchObject({ position: 1, kind: 'edited', field: 'balance', expectedBalance: 1025 });
  });

  it('calls a kept repeat (another provider id) a duplicate break, no missing row; two real stamp duties none', () => {
    const rows = [
      tx(0, 'debit', 5000, 95000, '2022-01-01', 'FGN STAMP DUTY'),
      tx(1, 'debit', 5000, 90000, '2022-01-01', 'FGN STAMP DUTY'),
      tx(2, 'credit', 1000, 91000, '2022-01-02', 'REFUND'),
      tx(3, 'credit', 1000, 91000, '2022-01-02', 'REFUND'),
    ];
    const r = checkIntegrity(statement(100000, rows));
    expect(r.breaks.map((b) => [b.position, b.kind])).toEqual([[3, 'duplicate']]);
    expect(r.gapCount).toBe(0);
    expect(r.verdict).toBe('INCONSISTENT');
    expect([r.duplicates, r.duplicateCount]).toEqual([[], 0]);
  });

  it('lists the rows assembly kept once, with their copies left out, all of them counted', () => {
    const rows = chain([
      ['credit', 5000],
      ['debit', 2500],
    ]);
    const repeated = Array.from({ length: 101 }, () => ({ row: rows[1] as CanonicalTransaction, repeats: 2 }));
    const r = checkIntegrity(statement(100000, rows), 0, repeated);
    expect(r.verdict).toBe('INTACT');
    expect(r.duplicates).toHaveLength(100);
    expect(r.duplicates[0]).toEqual({
      transactionId: 't1',
      date: '2022-01-02',
      amount: 25,
      narration: 'row 1',
      repeats: 2,
    });
    expect(r.duplicateCount).toBe(202);
  });

  it('cannot check a statement without balances', () => {
    const r = checkIntegrity(statement(undefined, [tx(0, 'debit', 5, undefined), tx(1, 'credit', 5, undefined)]));
    expect(r.verdict).toBe('UNVERIFIABLE');
    expect(r.checkedTransactions).toBe(0);
  });

  it('is intact after same-day rows out of order are put back on the chain', () => {
    const parsed = parseStatement(
      mono,
      {
        ...NAMES,
        data: [
          { _id: 'c', type: 'debit', amount: 300, date: '2022-05-30T09:00:00.000Z', balance: 9700 },
          { _id: 'a', type: 'credit', amount: 500, date: '2022-05-30T09:00:00.000Z', balance: 10500 },
          { _id: 'b', type: 'debit', amount: 500, date: '2022-05-30T09:00:00.000Z', balance: 10000 },
          { _id: 'z', type: 'credit', amount: 10000, date: '2022-05-29T09:00:00.000Z', balance: 10000 },
        ],
      },
      { defaultTimeZone: 'Africa/Lagos' },
    );
    if (!parsed.ok) throw new Error('refused');
    expect(parsed.statement.transactions.map((t) => t.reference)).toEqual(['z', 'a', 'b', 'c']);
    const report = checkIntegrity(parsed.statement, parsed.reorderedDays);
    expect(report).toMatchObject({ verdict: 'INTACT', reorderedDays: 1 });
  });
});

describe('checkIntegrity properties', () => {
  const moves = fc.array(
    fc.tuple(fc.constantFrom<'credit' | 'debit'>('credit', 'debit'), fc.integer({ min: 2, max: 10_000_000 })),
    { minLength: 3, maxLength: 60 },
  );

  it('credits minus debits equal closing minus opening on an intact chain', () => {
    fc.assert(
      fc.property(moves, (m) => {
        const rows = chain(m);
        const r = checkIntegrity(statement(100000, rows));
        const net = rows.reduce((s, t) => s + (t.direction === 'credit' ? t.amount : -t.amount), 0);
        expect(r.verdict).toBe('INTACT');
        expect(net).toBe((rows.at(-1)?.balance ?? 0) - 100000);
      }),
    );
  });

  it('a missing row is a gap of its amount, never an alteration', () => {
    fc.assert(
      fc.property(moves, fc.nat(), (m, pick) => {
        const rows = chain(m);
        const k = pick % (rows.length - 1);
        const [removed] = rows.splice(k, 1);
        const r = checkIntegrity(statement(100000, rows));
        expect(r.verdict).toBe('INCONSISTENT');
        expect(r.breaks).toHaveLength(1);
        expect(r.breaks[0]).toMatchObject({ position: k, kind: 'gap', missingAmount: (removed?.amount ?? 0) / 100 });
      }),
    );
  });

  it('an edited balance in the middle is an alteration at that row', () => {
    fc.assert(
      fc.property(moves, fc.nat(), fc.integer({ min: 2, max: 1_000_000 }), (m, pick, delta) => {
        const rows = chain(m);
        const k = pick % (rows.length - 1);
        const row = rows[k] as CanonicalTransaction;
        row.balance = (row.balance ?? 0) + delta;
        const r = checkIntegrity(statement(100000, rows));
        expect(r.verdict).toBe('ALTERED');
        expect(r.breaks).toHaveLength(1);
        expect(r.breaks[0]).toMatchObject({ position: k, kind: 'edited', field: 'balance' });
      }),
    );
  });
});

describe('Mono-like exports', () => {
  it('finds the chain when an exact-looking step leads nowhere and a drifted one is right', () => {
    // Newest first, one day: after 99,997.99 the 1.00 debit to 99,996.99 follows exactly but is the
    // day's last row; the 1.09 debit to 99,996.91 (a kobo of drift) is the real next one.
    const date = '2022-01-01T09:00:00.000Z';
    const rows: Array<[string, number, number]> = [
      ['debit', 100, 9_999_699],
      ['credit', 107, 9_999_798],
      ['debit', 109, 9_999_691],
      ['debit', 100, 9_999_799],
      ['debit', 100, 9_999_900],
    ];
    const data = rows.map(([type, amount, balance], i) => ({ _id: `r${i}`, type, amount, date, balance }));
    const parsed = parseStatement(mono, { ...NAMES, data }, { defaultTimeZone: 'Africa/Lagos' });
    if (!parsed.ok) throw new Error('refused');
    expect(parsed.statement.transactions.map((t) => t.balance)).toEqual([
      9_999_900, 9_999_799, 9_999_691, 9_999_798, 9_999_699,
    ]);
    expect(checkIntegrity(parsed.statement, parsed.reorderedDays).verdict).toBe('INTACT');
  });

  // Each stated balance within a kobo of the true one (the first exact), rows of a day shuffled.
  it('stay intact with 1-kobo drifts and same-day rows out of order', () => {
    const day = fc.record({
      moves: fc.array(
        fc.tuple(fc.boolean(), fc.integer({ min: 100, max: 5_000_000 }), fc.integer({ min: -1, max: 1 })),
        {
          minLength: 1,
          maxLength: 8,
        },
      ),
      shuffle: fc.array(fc.nat(), { maxLength: 8 }),
    });
    fc.assert(
      fc.property(fc.array(day, { minLength: 1, maxLength: 15 }), (days) => {
        let balance = 10_000_000;
        const data: Array<Record<string, unknown>> = [];
        days.forEach((d, di) => {
          const date = new Date(Date.UTC(2022, 0, 1 + di, 9)).toISOString();
          const rowsOfDay = d.moves.map(([credit, amount, drift], i) => {
            balance += credit ? amount : -amount;
            const off = di === 0 && i === 0 ? 0 : drift;
            return { _id: `${di}-${i}`, type: credit ? 'credit' : 'debit', amount, date, balance: balance + off };
          });
          const order = rowsOfDay.map((r, i) => ({ r, k: d.shuffle[i] ?? i })).sort((a, b) => a.k - b.k);
          data.push(...order.map((o) => o.r));
        });
        data.reverse(); // newest first, as Mono sends
        const parsed = parseStatement(mono, { ...NAMES, data }, { defaultTimeZone: 'Africa/Lagos' });
        if (!parsed.ok) throw new Error('refused');
        const report = checkIntegrity(parsed.statement, parsed.reorderedDays);
        expect(report.breaks).toEqual([]);
        expect(report.verdict).toBe('INTACT');
      }),
      { numRuns: 200 },
    );
  });
});
