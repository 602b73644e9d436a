import type { CanonicalStatement, CanonicalTransaction } from '../../domain/statement.js';
import { chainsFrom } from '../chain.js';
import { daysInMonth, monthsBetween } from './calendar.js';
import type { CategorisedRows, Verdict } from './categorise/categorise.js';
import type { StreamsIndex } from './streams-index.js';
import type { VerdictIndex } from './verdicts.js';

/** The account's balances, when the statement tells any. Minor units. */
export interface KnownBalances {
  /** The statement's opening balance, as assembly settled it (`settleBalances`). */
  opening: number;
  /** The statement's closing balance, as assembly settled it: where the last row leaves the balance. */
  closing: number;
  /** After each row: its own balance, else the balance before it moved by its amount. */
  afterRow: Float64Array;
  /** End-of-day balance of day `firstDay + i`, carried forward across days without transactions. */
  endOfDay: number[];
  /**
   * Lowest and highest balance after any row of day `firstDay + i` (`afterRow`); Infinity and
   * -Infinity on a day without rows.
   */
  dayLowest: Float64Array;
  dayHighest: Float64Array;
}

/**
 * What every section needs, computed once: the categorised transactions, the statement's span of
 * days and months, and the balances when any is known. All money is integer minor units.
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
  /**
   * Null when no balance is known: no row carries one and the statement states neither an opening
   * nor a closing balance. Every figure read from balances is then null, never worked out from 0.
   */
  balances: KnownBalances | null;
  /** True when at least one row carries a running balance (so there is a chain to check). */
  balancesReported: boolean;
  /**
   * Rows whose running balance does not follow from the balance before them (the last stated one,
   * or the opening, moved by the rows since that state none; 1 kobo of rounding tolerated).
   */
  chainBreaks: number;
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
  /** Filled by `monthShares` on first use; read it through that function. */
  monthShares: readonly number[] | null;
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
  // Settled once by assembly (`settleBalances`): both known, or neither.
  const opening = statement.openingBalance;
  const closing = statement.closingBalance;

  const afterRow = new Float64Array(n);
  const endOfDay: number[] = [];
  const dayCredit = new Float64Array(spanDays);
  const dayDebit = new Float64Array(spanDays);
  const dayTransactions = new Int32Array(spanDays);
  const dayLowest = new Float64Array(spanDays).fill(Number.POSITIVE_INFINITY);
  const dayHighest = new Float64Array(spanDays).fill(Number.NEGATIVE_INFINITY);
  let running = opening ?? 0;
  let balancesReported = false;
  let chainBreaks = 0;
  let totalCredit = 0;
  let totalDebit = 0;
  let creditCount = 0;
  // The current day's sums and extremes are kept in locals and added to the day arrays when the day
  // changes (rows are in date order, so once a day): fewer typed-array reads and writes per row.
  let currentDay = 0;
  let credit = 0;
  let debit = 0;
  let count = 0;
  let lowest = Number.POSITIVE_INFINITY;
  let highest = Number.NEGATIVE_INFINITY;
  const days: DayArrays = { dayTransactions, dayCredit, dayDebit, dayLowest, dayHighest };
  for (let i = 0; i < n; i++) {
    const tx = txs[i] as CanonicalTransaction;
    const day = (rowDay[i] as number) - firstDay;
    if (day !== currentDay) {
      addDay(days, currentDay, count, credit, debit, lowest, highest);
      credit = 0;
      debit = 0;
      count = 0;
      lowest = Number.POSITIVE_INFINITY;
      highest = Number.NEGATIVE_INFINITY;
      while (endOfDay.length < day) endOfDay.push(running);
      currentDay = day;
    }
    const amount = tx.amount;
    // The last balance moved by the rows since, balanced or not: what this row's balance should follow.
    const before = running;
    count++;
    if (tx.direction === 'credit') {
      creditCount++;
      totalCredit += amount;
      credit += amount;
      running += amount;
    } else {
      totalDebit += amount;
      debit += amount;
      running -= amount;
    }
    const balance = tx.balance;
    if (balance !== undefined) {
      if (!chainsFrom(before, tx)) chainBreaks++;
      running = balance;
      balancesReported = true;
    }
    afterRow[i] = running;
    if (running < lowest) lowest = running;
    if (running > highest) highest = running;
  }
  if (n > 0) addDay(days, currentDay, count, credit, debit, lowest, highest);
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
    balances:
      opening === undefined || closing === undefined
        ? null
        : { opening, closing, afterRow, endOfDay, dayLowest, dayHighest },
    balancesReported,
    chainBreaks,
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
    monthShares: null,
  };
}

/** The per-day arrays `buildContext` fills. */
interface DayArrays {
  dayTransactions: Int32Array;
  dayCredit: Float64Array;
  dayDebit: Float64Array;
  dayLowest: Float64Array;
  dayHighest: Float64Array;
}

/**
 * Adds one run of rows of day `d` to the day arrays. A function of its arguments, not a closure over
 * `buildContext`'s running sums, which would then live in a heap context rather than in registers.
 */
function addDay(
  days: DayArrays,
  d: number,
  count: number,
  credit: number,
  debit: number,
  lowest: number,
  highest: number,
): void {
  days.dayTransactions[d] = (days.dayTransactions[d] as number) + count;
  days.dayCredit[d] = (days.dayCredit[d] as number) + credit;
  days.dayDebit[d] = (days.dayDebit[d] as number) + debit;
  if (lowest < (days.dayLowest[d] as number)) days.dayLowest[d] = lowest;
  if (highest > (days.dayHighest[d] as number)) days.dayHighest[d] = highest;
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

/**
 * How much of each month in `ctx.months` the statement covers, from its first to its last
 * transaction day: the month's covered days over its length (Jan 31..Mar 1 2024: 1/31, 1, 1/31).
 */
export function monthShares(ctx: AnalysisContext): readonly number[] {
  // Kept on the context: five sections ask (through `monthCount`), and each time it walked every
  // day and parsed every month key (about 3 k instructions a call on a 6-month statement).
  if (ctx.monthShares) return ctx.monthShares;
  const days = new Array<number>(ctx.months.length).fill(0);
  for (let i = 0; i < ctx.spanDays; i++) {
    const m = ctx.dayMonth[i] as number;
    days[m] = (days[m] as number) + 1;
  }
  ctx.monthShares = ctx.months.map(
    (key, m) => (days[m] as number) / daysInMonth(Number(key.slice(0, 4)), Number(key.slice(5, 7))),
  );
  return ctx.monthShares;
}

/**
 * Number of months to average over: each calendar month counts by the share of its days the
 * statement covers, so a statement of Jan 31..Mar 1 is 1.065 months, not 3 (at least 1).
 */
export function monthCount(ctx: AnalysisContext): number {
  const covered = monthShares(ctx).reduce((a, b) => a + b, 0);
  return Math.max(1, covered);
}

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
