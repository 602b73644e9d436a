import type { CanonicalTransaction } from '../domain/statement.js';
import { compressJson, decompressJson } from './compression.js';

/**
 * A statement's transactions as stored: one document per statement, column by column (each field
 * an array, in statement order), as compressed JSON (`compression.ts`). A statement is written
 * once and read whole or a page at a time, so one value replaces a row per transaction: one insert
 * instead of a thousand rows and their index entries.
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
  category: Array<string | null>;
  channel: Array<string | null>;
}

/** The categoriser's labels, in the statement's transaction order (absent when the analysis failed). */
export interface TransactionLabel {
  category: string;
  channel: string;
}

export function encodeTransactions(
  transactions: readonly CanonicalTransaction[],
  labels: readonly TransactionLabel[] | undefined,
): Uint8Array {
  const n = transactions.length;
  const doc: TransactionColumns = {
    v: 1,
    id: new Array(n),
    date: new Array(n),
    postedAt: new Array(n),
    valueDate: new Array(n),
    direction: '',
    amount: new Array(n),
    balance: new Array(n),
    narration: new Array(n),
    reference: new Array(n),
    category: new Array(n),
    channel: new Array(n),
  };
  const direction = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const t = transactions[i] as CanonicalTransaction;
    const label = labels?.[i];
    doc.id[i] = t.id;
    doc.date[i] = t.date;
    doc.postedAt[i] = t.postedAt ?? null;
    doc.valueDate[i] = t.valueDate ?? null;
    direction[i] = t.direction === 'credit' ? 67 : 68;
    doc.amount[i] = t.amount;
    doc.balance[i] = t.balance ?? null;
    doc.narration[i] = t.narration;
    doc.reference[i] = t.reference ?? null;
    doc.category[i] = label?.category ?? null;
    doc.channel[i] = label?.channel ?? null;
  }
  doc.direction = Buffer.from(direction.buffer, 0, n).toString('latin1');
  return compressJson(JSON.stringify(doc));
}

export function decodeTransactions(stored: Uint8Array): TransactionColumns {
  const doc = JSON.parse(decompressJson(stored)) as TransactionColumns;
  if (doc.v !== 1) throw new Error(`unknown transaction document version ${String(doc.v)}`);
  return doc;
}
