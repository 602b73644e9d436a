import { describe, expect, it } from 'vitest';
import { byDate } from '../../../test/helpers/by-date.js';
import { type Row, statementOf } from '../../../test/helpers/statement-builder.js';
import { analyseStatement } from './analyse.js';

const result = analyseStatement(
  statementOf(
    [
      ['2023-01-03', 'D', 10_000, 'NIBSS Instant Payment Outward TO UBA/KEMI ALABI'],
      ['2023-01-05', 'D', 5_000, 'POS PURCHASE SHOPRITE LEKKI'],
      ['2023-01-06', 'D', 20_000, 'Kuda: Transfer to ADAEZE CHIOMA NWANKWO - Zenith Bank'],
      ['2023-01-20', 'D', 4_000, 'NIP/PROVIDUS/PIGGYVEST/SAFELOCK FUNDING'],
      ['2023-01-31', 'D', 100, 'SMS ALERT CHARGES'],
      ['2023-02-02', 'D', 2_000, 'ATM WDL 5399XXXXXXXX1234 GTB ATM IKEJA CITY MALL'],
      ['2023-02-04', 'D', 1_000, '*901* AIRTIME RECHARGE 08031234567 MTN'],
      ['2023-02-14', 'D', 1_000, '*901* AIRTIME RECHARGE 08031234567 MTN'],
      ['2023-02-18', 'D', 3_000, 'WEB PMT 5399XXXXXXXX1234 PAYSTACK*SPORTYBET LAGOS NG'],
      ['2023-02-25', 'D', 6_000, 'MONNIFY/CARBON LOAN REPAYMENT'],
    ],
    { openingNaira: 100_000 },
  ),
);
const spend = result.spendAnalysis;

describe('spendAnalysis', () => {
  it('totals per real-API group: channels and categories, never self-transfers', () => {
    expect(spend.totalSpendOnTransfer).toBe(10_000);
    expect(spend.totalSpendOnAtmAndPOS).toBe(7_000); // POS 5,000 + ATM 2,000
    expect(spend.totalSpendOnUSSD).toBe(2_000);
    expect(spend.totalSpendOnAirtimeAndData).toBe(2_000);
    expect(spend.totalSpendOnGambling).toBe(3_000);
    expect(spend.totalSpendOnChargesAndStampDuty).toBe(100);
    expect(spend.totalSpendOnOnlineAndWeb).toBe(9_000); // SportyBet 3,000 + Carbon via Monnify 6,000
    expect(spend.totalSpendOnSavingsAndInvestments).toBe(4_000);
    expect(spend.totalSpendOnOthers).toBe(13_000); // shopping 5,000 + cash 2,000 + loan repayment 6,000
    // Jan 3 .. Feb 25: 29/31 + 25/28 = 1.8283 months
    expect(spend.averageMonthlySpendOnTransfer).toBe(5_469.44); // 10,000 / 1.8283
  });

  it('expenses leave out self-transfers, savings and loan repayments', () => {
    // 10,000 + 5,000 + 100 + 2,000 + 1,000 + 1,000 + 3,000
    expect(spend.totalExpenses).toBe(22_100);
    expect(spend.averageMonthlyTotalExpenses).toBe(12_087.46); // 22,100 / (29/31 + 25/28)
    expect(spend.totalMonthlyExpenses).toEqual([
      { year: '2023', month_name: 'January', amount: 15_100 },
      { year: '2023', month_name: 'February', amount: 7_000 },
    ]);
    expect(spend.monthWithHighestSpend).toBe('01/2023');
    expect(spend.highestSpend).toBe(15_100);
  });

  it('most frequent category and expense, ATM locations', () => {
    // The real API's token: its group's, as in totalSpendOnAirtimeAndData.
    expect(spend.mostFrequentSpendCategory).toBe('airtime_and_data_transactions');
    expect(spend.mostFrequentExpense).toBe('*901* AIRTIME RECHARGE 08031234567 MTN');
    expect(spend.mostFrequentExpenseAmount).toBe(1_000);
    expect(spend.atmLocations).toEqual(['GTB IKEJA CITY MALL']);
  });
});

describe('spendAnalysis with reversed debits and zero amounts', () => {
  const reversed = analyseStatement(
    statementOf([
      ['2024-04-01', 'C', 100_000, 'NIP CR/TUNDE BAKARE/GTB'],
      ['2024-04-08', 'D', 5_000, 'POS PURCHASE'],
      ['2024-04-10', 'D', 2_000, 'BET9JA'],
      ['2024-04-11', 'C', 2_000, 'BET9JA REFUND'],
      ['2024-04-12', 'D', 3_000, 'MTN AIRTIME'],
      ['2024-04-12', 'C', 3_000, 'REVERSAL MTN AIRTIME'],
      ['2024-04-15', 'D', 0, 'MTN AIRTIME'],
      ['2024-04-16', 'D', 0, 'MTN AIRTIME'],
      ['2024-04-20', 'D', 100, 'POS PURCHASE'],
    ]),
  );
  const s = reversed.spendAnalysis;

  it('a debit paid back by a reversal or refund is not spent; the turnover still counts it', () => {
    expect(s.totalSpendOnAirtimeAndData).toBe(0);
    expect(s.totalSpendOnGambling).toBe(0);
    expect(s.totalSpendOnAtmAndPOS).toBe(5_100);
    // 5,000 + 100; the bet and the airtime came back
    expect(s.totalExpenses).toBe(5_100);
    expect(s.averageMonthlyTotalExpenses).toBe(5_100);
    expect(s.totalMonthlyExpenses).toEqual([{ year: '2024', month_name: 'April', amount: 5_100 }]);
    expect(reversed.cashFlowAnalysis.totalDebitTurnOver).toBe(10_100);
  });

  it('zero amounts and reversed debits are not counted: two POS purchases beat one airtime', () => {
    // Airtime has three debits: one paid back, two of nothing.
    expect(s.mostFrequentSpendCategory).toBe('others_transactions');
    expect(s.mostFrequentExpense).toBe('POS PURCHASE');
    // Paid 5,000 once and 100 once: the tie goes to the amount paid last (Apr 20).
    expect(s.mostFrequentExpenseAmount).toBe(100);
  });
});

describe('spendAnalysis with returned cheques', () => {
  // The auditor's statement: a deposited cheque bounces back a day later, and a cheque the holder
  // wrote is returned too; neither is money spent.
  const result = analyseStatement(
    statementOf([
      ['2022-10-03', 'C', 200_000, 'NIP CR/TUNDE BAKARE/GTB'],
      ['2022-10-05', 'D', 19_575, 'POS PURCHASE SHOPRITE LEKKI'],
      ['2022-10-07', 'C', 50_000, 'CHEQUE DEPOSIT 00012'],
      ['2022-10-08', 'D', 50_000, 'RETURNED CHEQUE 00012 DRAWER DECEASED'],
      ['2022-10-11', 'D', 50_000, 'INWARD CHQ RETURNED'],
    ]),
  );

  it('a returned-cheque debit is neither transfer spend nor an expense; both still count as returned', () => {
    expect(result.spendAnalysis.totalSpendOnTransfer).toBe(0); // was 100,000
    expect(result.spendAnalysis.totalExpenses).toBe(19_575); // the POS purchase alone, was 119,575
    expect(result.transactionPatternAnalysis.returnCheque).toBe(2);
    expect(result.cashFlowAnalysis.totalDebitTurnOver).toBe(119_575);
  });
});

describe('spendAnalysis: recurring expenses are established streams of expenses', () => {
  const months = ['01', '02', '03', '04', '05', '06'];
  const rows = byDate([
    ['2024-01-02', 'C', 900_000, 'TRF FROM CHIDI OKEKE'],
    // Counted: DStv monthly (MATURE utilities) and Bolt weekly in June (MATURE transport).
    ...months.map((m): Row => [`2024-${m}-05`, 'D', 12_500, 'DSTV SUBSCRIPTION MULTICHOICE']),
    ...['01', '08', '15', '22', '29'].map((d): Row => [`2024-06-${d}`, 'D', 2_000, 'BOLT RIDE LAGOS']),
    // Not expenses, though MATURE: savings twice a month and a monthly loan repayment.
    ...months.flatMap((m): Row[] => [
      [`2024-${m}-01`, 'D', 5_000, 'PIGGYVEST AUTOSAVE'],
      [`2024-${m}-15`, 'D', 5_000, 'PIGGYVEST AUTOSAVE'],
    ]),
    ...months.map((m): Row => [`2024-${m}-10`, 'D', 20_000, 'MONNIFY/CARBON LOAN REPAYMENT']),
    // Expenses, not recurring: upkeep that ended in March (TOMBSTONED), and two unlike transfers.
    ...['01', '02', '03'].map((m): Row => [`2024-${m}-10`, 'D', 30_000, 'TRF TO MAMA NKECHI UPKEEP']),
    ['2024-06-04', 'D', 50_000, 'TRF TO EMEKA NWOSU'],
    ['2024-06-10', 'D', 10_000, 'TRF TO EMEKA NWOSU'],
  ]);
  const spend = analyseStatement(statementOf(rows, { holder: 'ADEBAYO JOHN OKAFOR' })).spendAnalysis;

  it('totals DStv 6 x 12,500 and Bolt 5 x 2,000: 85,000, inside the expenses', () => {
    expect(spend.totalRecurringExpense).toBe(85_000);
    // DStv 75,000 + Bolt 10,000 + upkeep 90,000 + EMEKA 60,000; savings and repayments left out.
    expect(spend.totalExpenses).toBe(235_000);
  });

  it('the most recurring expense is the one paid most often among them: DStv (6), not PiggyVest (12)', () => {
    expect(spend.mostRecurringExpense).toBe('DSTV SUBSCRIPTION MULTICHOICE');
  });
});

describe('spendAnalysis: the most frequent expense is its party’s, at the amount most often paid', () => {
  const rows = byDate([
    ['2024-10-01', 'C', 200_000, 'NIP CR/TUNDE BAKARE/GTB'],
    // One payee under four remarks: EMEKA NWOSU, four debits, 3,000 twice.
    ['2024-10-01', 'D', 50_000, 'NIP TRF TO EMEKA NWOSU/RENT OCT'],
    ['2024-10-03', 'D', 7_000, 'NIP TRF TO EMEKA NWOSU/BAL'],
    ['2024-10-05', 'D', 3_000, 'NIP TRF TO EMEKA NWOSU/LUNCH'],
    ['2024-10-20', 'D', 3_000, 'NIP TRF TO EMEKA NWOSU/LUNCH'],
    // Cash at ATMs: three debits.
    ['2024-10-02', 'D', 5_000, 'ATM WITHDRAWAL FBN MARINA LAGOS'],
    ['2024-10-09', 'D', 4_000, 'ATM WITHDRAWAL FBN MARINA LAGOS'],
    ['2024-10-16', 'D', 2_000, 'ATM WITHDRAWAL GTB ALLEN AVENUE IKEJA'],
    // Airtime from two telcos: two payees of two debits each, not one of four.
    ['2024-10-04', 'D', 1_000, 'USSD *737* AIRTIME GLO 08051234567'],
    ['2024-10-11', 'D', 1_000, 'USSD *737* AIRTIME GLO 08051234567'],
    ['2024-10-06', 'D', 500, 'USSD *737* AIRTIME MTN 08031234567'],
    ['2024-10-13', 'D', 500, 'USSD *737* AIRTIME MTN 08031234567'],
    // A card request, not an ATM visit.
    ['2024-10-21', 'D', 1_500, 'REPLACEMENT OF LOST ATM CARD'],
  ]);
  const result = analyseStatement(statementOf(rows));
  const s = result.spendAnalysis;

  it('groups expenses by party and gives the amount the party is most often paid, with that payment’s narration', () => {
    expect(s.mostFrequentExpense).toBe('NIP TRF TO EMEKA NWOSU/LUNCH');
    expect(s.mostFrequentExpenseAmount).toBe(3_000);
    expect(result.transactionPatternAnalysis.mostFrequentDebitTransfer).toBe('EMEKA NWOSU');
  });

  it('a lost card replaced is a card request charged, not an ATM location', () => {
    expect(s.atmLocations).toEqual(['FBN MARINA LAGOS', 'GTB ALLEN AVENUE IKEJA']);
    expect(s.totalSpendOnChargesAndStampDuty).toBe(1_500);
    expect(result.transactionPatternAnalysis.numberOfCardRequests).toBe(1);
  });
});

describe('spendAnalysis most frequent expense among interleaved payees', () => {
  // KEMI ALABI is paid first and twice; EMEKA NWOSU four times, 4,000 and 6,000 twice each, between.
  const s = analyseStatement(
    statementOf([
      ['2024-10-01', 'C', 100_000, 'NIP CR/TUNDE BAKARE/GTB'],
      ['2024-10-02', 'D', 2_000, 'NIP TRF TO KEMI ALABI/GIFT'],
      ['2024-10-03', 'D', 4_000, 'NIP TRF TO EMEKA NWOSU/A'],
      ['2024-10-04', 'D', 2_000, 'NIP TRF TO KEMI ALABI/GIFT'],
      ['2024-10-05', 'D', 6_000, 'NIP TRF TO EMEKA NWOSU/B'],
      ['2024-10-06', 'D', 4_000, 'NIP TRF TO EMEKA NWOSU/C'],
      ['2024-10-07', 'D', 6_000, 'NIP TRF TO EMEKA NWOSU/D'],
    ]),
  ).spendAnalysis;

  it('gives the amount paid most often, ties to the amount paid last, with its last narration', () => {
    expect(s.mostFrequentExpense).toBe('NIP TRF TO EMEKA NWOSU/D');
    expect(s.mostFrequentExpenseAmount).toBe(6_000);
  });
});
