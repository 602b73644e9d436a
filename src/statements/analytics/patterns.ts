import { toMajor } from '../../domain/money.js';
import type { CanonicalTransaction } from '../../domain/statement.js';
import type { Verdict } from './categorise/categorise.js';
import type { AnalysisContext, KnownBalances } from './context.js';
import { PartyTally } from './parties.js';
import { fraction } from './stats.js';
import { partiesIndex, type StreamsIndex } from './streams-index.js';
import { thresholdsOf } from './thresholds.js';
import { slotOf, verdictIndex } from './verdicts.js';

/**
 * Amount bands of the real API: under ₦10,000; ₦10,000 to under ₦100,000; ₦100,000 to under
 * ₦500,000; ₦500,000 to ₦1,000,000 inclusive; over ₦1,000,000 (exactly a million is not "greater
 * than one million"). Lower bounds are inclusive. A statement in another currency is banded by the
 * naira equivalents (`Thresholds.amountBands`), so the fields keep the meaning their names give.
 */
const BAND_NAMES = [
  'LessThan10ThousandNaira',
  'Between10ThousandTo100ThousandNaira',
  'Between100ThousandTo500ThousandNaira',
  'Between500ThousandToOneMillionNaira',
  'GreaterThanOneMillionNaira',
] as const;
/** How `mostFrequentBalanceRange` and `mostFrequentTransactionRange` name the bands. */
export const BAND_LABELS = [
  'less than 10,000 naira',
  '10,000 - 100,000 naira',
  '100,000 - 500,000 naira',
  '500,000 - 1,000,000 naira',
  'more than 1,000,000 naira',
];

export const TRANSACTION_KEYS = BAND_NAMES.map((name) => `percentOfTransactions${name}`);
export const BALANCE_KEYS = BAND_NAMES.map((name) => `percentOfBalances${name}`);
/** What each band holds, for the published schema. */
export const BAND_BOUNDS = [
  'under ₦10,000',
  '₦10,000 to under ₦100,000',
  '₦100,000 to under ₦500,000',
  '₦500,000 to ₦1,000,000, both included',
  'over ₦1,000,000',
];

/**
 * The band of an amount among a statement's four bounds (`Thresholds.amountBands`; negative
 * balances, and NaN, fall in the first band). Compared in turn, not summed from four comparisons:
 * most amounts and balances stop at the first or second test. The bounds come as numbers, not as
 * the tuple or a closure over it, so the per-row call stays a plain inlined function.
 */
function band(minor: number, b10k: number, b100k: number, b500k: number, b1m: number): number {
  if (!(minor >= b10k)) return 0;
  if (!(minor >= b100k)) return 1;
  if (!(minor >= b500k)) return 2;
  return minor > b1m ? 4 : 3;
}

/** A transfer with its counterparty: `largestIncomingTransfer`, `largestOutgoingTransfer` (beyond the real API). */
export interface Party {
  date: string;
  amount: number;
  description: string;
  counterparty: string;
}

/**
 * The real API's `transactionPatternAnalysis`, where the four transfer figures are counterparty
 * names, plus the largest transfer each way in full (ours).
 */
export type TransactionPatternAnalysis = Record<string, number | string | Party | null>;

const party = (tx: CanonicalTransaction, label: Verdict): Party => ({
  date: tx.date,
  amount: toMajor(tx.amount),
  description: tx.narration,
  counterparty: label.counterparty,
});

/**
 * Transfers of one category in one direction: the first with the largest amount, and how often each
 * (non-empty) counterparty appears.
 */
class Transfers {
  /** Row of the largest so far; -1 before the first. */
  private top = -1;
  private topAmount = 0;
  private readonly parties: PartyTally;

  constructor(
    readonly slot: number,
    private readonly direction: 'credit' | 'debit',
    private readonly index: StreamsIndex,
  ) {
    this.parties = new PartyTally(index, direction === 'credit');
  }

  add(i: number, tx: CanonicalTransaction, label: Verdict): void {
    if (tx.direction !== this.direction) return;
    if (this.top < 0 || tx.amount > this.topAmount) {
      this.top = i;
      this.topAmount = tx.amount;
    }
    // Without an entity, the counterparty is the row's party in the streams index (-1 when empty):
    // counted without reading the string, which is most of the cost of a row here.
    if (label.entity == null) {
      const party = this.index.partyOf[i] as number;
      if (party >= 0) this.parties.addParty(party);
    } else if (label.counterparty) this.parties.addName(label.counterparty);
  }

  /** The largest transfer, and the most frequent counterparty (ties: the first seen). */
  result(ctx: AnalysisContext): { top: Party | null; party: string | null } {
    const best = this.parties.top();
    const top = this.top;
    return {
      top: top < 0 ? null : party(ctx.rows[top] as CanonicalTransaction, ctx.labels[top] as Verdict),
      party: best < 0 ? null : this.parties.nameOf(best),
    };
  }
}

/** Date of the last credit (or of the last debit) that moved money, scanning back from the end. */
function lastDateOf(ctx: AnalysisContext, credit: boolean): string | null {
  for (let i = ctx.rows.length - 1; i >= 0; i--) {
    const tx = ctx.rows[i] as CanonicalTransaction;
    if (tx.amount > 0 && (tx.direction === 'credit') === credit) return tx.date;
  }
  return null;
}

const mostBand = (counts: Int32Array): string | null => {
  let best = -1;
  for (let i = 0; i < counts.length; i++) {
    const c = counts[i] as number;
    if (c > 0 && (best < 0 || c > (counts[best] as number))) best = i;
  }
  return best < 0 ? null : (BAND_LABELS[best] ?? null);
};

/**
 * The balance figures: the bands of the balance after each row (as stated, or followed from the
 * known balance before it) and the share of days ending under ₦10,000, from the same balances;
 * all null when the statement gives no balance.
 */
function balancePatterns(ctx: AnalysisContext, balances: KnownBalances | null): TransactionPatternAnalysis {
  const out: TransactionPatternAnalysis = {};
  if (balances === null) {
    for (const key of BALANCE_KEYS) out[key] = null;
    out.percentNumberOfDaysBalanceWasLessThan10ThousandNaira = null;
    out.mostFrequentBalanceRange = null;
    return out;
  }
  const [b10k, b100k, b500k, b1m] = thresholdsOf(ctx.statement.currency).amountBands;
  const bands = new Int32Array(BAND_NAMES.length);
  const afterRow = balances.afterRow;
  // An indexed loop: for-of over a Float64Array boxes each balance (about 4 times slower here).
  for (let i = 0; i < afterRow.length; i++) {
    const b = band(afterRow[i] as number, b10k, b100k, b500k, b1m);
    bands[b] = (bands[b] as number) + 1;
  }
  let lowDays = 0;
  for (const balance of balances.endOfDay) if (balance < b10k) lowDays++;
  for (let i = 0; i < BAND_NAMES.length; i++)
    out[BALANCE_KEYS[i] as string] = fraction(bands[i] as number, balances.afterRow.length);
  out.percentNumberOfDaysBalanceWasLessThan10ThousandNaira = fraction(lowDays, ctx.spanDays);
  out.mostFrequentBalanceRange = mostBand(bands);
  return out;
}

/**
 * The transaction figures count only rows that moved money: a zero-amount row (a provider's
 * `CLOSING BALANCE` line, a direct debit that failed for want of funds) is no transaction in the
 * counts, shares, bands, last dates or active days. Flags still count it: a failed debit of 0 is
 * what the bounced-debits signal looks for. `missingRows`: the integrity check found a gap.
 */
export function transactionPatternAnalysis(ctx: AnalysisContext, missingRows: boolean): TransactionPatternAnalysis {
  const { rows: txs, labels } = ctx;
  // Zero-amount rows are rare: counted apart, the counts and active days follow from the context's.
  let zeroRows = 0;
  let zeroCredits = 0;
  const zeroRowsOfDay = new Int32Array(ctx.spanDays);
  const [b10k, b100k, b500k, b1m] = thresholdsOf(ctx.statement.currency).amountBands;
  const amountBands = new Int32Array(BAND_NAMES.length);
  const v = verdictIndex(ctx);
  const rowCategory = v.rowCategory;
  const parties = partiesIndex(ctx);
  const incoming = new Transfers(slotOf(v, 'transfer_in'), 'credit', parties);
  const outgoing = new Transfers(slotOf(v, 'transfer'), 'debit', parties);
  // Read once: the transfer tallies' stores would otherwise make the loop read them again per row.
  const inSlot = incoming.slot;
  const outSlot = outgoing.slot;
  for (let i = 0; i < txs.length; i++) {
    const tx = txs[i] as CanonicalTransaction;
    if (tx.amount === 0) {
      zeroRows++;
      if (tx.direction === 'credit') zeroCredits++;
      const d = (ctx.day[i] as number) - ctx.firstDay;
      zeroRowsOfDay[d] = (zeroRowsOfDay[d] as number) + 1;
      continue;
    }
    const b = band(tx.amount, b10k, b100k, b500k, b1m);
    amountBands[b] = (amountBands[b] as number) + 1;
    const slot = rowCategory[i];
    if (slot === inSlot) incoming.add(i, tx, labels[i] as Verdict);
    else if (slot === outSlot) outgoing.add(i, tx, labels[i] as Verdict);
  }
  const n = txs.length - zeroRows;
  const credits = ctx.creditCount - zeroCredits;
  let activeDays = 0;
  let smallDays = 0;
  for (let d = 0; d < ctx.spanDays; d++) {
    // A day is active when it has a row that moved money.
    if ((ctx.dayTransactions[d] as number) > (zeroRowsOfDay[d] as number)) {
      activeDays++;
      if ((ctx.dayCredit[d] as number) + (ctx.dayDebit[d] as number) < b10k) smallDays++;
    }
  }
  let cardRequests = 0;
  let returnedCheques = 0;
  for (const i of v.flagged) {
    const flags = (labels[i] as Verdict).flags;
    if (flags.includes('card_request')) cardRequests++;
    if (flags.includes('returned_cheque')) returnedCheques++;
  }
  const topIn = incoming.result(ctx);
  const topOut = outgoing.result(ctx);

  const out: TransactionPatternAnalysis = {
    lastDayOfCredit: lastDateOf(ctx, true),
    lastDayOfDebit: lastDateOf(ctx, false),
    percentDebitTransactions: fraction(n - credits, n),
    percentCreditTransactions: fraction(credits, n),
    totalNumberOfTransactions: n,
  };
  for (let i = 0; i < BAND_NAMES.length; i++)
    out[TRANSACTION_KEYS[i] as string] = fraction(amountBands[i] as number, n);
  out.percentNumberOfDaysTransactionsWasLessThan10ThousandNaira = fraction(smallDays, activeDays);
  Object.assign(out, balancePatterns(ctx, ctx.balances), {
    mostFrequentTransactionRange: mostBand(amountBands),
    numberOfCardRequests: cardRequests,
    topIncomingTransfer: topIn.top?.counterparty || null,
    topOutgoingTransfer: topOut.top?.counterparty || null,
    mostFrequentCreditTransfer: topIn.party,
    mostFrequentDebitTransfer: topOut.party,
    returnCheque: returnedCheques,
    missingTransactions: missingRows ? 'Yes' : 'No',
    largestIncomingTransfer: topIn.top,
    largestOutgoingTransfer: topOut.top,
  });
  return out;
}
