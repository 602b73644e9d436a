import { describe, expect, it } from 'vitest';
import { healthyMay } from '../../../test/helpers/analytics-fixtures.js';
import { type Row, statementOf, withoutRowBalances } from '../../../test/helpers/statement-builder.js';
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
    // As the real API: the four transfer figures are counterparty names.
    expect(p.topIncomingTransfer).toBe('TUNDE BAKARE');
    expect(p.topOutgoingTransfer).toBe('EMEKA OBI');
    // The largest transfer each way, in full, beside them.
    expect(p.largestIncomingTransfer).toMatchObject({
      date: '2023-03-05',
      amount: 2_000_000,
      counterparty: 'TUNDE BAKARE',
    });
    expect(p.largestOutgoingTransfer).toMatchObject({ amount: 2_000_000, counterparty: 'EMEKA OBI' });
    expect(p.mostFrequentCreditTransfer).toBe('TUNDE BAKARE');
    expect(p.returnCheque).toBe(1);
    expect(p.missingTransactions).toBe('No');
  });

  it('the top transfer names no one when the largest transfer names no counterparty; it is still listed', () => {
    const nameless = analyseStatement(
      statementOf([
        ['2023-03-01', 'C', 5_000, 'NIP CR/TUNDE BAKARE/GTB'],
        ['2023-03-02', 'C', 900_000, 'INWARD TRANSFER'],
      ]),
    ).transactionPatternAnalysis;
    expect(nameless.topIncomingTransfer).toBeNull();
    expect(nameless.largestIncomingTransfer).toMatchObject({ amount: 900_000, counterparty: '' });
    expect(nameless.mostFrequentCreditTransfer).toBe('TUNDE BAKARE');
    expect([nameless.topOutgoingTransfer, nameless.largestOutgoingTransfer]).toEqual([null, null]);
  });

  it('a gap in the balance chain means missing transactions', () => {
    // Row 4's balance is 10,000 short and so is every balance after it: a 10,000 debit is missing.
    const broken = structuredClone(statement);
    for (const row of broken.transactions.slice(3)) if (row.balance !== undefined) row.balance -= 10_000_00;
    expect(analyseStatement(broken).transactionPatternAnalysis.missingTransactions).toBe('Yes');
  });

  it('an edited balance alone is no missing row', () => {
    // Row 4 says 847,000 where the chain gives 857,000, and row 5 follows from 857,000.
    const edited = structuredClone(statement);
    const row = edited.transactions[3];
    if (row?.balance !== undefined) row.balance -= 10_000_00;
    expect(analyseStatement(edited).transactionPatternAnalysis.missingTransactions).toBe('No'); // was Yes
  });

  it('an exact duplicate row is no missing row', () => {
    const doubled = structuredClone(statement);
    const row = doubled.transactions[3];
    if (row) doubled.transactions.splice(4, 0, { ...row, id: 'copy' });
    expect(analyseStatement(doubled).transactionPatternAnalysis.missingTransactions).toBe('No'); // was Yes
  });
});

describe('transactionPatternAnalysis amount bands at their bounds', () => {
  const bounds = analyseStatement(
    statementOf([
      ['2023-03-01', 'C', 1_000_000, 'NIP CR/TUNDE BAKARE/GTB'], // exactly a million: 500k - 1m
      ['2023-03-02', 'D', 1_000_000.01, 'NIBSS Instant Payment Outward TO UBA/KEMI ALABI'], // over a million
      ['2023-03-03', 'C', 500_000, 'NIP CR/TUNDE BAKARE/GTB'], // 500k - 1m (lower bound included)
      ['2023-03-04', 'D', 100_000, 'NIBSS Instant Payment Outward TO UBA/KEMI ALABI'], // 100k - 500k
      ['2023-03-05', 'D', 10_000, 'POS PURCHASE SHOPRITE LEKKI'], // 10k - 100k
      ['2023-03-06', 'D', 9_999.99, 'POS PURCHASE SHOPRITE LEKKI'], // under 10k
    ]),
  ).transactionPatternAnalysis;

  it('exactly ₦1,000,000 is in the 500,000 - 1,000,000 band; lower bounds are inclusive', () => {
    expect(bounds.percentOfTransactionsGreaterThanOneMillionNaira).toBe(0.1667); // 1 / 6, was 2 / 6
    expect(bounds.percentOfTransactionsBetween500ThousandToOneMillionNaira).toBe(0.3333); // 2 / 6, was 1 / 6
    expect(bounds.percentOfTransactionsBetween100ThousandTo500ThousandNaira).toBe(0.1667);
    expect(bounds.percentOfTransactionsBetween10ThousandTo100ThousandNaira).toBe(0.1667);
    expect(bounds.percentOfTransactionsLessThan10ThousandNaira).toBe(0.1667);
    // Balances after each row: 1,000,000; -0.01; 499,999.99; 399,999.99; 389,999.99; 380,000
    expect(bounds.percentOfBalancesBetween500ThousandToOneMillionNaira).toBe(0.1667); // was 0
    expect(bounds.percentOfBalancesGreaterThanOneMillionNaira).toBe(0);
  });
});

describe('transactionPatternAnalysis counts only rows that moved money', () => {
  // 11 rows that moved money (2 credits, 9 debits, the last on Oct 11), a failed direct debit of 0
  // and the provider's closing-balance line of 0 on Oct 31.
  const rows: Row[] = [
    ['2022-10-01', 'C', 300_000, 'NIP CR/TUNDE BAKARE/GTB'],
    ['2022-10-02', 'C', 50_000, 'NIP CR/HAUWA SULE/UBA'],
    ...[3, 4, 5, 6, 7, 8, 9, 10, 11].map(
      (d): Row => [`2022-10-${String(d).padStart(2, '0')}`, 'D', 20_000, 'POS PURCHASE SHOPRITE LEKKI'],
    ),
    ['2022-10-12', 'D', 0, 'REMITA DD RENMONEY RETURNED INSUFFICIENT FUNDS'],
    ['2022-10-31', 'D', 0, 'CLOSING BALANCE'],
  ];
  const result = analyseStatement(statementOf(rows));
  const q = result.transactionPatternAnalysis;

  it('counts, shares and last debit day leave the zero rows out', () => {
    expect(q.totalNumberOfTransactions).toBe(11); // was 13
    expect(q.percentDebitTransactions).toBe(0.8182); // 9 / 11
    expect(q.percentCreditTransactions).toBe(0.1818); // 2 / 11
    expect(q.lastDayOfDebit).toBe('2022-10-11'); // was 2022-10-31
    expect(q.lastDayOfCredit).toBe('2022-10-02');
  });

  it('bands and active days leave them out too', () => {
    expect(q.percentOfTransactionsLessThan10ThousandNaira).toBe(0); // was 2 / 13
    expect(q.percentOfTransactionsBetween10ThousandTo100ThousandNaira).toBe(0.9091); // 10 / 11
    expect(q.percentOfTransactionsBetween100ThousandTo500ThousandNaira).toBe(0.0909); // 1 / 11
    // 11 active days, none under 10,000 (Oct 12 and Oct 31 moved nothing: not active)
    expect(q.percentNumberOfDaysTransactionsWasLessThan10ThousandNaira).toBe(0);
  });

  it('the failed direct debit of 0 still counts as a bounced debit', () => {
    const bounced = result.riskSignals.find((r) => r.code === 'BOUNCED_OR_RETURNED_DEBITS');
    expect(bounced?.transactionIds).toEqual(['t12']);
  });
});

describe('transactionPatternAnalysis balance figures', () => {
  const balanceFigures = (a: ReturnType<typeof analyseStatement>) =>
    Object.fromEntries(Object.entries(a.transactionPatternAnalysis).filter(([key]) => key.includes('Balance')));

  it('are all null without any balance', () => {
    expect(balanceFigures(analyseStatement(withoutRowBalances(healthyMay)))).toEqual({
      percentOfBalancesLessThan10ThousandNaira: null,
      percentOfBalancesBetween10ThousandTo100ThousandNaira: null,
      percentOfBalancesBetween100ThousandTo500ThousandNaira: null,
      percentOfBalancesBetween500ThousandToOneMillionNaira: null,
      percentOfBalancesGreaterThanOneMillionNaira: null,
      percentNumberOfDaysBalanceWasLessThan10ThousandNaira: null,
      mostFrequentBalanceRange: null,
    });
  });

  it('with only a closing balance, bands and days read the same balances worked back from it', () => {
    // After each row: 235,000; 255,000; 243,000; 240,000: all four in 100,000 - 500,000; no day under 10,000.
    expect(balanceFigures(analyseStatement(withoutRowBalances(healthyMay, { closing: true })))).toEqual({
      percentOfBalancesLessThan10ThousandNaira: 0,
      percentOfBalancesBetween10ThousandTo100ThousandNaira: 0,
      percentOfBalancesBetween100ThousandTo500ThousandNaira: 1,
      percentOfBalancesBetween500ThousandToOneMillionNaira: 0,
      percentOfBalancesGreaterThanOneMillionNaira: 0,
      percentNumberOfDaysBalanceWasLessThan10ThousandNaira: 0,
      mostFrequentBalanceRange: '100,000 - 500,000 naira',
    });
  });

  it('a row without a balance (Mono sends null) is banded at the balance it leaves', () => {
    // Row 5 (2,000,000 in) loses its balance; it still leaves 2,857,000, so the bands are those of
    // the whole chain (not 0 of 6 over a million and 4 of 6 between 500,000 and 1,000,000).
    const gap = structuredClone(statement);
    const fifth = gap.transactions[4];
    if (fifth) fifth.balance = undefined;
    const q = analyseStatement(gap).transactionPatternAnalysis;
    expect(q.percentOfBalancesGreaterThanOneMillionNaira).toBe(0.1429);
    expect(q.percentOfBalancesBetween500ThousandToOneMillionNaira).toBe(0.5714);
    expect(q.percentOfBalancesLessThan10ThousandNaira).toBe(0.1429);
    expect(q.percentNumberOfDaysBalanceWasLessThan10ThousandNaira).toBe(0.1);
  });
});

describe('transactionPatternAnalysis with zero rows on days that moved money', () => {
  // Oct 1: a zero credit and a debit of 5,000 (active, under 10,000); Oct 2: a zero credit only
  // (not active); Oct 3: a credit of 50,000.
  const q = analyseStatement(
    statementOf([
      ['2022-10-01', 'C', 0, 'CLOSING BALANCE'],
      ['2022-10-01', 'D', 5_000, 'POS PURCHASE SHOPRITE LEKKI'],
      ['2022-10-02', 'C', 0, 'CLOSING BALANCE'],
      ['2022-10-03', 'C', 50_000, 'NIP CR/TUNDE BAKARE/GTB'],
    ]),
  ).transactionPatternAnalysis;

  it('leaves the zero credits out of the counts and the day with a moving row active', () => {
    expect(q.totalNumberOfTransactions).toBe(2);
    expect(q.percentCreditTransactions).toBe(0.5);
    expect(q.percentNumberOfDaysTransactionsWasLessThan10ThousandNaira).toBe(0.5); // Oct 1 of Oct 1, Oct 3
  });
});
