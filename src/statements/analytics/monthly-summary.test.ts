import { describe, expect, it } from 'vitest';
import { threeMonthStatement } from '../../../test/helpers/analytics-fixtures.js';
import { analyseStatement } from './analyse.js';

const statement = threeMonthStatement;

describe('monthlySummary', () => {
  const months = analyseStatement(statement).monthlySummary;
  it('per month: flows, opening and closing, lowest, highest and average daily balance', () => {
    expect(months.map((m) => m.month)).toEqual(['2023-01', '2023-02', '2023-03']);
    expect(months[0]).toMatchObject({
      inflow: 100_000,
      outflow: 30_000,
      net: 70_000,
      openingBalance: 10_000,
      closingBalance: 80_000,
      lowestBalance: 80_000,
      highestBalance: 110_000,
      averageDailyBalance: 85_555.56,
      transactionCount: 2,
    });
    expect(months[1]).toMatchObject({
      openingBalance: 80_000,
      closingBalance: 110_000,
      lowestBalance: 60_000,
      highestBalance: 110_000,
      averageDailyBalance: 68_571.43,
    });
    expect(months[2]).toMatchObject({
      openingBalance: 110_000,
      closingBalance: 105_000,
      lowestBalance: 105_000,
      averageDailyBalance: 109_838.71,
      inflow: 0,
    });
  });
});
