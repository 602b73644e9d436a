import { describe, expect, it } from 'vitest';
import { ownMoneyApril, sweptStatement } from '../../../test/helpers/analytics-fixtures.js';
import { statementOf, withoutRowBalances } from '../../../test/helpers/statement-builder.js';
import { analyseStatement } from './analyse.js';
import { counted } from './words.js';

describe('behavioralAnalysis', () => {
  const b = analyseStatement(sweptStatement).behavioralAnalysis;

  it('money swept out within two days of both large credits: accountSweep Yes', () => {
    // 101,000 -> 6,000 (under 10%) the next day; 56,000 -> 4,000 the next day
    expect(b.accountSweep).toBe('Yes');
  });

  it('no balance at all: accountSweep is null, neither Yes nor No', () => {
    // From an assumed opening of 0 the same flows would read 100,000 -> 5,000 and 55,000 -> 3,000: Yes.
    expect(analyseStatement(withoutRowBalances(sweptStatement)).behavioralAnalysis.accountSweep).toBeNull();
  });

  it('a stated opening balance alone is enough to see the sweep', () => {
    const opening = withoutRowBalances(sweptStatement, { opening: true });
    expect(analyseStatement(opening).behavioralAnalysis.accountSweep).toBe('Yes');
  });

  it('gambling: 53,000 staked over 155,000 of inflow, three betting transactions', () => {
    expect(b.gamblingRate).toBe(0.3419);
    expect(b.numberOfBettingTransactions).toBe(3);
    expect(b.gamblingStatus).toContain('3 betting transactions');
    expect(b.gamblingStatus).toContain('SportyBet');
  });

  it('activity on 6 of 10 days; inflow above outflow', () => {
    expect(b.accountActivity).toBe(0.6);
    expect(b.overallInflowToOutflowRate).toBe('Positive Cash Flow');
    expect(b.monthToMonthInflowToOutflowRate).toBe('Positive Cash Flow');
    expect(b.percentOfInflowIrregularity).toBe(0);
  });

  it('gambling over inflow: money moved between the holder’s accounts and a refunded bet do not count', () => {
    const moved = analyseStatement(ownMoneyApril).behavioralAnalysis;
    // Staked 30,000 (the 2,000 bet was refunded); inflow 100,000 + 10,000, not the 912,000 credited.
    expect(moved.gamblingRate).toBe(0.2727);
    expect(moved.numberOfBettingTransactions).toBe(3);
    expect(moved.gamblingStatus).toBe(
      '3 betting transactions with Bet9ja, SportyBet (3 stakes, 0 wins): ₦30000.00 staked, 27.3% of inflow',
    );
  });

  it('one stake and one win are counted in the singular', () => {
    expect([counted(1, 'stake'), counted(0, 'win'), counted(2, 'betting transaction')]).toEqual([
      '1 stake',
      '0 wins',
      '2 betting transactions',
    ]);
  });

  it('winnings are betting transactions too; the status splits them from the stakes as the risk signal does', () => {
    const punter = analyseStatement(
      statementOf([
        ['2024-03-01', 'C', 200_000, 'NIP FROM KORAMA FOODS LTD/MARCH WAGES'],
        ['2024-03-02', 'D', 5_000, 'WEB PMT PAYSTACK*BETKING LAGOS NG'],
        ['2024-03-03', 'D', 7_000, 'MERRYBET WALLET FUNDING'],
        ['2024-03-05', 'C', 12_500, 'NIP CR/BETKING NIGERIA/WINNINGS PAYOUT'],
        ['2024-03-08', 'D', 3_000, 'WEB PMT PAYSTACK*BETKING LAGOS NG'],
      ]),
    );
    const b = punter.behavioralAnalysis;
    expect(b.numberOfBettingTransactions).toBe(4);
    expect(b.gamblingStatus).toBe(
      '4 betting transactions with BetKing, MerryBet (3 stakes, 1 win): ₦15000.00 staked, 7.1% of inflow',
    );
    const signal = punter.riskSignals.find((s) => s.code === 'GAMBLING_SHARE_OF_INFLOW');
    expect(signal?.message).toBe('7.1% of inflow staked on betting (3 stakes, 1 win)');
  });

  it('no gambling words: the real API sentence', () => {
    const quiet = statementOf([['2023-01-01', 'C', 1_000, 'NIP CR/TUNDE BAKARE/GTB']]);
    expect(analyseStatement(quiet).behavioralAnalysis.gamblingStatus).toBe('No Gambling Transactions Found');
  });
});
