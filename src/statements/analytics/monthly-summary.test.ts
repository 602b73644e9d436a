import { describe, expect, it } from 'vitest';
import { healthyMay, threeMonthStatement } from '../../../test/helpers/analytics-fixtures.js';
import { statementOf, withoutRowBalances } from '../../../test/helpers/statement-builder.js';
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

describe('monthlySummary balances', () => {
  it('are null without any balance, while the flows stay', () => {
    const [may] = analyseStatement(withoutRowBalances(healthyMay)).monthlySummary;
    // From an assumed 0: opening 0, lowest -15,000, highest 5,000, closing -10,000.
    expect(may).toMatchObject({
      inflow: 20_000,
      outflow: 30_000,
      net: -10_000,
      openingBalance: null,
      closingBalance: null,
      lowestBalance: null,
      highestBalance: null,
      averageDailyBalance: null,
    });
  });

  it('follow forward from a stated opening balance alone', () => {
    const [may] = analyseStatement(withoutRowBalances(healthyMay, { opening: true })).monthlySummary;
    // 250,000; then 235,000 (May 1-2), 255,000 (May 3-9), 243,000 (May 10-19), 240,000 (May 20):
    // (2 x 235,000 + 7 x 255,000 + 10 x 243,000 + 240,000) / 20 = 246,250
    expect(may).toMatchObject({
      openingBalance: 250_000,
      closingBalance: 240_000,
      lowestBalance: 235_000,
      highestBalance: 255_000,
      averageDailyBalance: 246_250,
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
