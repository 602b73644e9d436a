import { describe, expect, it } from 'vitest';
import { healthyMay, sweptStatement } from '../../../test/helpers/analytics-fixtures.js';
import { statementOf, withoutRowBalances } from '../../../test/helpers/statement-builder.js';
import { analyseStatement } from './analyse.js';

const signals = analyseStatement(sweptStatement).riskSignals;
const signal = (code: string) => {
  const found = signals.find((s) => s.code === code);
  if (!found) throw new Error(`no ${code} signal`);
  return found;
};

describe('riskSignals', () => {
  it('lists every flag, triggered or not', () => {
    expect(signals.map((s) => s.code)).toEqual([
      'GAMBLING_SHARE_OF_INFLOW',
      'LOAN_STACKING',
      'BOUNCED_OR_RETURNED_DEBITS',
      'REVERSALS',
      'LOW_BALANCE_DAYS',
      'ACCOUNT_SWEEP',
      'SALARY_GAPS_AND_RECENCY',
      'LARGE_UNEXPLAINED_INFLOWS',
      'STATEMENT_INTEGRITY',
    ]);
    expect(signal('LOAN_STACKING').triggered).toBe(false);
    expect(signal('STATEMENT_INTEGRITY').severity).toBe('none');
    expect(signals.every((s) => s.assessed)).toBe(true);
  });

  it('gambling above 20% of inflow is high, with the stakes and winnings as evidence', () => {
    const g = signal('GAMBLING_SHARE_OF_INFLOW');
    expect(g.severity).toBe('high');
    expect(g.figures).toMatchObject({ staked: 53_000, winnings: 5_000, totalInflow: 155_000, shareOfInflow: 0.3419 });
    expect(g.transactionIds).toEqual(['t4', 't5', 't6']);
  });

  it('4 of 10 days under ₦5,000 (Jan 6-9), the lowest 3,000 on Jan 8', () => {
    const low = signal('LOW_BALANCE_DAYS');
    expect(low.severity).toBe('medium');
    expect(low.figures).toMatchObject({
      days: 4,
      totalDays: 10,
      share: 0.4,
      lowestBalance: 3_000,
      lowestBalanceDate: '2023-01-08',
    });
  });

  it('the sweep names the credits that were swept', () => {
    expect(signal('ACCOUNT_SWEEP').transactionIds).toEqual(['t1', 't3']);
  });

  it('a broken balance chain is an integrity flag', () => {
    const broken = structuredClone(sweptStatement);
    const row = broken.transactions[2];
    if (row?.balance !== undefined) row.balance += 7_000_00;
    const integrity = analyseStatement(broken).riskSignals.find((s) => s.code === 'STATEMENT_INTEGRITY');
    expect(integrity?.severity).toBe('medium');
    expect(integrity?.figures.chainBreaks).toBe(2);
  });
});

describe('riskSignals that read balances', () => {
  const NO_BALANCE =
    'not assessed: no balance is known (no row carries one and the statement states no opening or closing balance)';

  it('are not assessed, and not raised, when the statement gives no balance', () => {
    const found = analyseStatement(withoutRowBalances(healthyMay)).riskSignals;
    // From an assumed 0, 13 of the 20 days would end under 5,000 (at -15,000, -7,000, -10,000): "high".
    const unassessed = found.filter((s) => !s.assessed);
    expect(unassessed).toEqual([
      {
        code: 'LOW_BALANCE_DAYS',
        assessed: false,
        triggered: false,
        severity: 'none',
        message: NO_BALANCE,
        figures: {},
        transactionIds: [],
      },
      {
        code: 'ACCOUNT_SWEEP',
        assessed: false,
        triggered: false,
        severity: 'none',
        message: NO_BALANCE,
        figures: {},
        transactionIds: [],
      },
      {
        code: 'STATEMENT_INTEGRITY',
        assessed: false,
        triggered: false,
        severity: 'none',
        message: 'not assessed: no row carries a running balance to check',
        figures: {},
        transactionIds: [],
      },
    ]);
  });

  it('are assessed from balances worked back from a stated closing balance', () => {
    const found = analyseStatement(withoutRowBalances(healthyMay, { closing: true })).riskSignals;
    const low = found.find((s) => s.code === 'LOW_BALANCE_DAYS');
    // 235,000 at the lowest (May 1-2): no day under 5,000.
    expect(low).toMatchObject({
      assessed: true,
      triggered: false,
      message: '0 of 20 days ended under ₦5,000',
      figures: {
        days: 0,
        totalDays: 20,
        lowestBalance: 235_000,
        lowestBalanceDate: '2023-05-01',
        balancesReported: 'No',
      },
    });
    expect(found.find((s) => s.code === 'ACCOUNT_SWEEP')).toMatchObject({ assessed: true, triggered: false });
  });
});

describe('large unexplained inflows', () => {
  it('compares a credit with three months of usual inflow, months counted by the share of them covered', () => {
    // Jan 31 .. Mar 1 2024 is 33/31 months: usual inflow 700,000 x 31 / 33 = 657,575.76 a month, so
    // the bar is 3 x that = 1,972,727.27 and the one 700,000 credit (a month's inflow) is under it.
    // Counted as 3 calendar months the bar would be 700,000 and the credit flagged.
    const found = analyseStatement(
      statementOf([
        ['2024-01-31', 'C', 700_000, 'NIP CR/TUNDE BAKARE/GTB'],
        ['2024-02-10', 'D', 50_000, 'POS PURCHASE SHOPRITE LEKKI'],
        ['2024-03-01', 'D', 10_000, 'POS PURCHASE SHOPRITE LEKKI'],
      ]),
    ).riskSignals.find((s) => s.code === 'LARGE_UNEXPLAINED_INFLOWS');
    expect(found).toMatchObject({ triggered: false, figures: { count: 0, threshold: 1_972_727.27, total: 0 } });
  });
});
