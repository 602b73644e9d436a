import type { CanonicalTransaction } from '../../domain/statement.js';
import type { Verdict } from './categorise/categorise.js';
import type { AnalysisContext } from './context.js';
import { pairReturnedCheques, pairReversals, type ReturnedChequePair, type ReversalPair } from './reversal-pairs.js';

/** One category: its sums by direction and, once asked for, its transactions. */
export interface CategoryRows {
  category: string;
  /** The category's number in `VerdictIndex.rowCategory`. */
  slot: number;
  creditCount: number;
  debitCount: number;
  /** Minor units. */
  creditTotal: number;
  debitTotal: number;
  /** Index in `ctx.rows` of the category's first credit / debit; -1 when it has none. */
  firstCredit: number;
  firstDebit: number;
  /** Minor units; 0 when it has no credit. */
  largestCredit: number;
  /** Its rows that count for nothing (`VerdictIndex.cancelled`), by direction, and their minor units. */
  cancelledCreditCount: number;
  cancelledDebitCount: number;
  cancelledCreditTotal: number;
  cancelledDebitTotal: number;
  /** Indexes in `ctx.rows`, ascending; filled by `rowsOf`. */
  rows: Int32Array | null;
}

/**
 * The categoriser's final verdicts, one pass over the transactions for every section: each
 * transaction's category as a number, each category's sums, the transactions carrying lexicon
 * flags, the rows that count for nothing (zero amounts, debits paid back by a reversal, returned
 * cheques and the cheque credits they took back) and the
 * inflow every share of inflow divides by.
 */
export interface VerdictIndex {
  /** Every category present, in order of first appearance (their slots: 0, 1, ...). */
  categories: CategoryRows[];
  byName: ReadonlyMap<string, CategoryRows>;
  /** Per transaction: its category's slot, the category's index in `categories`. */
  rowCategory: Uint16Array;
  /** Per verdict number (`ctx.verdicts`): its category's slot; -1 for a verdict no row has. */
  verdictSlot: Int32Array;
  /** Indexes in `ctx.rows` of the transactions with at least one flag, ascending. */
  flagged: number[];
  /**
   * Per transaction: 1 when it counts for nothing (never spend, an expense, inflow, a stake, a
   * repayment or a disbursement): a zero amount, a debit that a reversal paid back, a returned-cheque
   * debit (money that never arrived going back) and the cheque credit it took back. Turnovers still
   * count it.
   */
  cancelled: Uint8Array;
  /** Each reversal credit with the debit it paid back (`pairReversals`), in order of the reversals. */
  reversalPairs: ReversalPair[];
  /** Each returned-cheque debit with the cheque credit it took back (`pairReturnedCheques`), in order. */
  returnedChequePairs: ReturnedChequePair[];
  /**
   * Inflow: the money the holder received, minor units. Every credit except self-transfers (the
   * holder's own money), reversals (money paid back, not received) and cheques returned unpaid;
   * loan disbursements count.
   * Every share-of-inflow figure divides by it. `validCredit` is this less the loan disbursements.
   */
  inflow: number;
  /** Number of credits in `inflow`, zero amounts left out. */
  inflowCount: number;
}

/** Credits that are not inflow: the holder's own money, and money paid back. */
const NOT_INFLOW = new Set(['self_transfer', 'reversal']);

/**
 * The verdict index, built on first use and kept on the context. Categories are final only once
 * `incomeAnalysis` has re-labelled salary credits, so only sections that run after it may call this.
 */
export function verdictIndex(ctx: AnalysisContext): VerdictIndex {
  if (ctx.verdictIndex) return ctx.verdictIndex;
  const { rows, verdicts, verdictOf } = ctx;
  const n = rows.length;
  const byName = new Map<string, CategoryRows>();
  const bySlot: CategoryRows[] = [];
  const rowCategory = new Uint16Array(n);
  const flagged: number[] = [];
  const returnedCheques: number[] = [];
  const cancelled = new Uint8Array(n);
  // The rows marked in `cancelled`, so their tally reads only them (few), not every row's mark.
  const cancelledRows: number[] = [];
  // Per verdict number: its category's slot (-1 before its first row), and whether it has flags.
  const verdictSlot = new Int32Array(verdicts.length).fill(-1);
  const verdictFlagged = new Uint8Array(verdicts.length);
  for (let i = 0; i < n; i++) {
    const tx = rows[i] as CanonicalTransaction;
    const k = verdictOf[i] as number;
    let slot = verdictSlot[k] as number;
    if (slot < 0) {
      const label = verdicts[k] as Verdict;
      slot = (byName.get(label.category) ?? newCategory(bySlot, byName, label.category)).slot;
      verdictSlot[k] = slot;
      verdictFlagged[k] = label.flags.length > 0 ? 1 : 0;
    }
    const c = bySlot[slot] as CategoryRows;
    rowCategory[i] = slot;
    if (tx.direction === 'debit') {
      if (c.debitCount++ === 0) c.firstDebit = i;
      c.debitTotal += tx.amount;
    } else {
      if (c.creditCount++ === 0) c.firstCredit = i;
      c.creditTotal += tx.amount;
      if (tx.amount > c.largestCredit) c.largestCredit = tx.amount;
    }
    let cancel = tx.amount === 0;
    if (verdictFlagged[k] === 1) {
      flagged.push(i);
      if (tx.direction === 'debit' && isReturnedCheque(verdicts[k] as Verdict)) {
        returnedCheques.push(i);
        cancel = true;
      }
    }
    if (cancel) {
      cancelled[i] = 1;
      cancelledRows.push(i);
    }
  }
  // Returned cheques are marked first, so a reversal never pairs with one.
  const reversalPairs = pairReversals(ctx, reversalCredits(ctx, rowCategory, byName.get('reversal')), cancelled);
  const returnedChequePairs = pairReturnedCheques(ctx, returnedCheques, cancelled);
  // Pairing marks only rows not marked before, so each cancelled row is tallied once.
  for (const p of reversalPairs) cancelledRows.push(p.debit);
  for (const p of returnedChequePairs) cancelledRows.push(p.cheque);
  tallyCancelled(ctx, bySlot, rowCategory, cancelledRows);
  ctx.verdictIndex = {
    categories: bySlot,
    byName,
    rowCategory,
    verdictSlot,
    flagged,
    cancelled,
    reversalPairs,
    returnedChequePairs,
    ...inflowOf(bySlot),
  };
  return ctx.verdictIndex;
}

/** A returned cheque itself, not the bank's charge for it (also flagged, but spent). */
const isReturnedCheque = (label: Verdict): boolean =>
  label.channel === 'cheque' && label.flags.includes('returned_cheque');

/** Indexes of the reversal category's credits, ascending. */
function reversalCredits(ctx: AnalysisContext, rowCategory: Uint16Array, c: CategoryRows | undefined): Int32Array {
  if (c === undefined) return NO_ROWS;
  const out = new Int32Array(c.creditCount);
  for (let i = c.firstCredit, k = 0; k < out.length; i++) {
    if (rowCategory[i] === c.slot && (ctx.rows[i] as CanonicalTransaction).direction === 'credit') out[k++] = i;
  }
  return out;
}

/** The inflow and its number of credits, from the category sums (`tallyCancelled` done). */
function inflowOf(categories: readonly CategoryRows[]): { inflow: number; inflowCount: number } {
  let inflow = 0;
  let inflowCount = 0;
  for (const c of categories) {
    if (NOT_INFLOW.has(c.category)) continue;
    inflow += c.creditTotal - c.cancelledCreditTotal;
    inflowCount += c.creditCount - c.cancelledCreditCount;
  }
  return { inflow, inflowCount };
}

/**
 * Adds each cancelled row (`rows`, each once) to its category's cancelled counts and total. Amounts
 * are integer minor units, so the totals do not depend on the rows' order.
 */
function tallyCancelled(
  ctx: AnalysisContext,
  bySlot: CategoryRows[],
  rowCategory: Uint16Array,
  rows: readonly number[],
): void {
  for (const i of rows) {
    const tx = ctx.rows[i] as CanonicalTransaction;
    const c = bySlot[rowCategory[i] as number] as CategoryRows;
    if (tx.direction === 'credit') {
      c.cancelledCreditCount++;
      c.cancelledCreditTotal += tx.amount;
    } else {
      c.cancelledDebitCount++;
      c.cancelledDebitTotal += tx.amount;
    }
  }
}

function newCategory(bySlot: CategoryRows[], byName: Map<string, CategoryRows>, category: string): CategoryRows {
  const c: CategoryRows = {
    category,
    slot: bySlot.length,
    creditCount: 0,
    debitCount: 0,
    creditTotal: 0,
    debitTotal: 0,
    firstCredit: -1,
    firstDebit: -1,
    largestCredit: 0,
    cancelledCreditCount: 0,
    cancelledDebitCount: 0,
    cancelledCreditTotal: 0,
    cancelledDebitTotal: 0,
    rows: null,
  };
  bySlot.push(c);
  byName.set(category, c);
  return c;
}

/** Fills every category's `rows` at once: a counting sort of the transactions by category. */
function fillRows(index: VerdictIndex): void {
  const rowCategory = index.rowCategory;
  const all = new Int32Array(rowCategory.length);
  const next = new Int32Array(index.categories.length);
  let start = 0;
  for (const c of index.categories) {
    next[c.slot] = start;
    start += c.creditCount + c.debitCount;
  }
  for (let i = 0; i < rowCategory.length; i++) {
    const slot = rowCategory[i] as number;
    all[next[slot] as number] = i;
    next[slot] = (next[slot] as number) + 1;
  }
  for (const c of index.categories) {
    const end = next[c.slot] as number;
    c.rows = all.subarray(end - c.creditCount - c.debitCount, end);
  }
}

const NO_ROWS = new Int32Array(0);

/** Indexes in `ctx.rows` of one category's transactions, ascending. */
export function rowsOf(ctx: AnalysisContext, category: string): Int32Array {
  const index = verdictIndex(ctx);
  const c = index.byName.get(category);
  if (c === undefined) return NO_ROWS;
  if (c.rows === null) fillRows(index);
  return c.rows ?? NO_ROWS;
}

/** Indexes of one category's transactions that count (not `cancelled`), ascending. */
export function countedRowsOf(ctx: AnalysisContext, category: string): Int32Array {
  const rows = rowsOf(ctx, category);
  const { byName, cancelled } = verdictIndex(ctx);
  const c = byName.get(category);
  if (c === undefined || c.cancelledCreditCount + c.cancelledDebitCount === 0) return rows;
  return rows.filter((i) => cancelled[i] === 0);
}

/** Indexes of two categories' transactions, merged in statement order. */
export function rowsOfEither(ctx: AnalysisContext, a: string, b: string): Int32Array {
  const x = rowsOf(ctx, a);
  const y = rowsOf(ctx, b);
  if (y.length === 0) return x;
  if (x.length === 0) return y;
  const out = new Int32Array(x.length + y.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < x.length && j < y.length)
    out[k++] = (x[i] as number) < (y[j] as number) ? (x[i++] as number) : (y[j++] as number);
  while (i < x.length) out[k++] = x[i++] as number;
  while (j < y.length) out[k++] = y[j++] as number;
  return out;
}

/** Slot of a category in the index; -1 when no transaction has it. */
export const slotOf = (index: VerdictIndex, category: string): number => index.byName.get(category)?.slot ?? -1;
