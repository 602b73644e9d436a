import { describe, expect, it } from 'vitest';
import { statementOf } from '../../../test/helpers/statement-builder.js';
import { analyseStatement } from './analyse.js';

// Opening ₦2,000. Balances after each row: 7,000; 207,000; 907,000; 857,000; 2,857,000; 857,000; 856,000.
const statement = statementOf(
  [
    ['2023-03-01', 'C', 5_000, 'NIP CR/TUNDE BAKARE/GTB'],
    ['2023-03-02', 'C', 200_000, 'NIP CR/HAUWA SULE/UBA'],
    ['2023-03-03', 'C', 700_000, 'NIP CR/TUNDE BAKARE/GTB'],
    ['2023-03-04', 'D', 50_000, 'NIBSS Instant Payment Outward TO UBA/KEMI ALABI'],
    ['2023-03-05', 'C', 2_000_000, 'NIP CR/TUNDE BAKARE/GTB'],
    ['2023-03-06', 'D', 2_000_000, 'NIBSS Instant Payment Outward TO ZIB/EMEKA OBI'],
    ['2023-03-10', 'D', 1_000, 'RETURNED CHEQUE CHARGE CHQ 0001234'],
  ],
  { openingNaira: 2_000 },
);
const p = analyseStatement(statement).transactionPatternAnalysis;

describe('transactionPatternAnalysis', () => {
  it('counts, shares of credits and debits, last credit and debit days', () => {
    expect(p.totalNumberOfTransactions).toBe(7);
    expect(p.percentCreditTransactions).toBe(0.5714);
    expect(p.percentDebitTransactions).toBe(0.4286);
    expect(p.lastDayOfCredit).toBe('2023-03-05');
    expect(p.lastDayOfDebit).toBe('2023-03-10');
  });

  it('amount bands as fractions of transactions', () => {
    expect(p.percentOfTransactionsLessThan10ThousandNaira).toBe(0.2857); // 5,000 and 1,000
    expect(p.percentOfTransactionsBetween10ThousandTo100ThousandNaira).toBe(0.1429);
    expect(p.percentOfTransactionsBetween100ThousandTo500ThousandNaira).toBe(0.1429);
    expect(p.percentOfTransactionsBetween500ThousandToOneMillionNaira).toBe(0.1429);
    expect(p.percentOfTransactionsGreaterThanOneMillionNaira).toBe(0.2857);
    expect(p.mostFrequentTransactionRange).toBe('less than 10,000 naira');
  });

  it('balance bands over the rows, low-balance days over the calendar', () => {
    expect(p.percentOfBalancesLessThan10ThousandNaira).toBe(0.1429); // 7,000
    expect(p.percentOfBalancesBetween500ThousandToOneMillionNaira).toBe(0.5714); // 907k, 857k, 857k, 856k
    expect(p.percentOfBalancesGreaterThanOneMillionNaira).toBe(0.1429);
    expect(p.mostFrequentBalanceRange).toBe('500,000 - 1,000,000 naira');
    // 10 days (Mar 1-10); only Mar 1 ended under 10,000
    expect(p.percentNumberOfDaysBalanceWasLessThan10ThousandNaira).toBe(0.1);
    // days with transactions: 7; under 10,000 in total: Mar 1 (5,000) and Mar 10 (1,000)
    expect(p.percentNumberOfDaysTransactionsWasLessThan10ThousandNaira).toBe(0.2857);
  });

  it('top and most frequent transfers, returned cheques, missing transactions', () => {
    expect(p.topIncomingTransfer).toMatchObject({
      date: '2023-03-05',
      amount: 2_000_000,
      counterparty: 'TUNDE BAKARE',
    });
    expect(p.topOutgoingTransfer).toMatchObject({ amount: 2_000_000, counterparty: 'EMEKA OBI' });
    expect(p.mostFrequentCreditTransfer).toBe('TUNDE BAKARE');
    expect(p.returnCheque).toBe(1);
    expect(p.missingTransactions).toBe('No');
  });

  it('a broken balance chain means missing transactions', () => {
    const broken = structuredClone(statement);
    const row = broken.transactions[3];
    if (row?.balance !== undefined) row.balance -= 10_000_00;
    expect(analyseStatement(broken).transactionPatternAnalysis.missingTransactions).toBe('Yes');
  });
});
