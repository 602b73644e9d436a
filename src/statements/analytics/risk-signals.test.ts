import { describe, expect, it } from 'vitest';
import { healthyMay, ownMoneyApril, sweptStatement } from '../../../test/helpers/analytics-fixtures.js';
import { type Row, statementOf, withoutRowBalances } from '../../../test/helpers/statement-builder.js';
import { analyseStatement } from './analyse.js';
import type { RiskSignal } from './risk-signals.js';

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
  const notAssessed = (code: string, message: string) => ({
    code,
    assessed: false,
    triggered: false,
    severity: 'none',
    message,
    figures: {},
    transactionIds: [],
  });
  const NO_BALANCE =
    'not assessed: no balance is known (no row carries one and the statement states no opening or closing balance)';

  it('are not assessed, and not raised, when the statement gives no balance', () => {
    const found = analyseStatement(withoutRowBalances(healthyMay)).riskSignals;
    // From an assumed 0, 13 of the 20 days would end under 5,000 (at -15,000, -7,000, -10,000): "high".
    const unassessed = found.filter((s) => !s.assessed);
    expect(unassessed).toEqual([
      notAssessed('LOW_BALANCE_DAYS', NO_BALANCE),
      notAssessed('ACCOUNT_SWEEP', NO_BALANCE),
      notAssessed('STATEMENT_INTEGRITY', 'not assessed: no row carries a running balance to check'),
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

const holder = 'ADEBAYO JOHN OKAFOR';
const codeOf = (list: RiskSignal[], code: string): RiskSignal => {
  const found = list.find((s) => s.code === code);
  if (!found) throw new Error(`no ${code} signal`);
  return found;
};

describe('riskSignals over inflow, with reversals paired', () => {
  it('gambling: money the holder moves between their own accounts is not inflow', () => {
    const moved = analyseStatement(ownMoneyApril).riskSignals;
    const g = codeOf(moved, 'GAMBLING_SHARE_OF_INFLOW');
    // 30,000 staked over 110,000 received (not over the 910,000 credited): above 20%, high
    expect(g.severity).toBe('high');
    expect(g.figures).toEqual({ staked: 30_000, winnings: 0, totalInflow: 110_000, shareOfInflow: 0.2727 });
    expect(g.transactionIds).toEqual(['t4', 't5', 't6']);
  });

  const reversed = analyseStatement(
    statementOf(
      [
        ['2024-04-01', 'C', 100_000, 'TRF FROM CHIDI OKEKE'],
        ['2024-04-06', 'D', 35_000, 'REMITA DD RENMONEY LOAN REPAYMENT'],
        ['2024-04-06', 'C', 35_000, 'REVERSAL REMITA DD RENMONEY LOAN REPAYMENT'],
        ['2024-04-07', 'D', 35_000, 'REMITA DD RENMONEY LOAN REPAYMENT'],
        ['2024-04-08', 'D', 5_000, 'POS PURCHASE'],
        ['2024-04-10', 'D', 2_000, 'BET9JA'],
        ['2024-04-11', 'C', 2_000, 'BET9JA REFUND'],
        ['2024-04-12', 'D', 3_000, 'MTN AIRTIME'],
        ['2024-04-12', 'C', 3_000, 'REVERSAL MTN AIRTIME'],
        ['2024-04-13', 'D', 0, 'DIRECT DEBIT UNPAID - CARBON'],
        ['2024-04-20', 'D', 100, 'POS PURCHASE'],
        ['2024-04-30', 'C', 10_000, 'TRF FROM CHIDI OKEKE'],
      ],
      { holder },
    ),
  ).riskSignals;

  it('reversals name the debit each paid back; their share is of the 110,000 inflow', () => {
    const r = codeOf(reversed, 'REVERSALS');
    // 35,000 + 2,000 + 3,000 = 40,000 over 110,000: 10% or more, medium
    expect(r.severity).toBe('medium');
    expect(r.figures).toEqual({ count: 3, total: 40_000, shareOfInflow: 0.3636, paired: 3 });
    expect(r.transactionIds).toEqual(['t3', 't7', 't9']);
    expect(r.pairs).toEqual([
      { reversal: 't3', debit: 't2' },
      { reversal: 't7', debit: 't6' },
      { reversal: 't9', debit: 't8' },
    ]);
    expect(r.message).toBe('3 reversal(s) or refund(s), 36.4% of inflow; 3 matched to the debit paid back');
  });

  it('a refunded bet is no stake; a zero-amount direct debit is no repayment', () => {
    expect(codeOf(reversed, 'GAMBLING_SHARE_OF_INFLOW').severity).toBe('none');
    expect(codeOf(reversed, 'LOAN_STACKING').figures).toMatchObject({
      lendersLast30Days: 'Renmoney',
      totalRepaid: 35_000,
    });
    expect(codeOf(reversed, 'LOAN_STACKING').transactionIds).toEqual(['t4']);
  });

  it('"DIRECT DEBIT UNPAID" is a bounced debit', () => {
    const b = codeOf(reversed, 'BOUNCED_OR_RETURNED_DEBITS');
    expect(b.figures).toEqual({ count: 1, chequesPaired: 0 });
    expect(b.transactionIds).toEqual(['t10']);
    expect(b.chequePairs).toEqual([]);
  });

  it('a returned cheque is listed with the cheque deposit it took back', () => {
    const b = codeOf(
      analyseStatement(
        statementOf([
          ['2022-10-03', 'C', 200_000, 'NIP CR/TUNDE BAKARE/GTB'],
          ['2022-10-07', 'C', 50_000, 'CHEQUE DEPOSIT 00012'],
          ['2022-10-08', 'D', 50_000, 'RETURNED CHEQUE 00012 DRAWER DECEASED'],
          ['2022-10-11', 'D', 50_000, 'INWARD CHQ RETURNED'],
        ]),
      ).riskSignals,
      'BOUNCED_OR_RETURNED_DEBITS',
    );
    expect(b.figures).toEqual({ count: 2, chequesPaired: 1 });
    expect(b.transactionIds).toEqual(['t3', 't4']);
    expect(b.chequePairs).toEqual([{ returned: 't3', cheque: 't2' }]);
    expect(b.message).toBe(
      '2 bounced direct debit(s) or returned cheque(s); 1 cheque(s) matched to the deposit returned',
    );
  });

  it('large inflows: the usual inflow leaves out money moved from the holder’s own accounts', () => {
    // A different sender each month: no salary stream, so the usual inflow is the monthly average.
    const senders = ['CHIDI OKEKE', 'BOLA ADE', 'EMEKA NWOSU', 'FUNMI ALAO', 'GRACE UDO', 'HALIMA BELLO'];
    const large = analyseStatement(
      statementOf(
        [
          ...senders.map((name, m): Row => [`2024-0${m + 1}-02`, 'C', 50_000, `TRF FROM ${name}`]),
          ['2024-06-10', 'C', 2_000_000, 'TRF FROM ADEBAYO JOHN OKAFOR'],
          ['2024-06-10', 'D', 2_000_000, 'TRF TO ADEBAYO JOHN OKAFOR'],
          ['2024-06-20', 'C', 400_000, 'NIP CR/TUNDE BAKARE/GTB'],
        ],
        { holder },
      ),
    ).riskSignals;
    // Usual: (6 x 50,000 + 400,000) over Jan 2..Jun 20, 30/31 + 4 + 20/30 = 5.6344 months, is
    // 124,236.64; three times that is 372,709.92 (counting the 2,000,000 moved in, it would be
    // 1,437,595.42 and the 400,000 would pass unnoticed).
    const l = codeOf(large, 'LARGE_UNEXPLAINED_INFLOWS');
    expect(l.figures).toEqual({ count: 1, threshold: 372_709.92, total: 400_000 });
    expect(l.transactionIds).toEqual(['t9']);
  });
});
