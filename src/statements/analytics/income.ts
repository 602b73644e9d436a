import { toMajor } from '../../domain/money.js';
import type { CanonicalTransaction } from '../../domain/statement.js';
import { dateOf, dayNumber, monthsLater } from './calendar.js';
import type { Verdict } from './categorise/categorise.js';
import { type AnalysisContext, relabel } from './context.js';
import { type OtherIncomeStream, otherIncome } from './other-income.js';
import { type PayerCredits, payCredits } from './pay-credits.js';
import { type RecurringStream, recurringStreams } from './recurring.js';
import {
  type Credit,
  creditsOf,
  type Fit,
  fitEvidence,
  fitSchedule,
  oneOff,
  predictedOf,
  Scratch,
  settled,
} from './salary-fit.js';
import { median } from './stats.js';
import { type StreamsIndex, streamsIndex } from './streams-index.js';
import { thresholdsOf } from './thresholds.js';

/** `[{date, amount, description}]` items of the real API. */
export interface TransactionItem {
  date: string;
  amount: number;
  description: string;
}

/** One detected salary stream: which credits, why, and how sure. */
export interface SalaryStream {
  employer: string;
  /** Expected day of the month (pay dates may shift around weekends). */
  payDay: number;
  payments: number;
  /** 0..1 */
  confidence: number;
  /** Minor units: median of the last three full (not pro-rated) payments. */
  predicted: number;
  proRatedFirstPayment: boolean;
  /** A narration says salary or payroll. */
  namedAsSalary: boolean;
  /** Paid through a payroll rail (Remita, IPPIS, Paystack, Bento, ...). */
  payrollRail: boolean;
  evidence: string[];
  transactionIds: string[];
}

/** The real API's `incomeAnalysis`, plus the salary confidence and streams behind it. */
export interface IncomeAnalysis {
  salaryTransactions: TransactionItem[];
  averagePredictedSalary: number;
  isSalaryEarner: 'Yes' | 'No';
  expectedSalaryPaymentDay: number | null;
  frequencyOfSalaryPayments: 'Monthly' | null;
  lastDateOfSalaryPayment: string | null;
  numberOfSalaryPayments: number;
  hasOtherIncome: 'Yes' | 'No';
  otherIncomeTransactions: TransactionItem[];
  averageOtherIncome: number;
  numberOfOtherIncomePayments: number;
  netAverageMonthlyEarning: number;
  lowestSalary: number | null;
  lowestSalaryDate: string | null;
  mostRecentSalary: number | null;
  salaryConfidence: number;
  salaryStreams: Array<Omit<SalaryStream, 'predicted'> & { predictedAmount: number }>;
  /** The recurring inflows counted in other income, with the reasons and transaction ids (ours). */
  otherIncomeStreams: OtherIncomeStream[];
}

export interface IncomeResult {
  analysis: IncomeAnalysis;
  streams: SalaryStream[];
  /** Positions in `ctx.rows` of each stream's payments, ascending. */
  streamRows: number[][];
  /** Minor units, for affordability and ratios. */
  averagePredictedSalary: number;
  averageOtherIncome: number;
  /** The statement's recurring streams, found with the salary streams above (`recurringStreams`). */
  recurring: RecurringStream[];
}

/** Credits of one payer, with what the rename check needs computed when first asked. */
interface Group {
  key: string;
  /** A credit of the group is named as salary. */
  keyword: boolean;
  credits: Credit[];
  firstDay: number;
  fit: Fit | null;
  /** Employer names as the credits give them (`ACME NIGERIA PLC`), the renamed ones in order. */
  names: string[];
  used: boolean;
  /** NaN until asked. */
  median: number;
  largest: number;
}

const newGroup = (key: string, name = key): Group => ({
  key,
  keyword: false,
  credits: [],
  firstDay: 0,
  fit: null,
  names: [name],
  used: false,
  median: Number.NaN,
  largest: Number.NaN,
});

function medianOf(g: Group): number {
  if (Number.isNaN(g.median)) g.median = median(g.credits.map((c) => c.amount));
  return g.median;
}

function largestOf(g: Group): number {
  if (Number.isNaN(g.largest)) {
    let largest = 0;
    for (const c of g.credits) largest = Math.max(largest, c.amount);
    g.largest = largest;
  }
  return g.largest;
}

/**
 * An employer renamed mid-stream: B's first credit comes 20..70 days after A's last, near A's pay
 * day, at a similar size (half to double A's largest). Whether the joined stream is regular is left
 * to `fitSchedule`.
 */
function mayContinue(a: Group, b: Group): boolean {
  const aLast = a.credits[a.credits.length - 1];
  const bFirst = b.credits[0];
  if (!aLast || !bFirst) return false;
  const gap = bFirst.day - aLast.day;
  if (gap < 20 || gap > 70) return false;
  // The renamed payer keeps the pay day (within the weekend-shift tolerance, across month ends).
  const payDay = a.fit?.payDay ?? aLast.dom;
  const apart = Math.abs(bFirst.dom - payDay);
  if (Math.min(apart, 31 - apart) > 4) return false;
  const ratio = medianOf(b) / largestOf(a);
  return ratio >= 0.5 && ratio <= 2;
}

/** Without a word or rail to go by, a renamed payer must pay within -10%..+25% of before. */
const sameSize = (amount: number, before: number) => before > 0 && amount >= 0.9 * before && amount <= 1.25 * before;

/** A transaction as the real API lists it. */
export const transactionItem = (tx: CanonicalTransaction): TransactionItem => ({
  date: tx.date,
  amount: toMajor(tx.amount),
  description: tx.narration,
});

function streamOf(g: Group, fit: Fit, currency: string): SalaryStream {
  const evidence = fitEvidence(fit, currency);
  if (g.names.length > 1) evidence.push(`employer renamed: ${g.names.join(' then ')}`);
  return {
    employer: g.names.join(' / '),
    payDay: fit.payDay,
    payments: fit.payments.length,
    confidence: fit.confidence,
    predicted: predictedOf(fit),
    proRatedFirstPayment: fit.proRated,
    namedAsSalary: fit.keyword,
    payrollRail: fit.rail,
    evidence,
    transactionIds: fit.payments.map((p) => p.tx.id),
  };
}

/**
 * How many days a payment may be overdue before its stream counts as stopped. Salaries a week or
 * two late are common (state governments, small employers), and one late payment is not a lost
 * job: the salary risk signal reports the days since the last payment either way. Past two weeks,
 * affordability should not lend on it.
 */
const OVERDUE_DAYS = 14;

/** Day number of the pay date after the stream's last pay month (its pay day, or that month's last day). */
function nextPayDate(fit: Fit): number {
  return monthsLater(Math.floor(fit.lastMonth / 12), (fit.lastMonth % 12) + 1, 1, fit.payDay);
}

function stoppedEvidence(fit: Fit, due: number, end: string): string {
  const last = (fit.payments[fit.payments.length - 1] as Credit).tx.date;
  return `stopped: last paid ${last}; the payment due ${dateOf(due)} had not come by the statement's end (${end}), so it is not current income`;
}

/** Candidate pay by payer, in order of each payer's first credit. */
function groupsOf(index: StreamsIndex, payers: readonly PayerCredits[]): Group[] {
  return payers.map((p) => {
    const g = newGroup(p.key, p.name);
    g.keyword = p.keyword;
    g.firstDay = index.day[p.rows[0] as number] as number;
    g.credits = creditsOf(index, p.rows);
    return g;
  });
}

interface Kept {
  stream: SalaryStream;
  fit: Fit;
}

const byStart = (a: Group, b: Group) => a.firstDay - b.firstDay;

/** The first group of `pool` (ordered by start) starting on or after `day`. */
function startingFrom(pool: readonly Group[], day: number): number {
  let lo = 0;
  let hi = pool.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((pool[mid] as Group).firstDay < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function detectStreams(groups: readonly Group[], currency: string): Kept[] {
  const seeds: Group[] = [];
  const others: Group[] = [];
  const scratch = new Scratch(thresholdsOf(currency).minimumSalary);
  for (const g of groups) {
    if (g.credits.length >= 2 || g.keyword) {
      g.fit = fitSchedule(g.credits, scratch);
      seeds.push(g);
    } else others.push(g);
  }
  seeds.sort(byStart);
  const pool = [...seeds, ...others].sort(byStart);
  const streams: Kept[] = [];
  // Join renamed employers onto each seed, earliest first; a seed used as a continuation is done.
  for (const seed of seeds) {
    if (seed.used) continue;
    // Only a payer that already looks like an employer is followed across a rename: two or more
    // credits and named as salary, paid through a payroll rail, or three or more on schedule.
    const s = seed.fit;
    const k = s?.payments.length ?? 0;
    const followable = s !== null && k >= 2 && (k >= 3 || s.keyword || s.rail);
    let current = seed;
    for (let joined = followable; joined; ) {
      joined = false;
      // Only payers starting 20..70 days after the last credit can continue it (the pool is by start).
      const last = (current.credits[current.credits.length - 1] as Credit).day;
      for (let j = startingFrom(pool, last + 20); j < pool.length; j++) {
        const next = pool[j] as Group;
        if (next.firstDay > last + 70) break;
        if (next === current || next.used || next === seed || !mayContinue(current, next)) continue;
        const credits = current.credits.concat(next.credits);
        const merged = fitSchedule(credits, scratch);
        // An unsettled fit stays under 0.6.
        if (!merged?.settled || merged.confidence < 0.6) continue;
        const before = current.fit ? settled(current.fit).confidence : 0;
        const plausible =
          merged.keyword || merged.rail || sameSize(medianOf(next), current.fit ? predictedOf(current.fit) : 0);
        if (plausible && merged.confidence >= before) {
          next.used = true;
          const names = [...current.names, ...next.names];
          current = newGroup(names.join(' / '));
          current.names = names;
          current.credits = credits;
          current.fit = merged;
          joined = true;
          break;
        }
      }
    }
    seed.used = true;
    const fit = current.fit;
    // A one-off salary credit is listed, saying it is one payment, but is no current income.
    if (fit?.settled && (fit.confidence >= 0.6 || oneOff(fit)))
      streams.push({ stream: streamOf(current, fit, currency), fit });
  }
  return streams;
}

/**
 * Salary and other income. Salary streams are monthly credits from one payer (an employer renamed
 * mid-stream stays one stream) on a pay day that may shift around weekends, with amounts that allow
 * a pro-rated first month and raises. Credits so found are re-labelled `salary` in `ctx.labels`.
 * Other income is the credits named as such and the regular non-salary inflow streams among the
 * recurring streams (`otherIncome`), so the two sections never disagree.
 */
export function incomeAnalysis(ctx: AnalysisContext): IncomeResult {
  const { rows, labels } = ctx;
  const index = streamsIndex(ctx);
  const found = payCredits(index);
  const kept = detectStreams(groupsOf(index, found.payers), ctx.statement.currency).sort(
    (a, b) => b.stream.confidence - a.stream.confidence || b.stream.payments - a.stream.payments,
  );
  const streams = kept.map((k) => k.stream);
  const streamRows = kept.map((k) => k.fit.payments.map((p) => p.index).sort((a, b) => a - b));
  // The recurring streams of these salary streams read the index with the rows re-labelled below.
  if (streams.length > 0) index.salary = { streams, rows: streamRows };
  // Positions in `ctx.rows` of the salary credits: the streams' payments and the credits named salary.
  const at: number[] = [];
  for (const { stream, fit } of kept) {
    const evidence = `monthly salary stream from ${stream.employer} (${stream.evidence[0] ?? ''})`;
    // The stream's payments not already named salary, by their verdict: one new verdict for each.
    const byVerdict = new Map<number, number[]>();
    for (const p of fit.payments) {
      at.push(p.index);
      if ((labels[p.index] as Verdict).category === 'salary') continue;
      const k = ctx.verdictOf[p.index] as number;
      const same = byVerdict.get(k);
      if (same) same.push(p.index);
      else byVerdict.set(k, [p.index]);
    }
    for (const [k, same] of byVerdict) {
      const label = ctx.verdicts[k] as Verdict;
      relabel(ctx, same, { ...label, category: 'salary', confidence: stream.confidence, evidence });
    }
  }
  for (const i of found.named) {
    at.push(i);
  }
  at.sort((a, b) => a - b);
  const salaryTxs: CanonicalTransaction[] = [];
  for (let j = 0; j < at.length; j++) {
    if (j > 0 && at[j] === at[j - 1]) continue;
    salaryTxs.push(rows[at[j] as number] as CanonicalTransaction);
  }
  const recurring = recurringStreams(ctx, streams);
  const other = otherIncome(ctx, found.other, recurring);
  const otherTxs = other.rows.map((row) => rows[row] as CanonicalTransaction);

  // Only the monthly streams still paid at the statement's end are income; the others stay listed, saying so.
  const end = ctx.lastDate ? dayNumber(ctx.lastDate) : 0;
  const current: SalaryStream[] = [];
  for (const { stream, fit } of kept) {
    if (oneOff(fit)) continue;
    const due = nextPayDate(fit);
    if (due + OVERDUE_DAYS >= end) current.push(stream);
    else stream.evidence.push(stoppedEvidence(fit, due, ctx.lastDate));
  }
  const predicted = current.reduce((s, x) => s + x.predicted, 0);
  const averageOtherIncome = other.average;

  let lowest: CanonicalTransaction | undefined;
  for (const tx of salaryTxs) if (!lowest || tx.amount < lowest.amount) lowest = tx;
  const latest = salaryTxs[salaryTxs.length - 1];
  const isEarner = current.length > 0;
  // The confidence of what isSalaryEarner says: the current stream's, else the stopped one's.
  const confidence = (current[0] ?? streams[0])?.confidence ?? (salaryTxs.length > 0 ? 0.5 : 0);

  return {
    streams,
    streamRows,
    averagePredictedSalary: predicted,
    averageOtherIncome,
    recurring,
    analysis: {
      salaryTransactions: salaryTxs.map(transactionItem),
      averagePredictedSalary: toMajor(predicted),
      isSalaryEarner: isEarner ? 'Yes' : 'No',
      expectedSalaryPaymentDay: current[0]?.payDay ?? null,
      frequencyOfSalaryPayments: isEarner ? 'Monthly' : null,
      lastDateOfSalaryPayment: latest?.date ?? null,
      numberOfSalaryPayments: salaryTxs.length,
      hasOtherIncome: otherTxs.length > 0 ? 'Yes' : 'No',
      otherIncomeTransactions: otherTxs.map(transactionItem),
      averageOtherIncome: toMajor(averageOtherIncome),
      numberOfOtherIncomePayments: otherTxs.length,
      netAverageMonthlyEarning: toMajor(predicted + averageOtherIncome),
      lowestSalary: lowest ? toMajor(lowest.amount) : null,
      lowestSalaryDate: lowest?.date ?? null,
      mostRecentSalary: latest ? toMajor(latest.amount) : null,
      salaryConfidence: confidence,
      salaryStreams: streams.map(({ predicted: p, ...rest }) => ({ ...rest, predictedAmount: toMajor(p) })),
      otherIncomeStreams: other.streams,
    },
  };
}
