import { describe, expect, it } from 'vitest';
import { acrossThreeMonths, healthyMay, threeMonthStatement } from '../../../test/helpers/analytics-fixtures.js';
import { statementOf, withoutRowBalances } from '../../../test/helpers/statement-builder.js';
import { analyseStatement } from './analyse.js';

const statement = threeMonthStatement;

describe('cashFlowAnalysis', () => {
  const cf = analyseStatement(statement).cashFlowAnalysis;

  it('totals, monthly and weekly averages over the statement period', () => {
    expect(cf.totalCreditTurnover).toBe(150_000);
    expect(cf.totalDebitTurnOver).toBe(55_000);
    // Jan 5 .. Mar 31: 27/31 of January, all of February and March = 89/31 = 2.871 months
    expect(cf.averageMonthlyCredits).toBe(52_247.19); // 150,000 x 31 / 89
    expect(cf.averageMonthlyDebits).toBe(19_157.3); // 55,000 x 31 / 89
    // 86 days (Jan 5 .. Mar 31) = 12.2857 weeks: 150,000 x 7 / 86 and 55,000 x 7 / 86
    expect(cf.averageWeeklyCredits).toBe(12_209.3);
    expect(cf.averageWeeklyDebits).toBe(4_476.74);
    expect(cf.numberOfTransactingMonths).toBe(3);
  });

  it('monthly and weekly inflow in the real API shape', () => {
    expect(cf.monthlyInflow).toEqual([
      { year: '2023', month_name: 'January', amount: 100_000 },
      { year: '2023', month_name: 'February', amount: 50_000 },
      { year: '2023', month_name: 'March', amount: 0 },
    ]);
    expect(cf.monthlyOutflow.map((m) => m.amount)).toEqual([30_000, 20_000, 5_000]);
    // January and March weeks 1-5, February 2023 (28 days) weeks 1-4
    expect(cf.weeklyInflow).toHaveLength(14);
    expect(cf.weeklyInflow.find((w) => w.amount > 0)).toEqual({
      year: '2023',
      month_name: 'January',
      week: 'week 1',
      amount: 100_000,
    });
    expect(cf.weeklyInflow.filter((w) => w.amount > 0).map((w) => [w.month_name, w.week])).toEqual([
      ['January', 'week 1'],
      ['February', 'week 4'],
    ]);
  });

  it('valid credit leaves out the reversal', () => {
    expect(cf.validCredit).toBe(100_000);
  });

  it('average balances carry the balance forward across days without transactions', () => {
    // January (27 days): (5 x 110,000 + 22 x 80,000) / 27 = 2,310,000 / 27 = 85,555.56
    // February (28 days): (2 x 80,000 + 22 x 60,000 + 4 x 110,000) / 28 = 1,920,000 / 28 = 68,571.43
    // March (31 days): (30 x 110,000 + 105,000) / 31 = 3,405,000 / 31 = 109,838.71
    // Each month weighs by the share of it covered (27/31, 1, 1), over 89/31 months:
    // (27/31 x 2,310,000 / 27 + 68,571.43 + 109,838.71) x 31 / 89 = 88,097.91
    expect(cf.averageMonthlyBalance).toBe(88_097.91);
    // Every day weighs the same: (2,310,000 + 1,920,000 + 3,405,000) / 86 days
    expect(cf.averageWeeklyBalance).toBe(88_779.07);
  });

  it('period, dates, closing balance and expense ratio', () => {
    expect(cf.periodInStatement).toBe('January - March');
    expect(cf.yearInStatement).toBe('2023');
    expect(cf.firstDateInStatement).toBe('2023-01-05');
    expect(cf.lastDateInStatement).toBe('2023-03-31');
    expect(cf.closingBalance).toBe(105_000);
    expect(cf.percentageOfExpenseOverInflow).toBe(0.3667);
  });
});

describe('cashFlowAnalysis weekly lists', () => {
  const cf = analyseStatement(
    statementOf([
      ['2023-01-10', 'C', 100_000, 'NIP CR/TUNDE BAKARE/GTB'],
      ['2023-02-27', 'D', 20_000, 'POS PURCHASE SHOPRITE LEKKI'],
      ['2023-03-16', 'D', 5_000, 'POS PURCHASE SHOPRITE LEKKI'],
    ]),
  ).cashFlowAnalysis;
  const weeksOf = (list: typeof cf.weeklyInflow) => list.map((w) => `${w.month_name.slice(0, 3)} ${w.week.slice(5)}`);

  it('list only the weeks with days inside both the month and the statement', () => {
    // Jan 10 is in week 2 (days 8-14); February 2023 ends on day 28 (no week 5); Mar 16 is in week 3.
    const listed = ['Jan 2', 'Jan 3', 'Jan 4', 'Jan 5', 'Feb 1', 'Feb 2', 'Feb 3', 'Feb 4', 'Mar 1', 'Mar 2', 'Mar 3'];
    expect(weeksOf(cf.weeklyInflow)).toEqual(listed); // was weeks 1-5 of each month, 15 rows
    expect(weeksOf(cf.weeklyOutflow)).toEqual(listed);
    expect(cf.weeklyInflow[0]).toEqual({ year: '2023', month_name: 'January', week: 'week 2', amount: 100_000 });
    expect(cf.weeklyOutflow.filter((w) => w.amount > 0)).toEqual([
      { year: '2023', month_name: 'February', week: 'week 4', amount: 20_000 },
      { year: '2023', month_name: 'March', week: 'week 3', amount: 5_000 },
    ]);
  });
});

describe('cashFlowAnalysis over a month that spans three calendar months', () => {
  // Jan 31 .. Mar 1 2024: 31 days = 31/7 weeks; 1/31 + 29/29 + 1/31 = 33/31 months.
  const cf = analyseStatement(acrossThreeMonths).cashFlowAnalysis;

  it('monthly averages count each month by the share of it covered, coherent with the weekly ones', () => {
    expect(cf.averageWeeklyCredits).toBe(140_000); // 620,000 x 7 / 31
    expect(cf.averageMonthlyCredits).toBe(582_424.24); // 620,000 x 31 / 33, not 620,000 / 3
    expect(cf.averageMonthlyDebits).toBe(93_939.39); // 100,000 x 31 / 33
    expect(cf.numberOfTransactingMonths).toBe(3);
    expect(cf.monthlyInflow.map((m) => m.amount)).toEqual([600_000, 0, 20_000]);
  });

  it('a one-day month weighs 1/31 in the average balance, and a 3-day last week 3/7 of a week', () => {
    // January 610,000 (1 day); February (14 x 610,000 + 15 x 510,000) / 29 = 558,275.86; March 530,000.
    // (610,000 / 31 + 558,275.86 + 530,000 / 31) x 31 / 33 = 558,986.42 (the plain mean of three: 566,091.95)
    expect(cf.averageMonthlyBalance).toBe(558_986.42);
    // (15 x 610,000 + 15 x 510,000 + 530,000) / 31 days. Weeks from Jan 31: 610,000; 610,000;
    // 524,285.71; 510,000; then Feb 28 - Mar 1 516,666.67 weighing 3/7: the same mean.
    // (A full week's weight for the last three days would give 554,190.48.)
    expect(cf.averageWeeklyBalance).toBe(559_032.26);
    expect(cf.closingBalance).toBe(530_000);
  });
});

describe('cashFlowAnalysis without any balance', () => {
  it('the balance figures are null, not worked out from an assumed opening of 0', () => {
    const cf = analyseStatement(withoutRowBalances(healthyMay)).cashFlowAnalysis;
    // From 0 the flows would say: closing -10,000, average balance -3,750.
    expect(cf.closingBalance).toBeNull();
    expect(cf.averageMonthlyBalance).toBeNull();
    expect(cf.averageWeeklyBalance).toBeNull();
    expect(cf.totalDebitTurnOver).toBe(30_000);
  });

  it('a stated closing balance is enough: the balances are worked back from it', () => {
    const cf = analyseStatement(withoutRowBalances(healthyMay, { closing: true })).cashFlowAnalysis;
    expect(cf.closingBalance).toBe(240_000);
    // (2 x 235,000 + 7 x 255,000 + 10 x 243,000 + 240,000) / 20 days = 4,925,000 / 20
    expect(cf.averageMonthlyBalance).toBe(246_250);
    expect(cf.averageWeeklyBalance).toBe(246_250);
  });
});
