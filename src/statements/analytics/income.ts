import { toMajor } from '../../domain/money.js';
import { civilDay, dayNumber, daysInMonth, weekday } from './calendar.js';
import type { CategorisedTransaction } from './categorise/categorise.js';
import { tokenise } from './categorise/tokenise.js';
import { type AnalysisContext, monthCount } from './context.js';
import payroll from './lexicon/payroll.json' with { type: 'json' };
import { median } from './stats.js';

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
}

export interface IncomeResult {
  analysis: IncomeAnalysis;
  streams: SalaryStream[];
  /** Minor units, for affordability and ratios. */
  averagePredictedSalary: number;
  averageOtherIncome: number;
  salaryIds: ReadonlySet<string>;
}

/** Credits that may be pay; self-transfers, loans, gambling winnings, reversals and interest never are. */
const CANDIDATE = new Set(['salary', 'transfer_in', 'other']);
const OTHER_INCOME = new Set(['other_income', 'interest']);
/** A regular stream smaller than this (₦15,000 a month) is not taken for a salary without the word. */
const MIN_SALARY = 1_500_000;
const ON_SCHEDULE_DAYS = 3;
const RAILS: ReadonlySet<string> = new Set(payroll.rails);
const SUFFIXES: ReadonlySet<string> = new Set(payroll.employerSuffixes);

interface Payment {
  tx: CategorisedTransaction;
  day: number;
  /** Pay month as `year * 12 + month0`, of the nominal pay date this payment is nearest to. */
  payMonth: number;
  offset: number;
}

/** The payer without company suffixes (`ACME LTD` and `ACME LIMITED` are one payer). */
function employerKey(tx: CategorisedTransaction, cache: Map<string, string>): string {
  let key = cache.get(tx.counterparty);
  if (key === undefined) {
    key = tx.counterparty
      .split(' ')
      .filter((w) => w !== '' && !SUFFIXES.has(w))
      .join(' ');
    cache.set(tx.counterparty, key);
  }
  return key || (tx.category === 'salary' ? 'SALARY' : '');
}

/** The nominal pay date of `payDay` in month `ym` (`year*12+month0`), clamped to the month's length. */
function nominalDay(ym: number, payDay: number): number {
  const year = Math.floor(ym / 12);
  const month0 = ym % 12;
  return civilDay(year, month0 + 1, Math.min(payDay, daysInMonth(year, month0 + 1)));
}

function schedule(tx: CategorisedTransaction, payDay: number): Payment | null {
  const day = tx.day;
  const d = tx.date;
  // `year * 12 + month0` of the `YYYY-MM-DD` date, read from its digits.
  const ym =
    ((d.charCodeAt(0) - 48) * 1000 +
      (d.charCodeAt(1) - 48) * 100 +
      (d.charCodeAt(2) - 48) * 10 +
      d.charCodeAt(3) -
      48) *
      12 +
    (d.charCodeAt(5) - 48) * 10 +
    d.charCodeAt(6) -
    48 -
    1;
  // The nearest of the nominal pay dates of the previous, same and next month (the earliest on a tie).
  let payMonth = ym - 1;
  let offset = day - nominalDay(ym - 1, payDay);
  const same = day - nominalDay(ym, payDay);
  if (Math.abs(same) < Math.abs(offset)) {
    payMonth = ym;
    offset = same;
  }
  const next = day - nominalDay(ym + 1, payDay);
  if (Math.abs(next) < Math.abs(offset)) {
    payMonth = ym + 1;
    offset = next;
  }
  const wd = weekday(day);
  // Paid early before a weekend or a holiday weekend (Thursday/Friday), or late after one (Monday/Tuesday).
  const limit = (offset < 0 && (wd === 4 || wd === 5)) || (offset > 0 && (wd === 1 || wd === 2)) ? 4 : ON_SCHEDULE_DAYS;
  return Math.abs(offset) <= limit ? { tx, day, payMonth, offset } : null;
}

/** One payment per pay month (the largest), on the schedule of `payDay`. */
function onSchedule(txs: readonly CategorisedTransaction[], payDay: number): Payment[] {
  const byMonth = new Map<number, Payment>();
  for (const tx of txs) {
    const p = schedule(tx, payDay);
    if (!p) continue;
    const held = byMonth.get(p.payMonth);
    if (!held || p.tx.amount > held.tx.amount) byMonth.set(p.payMonth, p);
  }
  return [...byMonth.values()].sort((a, b) => a.payMonth - b.payMonth);
}

/**
 * Days of the month each credit can stand for: its own day, and for a Friday also the weekend
 * after it (pay brought forward), for a Monday the weekend before (pay held over).
 */
function nominalDays(tx: CategorisedTransaction): number[] {
  const d = (tx.date.charCodeAt(8) - 48) * 10 + tx.date.charCodeAt(9) - 48;
  const wd = weekday(tx.day);
  if (wd === 5) return [d, d + 1, d + 2].filter((x) => x <= 31);
  if (wd === 1) return [d, d - 1, d - 2].filter((x) => x >= 1);
  return [d];
}

/** Up to six candidate pay days, the days most credits can stand for first, with that count. */
function candidatePayDays(txs: readonly CategorisedTransaction[]): Array<{ day: number; fits: number }> {
  const fits = new Array<number>(32).fill(0);
  for (const tx of txs) for (const d of nominalDays(tx)) fits[d] = (fits[d] ?? 0) + 1;
  return fits
    .map((count, day) => ({ day, fits: count }))
    .filter((c) => c.fits > 0)
    .sort((a, b) => b.fits - a.fits || a.day - b.day)
    .slice(0, 6);
}

function evaluate(employer: string, txs: readonly CategorisedTransaction[]): SalaryStream | null {
  let payments: Payment[] = [];
  let payDay = 0;
  let bestFits = 0;
  let bestSpread = 0;
  // Most credits on schedule, then most credits that are exactly the day or a weekend shift of it.
  for (const { day, fits } of candidatePayDays(txs)) {
    const found = onSchedule(txs, day);
    const spread = found.reduce((s, p) => s + Math.abs(p.offset), 0);
    const better =
      found.length > payments.length ||
      (found.length === payments.length && (fits > bestFits || (fits === bestFits && spread < bestSpread)));
    if (better) {
      payments = found;
      payDay = day;
      bestFits = fits;
      bestSpread = spread;
    }
  }
  const first = payments[0];
  const last = payments[payments.length - 1];
  if (!first || !last) return null;

  const amounts = payments.map((p) => p.tx.amount);
  const rest = amounts.slice(1);
  const proRated = rest.length >= 2 && amounts[0] !== undefined && amounts[0] < 0.9 * median(rest);
  const full = proRated ? rest : amounts;
  const keyword = payments.some((p) => p.tx.category === 'salary');
  const rail = payments.some((p) => tokenise(p.tx.narration).some((t) => RAILS.has(t)));
  // Named or payroll-rail pay may move more (allowances, overtime); an unnamed payer must pay the
  // same but for a raise, or a friend's regular transfers would pass for a salary.
  const [low, high, band] = keyword || rail ? [0.67, 1.5, '-33%..+50%'] : [0.9, 1.25, '-10%..+25%'];
  let stablePairs = 0;
  for (let i = 1; i < full.length; i++) {
    const ratio = (full[i] as number) / (full[i - 1] as number);
    if (ratio >= low && ratio <= high) stablePairs++;
  }
  const stability = full.length < 2 ? 1 : stablePairs / (full.length - 1);
  const k = payments.length;
  const regularity = k / (last.payMonth - first.payMonth + 1);
  const predicted = median(full.slice(-3));

  const evidence: string[] = [];
  let confidence = 0;
  if (k >= 3 && regularity >= 0.75 && stability >= 0.75) confidence = 0.65;
  else if (k === 2 && regularity === 1 && stability === 1) confidence = 0.45;
  else if (k >= 3 && regularity >= 0.5) confidence = 0.4;
  else if (k === 1) confidence = 0.35;
  evidence.push(
    `${k} payment(s) around day ${payDay} over ${last.payMonth - first.payMonth + 1} month(s), ${Math.round(stability * 100)}% of month-to-month amounts within ${band}`,
  );
  if (keyword) {
    confidence += 0.25;
    evidence.push('narration names salary or payroll');
  }
  if (rail) {
    confidence += 0.1;
    evidence.push('paid through a payroll rail');
  }
  if (proRated) evidence.push('first payment smaller: pro-rated first month, left out of the average');
  if (txs.length >= 1.5 * k && !keyword) {
    confidence *= 0.5;
    evidence.push(`the payer sent ${txs.length} credits, not one a month`);
  }
  if (predicted < MIN_SALARY && !keyword) {
    confidence *= 0.5;
    evidence.push('amount below ₦15,000');
  }
  return {
    employer,
    payDay,
    payments: k,
    confidence: Math.min(0.99, Math.round(confidence * 100) / 100),
    predicted,
    proRatedFirstPayment: proRated,
    namedAsSalary: keyword,
    payrollRail: rail,
    evidence,
    transactionIds: payments.map((p) => p.tx.id),
  };
}

/**
 * An employer renamed mid-stream: B's first credit comes 20..70 days after A's last, near A's pay
 * day, at a similar size (half to double A's largest). Whether the joined stream is regular is left
 * to `evaluate`.
 */
function mayContinue(a: Group, b: Group): boolean {
  const aLast = a.txs[a.txs.length - 1];
  const bFirst = b.txs[0];
  if (!aLast || !bFirst) return false;
  const gap = bFirst.day - aLast.day;
  if (gap < 20 || gap > 70) return false;
  // The renamed payer keeps the pay day (within the weekend-shift tolerance, across month ends).
  const payDay = a.stream?.payDay ?? Number(aLast.date.slice(8, 10));
  const apart = Math.abs(Number(bFirst.date.slice(8, 10)) - payDay);
  if (Math.min(apart, 31 - apart) > 4) return false;
  const ratio = b.median / a.largest;
  return ratio >= 0.5 && ratio <= 2;
}

/** Credits of one payer, with what the rename check needs computed once. */
interface Group {
  key: string;
  txs: CategorisedTransaction[];
  stream: SalaryStream | null;
  median: number;
  largest: number;
}

function group(key: string, txs: CategorisedTransaction[], stream: SalaryStream | null): Group {
  let largest = 0;
  for (const t of txs) largest = Math.max(largest, t.amount);
  return { key, txs, stream, median: median(txs.map((t) => t.amount)), largest };
}

/** Without a word or rail to go by, a renamed payer must pay within -10%..+25% of before. */
const sameSize = (amount: number, before: number) => before > 0 && amount >= 0.9 * before && amount <= 1.25 * before;

const item = (tx: CategorisedTransaction): TransactionItem => ({
  date: tx.date,
  amount: toMajor(tx.amount),
  description: tx.narration,
});

function detectStreams(ctx: AnalysisContext): SalaryStream[] {
  const groups = new Map<string, CategorisedTransaction[]>();
  const keys = new Map<string, string>();
  for (const tx of ctx.txs) {
    if (tx.direction !== 'credit' || !CANDIDATE.has(tx.category)) continue;
    const key = employerKey(tx, keys);
    if (key === '') continue;
    const list = groups.get(key);
    if (list) list.push(tx);
    else groups.set(key, [tx]);
  }
  const seeds: Group[] = [];
  const others: Group[] = [];
  for (const [key, txs] of groups) {
    const keyword = txs.some((t) => t.category === 'salary');
    // A payer sending several credits a month is not paying a salary (and would cost 6 schedule passes).
    const spanMonths = ((txs[txs.length - 1]?.day ?? 0) - (txs[0]?.day ?? 0)) / 30.44 + 1;
    if (!keyword && txs.length > 3 * spanMonths) continue;
    if (txs.length >= 2 || keyword) seeds.push(group(key, txs, evaluate(key, txs)));
    else others.push(group(key, txs, null));
  }
  const byStart = (a: Group, b: Group) => (a.txs[0]?.day ?? 0) - (b.txs[0]?.day ?? 0);
  seeds.sort(byStart);
  const pool = [...seeds, ...others].sort(byStart);
  const used = new Set<Group>();
  const streams: SalaryStream[] = [];
  // Join renamed employers onto each seed, earliest first; a seed used as a continuation is done.
  for (const seed of seeds) {
    if (used.has(seed)) continue;
    // Only a payer that already looks like an employer is followed across a rename: two or more
    // credits and named as salary, paid through a payroll rail, or three or more on schedule.
    const s = seed.stream;
    const followable = s !== null && s.payments >= 2 && (s.namedAsSalary || s.payrollRail || s.payments >= 3);
    let current = seed;
    const names = [seed.key];
    for (let joined = followable; joined; ) {
      joined = false;
      for (const next of pool) {
        if (next === current || used.has(next) || next === seed || !mayContinue(current, next)) continue;
        const txs = [...current.txs, ...next.txs];
        const merged = evaluate(`${names.join(' / ')} / ${next.key}`, txs);
        const before = current.stream?.confidence ?? 0;
        const plausible =
          merged !== null &&
          (merged.namedAsSalary ||
            merged.payrollRail ||
            sameSize(median(next.txs.map((t) => t.amount)), current.stream?.predicted ?? 0));
        if (merged && plausible && merged.confidence >= 0.6 && merged.confidence >= before) {
          used.add(next);
          names.push(next.key);
          merged.evidence.push(`employer renamed: ${names.join(' then ')}`);
          current = group(merged.employer, txs, merged);
          joined = true;
          break;
        }
      }
    }
    used.add(seed);
    if (current.stream && current.stream.confidence >= 0.6) streams.push(current.stream);
  }
  return streams;
}

/**
 * Salary and other income. Salary streams are monthly credits from one payer (an employer renamed
 * mid-stream stays one stream) on a pay day that may shift around weekends, with amounts that allow
 * a pro-rated first month and raises. Credits so found are re-labelled `salary` in `ctx.txs`.
 */
export function incomeAnalysis(ctx: AnalysisContext): IncomeResult {
  const streams = detectStreams(ctx).sort((a, b) => b.confidence - a.confidence || b.payments - a.payments);
  const salaryIds = new Set<string>();
  for (const stream of streams) for (const id of stream.transactionIds) salaryIds.add(id);
  for (const tx of ctx.txs) {
    if (tx.direction === 'credit' && tx.category === 'salary') salaryIds.add(tx.id);
  }
  for (const tx of ctx.txs) {
    if (!salaryIds.has(tx.id) || tx.category === 'salary') continue;
    const stream = streams.find((s) => s.transactionIds.includes(tx.id));
    tx.category = 'salary';
    tx.confidence = stream?.confidence ?? 0.6;
    tx.evidence = `monthly salary stream from ${stream?.employer ?? 'one payer'} (${stream?.evidence[0] ?? ''})`;
  }
  const salaryTxs = ctx.txs.filter((t) => salaryIds.has(t.id));
  const otherTxs = ctx.txs.filter((t) => t.direction === 'credit' && OTHER_INCOME.has(t.category));

  const lastDay = ctx.lastDate ? dayNumber(ctx.lastDate) : 0;
  const current = streams.filter((s) => {
    const lastId = s.transactionIds[s.transactionIds.length - 1];
    const tx = salaryTxs.find((t) => t.id === lastId);
    return tx !== undefined && lastDay - tx.day <= 62;
  });
  const primary = streams[0];
  let predicted = (current.length > 0 ? current : primary ? [primary] : []).reduce((s, x) => s + x.predicted, 0);
  if (predicted === 0 && salaryTxs.length > 0) predicted = median(salaryTxs.map((t) => t.amount));
  const otherTotal = otherTxs.reduce((s, t) => s + t.amount, 0);
  const averageOtherIncome = otherTotal / monthCount(ctx);

  let lowest: CategorisedTransaction | undefined;
  for (const tx of salaryTxs) if (!lowest || tx.amount < lowest.amount) lowest = tx;
  const latest = salaryTxs[salaryTxs.length - 1];
  const isEarner = streams.length > 0;
  const confidence = primary?.confidence ?? (salaryTxs.length > 0 ? 0.5 : 0);

  return {
    streams,
    salaryIds,
    averagePredictedSalary: isEarner ? predicted : 0,
    averageOtherIncome,
    analysis: {
      salaryTransactions: salaryTxs.map(item),
      averagePredictedSalary: toMajor(isEarner ? predicted : 0),
      isSalaryEarner: isEarner ? 'Yes' : 'No',
      expectedSalaryPaymentDay: primary?.payDay ?? null,
      frequencyOfSalaryPayments: isEarner ? 'Monthly' : null,
      lastDateOfSalaryPayment: latest?.date ?? null,
      numberOfSalaryPayments: salaryTxs.length,
      hasOtherIncome: otherTxs.length > 0 ? 'Yes' : 'No',
      otherIncomeTransactions: otherTxs.map(item),
      averageOtherIncome: toMajor(averageOtherIncome),
      numberOfOtherIncomePayments: otherTxs.length,
      netAverageMonthlyEarning: toMajor((isEarner ? predicted : 0) + averageOtherIncome),
      lowestSalary: lowest ? toMajor(lowest.amount) : null,
      lowestSalaryDate: lowest?.date ?? null,
      mostRecentSalary: latest ? toMajor(latest.amount) : null,
      salaryConfidence: confidence,
      salaryStreams: streams.map(({ predicted: p, ...rest }) => ({ ...rest, predictedAmount: toMajor(p) })),
    },
  };
}
