import { toMajor } from '../../domain/money.js';
import { dateOf, dayNumber } from './calendar.js';
import type { CategorisedTransaction } from './categorise/categorise.js';
import type { AnalysisContext } from './context.js';
import { median } from './stats.js';

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
}

/** Interval windows in days; `period` is the expected gap used for the next date. */
const WINDOWS: Array<{ frequency: Frequency; min: number; max: number; period: number }> = [
  { frequency: 'WEEKLY', min: 5, max: 9, period: 7 },
  { frequency: 'BIWEEKLY', min: 12, max: 17, period: 14 },
  { frequency: 'MONTHLY', min: 26, max: 35, period: 30.44 },
  { frequency: 'ANNUALLY', min: 350, max: 380, period: 365 },
];
/** At least this share of the gaps must fall in the frequency's window. */
const REGULAR_SHARE = 0.6;

/** Twice a month on two fixed days (the 1st and 15th) rather than every other week. */
function isSemiMonthly(txs: readonly CategorisedTransaction[]): boolean {
  const days = txs.map((t) => Number(t.date.slice(8, 10))).sort((a, b) => a - b);
  // Split the days of the month where they are furthest apart; both halves must be tight.
  let split = 1;
  for (let i = 1; i < days.length; i++) {
    if ((days[i] as number) - (days[i - 1] as number) > (days[split] as number) - (days[split - 1] as number))
      split = i;
  }
  const early = days.slice(0, split);
  const late = days.slice(split);
  if (early.length < 2 || late.length < 2) return false;
  const tight = (ds: number[]) => (ds[ds.length - 1] as number) - (ds[0] as number) <= 3;
  return tight(early) && tight(late) && (late[0] as number) - (early[early.length - 1] as number) >= 10;
}

function describe(key: string, txs: CategorisedTransaction[], statementEnd: number): RecurringStream | null {
  const days = txs.map((t) => t.day);
  const gaps: number[] = [];
  for (let i = 1; i < days.length; i++) gaps.push((days[i] as number) - (days[i - 1] as number));
  const typical = median(gaps);
  const window = WINDOWS.find((w) => typical >= w.min && typical <= w.max);
  if (!window) return null;
  const regular = gaps.filter((g) => g >= window.min && g <= window.max).length;
  if (regular / gaps.length < REGULAR_SHARE) return null;
  let frequency = window.frequency;
  let period = window.period;
  if (frequency === 'BIWEEKLY' && isSemiMonthly(txs)) {
    frequency = 'SEMI_MONTHLY';
    period = 15.22;
  }
  const last = txs[txs.length - 1] as CategorisedTransaction;
  const first = txs[0] as CategorisedTransaction;
  const lastDay = days[days.length - 1] as number;
  const next = Math.round(lastDay + period);
  const grace = Math.max(3, Math.round(period * 0.5));
  const total = txs.reduce((s, t) => s + t.amount, 0);
  const status: StreamStatus =
    statementEnd > next + grace ? 'TOMBSTONED' : regular + 1 >= 3 ? 'MATURE' : 'EARLY_DETECTION';
  return {
    direction: last.direction === 'credit' ? 'inflow' : 'outflow',
    description: last.narration,
    counterparty: key,
    category: last.category,
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
  };
}

/**
 * Recurring streams: transactions grouped by direction, counterparty and category, kept when the
 * gaps between them are regular (weekly, every two weeks, twice a month, monthly or yearly).
 * MATURE after three regular occurrences; TOMBSTONED when the next expected one is overdue at the
 * statement's end.
 */
export function recurringStreams(
  ctx: AnalysisContext,
  salaryStreams: ReadonlyArray<{ employer: string; transactionIds: string[] }> = [],
): RecurringStream[] {
  // A salary stream is one stream even across an employer's rename.
  const inSalary = new Map<string, number>();
  salaryStreams.forEach((s, i) => {
    for (const id of s.transactionIds) inSalary.set(id, i);
  });
  const salaryTxs: CategorisedTransaction[][] = salaryStreams.map(() => []);
  // Nested maps keyed by strings the verdicts share (their hashes are cached), not a key built per row.
  const groups = { debit: new Map<string, Map<string, CategorisedTransaction[]>>(), credit: new Map() };
  for (const tx of ctx.txs) {
    const stream = inSalary.get(tx.id);
    if (stream !== undefined) {
      salaryTxs[stream]?.push(tx);
      continue;
    }
    const who = tx.entity ?? tx.counterparty;
    if (!who) continue;
    const byWho = groups[tx.direction];
    let byCategory = byWho.get(who);
    if (!byCategory) {
      byCategory = new Map();
      byWho.set(who, byCategory);
    }
    const list = byCategory.get(tx.category);
    if (list) list.push(tx);
    else byCategory.set(tx.category, [tx]);
  }
  const end = ctx.lastDate ? dayNumber(ctx.lastDate) : 0;
  const streams: RecurringStream[] = [];
  salaryTxs.forEach((txs, i) => {
    const stream = txs.length >= 2 ? describe(salaryStreams[i]?.employer ?? '', txs, end) : null;
    if (stream) streams.push(stream);
  });
  for (const byWho of [groups.debit, groups.credit]) {
    for (const [who, byCategory] of byWho) {
      for (const txs of byCategory.values()) {
        if (txs.length < 2) continue;
        const stream = describe(who, txs, end);
        if (stream) streams.push(stream);
      }
    }
  }
  return streams.sort((a, b) => b.occurrences - a.occurrences || (a.counterparty < b.counterparty ? -1 : 1));
}

/** The public shape (without the internal minor-unit total). */
export const publicStream = ({ totalMinor: _total, ...stream }: RecurringStream) => stream;
