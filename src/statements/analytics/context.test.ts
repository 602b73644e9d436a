import { describe, expect, it } from 'vitest';
import { acrossThreeMonths, healthyMay } from '../../../test/helpers/analytics-fixtures.js';
import { contextOf } from '../../../test/helpers/context-of.js';
import { settled, withoutRowBalances } from '../../../test/helpers/statement-builder.js';
import type { CanonicalStatement } from '../../domain/statement.js';
import { categoriseStatement } from './categorise/categorise.js';
import { type AnalysisContext, buildContext, monthCount } from './context.js';

const contextOfStatement = (s: CanonicalStatement): AnalysisContext => buildContext(s, categoriseStatement(s));

describe('monthCount: calendar months weighed by the share of their days the statement covers', () => {
  it('Jan 31 .. Mar 1 2024 is 1/31 + 29/29 + 1/31 months, not 3', () => {
    const ctx = contextOfStatement(acrossThreeMonths);
    expect(ctx.months).toEqual(['2024-01', '2024-02', '2024-03']);
    expect(monthCount(ctx)).toBeCloseTo(1 / 31 + 1 + 1 / 31, 12); // 1.0645
  });

  it('Jan 1 .. Jun 30 is exactly six months', () => {
    const ctx = contextOf([
      ['2024-01-01', 'C', 1_000, 'NIP CR/TUNDE BAKARE/GTB'],
      ['2024-06-30', 'D', 500, 'POS PURCHASE SHOPRITE LEKKI'],
    ]);
    expect(monthCount(ctx)).toBe(6);
  });

  it('at least one month, however short the statement', () => {
    // 20 of May's 31 days would be 0.645 months.
    expect(monthCount(contextOfStatement(healthyMay))).toBe(1);
  });
});

describe('balances: known from a row, a stated opening or a stated closing balance, else null', () => {
  // healthyMay: opening 250,000; credits 20,000; debits 30,000; closing 240,000.
  const known = (s: CanonicalStatement) => {
    const b = contextOfStatement(s).balances;
    return b && { opening: b.opening / 100, closing: b.closing / 100, afterRow: [...b.afterRow].map((k) => k / 100) };
  };
  const truth = { opening: 250_000, closing: 240_000, afterRow: [235_000, 255_000, 243_000, 240_000] };

  it('none of them: no balance at all, not balances from an assumed 0', () => {
    const ctx = contextOfStatement(withoutRowBalances(healthyMay));
    expect(ctx.balances).toBeNull();
    expect(ctx.balancesReported).toBe(false);
  });

  it('only a closing balance: the opening is the closing less credits plus debits, 240,000 - 20,000 + 30,000', () => {
    expect(known(withoutRowBalances(healthyMay, { closing: true }))).toEqual(truth);
  });

  it('only an opening balance: the balances follow forward from it', () => {
    expect(known(withoutRowBalances(healthyMay, { opening: true }))).toEqual(truth);
  });

  it('a first balance on a later row: the opening is worked back from it, not 0', () => {
    const s = withoutRowBalances(healthyMay);
    const third = s.transactions[2];
    if (third) third.balance = 243_000_00;
    expect(known(settled(s))).toEqual(truth);
    expect(contextOfStatement(settled(s)).balances?.endOfDay[0]).toBe(235_000_00);
  });

  it('reads the statement’s settled balances, and counts no chain break at a first balance after rows without one', () => {
    const s = withoutRowBalances(healthyMay);
    const third = s.transactions[2];
    if (third) third.balance = 243_000_00;
    const ctx = contextOfStatement(settled(s));
    expect(ctx.balances?.opening).toBe(settled(s).openingBalance);
    expect(ctx.balances?.closing).toBe(settled(s).closingBalance);
    expect(ctx.chainBreaks).toBe(0);
  });

  it('a balance that does not follow from the one before, rows without a balance between, is a chain break', () => {
    const s = withoutRowBalances(healthyMay);
    const [first, , third] = s.transactions;
    if (first) first.balance = 235_000_00;
    if (third) third.balance = 243_000_00 + 500_00; // 243,000 after the second row's credit and the third's debit
    expect(contextOfStatement(settled(s)).chainBreaks).toBe(1);
    if (third) third.balance = 243_000_00;
    expect(contextOfStatement(settled(s)).chainBreaks).toBe(0);
  });
});

describe('day and month sums: each day’s rows summed, days without rows empty', () => {
  // Opening 10,000; two rows on Jan 30, none on Jan 31, three on Feb 1.
  const ctx = contextOf(
    [
      ['2024-01-30', 'C', 5_000, 'NIP CR/TUNDE BAKARE/GTB'],
      ['2024-01-30', 'D', 12_000, 'POS PURCHASE SHOPRITE LEKKI'],
      ['2024-02-01', 'D', 1_000, 'AIRTIME MTN 08031234567'],
      ['2024-02-01', 'C', 20_000, 'NIP CR/ADA OKEKE/ACCESS'],
      ['2024-02-01', 'D', 4_000, 'POS PURCHASE CHICKEN REPUBLIC'],
    ],
    { openingNaira: 10_000 },
  );
  const kobo = (xs: ArrayLike<number>) => Array.from(xs, (k) => k / 100);

  it('credits, debits and number of transactions per day', () => {
    expect(kobo(ctx.dayCredit)).toEqual([5_000, 0, 20_000]);
    expect(kobo(ctx.dayDebit)).toEqual([12_000, 0, 5_000]);
    expect(Array.from(ctx.dayTransactions)).toEqual([2, 0, 3]);
  });

  it('the lowest and highest balance after any row of a day; none on a day without rows', () => {
    // After each row: 15,000, 3,000 | 2,000, 22,000, 18,000.
    expect(kobo(ctx.balances?.dayLowest ?? [])).toEqual([3_000, Number.POSITIVE_INFINITY, 2_000]);
    expect(kobo(ctx.balances?.dayHighest ?? [])).toEqual([15_000, Number.NEGATIVE_INFINITY, 22_000]);
    expect(kobo(ctx.balances?.endOfDay ?? [])).toEqual([3_000, 3_000, 18_000]);
  });

  it('the months’ sums are their days’', () => {
    expect(ctx.months).toEqual(['2024-01', '2024-02']);
    expect(kobo(ctx.monthCredit)).toEqual([5_000, 20_000]);
    expect(kobo(ctx.monthDebit)).toEqual([12_000, 5_000]);
    expect(Array.from(ctx.monthTransactions)).toEqual([2, 3]);
    expect([ctx.totalCredit / 100, ctx.totalDebit / 100, ctx.creditCount]).toEqual([25_000, 17_000, 2]);
  });
});
