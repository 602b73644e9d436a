import type { CanonicalTransaction } from '../domain/statement.js';
import { compressJson, decompressJson } from './compression.js';

/**
 * A statement's transactions as stored: one document per statement, column by column (each field
 * an array, in statement order), as compressed JSON (`compression.ts`). A statement is written
 * once and read whole or a page at a time, so one value replaces a row per transaction: one insert
 * instead of a thousand rows and their index entries. Labels are numbers into a list of the
 * statement's distinct categories and channels (a fifth less text to write and compress).
 */
export interface TransactionColumns {
  /** Document version. */
  v: 1;
  id: string[];
  date: string[];
  postedAt: Array<string | null>;
  valueDate: Array<string | null>;
  /** One letter per transaction: `C` credit, `D` debit. */
  direction: string;
  /** Minor units. */
  amount: number[];
  balance: Array<number | null>;
  narration: string[];
  reference: Array<string | null>;
  /** The distinct categories; `category[i]` is an index into it, null when unlabelled. */
  categories: string[];
  category: Array<number | null>;
  channels: string[];
  channel: Array<number | null>;
}

/** The categoriser's labels, in the statement's transaction order (absent when the analysis failed). */
export interface TransactionLabel {
  category: string;
  channel: string;
}

/** Numbers the distinct values of a column in order of first appearance. */
class Dictionary {
  readonly values: string[] = [];
  private readonly index = new Map<string, number>();

  of(value: string): number {
    let i = this.index.get(value);
    if (i === undefined) {
      i = this.values.length;
      this.values.push(value);
      this.index.set(value, i);
    }
    return i;
  }
}

export function encodeTransactions(
  transactions: readonly CanonicalTransaction[],
  labels: readonly TransactionLabel[] | undefined,
): Uint8Array {
  const n = transactions.length;
  const categories = new Dictionary();
  const channels = new Dictionary();
  const doc: TransactionColumns = {
    v: 1,
    id: [],
    date: [],
    postedAt: [],
    valueDate: [],
    direction: '',
    amount: [],
    balance: [],
    narration: [],
    reference: [],
    categories: categories.values,
    category: [],
    channels: channels.values,
    channel: [],
  };
  const direction = new Uint8Array(n);
  // Columns grow by push rather than being preallocated (`new Array(n)`): pushed arrays are packed,
  // which JSON.stringify writes faster than holey ones (building and writing: 0.42 -> 0.37 ms).
  for (let i = 0; i < n; i++) {
    const t = transactions[i] as CanonicalTransaction;
    const label = labels?.[i];
    doc.id.push(t.id);
    doc.date.push(t.date);
    doc.postedAt.push(t.postedAt ?? null);
    doc.valueDate.push(t.valueDate ?? null);
    direction[i] = t.direction === 'credit' ? 67 : 68;
    doc.amount.push(t.amount);
    doc.balance.push(t.balance ?? null);
    doc.narration.push(t.narration);
    doc.reference.push(t.reference ?? null);
    doc.category.push(label ? categories.of(label.category) : null);
    doc.channel.push(label ? channels.of(label.channel) : null);
  }
  doc.direction = Buffer.from(direction.buffer, 0, n).toString('latin1');
  return compressJson(JSON.stringify(doc));
}

export function decodeTransactions(stored: Uint8Array): TransactionColumns {
  const doc = JSON.parse(decompressJson(stored)) as TransactionColumns;
  if (doc.v !== 1) throw new Error(`unknown transaction document version ${String(doc.v)}`);
  return doc;
}

/** The category of transaction `i`, or null when the statement's analysis failed. */
export const categoryAt = (doc: TransactionColumns, i: number): string | null =>
  labelAt(doc.categories, doc.category[i]);

export const channelAt = (doc: TransactionColumns, i: number): string | null => labelAt(doc.channels, doc.channel[i]);

const labelAt = (values: readonly string[], index: number | null | undefined): string | null =>
  index === null || index === undefined ? null : (values[index] ?? null);
