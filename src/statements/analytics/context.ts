import type { CanonicalStatement, CanonicalTransaction } from '../../domain/statement.js';
import { chainsFrom } from '../chain.js';
import { daysInMonth, monthsBetween } from './calendar.js';
import type { CategorisedRows, Verdict } from './categorise/categorise.js';
import type { StreamsIndex } from './streams-index.js';
import type { VerdictIndex } from './verdicts.js';

/**
 * What every section needs, computed once: the categorised transactions, the statement's span of
 * days and months, and the end-of-day balance of every day (carried forward across days without
 * transactions). All money is integer minor units.
 */
export interface AnalysisContext {
  statement: CanonicalStatement;
  /** The statement's transactions, in chronological order. */
  rows: readonly CanonicalTransaction[];
  /**
   * The categoriser's verdicts (`CategorisedRows`): the distinct ones by number, each row's number
   * and each row's verdict. The income analysis gives the salary credits it finds verdicts of their
   * own (`relabel`).
   */
  verdicts: Verdict[];
  verdictOf: Int32Array;
  labels: Verdict[];
  /** Per row: days since 1970-01-01 of its date. */
  day: Int32Array;
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
  /** Rows whose running balance does not follow from the row before (1 kobo of rounding tolerated). */
  chainBreaks: number;
  /** End-of-day balance of day `firstDay + i`. */
  endOfDay: number[];
  /** Index in `months` of day `firstDay + i`. */
  dayMonth: Int32Array;
  totalCredit: number;
  totalDebit: number;
  /** Number of credit transactions. */
  creditCount: number;
  /** Credits, debits (minor units) and number of transactions of day `firstDay + i`. */
  dayCredit: Float64Array;
  dayDebit: Float64Array;
  dayTransactions: Int32Array;
  /** Credits, debits (minor units) and number of transactions of month `months[i]`. */
  monthCredit: Float64Array;
  monthDebit: Float64Array;
  monthTransactions: Int32Array;
  /** Filled by `verdictIndex` on first use; read it through that function. */
  verdictIndex: VerdictIndex | null;
  /** Filled by `streamsIndex` on first use; read it through that function. */
  streamsIndex: StreamsIndex | null;
}

/**
 * Builds the context of a statement whose transactions are in chronological order, as every
 * normalised statement is (`assemble.ts`); the day arrays are sized from the first and last.
 */
export function buildContext(statement: CanonicalStatement, categorised: CategorisedRows): AnalysisContext {
  const txs = statement.transactions;
  const { verdicts, verdictOf, labels, day: rowDay } = categorised;
  const n = txs.length;
  const first = txs[0];
  const last = txs[n - 1];
  const firstDate = first?.date ?? '';
  const lastDate = last?.date ?? '';
  const firstDay = first ? (rowDay[0] as number) : 0;
  const spanDays = first ? (rowDay[n - 1] as number) - firstDay + 1 : 0;
  const firstSigned = first ? (first.direction === 'credit' ? first.amount : -first.amount) : 0;
  const openingBalance = statement.openingBalance ?? (first?.balance !== undefined ? first.balance - firstSigned : 0);

  const endOfDay: number[] = [];
  const dayCredit = new Float64Array(spanDays);
  const dayDebit = new Float64Array(spanDays);
  const dayTransactions = new Int32Array(spanDays);
  let running = openingBalance;
  let balancesReported = false;
  let lastReported = statement.openingBalance;
  let chainBreaks = 0;
  let totalCredit = 0;
  let totalDebit = 0;
  let creditCount = 0;
  let currentDay = 0;
  for (let i = 0; i < n; i++) {
    const tx = txs[i] as CanonicalTransaction;
    const day = (rowDay[i] as number) - firstDay;
    if (day !== currentDay) {
      while (endOfDay.length < day) endOfDay.push(running);
      currentDay = day;
    }
    const amount = tx.amount;
    dayTransactions[day] = (dayTransactions[day] as number) + 1;
    if (tx.direction === 'credit') {
      creditCount++;
      totalCredit += amount;
      dayCredit[day] = (dayCredit[day] as number) + amount;
      running += amount;
    } else {
      totalDebit += amount;
      dayDebit[day] = (dayDebit[day] as number) + amount;
      running -= amount;
    }
    const balance = tx.balance;
    if (balance !== undefined) {
      if (lastReported !== undefined && !chainsFrom(lastReported, tx)) chainBreaks++;
      lastReported = balance;
      running = balance;
      balancesReported = true;
    }
  }
  while (endOfDay.length < spanDays) endOfDay.push(running);

  const months = first ? monthsBetween(firstDate, lastDate) : [];
  const dayMonth = dayMonths(firstDate, spanDays);
  const monthCredit = new Float64Array(months.length);
  const monthDebit = new Float64Array(months.length);
  const monthTransactions = new Int32Array(months.length);
  for (let i = 0; i < spanDays; i++) {
    const m = dayMonth[i] as number;
    monthCredit[m] = (monthCredit[m] as number) + (dayCredit[i] as number);
    monthDebit[m] = (monthDebit[m] as number) + (dayDebit[i] as number);
    monthTransactions[m] = (monthTransactions[m] as number) + (dayTransactions[i] as number);
  }

  return {
    statement,
    rows: txs,
    verdicts,
    verdictOf,
    labels,
    day: rowDay,
    dayMonth,
    firstDate,
    lastDate,
    firstDay,
    spanDays,
    months,
    openingBalance,
    closingBalance: statement.closingBalance ?? running,
    balancesReported,
    chainBreaks,
    endOfDay,
    totalCredit,
    totalDebit,
    creditCount,
    dayCredit,
    dayDebit,
    dayTransactions,
    monthCredit,
    monthDebit,
    monthTransactions,
    verdictIndex: null,
    streamsIndex: null,
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

/** Index in `ctx.months` of row `row` of the statement. */
export const monthOf = (ctx: AnalysisContext, row: number): number =>
  ctx.dayMonth[(ctx.day[row] as number) - ctx.firstDay] as number;

/**
 * Gives rows `rows` the verdict `label` (appended to the context's verdicts), for a re-labelling
 * decided after categorising (salary streams). Sections reading the verdict index or the streams
 * index must run after it.
 */
export function relabel(ctx: AnalysisContext, rows: readonly number[], label: Verdict): void {
  const k = ctx.verdicts.length;
  ctx.verdicts.push(label);
  for (const row of rows) {
    ctx.verdictOf[row] = k;
    ctx.labels[row] = label;
  }
}
