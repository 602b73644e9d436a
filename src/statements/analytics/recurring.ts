import { toMajor } from '../../domain/money.js';
import type { CanonicalTransaction } from '../../domain/statement.js';
import { dateOf, dayNumber, daysInMonth, monthsLater } from './calendar.js';
import type { Verdict } from './categorise/categorise.js';
import type { AnalysisContext } from './context.js';
import { median } from './stats.js';
import { type Bucket, indexAfterIncome, rowsOf, type StreamsIndex, streamsIndex } from './streams-index.js';

export type Frequency = 'WEEKLY' | 'BIWEEKLY' | 'SEMI_MONTHLY' | 'MONTHLY' | 'ANNUALLY';
export type StreamStatus = 'MATURE' | 'EARLY_DETECTION' | 'TOMBSTONED';

/** A recurring inflow or outflow, described like Plaid's recurring transactions. */
export interface RecurringStream {
  direction: 'inflow' | 'outflow';
  description: string;
  counterparty: string;
  category: string;
  frequency: Frequency;
  averageAmount: number;
  lastAmount: number;
  firstDate: string;
  lastDate: string;
  /** null once the stream is TOMBSTONED. */
  nextExpectedDate: string | null;
  status: StreamStatus;
  occurrences: number;
  transactionIds: string[];
  /** Minor units, for the sections that sum streams. */
  totalMinor: number;
  /** Positions in `ctx.rows` of its transactions, ascending, for the sections that read them. */
  rows: readonly number[];
}

/** Interval windows in days; `period` is the usual gap, which sets how late a stream may be before it ended. */
const WINDOWS: Array<{ frequency: Frequency; min: number; max: number; period: number }> = [
  { frequency: 'WEEKLY', min: 5, max: 9, period: 7 },
  { frequency: 'BIWEEKLY', min: 12, max: 17, period: 14 },
  { frequency: 'MONTHLY', min: 26, max: 35, period: 30.44 },
  { frequency: 'ANNUALLY', min: 350, max: 380, period: 365 },
];
/** At least this share of the gaps must fall in the frequency's window. */
const REGULAR_SHARE = 0.6;

/**
 * Twice a month on two fixed days (the 1st and 15th) rather than every other week: the two pay
 * days (the median day of each half), else null.
 */
function semiMonthlyDays(txs: readonly CanonicalTransaction[]): [early: number, late: number] | null {
  const days = txs.map((t) => Number(t.date.slice(8, 10))).sort((a, b) => a - b);
  // Split the days of the month where they are furthest apart; both halves must be tight.
  let split = 1;
  for (let i = 1; i < days.length; i++) {
    if ((days[i] as number) - (days[i - 1] as number) > (days[split] as number) - (days[split - 1] as number))
      split = i;
  }
  const early = days.slice(0, split);
  const late = days.slice(split);
  if (early.length < 2 || late.length < 2) return null;
  const tight = (ds: number[]) => (ds[ds.length - 1] as number) - (ds[0] as number) <= 3;
  const apart = (late[0] as number) - (early[early.length - 1] as number) >= 10;
  if (!tight(early) || !tight(late) || !apart) return null;
  const middle = (ds: number[]) => ds[(ds.length - 1) >> 1] as number;
  return [middle(early), middle(late)];
}

/**
 * The next expected day by the calendar, not by an average gap: weekly and biweekly streams a week
 * or two on; monthly ones the same day next month, annual ones the same day next year (clamped to
 * the month's length; a stream whose last payment was a short month's last day keeps its later
 * day, so the 31st after February 28 is March 31); semi-monthly ones the stream's other pay day.
 */
function nextExpectedDay(
  frequency: Frequency,
  txs: readonly CanonicalTransaction[],
  semiMonthly: [number, number] | null,
): number {
  const last = (txs[txs.length - 1] as CanonicalTransaction).date;
  const year = Number(last.slice(0, 4));
  const month1 = Number(last.slice(5, 7));
  const day = Number(last.slice(8, 10));
  if (semiMonthly !== null) {
    const [early, late] = semiMonthly;
    const inEarlyHalf = day - early < late - day;
    return inEarlyHalf ? monthsLater(year, month1, 0, late) : monthsLater(year, month1, 1, early);
  }
  const anchor = day === daysInMonth(year, month1) ? Math.max(...txs.map((t) => Number(t.date.slice(8, 10)))) : day;
  if (frequency === 'MONTHLY') return monthsLater(year, month1, 1, anchor);
  if (frequency === 'ANNUALLY') return monthsLater(year, month1, 12, anchor);
  return dayNumber(last) + (frequency === 'WEEKLY' ? 7 : 14);
}

/** Gaps shorter than every window's. */
const SHORTEST = Math.min(...WINDOWS.map((w) => w.min));
/** For whole-day gaps up to the longest window: 1 when the gap falls in a window. */
const IN_WINDOW = new Uint8Array(Math.max(...WINDOWS.map((w) => w.max)) + 1);
for (const w of WINDOWS) IN_WINDOW.fill(1, Math.ceil(w.min), Math.floor(w.max) + 1);

const inWindow = (gap: number): boolean =>
  Number.isInteger(gap) ? IN_WINDOW[gap] === 1 : WINDOWS.some((w) => gap >= w.min && gap <= w.max);

/**
 * Whether `describe` must fail on these days, told in one pass over the gaps without sorting them:
 * when more than half the gaps are shorter than every window, so is the median gap (most
 * counterparties are paid every day or two); and when fewer than `REGULAR_SHARE` of the gaps can
 * fall in any window, they cannot in the median's.
 */
function cannotRecur(index: StreamsIndex, b: Bucket): boolean {
  const { day, before: previous } = index;
  const gaps = b.count - 1;
  const half = (gaps >> 1) + 1;
  let short = 0;
  let regular = 0;
  // Walked from the last row back: the gaps are the same, and the tests only count them.
  let row = b.last;
  let after = day[row] as number;
  for (let j = 1; j <= gaps; j++) {
    row = previous[row] as number;
    const d = day[row] as number;
    const gap = after - d;
    after = d;
    if (gap < SHORTEST) {
      if (++short >= half) return true;
    } else if (inWindow(gap)) {
      regular++;
      continue;
    }
    // Even if every gap left were in a window.
    if ((regular + gaps - j) / gaps < REGULAR_SHARE) return true;
  }
  return regular / gaps < REGULAR_SHARE;
}

/** The stream of rows `at` of `ctx` (ascending, two or more), or null when they do not recur. */
function describe(
  ctx: AnalysisContext,
  key: string,
  at: readonly number[],
  statementEnd: number,
): RecurringStream | null {
  const days = at.map((row) => ctx.day[row] as number);
  const gaps: number[] = [];
  for (let i = 1; i < days.length; i++) gaps.push((days[i] as number) - (days[i - 1] as number));
  const typical = median(gaps);
  const window = WINDOWS.find((w) => typical >= w.min && typical <= w.max);
  if (!window) return null;
  const regular = gaps.filter((g) => g >= window.min && g <= window.max).length;
  if (regular / gaps.length < REGULAR_SHARE) return null;
  let frequency = window.frequency;
  let period = window.period;
  const txs = at.map((row) => ctx.rows[row] as CanonicalTransaction);
  const semiMonthly = frequency === 'BIWEEKLY' ? semiMonthlyDays(txs) : null;
  if (semiMonthly !== null) {
    frequency = 'SEMI_MONTHLY';
    period = 15.22;
  }
  const last = txs[txs.length - 1] as CanonicalTransaction;
  const first = txs[0] as CanonicalTransaction;
  const next = nextExpectedDay(frequency, txs, semiMonthly);
  const grace = Math.max(3, Math.round(period * 0.5));
  const total = txs.reduce((s, t) => s + t.amount, 0);
  const status: StreamStatus =
    statementEnd > next + grace ? 'TOMBSTONED' : regular + 1 >= 3 ? 'MATURE' : 'EARLY_DETECTION';
  return {
    direction: last.direction === 'credit' ? 'inflow' : 'outflow',
    description: last.narration,
    counterparty: key,
    category: (ctx.labels[at[at.length - 1] as number] as Verdict).category,
    frequency,
    averageAmount: toMajor(total / txs.length),
    lastAmount: toMajor(last.amount),
    firstDate: first.date,
    lastDate: last.date,
    nextExpectedDate: status === 'TOMBSTONED' ? null : dateOf(next),
    status,
    occurrences: txs.length,
    transactionIds: txs.map((t) => t.id),
    totalMinor: total,
    rows: at,
  };
}

/**
 * Two payments alone make a stream only when the smaller is at least this share of the larger (a
 * rise of up to 25%, the band `salary-fit` allows an unnamed payer): their one gap is weak evidence
 * of a schedule (two transfers to one person a week apart are common), so the amounts must agree too.
 */
const PAIR_ALIKE = 0.8;

/** The stream of a counterparty's rows `at` (two or more), or null. */
function counterpartyStream(
  ctx: AnalysisContext,
  key: string,
  at: readonly number[],
  statementEnd: number,
): RecurringStream | null {
  if (at.length === 2) {
    const a = (ctx.rows[at[0] as number] as CanonicalTransaction).amount;
    const b = (ctx.rows[at[1] as number] as CanonicalTransaction).amount;
    if (Math.min(a, b) < PAIR_ALIKE * Math.max(a, b)) return null;
  }
  return describe(ctx, key, at, statementEnd);
}

/** The bucket holding `row` (null for a row without a counterparty); its category may have changed since. */
function bucketOfRow(index: StreamsIndex, row: number): Bucket | null {
  const label = index.labels[row] as Verdict;
  const who = label.entity ?? label.counterparty;
  if (!who) return null;
  const credit = (index.rows[row] as CanonicalTransaction).direction === 'credit';
  for (let b = (credit ? index.credit : index.debit).get(who) ?? null; b; b = b.next) {
    if (includesSorted(rowsOf(index, b), row)) return b;
  }
  return null;
}

function includesSorted(rows: readonly number[], row: number): boolean {
  let lo = 0;
  let hi = rows.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = rows[mid] as number;
    if (at === row) return true;
    if (at < row) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/** Rows of each salary stream found by id (streams other than this context's income analysis found). */
function rowsById(txs: readonly CanonicalTransaction[], salaryStreams: ReadonlyArray<{ transactionIds: string[] }>) {
  const rows: number[][] = salaryStreams.map(() => []);
  if (salaryStreams.length === 0) return rows;
  const inSalary = new Map<string, number>();
  salaryStreams.forEach((s, i) => {
    for (const id of s.transactionIds) inSalary.set(id, i);
  });
  for (let i = 0; i < txs.length; i++) {
    const stream = inSalary.get((txs[i] as CanonicalTransaction).id);
    if (stream !== undefined) rows[stream]?.push(i);
  }
  return rows;
}

/**
 * Recurring streams: transactions grouped by direction, counterparty and category, kept when the
 * gaps between them are regular (weekly, every two weeks, twice a month, monthly or yearly) and,
 * for two transactions alone, their amounts alike (`PAIR_ALIKE`).
 * MATURE after three regular occurrences; TOMBSTONED when the next expected one is overdue at the
 * statement's end.
 */
export function recurringStreams(
  ctx: AnalysisContext,
  salaryStreams: ReadonlyArray<{ employer: string; transactionIds: string[] }> = [],
): RecurringStream[] {
  // The income analysis's own streams come with their rows; other streams are found by id.
  const shared = salaryStreams.length > 0 ? indexAfterIncome(ctx, salaryStreams) : null;
  const index = shared ?? streamsIndex(ctx);
  const salaryRows = shared?.salary?.rows ?? rowsById(ctx.rows, salaryStreams);
  const end = ctx.lastDate ? dayNumber(ctx.lastDate) : 0;
  const streams: RecurringStream[] = [];
  // A salary stream is one stream even across an employer's rename.
  salaryRows.forEach((rows, i) => {
    const stream = rows.length >= 2 ? describe(ctx, salaryStreams[i]?.employer ?? '', rows, end) : null;
    if (stream) streams.push(stream);
  });
  // Salary rows leave their buckets (and a bucket, or a counterparty, then starts at its next row).
  const left = new Map<Bucket, Set<number>>();
  for (const rows of salaryRows) {
    for (const row of rows) {
      const b = bucketOfRow(index, row);
      if (!b) continue;
      const held = left.get(b);
      if (held) held.add(row);
      else left.set(b, new Set([row]));
    }
  }
  for (const byWho of [index.debit, index.credit]) {
    const found: Array<{ stream: RecurringStream; whoFirst: number; first: number }> = [];
    for (const head of byWho.values()) {
      let whoFirst = Number.POSITIVE_INFINITY;
      const at = found.length;
      for (let b: Bucket | null = head; b !== null; b = b.next) {
        const gone = left.get(b);
        if (gone) {
          // Rare: a bucket that held salary rows.
          const rows = rowsOf(index, b).filter((row) => !gone.has(row));
          const first = rows[0] ?? Number.POSITIVE_INFINITY;
          whoFirst = Math.min(whoFirst, first);
          const stream = rows.length >= 2 ? counterpartyStream(ctx, b.who, rows, end) : null;
          if (stream) found.push({ stream, whoFirst: 0, first });
          continue;
        }
        const first = b.first;
        whoFirst = Math.min(whoFirst, first);
        if (b.count < 2 || cannotRecur(index, b)) continue;
        const stream = counterpartyStream(ctx, b.who, rowsOf(index, b), end);
        if (stream) found.push({ stream, whoFirst: 0, first });
      }
      for (let j = at; j < found.length; j++) (found[j] as { whoFirst: number }).whoFirst = whoFirst;
    }
    // In order of each counterparty's first row outside salary streams, then of each bucket's.
    if (left.size > 0) found.sort((a, b) => a.whoFirst - b.whoFirst || a.first - b.first);
    for (const f of found) streams.push(f.stream);
  }
  return streams.sort((a, b) => b.occurrences - a.occurrences || (a.counterparty < b.counterparty ? -1 : 1));
}

/** The public shape (without the internal minor-unit total and rows). */
export const publicStream = ({ totalMinor: _total, rows: _rows, ...stream }: RecurringStream) => stream;
