import { describe, expect, it } from 'vitest';
import { threeMonthStatement } from '../../../test/helpers/analytics-fixtures.js';
import { analyseStatement } from './analyse.js';

const statement = threeMonthStatement;

describe('cashFlowAnalysis', () => {
  const cf = analyseStatement(statement).cashFlowAnalysis;

  it('totals, monthly and weekly averages over the statement period', () => {
    expect(cf.totalCreditTurnover).toBe(150_000);
    expect(cf.totalDebitTurnOver).toBe(55_000);
    expect(cf.averageMonthlyCredits).toBe(50_000); // 3 months
    expect(cf.averageMonthlyDebits).toBe(18_333.33);
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
    expect(cf.weeklyInflow).toHaveLength(15);
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
    // January (27 days): (5 x 110,000 + 22 x 80,000) / 27 = 85,555.56
    // February (28 days): (2 x 80,000 + 22 x 60,000 + 4 x 110,000) / 28 = 68,571.43
    // March (31 days): (30 x 110,000 + 105,000) / 31 = 109,838.71
    expect(cf.averageMonthlyBalance).toBeCloseTo((85_555.556 + 68_571.429 + 109_838.71) / 3, 1);
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
