import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { healthyMay, runningBalanceRows, threeMonthStatement } from '../../../test/helpers/analytics-fixtures.js';
import { type Row, statementOf, withoutRowBalances } from '../../../test/helpers/statement-builder.js';
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

describe('monthlySummary running balances: the lowest and highest after any transaction of the month', () => {
  // April 2025: a debit before a same-day credit dips below every end-of-day balance; a credit
  // before a same-day debit peaks above them.
  const rows = runningBalanceRows;

  it('keeps the end-of-day figures and adds the intraday extremes beside them', () => {
    const [april, may, june] = analyseStatement(statementOf(rows, { openingNaira: 10_000 })).monthlySummary;
    // End of day: Apr 2 60,000; Apr 10 96,750; Apr 20 76,750. After each row: 60,000, 56,750,
    // 96,750, 196,750, 76,750.
    expect(april).toMatchObject({
      lowestBalance: 60_000,
      highestBalance: 96_750,
      lowestRunningBalance: 56_750,
      highestRunningBalance: 196_750,
    });
    // A month without transactions holds the balance carried into it.
    expect(may).toMatchObject({
      lowestBalance: 76_750,
      highestBalance: 76_750,
      lowestRunningBalance: 76_750,
      highestRunningBalance: 76_750,
    });
    expect(june).toMatchObject({ lowestRunningBalance: 75_750, highestRunningBalance: 76_750 });
  });

  it('follow the settled running balance when rows state none, and are null without any balance', () => {
    const statement = statementOf(rows, { openingNaira: 10_000 });
    const [april] = analyseStatement(withoutRowBalances(statement, { opening: true })).monthlySummary;
    expect(april).toMatchObject({ lowestRunningBalance: 56_750, highestRunningBalance: 196_750 });
    const [unknown] = analyseStatement(withoutRowBalances(statement)).monthlySummary;
    expect(unknown).toMatchObject({ lowestRunningBalance: null, highestRunningBalance: null });
  });

  it('are never inside the end-of-day range', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            day: fc.integer({ min: 1, max: 60 }),
            credit: fc.boolean(),
            naira: fc.integer({ min: 1, max: 500_000 }),
          }),
          { minLength: 1, maxLength: 40 },
        ),
        (drawn) => {
          const dated: Row[] = drawn
            .map(({ day, credit, naira }): Row => {
              const date = new Date(Date.UTC(2025, 0, day)).toISOString().slice(0, 10);
              return [date, credit ? 'C' : 'D', naira, credit ? 'NIP FROM TUNDE BAKARE' : 'POS PURCHASE SPAR IKEJA'];
            })
            .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
          for (const m of analyseStatement(statementOf(dated, { openingNaira: 1_000 })).monthlySummary) {
            expect(m.lowestRunningBalance as number).toBeLessThanOrEqual(m.lowestBalance as number);
            expect(m.highestRunningBalance as number).toBeGreaterThanOrEqual(m.highestBalance as number);
          }
        },
      ),
      { numRuns: 50 },
    );
  });
});
