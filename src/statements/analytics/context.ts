import type { CanonicalStatement } from '../../domain/statement.js';
import { dayNumber, daysInMonth, monthsBetween } from './calendar.js';
import type { CategorisedTransaction } from './categorise/categorise.js';

/**
 * What every section needs, computed once: the categorised transactions, the statement's span of
 * days and months, and the end-of-day balance of every day (carried forward across days without
 * transactions). All money is integer minor units.
 */
export interface AnalysisContext {
  statement: CanonicalStatement;
  txs: CategorisedTransaction[];
  /** `YYYY-MM-DD` of the first and last transaction ('' when there are none). */
  firstDate: string;
  lastDate: string;
  firstDay: number;
  /** Days from the first to the last transaction, inclusive (0 when there are none). */
  spanDays: number;
  /** Month keys (`2023-10`) from the first to the last transaction's month. */
  months: string[];
  openingBalance: number;
  closingBalance: number;
  /** False when no row carried a balance and balances are derived from the flows alone. */
  balancesReported: boolean;
  /** End-of-day balance of day `firstDay + i`. */
  endOfDay: number[];
  /** Index in `months` of day `firstDay + i`. */
  dayMonth: Int32Array;
  totalCredit: number;
  totalDebit: number;
}

export function buildContext(statement: CanonicalStatement, txs: CategorisedTransaction[]): AnalysisContext {
  const first = txs[0];
  const last = txs[txs.length - 1];
  const firstDate = first?.date ?? '';
  const lastDate = last?.date ?? '';
  const firstDay = first ? dayNumber(firstDate) : 0;
  const spanDays = first ? dayNumber(lastDate) - firstDay + 1 : 0;
  const firstSigned = first ? (first.direction === 'credit' ? first.amount : -first.amount) : 0;
  const openingBalance = statement.openingBalance ?? (first?.balance !== undefined ? first.balance - firstSigned : 0);

  const endOfDay: number[] = new Array(spanDays);
  let running = openingBalance;
  let balancesReported = false;
  let totalCredit = 0;
  let totalDebit = 0;
  let filled = 0;
  let currentDay = firstDay;
  for (const tx of txs) {
    const day = tx.day;
    if (day !== currentDay) {
      for (; filled < day - firstDay; filled++) endOfDay[filled] = running;
      currentDay = day;
    }
    if (tx.direction === 'credit') totalCredit += tx.amount;
    else totalDebit += tx.amount;
    if (tx.balance !== undefined) {
      running = tx.balance;
      balancesReported = true;
    } else {
      running += tx.direction === 'credit' ? tx.amount : -tx.amount;
    }
  }
  for (; filled < spanDays; filled++) endOfDay[filled] = running;

  return {
    statement,
    txs,
    dayMonth: dayMonths(firstDate, spanDays),
    firstDate,
    lastDate,
    firstDay,
    spanDays,
    months: first ? monthsBetween(firstDate, lastDate) : [],
    openingBalance,
    closingBalance: statement.closingBalance ?? running,
    balancesReported,
    endOfDay,
    totalCredit,
    totalDebit,
  };
}

function dayMonths(firstDate: string, spanDays: number): Int32Array {
  const out = new Int32Array(spanDays);
  if (spanDays === 0) return out;
  let y = Number(firstDate.slice(0, 4));
  let m = Number(firstDate.slice(5, 7));
  let d = Number(firstDate.slice(8, 10));
  let length = daysInMonth(y, m);
  let month = 0;
  for (let i = 0; i < spanDays; i++) {
    out[i] = month;
    if (++d > length) {
      d = 1;
      if (++m > 12) {
        m = 1;
        y++;
      }
      length = daysInMonth(y, m);
      month++;
    }
  }
  return out;
}

/** Number of months to average over (at least 1). */
export const monthCount = (ctx: AnalysisContext): number => Math.max(1, ctx.months.length);

const monthNumber = (date: string): number =>
  ((date.charCodeAt(0) - 48) * 1000 +
    (date.charCodeAt(1) - 48) * 100 +
    (date.charCodeAt(2) - 48) * 10 +
    date.charCodeAt(3) -
    48) *
    12 +
  (date.charCodeAt(5) - 48) * 10 +
  date.charCodeAt(6) -
  48;

/** Index in `ctx.months` of a `YYYY-MM-DD` date of the statement (arithmetic, no lookups: it runs per row). */
export function monthIndexer(ctx: AnalysisContext): (date: string) => number {
  if (ctx.months.length === 0) return () => -1;
  const base = monthNumber(ctx.firstDate);
  return (date) => monthNumber(date) - base;
}
