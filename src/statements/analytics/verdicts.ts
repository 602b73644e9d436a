import type { CategorisedTransaction } from './categorise/categorise.js';
import type { AnalysisContext } from './context.js';
import { Tally } from './stats.js';

/** Where a transaction's money went or came from, as the categoriser decided. */
export interface TransactionCategory {
  id: string;
  category: string;
  channel: string;
  /** 0..1 */
  confidence: number;
  /** The rule or lexicon entry that decided the category. */
  evidence: string;
}

/**
 * A class rather than an object literal: V8 may move a literal's allocation site to the old
 * generation once its objects survive, and then every store of a young string costs a barrier.
 */
class Verdict implements TransactionCategory {
  readonly id: string;
  readonly category: string;
  readonly channel: string;
  readonly confidence: number;
  readonly evidence: string;

  constructor(tx: CategorisedTransaction) {
    this.id = tx.id;
    this.category = tx.category;
    this.channel = tx.channel;
    this.confidence = tx.confidence;
    this.evidence = tx.evidence;
  }
}

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
  /** Index in `ctx.txs` of the category's first credit / debit; -1 when it has none. */
  firstCredit: number;
  firstDebit: number;
  /** Minor units; 0 when it has no credit. */
  largestCredit: number;
  /** Indexes in `ctx.txs`, ascending; filled by `rowsOf`. */
  rows: Int32Array | null;
}

/**
 * The categoriser's final verdicts, one pass over the transactions for every section: each
 * transaction's verdict as the API lists it and its category as a number, each category's sums, and
 * the transactions carrying lexicon flags.
 */
export interface VerdictIndex {
  /** Per transaction, the analytics' `transactions` list. */
  list: TransactionCategory[];
  /** Every category present, in order of first appearance (their slots: 0, 1, ...). */
  categories: CategoryRows[];
  byName: ReadonlyMap<string, CategoryRows>;
  /** Per transaction: its category's slot, the category's index in `categories`. */
  rowCategory: Uint16Array;
  /** Indexes in `ctx.txs` of the transactions with at least one flag, ascending. */
  flagged: number[];
}

/**
 * The verdict index, built on first use and kept on the context. Categories are final only once
 * `incomeAnalysis` has re-labelled salary credits, so only sections that run after it may call this.
 */
export function verdictIndex(ctx: AnalysisContext): VerdictIndex {
  if (ctx.verdicts) return ctx.verdicts;
  const txs = ctx.txs;
  const n = txs.length;
  const numbers = new Tally();
  const bySlot: CategoryRows[] = [];
  const rowCategory = new Uint16Array(n);
  const flagged: number[] = [];
  const list: TransactionCategory[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const tx = txs[i] as CategorisedTransaction;
    list[i] = new Verdict(tx);
    const slot = numbers.add(tx.category);
    const c = bySlot[slot] ?? newCategory(bySlot, tx.category, slot);
    rowCategory[i] = slot;
    if (tx.direction === 'debit') {
      if (c.debitCount++ === 0) c.firstDebit = i;
      c.debitTotal += tx.amount;
    } else {
      if (c.creditCount++ === 0) c.firstCredit = i;
      c.creditTotal += tx.amount;
      if (tx.amount > c.largestCredit) c.largestCredit = tx.amount;
    }
    if (tx.flags.length > 0) flagged.push(i);
  }
  ctx.verdicts = {
    list,
    categories: bySlot,
    byName: new Map(bySlot.map((c) => [c.category, c])),
    rowCategory,
    flagged,
  };
  return ctx.verdicts;
}

function newCategory(bySlot: CategoryRows[], category: string, slot: number): CategoryRows {
  const c: CategoryRows = {
    category,
    slot,
    creditCount: 0,
    debitCount: 0,
    creditTotal: 0,
    debitTotal: 0,
    firstCredit: -1,
    firstDebit: -1,
    largestCredit: 0,
    rows: null,
  };
  bySlot[slot] = c;
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

/** Indexes in `ctx.txs` of one category's transactions, ascending. */
export function rowsOf(ctx: AnalysisContext, category: string): Int32Array {
  const index = verdictIndex(ctx);
  const c = index.byName.get(category);
  if (c === undefined) return NO_ROWS;
  if (c.rows === null) fillRows(index);
  return c.rows ?? NO_ROWS;
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
