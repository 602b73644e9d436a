import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BalanceBreaks,
  balancesFromBreaks,
  expandRuns,
  narrationLines,
  RunWriter,
  splitNarrations,
} from './column-packing.js';

const runsOf = (values: ReadonlyArray<string | null>) => {
  const writer = new RunWriter();
  for (const v of values) writer.add(v);
  return writer.end();
};

const breaksOf = (rows: ReadonlyArray<{ balance: number | null; credit: boolean; amount: number }>) => {
  const breaks = new BalanceBreaks();
  for (const r of rows) breaks.add(r.balance, r.credit, r.amount);
  return breaks.breaks;
};

describe('runs', () => {
  it('write each value once, then how many more rows repeat it', () => {
    const column = ['2023-01-02', '2023-01-02', '2023-01-02', null, '2023-01-03', null, null];
    expect(runsOf(column)).toEqual(['2023-01-02', 2, null, '2023-01-03', null, 1]);
    expect(expandRuns(runsOf(column), 7)).toEqual(column);
    expect(runsOf([])).toEqual([]);
    expect(runsOf(['', ''])).toEqual(['', 1]);
  });

  it('refuse runs that do not give the column its rows', () => {
    expect(() => expandRuns(['a', 2], 4)).toThrow(/3 values for 4 rows/);
  });

  it('give back any column', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.constantFrom('a', 'b', '', '1', '2023-01-02'), { nil: null })), (column) => {
        expect(expandRuns(runsOf(column), column.length)).toEqual(column);
      }),
    );
  });
});

describe('balance breaks', () => {
  it('keep only the balances that do not follow from the previous one and the amount', () => {
    const rows = [
      { balance: 1000, credit: true, amount: 1000 },
      { balance: 700, credit: false, amount: 300 },
      { balance: 900, credit: true, amount: 100 }, // edited: 800 expected
      { balance: null, credit: true, amount: 5 },
      { balance: null, credit: false, amount: 5 },
      { balance: 50, credit: false, amount: 5 },
    ];
    const breaks = breaksOf(rows);
    expect(breaks).toEqual([0, 1000, 2, 900, 3, null, 5, 50]);
    expect(balancesFromBreaks(breaks, 'CDCCDD', [1000, 300, 100, 5, 5, 5])).toEqual([1000, 700, 900, null, null, 50]);
  });

  it('store nothing for a statement without balances, and refuse breaks past the last row', () => {
    expect(breaksOf([{ balance: null, credit: true, amount: 1 }])).toEqual([]);
    expect(() => balancesFromBreaks([3, 10], 'CC', [1, 1])).toThrow(/past the last row/);
  });

  it('give back every balance exactly, up to the largest safe integers', () => {
    const money = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });
    const row = fc.record({
      credit: fc.boolean(),
      amount: money,
      // Mostly chained: `undefined` stands for "the previous balance plus or minus the amount".
      balance: fc.oneof(
        fc.constant(undefined),
        fc.constant(null),
        money.map((m) => m - 2 ** 52),
      ),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 60 }), (generated) => {
        let previous: number | null = null;
        const rows = generated.map((r) => {
          const balance: number | null =
            r.balance !== undefined || previous === null
              ? (r.balance ?? null)
              : r.credit
                ? previous + r.amount
                : previous - r.amount;
          previous = balance;
          return { ...r, balance };
        });
        const direction = rows.map((r) => (r.credit ? 'C' : 'D')).join('');
        const balances = balancesFromBreaks(
          breaksOf(rows),
          direction,
          rows.map((r) => r.amount),
        );
        expect(balances).toEqual(rows.map((r) => r.balance));
        // To the bit, sums past the safe integers included.
        balances.forEach((b, i) => {
          expect(Object.is(b, rows[i]?.balance)).toBe(true);
        });
      }),
    );
  });
});

describe('narration lines', () => {
  it('join narrations with line breaks, unless a line break or a surrogate is in one', () => {
    expect(narrationLines(['SALARY', '', 'MTN AIRTIME ₦50 — “top-up”'])).toBe('SALARY\n\nMTN AIRTIME ₦50 — “top-up”');
    expect(splitNarrations('SALARY\n\nMTN', 3)).toEqual(['SALARY', '', 'MTN']);
    expect(narrationLines(['A\nB', 'C'])).toBeUndefined();
    expect(narrationLines(['A', 'B\uD800'])).toBeUndefined();
    expect(narrationLines(['A 😀'])).toBeUndefined();
    expect(narrationLines([])).toBeUndefined();
    expect(() => splitNarrations('A\nB', 3)).toThrow(/2 narration lines for 3 rows/);
  });

  it('give back any narrations they take', () => {
    const unit = fc.constantFrom('A', ' ', '\n', '\r', '\u2028', '\uD800', '\uDFFF', '😀', '"', '\\', '₦');
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.string({ unit }))), (narrations) => {
        const lines = narrationLines(narrations);
        if (lines !== undefined) expect(splitNarrations(lines, narrations.length)).toEqual(narrations);
        else
          expect(narrations.length === 0 || narrations.some((s) => s.includes('\n') || /[\uD800-\uDFFF]/.test(s))).toBe(
            true,
          );
      }),
    );
  });
});
