import type { CanonicalTransaction } from '../../domain/statement.js';
import type { Verdict } from './categorise/categorise.js';
import payroll from './lexicon/payroll.json' with { type: 'json' };
import { type Bucket, isPayCandidate, rowsOf, type StreamsIndex } from './streams-index.js';

const SUFFIXES: readonly string[] = payroll.employerSuffixes;
const SUFFIX_SET: ReadonlySet<string> = new Set(SUFFIXES);

/** Whether the counterparty is its own employer key: one space between words, no company suffix. */
function isPlainKey(counterparty: string): boolean {
  const n = counterparty.length;
  let start = 0;
  for (let i = 0; i <= n; i++) {
    if (i < n && counterparty.charCodeAt(i) !== 32) continue;
    if (i === start) return false;
    for (const suffix of SUFFIXES)
      if (suffix.length === i - start && counterparty.startsWith(suffix, start)) return false;
    start = i + 1;
  }
  return true;
}

/** The payer without company suffixes (`ACME LTD` and `ACME LIMITED` are one payer). */
const employerKey = (counterparty: string): string =>
  isPlainKey(counterparty)
    ? counterparty
    : counterparty
        .split(' ')
        .filter((w) => w !== '' && !SUFFIX_SET.has(w))
        .join(' ');

/** The candidate pay of one payer. */
export interface PayerCredits {
  key: string;
  /** The payer as its first credit names it, suffixes kept (`ACME NIGERIA PLC`). */
  name: string;
  /** Positions in `ctx.rows`, ascending. */
  rows: number[];
  /** A credit is named as salary. */
  keyword: boolean;
}

/** The credits the income analysis reads, from the credit buckets of the streams index. */
export interface PayCredits {
  /**
   * Candidate pay (salary, transfers in, other credits) by payer, in order of each payer's first
   * credit; payers sending several credits a month, and payers that are no employer
   * (`mayBeEmployer`), are left out.
   */
  payers: PayerCredits[];
  /** Positions of credits named as salary, ascending. */
  named: number[];
  /** Positions of other income (`other_income`, `interest`), ascending. */
  other: number[];
}

/** A payer's buckets, and its rows of buckets it shares with other payers, while they are read. */
interface Payer {
  key: string;
  name: string;
  buckets: Bucket[];
  rows: number[];
  count: number;
  firstRow: number;
  lastRow: number;
  keyword: boolean;
}

/** Payers by employer key, and the employer key of each counterparty met. */
interface Payers {
  byKey: Map<string, Payer>;
  keys: Map<string, string>;
}

const isOtherIncome = (category: string) => category === 'other_income' || category === 'interest';

/** The payer of `counterparty`'s credits of `category`; null when no payer (suffixes only, not salary). */
function payerOf(payers: Payers, counterparty: string, category: string): Payer | null {
  let key = payers.keys.get(counterparty);
  if (key === undefined) {
    key = employerKey(counterparty);
    payers.keys.set(counterparty, key);
  }
  let name = counterparty;
  if (key === '') {
    if (category !== 'salary') return null;
    key = name = 'SALARY';
  }
  let p = payers.byKey.get(key);
  if (!p) {
    p = { key, name, buckets: [], rows: [], count: 0, firstRow: Number.POSITIVE_INFINITY, lastRow: -1, keyword: false };
    payers.byKey.set(key, p);
  }
  if (category === 'salary') p.keyword = true;
  return p;
}

function addRows(p: Payer, first: number, last: number, count: number): void {
  p.count += count;
  p.firstRow = Math.min(p.firstRow, first);
  p.lastRow = Math.max(p.lastRow, last);
}

function addRow(payers: Payers, label: Verdict, category: string, row: number): void {
  const p = payerOf(payers, label.counterparty, category);
  if (!p) return;
  p.rows.push(row);
  addRows(p, row, row, 1);
}

const byFirstRow = (a: Payer, b: Payer) => a.firstRow - b.firstRow;

/**
 * Whether a payer's credits may be pay from an employer (`Verdict.payer`): none is family's (a
 * relative's, or beside a note of support), and one at least is not a private person's that says
 * nothing of pay. Lenders lend on a salary, so a person's regular transfers are not taken for one.
 */
function mayBeEmployer(labels: readonly Verdict[], rows: readonly number[]): boolean {
  let employer = false;
  for (const row of rows) {
    const payer = (labels[row] as Verdict).payer;
    if (payer === 'family') return false;
    if (payer !== 'person') employer = true;
  }
  return employer;
}

/**
 * A bucket's rows that moved money: a credit of 0 (a failed or placeholder row) is never income.
 * Most buckets have none, so their rows are returned as read, not copied by a filter.
 */
function paidRows(index: StreamsIndex, b: Bucket): number[] {
  const rows = rowsOf(index, b);
  for (const row of rows)
    if (!((index.rows[row] as CanonicalTransaction).amount > 0))
      return rows.filter((r) => (index.rows[r] as CanonicalTransaction).amount > 0);
  return rows;
}
const ascending = (a: number, b: number) => a - b;

export function payCredits(index: StreamsIndex): PayCredits {
  const labels = index.labels;
  const payers: Payers = { byKey: new Map(), keys: new Map() };
  const named: number[] = [];
  const other: number[] = [];
  for (const b of index.buckets) {
    if (!b.credit) continue;
    if (b.category === 'salary') for (const row of paidRows(index, b)) named.push(row);
    else if (isOtherIncome(b.category)) for (const row of paidRows(index, b)) other.push(row);
    if (!b.payCandidate) continue;
    if (b.mixed) {
      for (const row of rowsOf(index, b)) addRow(payers, labels[row] as Verdict, b.category, row);
      continue;
    }
    // Every row of the bucket has the bucket's counterparty: one payer for them all.
    const p = payerOf(payers, b.counterparty, b.category);
    if (!p) continue;
    p.buckets.push(b);
    addRows(p, b.first, b.last, b.count);
  }
  for (const row of index.looseCredits) {
    const label = labels[row] as Verdict;
    if ((index.rows[row] as CanonicalTransaction).amount === 0) continue;
    if (label.category === 'salary') named.push(row);
    else if (isOtherIncome(label.category)) other.push(row);
    if (isPayCandidate(label.category)) addRow(payers, label, label.category, row);
  }
  named.sort(ascending);
  other.sort(ascending);

  const out: PayerCredits[] = [];
  for (const p of [...payers.byKey.values()].sort(byFirstRow)) {
    // A payer sending several credits a month is not paying a salary (and would cost 6 schedule passes).
    const spanMonths = ((index.day[p.lastRow] as number) - (index.day[p.firstRow] as number)) / 30.44 + 1;
    if (!p.keyword && p.count > 3 * spanMonths) continue;
    const only = p.rows.length === 0 && p.buckets.length === 1 ? p.buckets[0] : undefined;
    let rows: number[];
    if (only) rows = paidRows(index, only);
    else {
      rows = p.rows.filter((row) => (index.rows[row] as CanonicalTransaction).amount > 0);
      for (const b of p.buckets) for (const row of paidRows(index, b)) rows.push(row);
      rows.sort(ascending);
    }
    if (rows.length > 0 && mayBeEmployer(labels, rows))
      out.push({ key: p.key, name: p.name, rows, keyword: p.keyword });
  }
  return { payers: out, named, other };
}
