import { type Row, statementOf } from './statement-builder.js';

// Opening ₦1,000. End-of-day balances Jan 1..10: 101,000; 6,000; 6,000; 6,000; 56,000; 4,000; 4,000;
// 3,000; 3,000; 8,000.
/** Two large credits swept out the next day, betting, low balances. */
export const sweptStatement = statementOf(
  [
    ['2023-01-01', 'C', 100_000, 'NIP CR/ACME LTD/JAN SALARY'],
    ['2023-01-02', 'D', 95_000, 'NIBSS Instant Payment Outward TO UBA/KEMI ALABI'],
    ['2023-01-05', 'C', 50_000, 'NIP CR/TUNDE BAKARE/GTB'],
    ['2023-01-06', 'D', 52_000, 'WEB PMT 5399XXXXXXXX1234 PAYSTACK*SPORTYBET LAGOS NG'],
    ['2023-01-08', 'D', 1_000, 'WEB PMT 5399XXXXXXXX1234 PAYSTACK*BET9JA LAGOS NG'],
    ['2023-01-10', 'C', 5_000, 'NIP CR/KC GAMING NETWORKS LIMITED/BET9JA WITHDRAWAL'],
  ],
  { openingNaira: 1_000 },
);

// Opening ₦10,000. Daily balances: Jan 5-9 110,000; Jan 10-31 80,000; Feb 1-2 80,000; Feb 3-24 60,000;
// Feb 25-28 110,000; Mar 1-30 110,000; Mar 31 105,000.
/** Three months, a reversal, quiet days between transactions. */
export const threeMonthStatement = statementOf(
  [
    ['2023-01-05', 'C', 100_000, 'NIP CR/JOHN DOE/GTB'],
    ['2023-01-10', 'D', 30_000, 'NIBSS Instant Payment Outward TO UBA/KEMI ALABI'],
    ['2023-02-03', 'D', 20_000, 'POS PURCHASE SHOPRITE LEKKI'],
    ['2023-02-25', 'C', 50_000, 'REVERSAL OF FAILED TRANSFER'],
    ['2023-03-31', 'D', 5_000, 'ATM WDL GTB ATM IKEJA'],
  ],
  { openingNaira: 10_000 },
);

// Opening ₦250,000 (the account is healthy). End-of-day balances: May 1-2 235,000; May 3-9 255,000;
// May 10-19 243,000; May 20 240,000. Flows alone from an assumed 0 would read -15,000 ... -10,000.
/** Twenty days of May with more debits than credits, for statements without some or all balances. */
export const healthyMay = statementOf(
  [
    ['2023-05-01', 'D', 15_000, 'POS PURCHASE SHOPRITE LEKKI'],
    ['2023-05-03', 'C', 20_000, 'NIP CR/TUNDE BAKARE/GTB'],
    ['2023-05-10', 'D', 12_000, 'NIBSS Instant Payment Outward TO UBA/KEMI ALABI'],
    ['2023-05-20', 'D', 3_000, '*901* AIRTIME RECHARGE 08031234567 MTN'],
  ],
  { openingNaira: 250_000 },
);

// Opening ₦10,000. 31 days of 2024 (a leap year): Jan 31, all of February, Mar 1. End-of-day
// balances: Jan 31 - Feb 14 610,000; Feb 15-29 510,000; Mar 1 530,000.
/** A month's span across three calendar months: 620,000 in, 100,000 out. */
export const acrossThreeMonths = statementOf(
  [
    ['2024-01-31', 'C', 600_000, 'NIP CR/TUNDE BAKARE/GTB'],
    ['2024-02-15', 'D', 100_000, 'POS PURCHASE SHOPRITE LEKKI'],
    ['2024-03-01', 'C', 20_000, 'NIP CR/TUNDE BAKARE/GTB'],
  ],
  { openingNaira: 10_000 },
);

// The holder moves 400,000 in from and straight back out to their own accounts, twice; bets
// 30,000 and a 2,000 bet that is refunded. Inflow: 100,000 + 10,000 (not the 912,000 credited).
/** April with money moved round the holder's own accounts, bets and a refunded bet. */
export const ownMoneyApril = statementOf(
  [
    ['2024-04-01', 'C', 100_000, 'TRF FROM CHIDI OKEKE'],
    ['2024-04-02', 'C', 400_000, 'TRF FROM ADEBAYO JOHN OKAFOR'],
    ['2024-04-02', 'D', 400_000, 'TRF TO ADEBAYO JOHN OKAFOR'],
    ['2024-04-03', 'D', 10_000, 'BET9JA'],
    ['2024-04-05', 'D', 10_000, 'BET9JA'],
    ['2024-04-08', 'D', 10_000, 'SPORTYBET'],
    ['2024-04-09', 'C', 400_000, 'TRF FROM ADEBAYO JOHN OKAFOR'],
    ['2024-04-09', 'D', 400_000, 'TRF TO ADEBAYO JOHN OKAFOR'],
    ['2024-04-10', 'D', 2_000, 'BET9JA'],
    ['2024-04-11', 'C', 2_000, 'BET9JA REFUND'],
    ['2024-04-12', 'D', 5_000, 'MTN AIRTIME'],
    ['2024-04-20', 'D', 100, 'POS PURCHASE'],
    ['2024-04-30', 'C', 10_000, 'TRF FROM CHIDI OKEKE'],
  ],
  { holder: 'ADEBAYO JOHN OKAFOR' },
);

/**
 * April 2025 with same-day pairs: a debit before a credit dips below every end-of-day balance, a
 * credit before a debit peaks above them (opening ₦10,000); May quiet; one June row.
 */
export const runningBalanceRows: Row[] = [
  ['2025-04-02', 'C', 50_000, 'NIP FROM TUNDE BAKARE/GIFT'],
  ['2025-04-10', 'D', 3_250, 'BOLT.EU/O/2504 TRIP LAGOS'],
  ['2025-04-10', 'C', 40_000, 'NIP FROM BRIGHTMINDS TUTORS LTD/TUTORING FEE'],
  ['2025-04-20', 'C', 100_000, 'NIP FROM EMEKA NWOSU/REFUND FOR PHONE'],
  ['2025-04-20', 'D', 120_000, 'NIP TRF TO MRS FOLAKE ADEYEMI/RENT'],
  ['2025-06-03', 'D', 1_000, 'MTN AIRTIME VTU 08031234567'],
];
