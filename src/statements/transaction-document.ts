import type { CanonicalTransaction } from '../domain/statement.js';
import {
  BalanceBreaks,
  balancesFromBreaks,
  expandRuns,
  narrationLines,
  type Runs,
  RunWriter,
  splitNarrations,
} from './column-packing.js';
import { compressJson, decompressJson } from './compression.js';
import { assignIds } from './ids.js';
import { LabelTable, labelColumns, type StoredLabels, type TransactionLabel } from './label-table.js';

export type { TransactionLabel } from './label-table.js';

/**
 * A statement's transactions as stored: one document per statement, column by column (each field
 * an array, in statement order), as compressed JSON (`compression.ts`). A statement is written
 * once and read whole or a page at a time, so one value replaces a row per transaction: one insert
 * instead of a thousand rows and their index entries. Stored, a row's label is a number into the
 * statement's distinct labels (`label-table.ts`); read, its category, channel and evidence are
 * numbers into the statement's distinct ones.
 *
 * Version 3 is written. Derived ids are left out: they are the hash of each row's stored fields
 * and its place among identical rows (`assignIds`), computed again on reading (their 16 hex digits
 * a row hardly compress: a third of the bytes; a read costs ~0.15-0.3 ms more, and reads are
 * cached). Given ids are stored. Columns that mostly repeat or follow are stored compactly
 * (`column-packing.ts`): dates, posting and value dates and references as runs, balances only
 * where the running balance breaks, narrations as lines after the JSON (inside it when lines
 * could not give them back). 1,000 generated rows: 10.8-14.9 KB, encoded in 0.42-0.76 ms; version
 * 2, without confidence and evidence, was 16.9-20.7 KB and 0.53-0.91 ms (`bench/transaction-document.ts`).
 * Versions 1 (with ids) and 2 (without) are still read: every column plainly, no confidence or
 * evidence, which read as null.
 */
export interface TransactionColumns {
  /** The layout of these columns: 3, whichever version was stored (older documents get their ids back, null confidence and evidence). */
  v: 3;
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
  /** The categoriser's confidence in each row's category, 0..1 as it gives it; null when unlabelled. */
  confidence: Array<number | null>;
  /** The distinct evidence texts (the rule or lexicon entry that decided); `evidence[i]` is an index into it, null when unlabelled. */
  evidences: string[];
  evidence: Array<number | null>;
}

/** The columns as versions 1 and 2 store them (version 1 with ids). */
type PlainColumns = Omit<TransactionColumns, 'v' | 'id' | 'confidence' | 'evidences' | 'evidence'>;
type Version1 = PlainColumns & { v: 1; id: string[] };
type Version2 = PlainColumns & { v: 2 };

/** Version 3 as stored. */
interface Version3 extends StoredLabels {
  v: 3;
  /** Only when the ids are not derived from the rest. */
  id?: string[];
  date: Runs;
  postedAt: Runs;
  valueDate: Runs;
  /** One letter per transaction: `C` credit, `D` debit. */
  direction: string;
  amount: number[];
  /** `BalanceBreaks`: the rows whose balance is not the previous one plus or minus the amount. */
  balanceBreaks: Array<number | null>;
  /** Only when the narrations could not follow the JSON as lines. */
  narration?: string[];
  reference: Runs;
}

/**
 * Where the ids of the transactions to encode come from: `derived` when they are the ones
 * `assignIds` gives these rows in this order (a statement just read), so they need not be stored;
 * `given` otherwise (kept as they are).
 */
export type IdSource = 'derived' | 'given';

export function encodeTransactions(
  transactions: readonly CanonicalTransaction[],
  labels: readonly TransactionLabel[] | undefined,
  ids: IdSource = 'given',
): Uint8Array {
  const { doc, narrations } = documentOf(transactions, labels);
  if (ids === 'given') doc.id = transactions.map((t) => t.id);
  const lines = narrationLines(narrations);
  if (lines === undefined) doc.narration = narrations;
  // JSON.stringify writes no raw line break: the first one ends the JSON.
  const json = JSON.stringify(doc);
  return lines === undefined ? compressJson(json) : compressJson(json, '\n', lines);
}

/** Version 3 without ids or narrations, and the narrations. */
function documentOf(
  transactions: readonly CanonicalTransaction[],
  labels: readonly TransactionLabel[] | undefined,
): { doc: Version3; narrations: string[] } {
  const n = transactions.length;
  const labelled = new LabelTable();
  const date = new RunWriter();
  const postedAt = new RunWriter();
  const valueDate = new RunWriter();
  const reference = new RunWriter();
  const balances = new BalanceBreaks();
  const narrations: string[] = [];
  const amount: number[] = [];
  const direction = new Uint8Array(n);
  // Columns grow by push rather than being preallocated (`new Array(n)`): pushed arrays are packed,
  // which JSON.stringify writes faster than holey ones.
  for (let i = 0; i < n; i++) {
    const t = transactions[i] as CanonicalTransaction;
    const credit = t.direction === 'credit';
    date.add(t.date);
    postedAt.add(t.postedAt ?? null);
    valueDate.add(t.valueDate ?? null);
    direction[i] = credit ? 67 : 68;
    amount.push(t.amount);
    balances.add(t.balance ?? null, credit, t.amount);
    narrations.push(t.narration);
    reference.add(t.reference ?? null);
    labelled.add(labels?.[i]);
  }
  const doc: Version3 = {
    v: 3,
    date: date.end(),
    postedAt: postedAt.end(),
    valueDate: valueDate.end(),
    direction: Buffer.from(direction.buffer, 0, n).toString('latin1'),
    amount,
    balanceBreaks: balances.breaks,
    reference: reference.end(),
    ...labelled.stored(),
  };
  return { doc, narrations };
}

export function decodeTransactions(stored: Uint8Array): TransactionColumns {
  const text = decompressJson(stored);
  const end = text.indexOf('\n');
  const doc = JSON.parse(end === -1 ? text : text.slice(0, end)) as Version1 | Version2 | Version3;
  switch (doc.v) {
    case 3:
      return fromVersion3(doc, end === -1 ? undefined : text.slice(end + 1));
    case 1:
    case 2: {
      const { v, ...columns } = doc;
      const unrated = new Array<null>(columns.date.length).fill(null);
      return {
        v: 3,
        id: 'id' in columns ? columns.id : derivedIds(columns),
        ...columns,
        confidence: unrated,
        evidences: [],
        evidence: unrated,
      };
    }
    default:
      throw new Error(`unknown transaction document version ${String((doc as { v: unknown }).v)}`);
  }
}

function fromVersion3(doc: Version3, lines: string | undefined): TransactionColumns {
  const n = doc.amount.length;
  if (doc.label.length !== n || doc.direction.length !== n) {
    throw new Error(`${doc.label.length} labels and ${doc.direction.length} directions for ${n} rows`);
  }
  const columns = {
    direction: doc.direction,
    amount: doc.amount,
    categories: doc.categories,
    channels: doc.channels,
    evidences: doc.evidences,
    ...labelColumns(doc),
    date: expandRuns<string>(doc.date, n),
    postedAt: expandRuns<string | null>(doc.postedAt, n),
    valueDate: expandRuns<string | null>(doc.valueDate, n),
    balance: balancesFromBreaks(doc.balanceBreaks, doc.direction, doc.amount),
    narration: doc.narration ?? (lines === undefined ? [] : splitNarrations(lines, n)),
    reference: expandRuns<string | null>(doc.reference, n),
  };
  if (columns.narration.length !== n) throw new Error(`${columns.narration.length} narrations for ${n} rows`);
  return { v: 3, id: doc.id ?? derivedIds(columns), ...columns };
}

/** The ids `assignIds` gives the stored rows, as `assembleStatement` first did. */
function derivedIds(columns: PlainColumns): string[] {
  const rows = columns.date.map((date, i) => ({
    id: '',
    date,
    narration: columns.narration[i] as string,
    reference: columns.reference[i] ?? undefined,
    direction: columns.direction[i] === 'C' ? ('credit' as const) : ('debit' as const),
    amount: columns.amount[i] as number,
    balance: columns.balance[i] ?? undefined,
  }));
  assignIds(rows);
  return rows.map((r) => r.id);
}

/** The category of transaction `i`, or null when the statement's analysis failed. */
export const categoryAt = (doc: TransactionColumns, i: number): string | null =>
  labelAt(doc.categories, doc.category[i]);

export const channelAt = (doc: TransactionColumns, i: number): string | null => labelAt(doc.channels, doc.channel[i]);

/** How sure the categoriser was of transaction `i`'s category (0..1), or null when unlabelled. */
export const confidenceAt = (doc: TransactionColumns, i: number): number | null => doc.confidence[i] ?? null;

/** The rule or lexicon entry that decided transaction `i`'s category, or null when unlabelled. */
export const evidenceAt = (doc: TransactionColumns, i: number): string | null =>
  labelAt(doc.evidences, doc.evidence[i]);

const labelAt = (values: readonly string[], index: number | null | undefined): string | null =>
  index === null || index === undefined ? null : (values[index] ?? null);
