import { describe, expect, it } from 'vitest';
import { sweptStatement } from '../../../test/helpers/analytics-fixtures.js';
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
