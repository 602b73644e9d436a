import { describe, expect, it } from 'vitest';
import { threeMonthStatement } from '../../../test/helpers/analytics-fixtures.js';
import { statementOf } from '../../../test/helpers/statement-builder.js';
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

describe('monthlySummary loans and gambling', () => {
  it('leave out a repayment and a stake that reversals paid back; inflow and outflow keep them', () => {
    const [april] = analyseStatement(
      statementOf([
        ['2024-04-01', 'C', 100_000, 'NIP CR/TUNDE BAKARE/GTB'],
        ['2024-04-06', 'D', 35_000, 'REMITA DD RENMONEY LOAN REPAYMENT'],
        ['2024-04-06', 'C', 35_000, 'REVERSAL REMITA DD RENMONEY LOAN REPAYMENT'],
        ['2024-04-07', 'D', 35_000, 'REMITA DD RENMONEY LOAN REPAYMENT'],
        ['2024-04-10', 'D', 2_000, 'BET9JA'],
        ['2024-04-11', 'C', 2_000, 'BET9JA REFUND'],
        ['2024-04-12', 'D', 5_000, 'SPORTYBET'],
      ]),
    ).monthlySummary;
    expect(april).toMatchObject({
      loanRepayments: 35_000,
      gamblingStakes: 5_000,
      inflow: 137_000, // 100,000 + 35,000 + 2,000
      outflow: 77_000, // 35,000 + 35,000 + 2,000 + 5,000
    });
  });
});
