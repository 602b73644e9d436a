import { describe, expect, it } from 'vitest';
import { type Row, statementOf } from '../../../test/helpers/statement-builder.js';
import { analyseStatement } from './analyse.js';

// Four months of a dollar domiciliary account: $1,200 from an employer not named as salary on the
// 27th, $400 at a shop and $700 sent on the 28th; opening $200, so the balance runs $300 to $1,400.
const rows: Row[] = ['01', '02', '03', '04'].flatMap((m): Row[] => [
  [`2024-${m}-27`, 'C', 1_200, 'NIP CR/ACME LOGISTICS LTD/GTB'],
  [`2024-${m}-28`, 'D', 400, 'POS PURCHASE SHOPRITE LEKKI'],
  [`2024-${m}-28`, 'D', 700, 'NIBSS Instant Payment Outward TO UBA/KEMI ALABI'],
]);
const inDollars = analyseStatement(statementOf(rows, { currency: 'USD', openingNaira: 200 }));
const inNaira = analyseStatement(statementOf(rows, { currency: 'NGN', openingNaira: 200 }));
const signal = (a: typeof inDollars, code: string) => a.riskSignals.find((s) => s.code === code);

describe('a statement in another currency is judged by the naira thresholds’ equivalents', () => {
  it('$1,200 a month is a salary; ₦1,200 a month is under the ₦15,000 minimum and is not', () => {
    expect(inDollars.incomeAnalysis).toMatchObject({ isSalaryEarner: 'Yes', averagePredictedSalary: 1_200 });
    expect(inNaira.incomeAnalysis).toMatchObject({ isSalaryEarner: 'No', averagePredictedSalary: 0 });
  });

  it('no day ends under USD 3.3 (₦5,000), while every day ends under ₦5,000', () => {
    expect(signal(inDollars, 'LOW_BALANCE_DAYS')).toMatchObject({
      triggered: false,
      message: '0 of 93 days ended under USD 3.3',
      figures: { days: 0, lowestBalance: 300 },
    });
    expect(signal(inNaira, 'LOW_BALANCE_DAYS')).toMatchObject({ triggered: true, figures: { days: 93 } });
  });

  it('every $1,200 credit is over USD 13 (₦20,000), so each is checked for a sweep', () => {
    expect(signal(inDollars, 'ACCOUNT_SWEEP')).toMatchObject({
      message: '0 of 4 credits of USD 13+ were swept out within two days (balance down to 10% or less)',
      figures: { largeCredits: 4 },
    });
    expect(signal(inNaira, 'ACCOUNT_SWEEP')).toMatchObject({ figures: { largeCredits: 0 } });
  });

  it('amount bands by naira equivalents: $400 is in ₦500,000-1,000,000 (USD 330-650), $700 and $1,200 over', () => {
    expect(inDollars.transactionPatternAnalysis).toMatchObject({
      percentOfTransactionsLessThan10ThousandNaira: 0,
      percentOfTransactionsBetween500ThousandToOneMillionNaira: 0.3333,
      percentOfTransactionsGreaterThanOneMillionNaira: 0.6667,
      percentNumberOfDaysBalanceWasLessThan10ThousandNaira: 0,
    });
    expect(inNaira.transactionPatternAnalysis).toMatchObject({
      percentOfTransactionsLessThan10ThousandNaira: 1,
      percentNumberOfDaysBalanceWasLessThan10ThousandNaira: 1,
    });
  });
});
