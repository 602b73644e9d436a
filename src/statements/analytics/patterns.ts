import { toMajor } from '../../domain/money.js';
import type { CategorisedTransaction } from './categorise/categorise.js';
import type { AnalysisContext } from './context.js';
import { fraction, mostFrequent } from './stats.js';

/** Amount bands of the real API, in minor units: < ₦10k, ₦10k-100k, ₦100k-500k, ₦500k-1m, > ₦1m. */
const BANDS = [1_000_000, 10_000_000, 50_000_000, 100_000_000];
const BAND_NAMES = [
  'LessThan10ThousandNaira',
  'Between10ThousandTo100ThousandNaira',
  'Between100ThousandTo500ThousandNaira',
  'Between500ThousandToOneMillionNaira',
  'GreaterThanOneMillionNaira',
] as const;
const BAND_LABELS = [
  'less than 10,000 naira',
  '10,000 - 100,000 naira',
  '100,000 - 500,000 naira',
  '500,000 - 1,000,000 naira',
  'more than 1,000,000 naira',
];

function band(minor: number): number {
  let i = 0;
  while (i < BANDS.length && minor >= (BANDS[i] as number)) i++;
  return i;
}

export interface Party {
  date: string;
  amount: number;
  description: string;
  counterparty: string;
}

/** The real API's `transactionPatternAnalysis`. */
export type TransactionPatternAnalysis = Record<string, number | string | Party | null>;

/** Flags the lexicon sets on narrations (card requests, returned cheques, bounced debits). */
const hasFlag = (tx: CategorisedTransaction, flag: string) => tx.flags.includes(flag);

export function transactionPatternAnalysis(ctx: AnalysisContext, chainBreaks: number): TransactionPatternAnalysis {
  const txs = ctx.txs;
  const amountBands = new Array<number>(BANDS.length + 1).fill(0);
  const balanceBands = new Array<number>(BANDS.length + 1).fill(0);
  const dayTotals = new Map<string, number>();
  const creditParties = new Map<string, number>();
  const debitParties = new Map<string, number>();
  let credits = 0;
  let balances = 0;
  let lastCredit: string | null = null;
  let lastDebit: string | null = null;
  let topIn: CategorisedTransaction | null = null;
  let topOut: CategorisedTransaction | null = null;
  let cardRequests = 0;
  let returnedCheques = 0;
  for (const tx of txs) {
    const b = band(tx.amount);
    amountBands[b] = (amountBands[b] ?? 0) + 1;
    if (tx.balance !== undefined) {
      const bb = band(Math.max(0, tx.balance));
      balanceBands[bb] = (balanceBands[bb] ?? 0) + 1;
      balances++;
    }
    dayTotals.set(tx.date, (dayTotals.get(tx.date) ?? 0) + tx.amount);
    if (tx.direction === 'credit') {
      credits++;
      lastCredit = tx.date;
      if (tx.category === 'transfer_in') {
        if (!topIn || tx.amount > topIn.amount) topIn = tx;
        if (tx.counterparty) creditParties.set(tx.counterparty, (creditParties.get(tx.counterparty) ?? 0) + 1);
      }
    } else {
      lastDebit = tx.date;
      if (tx.category === 'transfer') {
        if (!topOut || tx.amount > topOut.amount) topOut = tx;
        if (tx.counterparty) debitParties.set(tx.counterparty, (debitParties.get(tx.counterparty) ?? 0) + 1);
      }
    }
    if (hasFlag(tx, 'card_request')) cardRequests++;
    if (hasFlag(tx, 'returned_cheque')) returnedCheques++;
  }
  const n = txs.length;
  let smallDays = 0;
  for (const total of dayTotals.values()) if (total < (BANDS[0] as number)) smallDays++;
  let lowBalanceDays = 0;
  for (let i = 0; i < ctx.spanDays; i++) if ((ctx.endOfDay[i] ?? 0) < (BANDS[0] as number)) lowBalanceDays++;
  const mostBand = (counts: number[]) => {
    let best = -1;
    counts.forEach((c, i) => {
      if (c > 0 && (best < 0 || c > (counts[best] ?? 0))) best = i;
    });
    return best < 0 ? null : (BAND_LABELS[best] ?? null);
  };
  const party = (tx: CategorisedTransaction | null): Party | null =>
    tx ? { date: tx.date, amount: toMajor(tx.amount), description: tx.narration, counterparty: tx.counterparty } : null;

  const out: TransactionPatternAnalysis = {
    lastDayOfCredit: lastCredit,
    lastDayOfDebit: lastDebit,
    percentDebitTransactions: fraction(n - credits, n),
    percentCreditTransactions: fraction(credits, n),
    totalNumberOfTransactions: n,
  };
  BAND_NAMES.forEach((name, i) => {
    out[`percentOfTransactions${name}`] = fraction(amountBands[i] ?? 0, n);
  });
  out.percentNumberOfDaysTransactionsWasLessThan10ThousandNaira = fraction(smallDays, dayTotals.size);
  BAND_NAMES.forEach((name, i) => {
    out[`percentOfBalances${name}`] = fraction(balanceBands[i] ?? 0, balances);
  });
  Object.assign(out, {
    percentNumberOfDaysBalanceWasLessThan10ThousandNaira: fraction(lowBalanceDays, ctx.spanDays),
    mostFrequentBalanceRange: mostBand(balanceBands),
    mostFrequentTransactionRange: mostBand(amountBands),
    numberOfCardRequests: cardRequests,
    topIncomingTransfer: party(topIn),
    topOutgoingTransfer: party(topOut),
    mostFrequentCreditTransfer: mostFrequent(creditParties),
    mostFrequentDebitTransfer: mostFrequent(debitParties),
    returnCheque: returnedCheques,
    missingTransactions: chainBreaks > 0 ? 'Yes' : 'No',
  });
  return out;
}
