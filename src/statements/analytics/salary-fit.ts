import type { CanonicalTransaction } from '../../domain/statement.js';
import { daysInMonth, weekday } from './calendar.js';
import type { Verdict } from './categorise/categorise.js';
import { tokenise } from './categorise/tokenise.js';
import payroll from './lexicon/payroll.json' with { type: 'json' };
import { median } from './stats.js';
import type { StreamsIndex } from './streams-index.js';
import { thresholdText } from './thresholds.js';

const ON_SCHEDULE_DAYS = 3;
const RAILS: readonly string[] = payroll.rails;
const RAIL_SET: ReadonlySet<string> = new Set(RAILS);
/**
 * Matches every narration with a rail token: such a token is a rail word in the upper-cased text,
 * and for ASCII text upper-casing is what `i` matches; any other text goes to the tokeniser.
 */
const MAY_NAME_RAIL = new RegExp(
  `${RAILS.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')}|[^\\x00-\\x7f]`,
  'i',
);
// Bound once: called per credit, an imported binding read through the module object costs more
// than the function itself under tsx.
const monthLength = daysInMonth;
const weekdayOf = weekday;

/**
 * A candidate pay credit with what the schedule tests need, computed once per analysis: its pay
 * dates are tried against up to six pay days, and again whenever its payer is joined to another.
 */
export interface Credit {
  tx: CanonicalTransaction;
  /** Position in `ctx.rows`. */
  index: number;
  /** The categoriser's word for it: `salary` when the narration says so. */
  category: string;
  day: number;
  amount: number;
  /** `year * 12 + month0` of the date. */
  ym: number;
  /** Day of the month. */
  dom: number;
  weekday: number;
  /** How early and how late the credit may come and still be on schedule (a day more around weekends). */
  earlyLimit: number;
  lateLimit: number;
  /** Lengths of the previous, own and next month. */
  len0: number;
  len1: number;
  len2: number;
  /** -1 until known: whether the narration has a payroll-rail word. */
  rail: number;
}

function creditOf(tx: CanonicalTransaction, index: number, category: string, day: number): Credit {
  const d = tx.date;
  const year =
    (d.charCodeAt(0) - 48) * 1000 + (d.charCodeAt(1) - 48) * 100 + (d.charCodeAt(2) - 48) * 10 + d.charCodeAt(3) - 48;
  const month1 = (d.charCodeAt(5) - 48) * 10 + d.charCodeAt(6) - 48;
  const wd = weekdayOf(day);
  return {
    tx,
    index,
    category,
    day,
    amount: tx.amount,
    ym: year * 12 + month1 - 1,
    dom: (d.charCodeAt(8) - 48) * 10 + d.charCodeAt(9) - 48,
    weekday: wd,
    // Paid early before a weekend or a holiday weekend (Thursday/Friday), or late after one (Monday/Tuesday).
    earlyLimit: wd === 4 || wd === 5 ? 4 : ON_SCHEDULE_DAYS,
    lateLimit: wd === 1 || wd === 2 ? 4 : ON_SCHEDULE_DAYS,
    len0: month1 === 1 ? 31 : monthLength(year, month1 - 1),
    len1: monthLength(year, month1),
    len2: month1 === 12 ? 31 : monthLength(year, month1 + 1),
    rail: -1,
  };
}

/** The credits at `rows` of an index's rows. */
export function creditsOf(index: StreamsIndex, rows: readonly number[]): Credit[] {
  const credits: Credit[] = new Array(rows.length);
  for (let j = 0; j < rows.length; j++) {
    const row = rows[j] as number;
    const label = index.labels[row] as Verdict;
    credits[j] = creditOf(index.rows[row] as CanonicalTransaction, row, label.category, index.day[row] as number);
  }
  return credits;
}

/** Whether a token of the narration names a payroll rail (a rail word must then occur in the text). */
function paidByRail(c: Credit): boolean {
  if (c.rail < 0) {
    const narration = c.tx.narration;
    c.rail = MAY_NAME_RAIL.test(narration) && tokenise(narration).some((t) => RAIL_SET.has(t)) ? 1 : 0;
  }
  return c.rail === 1;
}

/** Buffers reused by the schedule tests of one analysis, and the statement's minimum salary. */
export class Scratch {
  /**
   * A regular stream paying less than this (minor units; ₦15,000 a month or its equivalent,
   * `thresholds.ts`) is not taken for a salary without the word.
   */
  readonly minimumSalary: number;
  readonly fits: number[] = new Array(32).fill(0);
  /** Candidate pay days and their fits, most fits first. */
  readonly topDay: number[] = [0, 0, 0, 0, 0, 0];
  readonly topFits: number[] = [0, 0, 0, 0, 0, 0];
  slot: number[] = [];
  offsets: number[] = [];
  bestSlot: number[] = [];
  bestOffsets: number[] = [];
  /** Out of `onSchedule`. */
  found = 0;
  spread = 0;

  constructor(minimumSalary: number) {
    this.minimumSalary = minimumSalary;
  }

  /** Makes the slot buffers hold at least `size` pay months. */
  reserve(size: number): void {
    for (let n = this.slot.length; n < size; n++) {
      this.slot.push(-1);
      this.offsets.push(0);
      this.bestSlot.push(-1);
      this.bestOffsets.push(0);
    }
  }
}

/**
 * Up to six candidate pay days into `scratch.topDay`/`topFits`, the days most credits can stand for
 * first (the earlier day on a tie), with that count; returns how many.
 */
function candidatePayDays(credits: readonly Credit[], scratch: Scratch): number {
  // Days of the month each credit can stand for: its own day, and for a Friday also the weekend
  // after it (pay brought forward), for a Monday the weekend before (pay held over).
  const fits = scratch.fits;
  fits.fill(0);
  for (let i = 0; i < credits.length; i++) {
    const c = credits[i] as Credit;
    const d = c.dom;
    fits[d] = (fits[d] ?? 0) + 1;
    if (c.weekday === 5) {
      if (d + 1 <= 31) fits[d + 1] = (fits[d + 1] ?? 0) + 1;
      if (d + 2 <= 31) fits[d + 2] = (fits[d + 2] ?? 0) + 1;
    } else if (c.weekday === 1) {
      if (d - 1 >= 1) fits[d - 1] = (fits[d - 1] ?? 0) + 1;
      if (d - 2 >= 1) fits[d - 2] = (fits[d - 2] ?? 0) + 1;
    }
  }
  const topDay = scratch.topDay;
  const topFits = scratch.topFits;
  let n = 0;
  for (let day = 0; day < fits.length; day++) {
    const count = fits[day] ?? 0;
    if (count === 0 || (n === 6 && count <= (topFits[5] as number))) continue;
    let at = n < 6 ? n++ : 5;
    for (; at > 0 && (topFits[at - 1] as number) < count; at--) {
      topDay[at] = topDay[at - 1] as number;
      topFits[at] = topFits[at - 1] as number;
    }
    topDay[at] = day;
    topFits[at] = count;
  }
  return n;
}

/**
 * One payment per pay month (the largest, the first on a tie) on the schedule of `payDay`, kept in
 * `slot[payMonth - base]` (-1 for none) with its offset from the nominal pay date; their number
 * and the sum of their offsets' sizes go to `scratch.found` and `scratch.spread`.
 */
function onSchedule(
  credits: readonly Credit[],
  payDay: number,
  base: number,
  size: number,
  slot: number[],
  offsets: number[],
  scratch: Scratch,
): void {
  for (let s = 0; s < size; s++) slot[s] = -1;
  let found = 0;
  let spread = 0;
  for (let i = 0; i < credits.length; i++) {
    const c = credits[i] as Credit;
    const dom = c.dom;
    // The nearest of the nominal pay dates of the previous, same and next month (the earliest on a
    // tie), each clamped to its month's length; offsets counted from the credit's own month.
    let payMonth = c.ym - 1;
    let offset = dom + c.len0 - Math.min(payDay, c.len0);
    const same = dom - Math.min(payDay, c.len1);
    if (Math.abs(same) < Math.abs(offset)) {
      payMonth = c.ym;
      offset = same;
    }
    const next = dom - c.len1 - Math.min(payDay, c.len2);
    if (Math.abs(next) < Math.abs(offset)) {
      payMonth = c.ym + 1;
      offset = next;
    }
    const limit = offset < 0 ? c.earlyLimit : offset > 0 ? c.lateLimit : ON_SCHEDULE_DAYS;
    const late = Math.abs(offset);
    if (late > limit) continue;
    const s = payMonth - base;
    const held = slot[s] as number;
    if (held < 0) {
      found++;
      spread += late;
    } else if (c.amount > (credits[held] as Credit).amount) spread += late - Math.abs(offsets[s] as number);
    else continue;
    slot[s] = i;
    offsets[s] = offset;
  }
  scratch.found = found;
  scratch.spread = spread;
}

/** What the schedule test found for one payer's credits; `SalaryStream` is built from it when kept. */
export interface Fit {
  payDay: number;
  /** The payments, one per pay month, in order. */
  payments: Credit[];
  firstMonth: number;
  lastMonth: number;
  /** Credits tested. */
  credits: number;
  /** The full payments the prediction is the median of start here; `predicted` is NaN until asked (`predictedOf`). */
  predictedFrom: number;
  predicted: number;
  proRated: boolean;
  keyword: boolean;
  /** The statement's minimum salary (`Scratch.minimumSalary`). */
  minimumSalary: number;
  /**
   * Whether the fields below are known (see `settled`); until then they are those of pay through
   * a payroll rail, the most the fit could score, and its confidence is under 0.6.
   */
  settled: boolean;
  rail: boolean;
  stability: number;
  band: string;
  confidence: number;
}

/**
 * The best pay schedule of these credits, or null when it cannot matter: no payment on schedule,
 * or, for credits not named as salary, one payment, or two not through a payroll rail (such a fit
 * is neither a salary, its confidence staying under 0.6, nor followed across a rename). A fit
 * that cannot reach 0.6 may be left unsettled (`settled`).
 */
export function fitSchedule(credits: readonly Credit[], scratch: Scratch): Fit | null {
  const n = credits.length;
  if (n === 0) return null;
  let minYm = (credits[0] as Credit).ym;
  let maxYm = minYm;
  for (let i = 1; i < n; i++) {
    const ym = (credits[i] as Credit).ym;
    if (ym < minYm) minYm = ym;
    if (ym > maxYm) maxYm = ym;
  }
  const base = minYm - 1;
  const size = maxYm - minYm + 3;
  scratch.reserve(size);
  let { slot, offsets, bestSlot, bestOffsets } = scratch;
  let count = 0;
  let payDay = 0;
  let bestFits = 0;
  let bestSpread = 0;
  // Most credits on schedule, then most credits that are exactly the day or a weekend shift of it.
  const candidates = candidatePayDays(credits, scratch);
  for (let t = 0; t < candidates; t++) {
    const day = scratch.topDay[t] as number;
    const fits = scratch.topFits[t] as number;
    onSchedule(credits, day, base, size, slot, offsets, scratch);
    const found = scratch.found;
    const spread = scratch.spread;
    const better =
      found > count || (found === count && (fits > bestFits || (fits === bestFits && spread < bestSpread)));
    if (better) {
      const s = slot;
      slot = bestSlot;
      bestSlot = s;
      const o = offsets;
      offsets = bestOffsets;
      bestOffsets = o;
      count = found;
      payDay = day;
      bestFits = fits;
      bestSpread = spread;
    }
  }
  if (count === 0) return null;
  const payments: Credit[] = [];
  let firstMonth = 0;
  let lastMonth = 0;
  let keyword = false;
  for (let s = 0; s < size; s++) {
    const i = bestSlot[s] as number;
    if (i < 0) continue;
    const c = credits[i] as Credit;
    if (payments.length === 0) firstMonth = s + base;
    lastMonth = s + base;
    payments.push(c);
    if (c.category === 'salary') keyword = true;
  }

  const k = payments.length;
  if (!keyword && k === 1) return null;
  if (!keyword && k === 2 && !someByRail(payments)) return null;
  // Pro-rated: the first payment under 90% of the next one and of the median of the rest (all of
  // the rest when it can be told from their range). A first payment as large as the next is full
  // pay, however much a later raise adds.
  let proRated = false;
  if (k >= 3) {
    const first = (payments[0] as Credit).amount;
    const next = (payments[1] as Credit).amount;
    const [low] = rangeOf(payments, 1, k);
    proRated = first < 0.9 * low || (first < 0.9 * next && first < 0.9 * median(amountsOf(payments, 1, k)));
  }
  const fit: Fit = {
    payDay,
    payments,
    firstMonth,
    lastMonth,
    credits: n,
    predictedFrom: Math.max(proRated ? 1 : 0, k - 3),
    predicted: Number.NaN,
    proRated,
    keyword,
    minimumSalary: scratch.minimumSalary,
    settled: false,
    rail: true,
    stability: 0,
    band: '',
    confidence: 0,
  };
  // Credits not named as salary that would stay under 0.6 even through a payroll rail need not be
  // read for one (most payers): the fit is left unsettled.
  if (!keyword && k >= 3) {
    score(fit, true);
    if (fit.confidence < 0.6) return fit;
  }
  return settled(fit);
}

function someByRail(payments: readonly Credit[]): boolean {
  for (const p of payments) if (paidByRail(p)) return true;
  return false;
}

/** The fit with its rail, band, stability and confidence known. */
export function settled(fit: Fit): Fit {
  if (!fit.settled) {
    score(fit, someByRail(fit.payments));
    fit.settled = true;
  }
  return fit;
}

/** Band, stability and confidence of the fit, were it paid (or not) through a payroll rail. */
function score(fit: Fit, rail: boolean): void {
  const { payments, keyword } = fit;
  const k = payments.length;
  const from = fit.proRated ? 1 : 0;
  // Named or payroll-rail pay may move more (allowances, overtime); an unnamed payer must pay the
  // same but for a raise, or a friend's regular transfers would pass for a salary.
  const loose = keyword || rail;
  const low = loose ? 0.67 : 0.9;
  const high = loose ? 1.5 : 1.25;
  let stablePairs = 0;
  for (let i = from + 1; i < k; i++) {
    const ratio = (payments[i] as Credit).amount / (payments[i - 1] as Credit).amount;
    if (ratio >= low && ratio <= high) stablePairs++;
  }
  const full = k - from;
  const stability = full < 2 ? 1 : stablePairs / (full - 1);
  const regularity = k / (fit.lastMonth - fit.firstMonth + 1);
  let confidence = 0;
  if (k >= 3 && regularity >= 0.75 && stability >= 0.75) confidence = 0.65;
  else if (k === 2 && regularity === 1 && stability === 1) confidence = 0.45;
  else if (k >= 3 && regularity >= 0.5) confidence = 0.4;
  // One payment shows no pay frequency: named as salary it stays under a stream's 0.6 (`oneOff`).
  else if (k === 1) confidence = 0.1;
  if (keyword) confidence += 0.25;
  if (rail) confidence += 0.1;
  if (fit.credits >= 1.5 * k && !keyword) confidence *= 0.5;
  if (!keyword && belowMinimum(fit)) confidence *= 0.5;
  fit.rail = rail;
  fit.band = loose ? '-33%..+50%' : '-10%..+25%';
  fit.stability = stability;
  fit.confidence = Math.min(0.99, Math.round(confidence * 100) / 100);
}

/** Minor units: the median of the last three full (not pro-rated) payments. */
export function predictedOf(fit: Fit): number {
  if (Number.isNaN(fit.predicted))
    fit.predicted = median(amountsOf(fit.payments, fit.predictedFrom, fit.payments.length));
  return fit.predicted;
}

/** Whether the predicted pay is under the minimum salary (told from the range of its payments when it can be). */
function belowMinimum(fit: Fit): boolean {
  const [low, high] = rangeOf(fit.payments, fit.predictedFrom, fit.payments.length);
  if (high < fit.minimumSalary) return true;
  if (low >= fit.minimumSalary) return false;
  return predictedOf(fit) < fit.minimumSalary;
}

function rangeOf(payments: readonly Credit[], from: number, to: number): [number, number] {
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (let i = from; i < to; i++) {
    const amount = (payments[i] as Credit).amount;
    if (amount < low) low = amount;
    if (amount > high) high = amount;
  }
  return [low, high];
}

function amountsOf(payments: readonly Credit[], from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = from; i < to; i++) out.push((payments[i] as Credit).amount);
  return out;
}

/**
 * Whether the fit is one payment named as salary: a salary credit, but no monthly stream (no pay
 * frequency, no month-to-month amounts to compare), so never current income.
 */
export const oneOff = (fit: Fit): boolean => fit.payments.length === 1;

/** Why a fit is (or is not) a salary, in the order the confidence was built; amounts in `currency`. */
export function fitEvidence(fit: Fit, currency: string): string[] {
  const k = fit.payments.length;
  const months = fit.lastMonth - fit.firstMonth + 1;
  const evidence = [
    oneOff(fit)
      ? `1 payment, on ${(fit.payments[0] as Credit).tx.date}: one payment shows no pay frequency and no month-to-month amounts, so it is not a monthly salary`
      : `${k} payment(s) around day ${fit.payDay} over ${months} month(s), ${Math.round(fit.stability * 100)}% of month-to-month amounts within ${fit.band}`,
  ];
  if (fit.keyword) evidence.push('narration names salary or payroll');
  if (fit.rail) evidence.push('paid through a payroll rail');
  if (fit.proRated) evidence.push('first payment smaller: pro-rated first month, left out of the average');
  if (fit.credits >= 1.5 * k && !fit.keyword) evidence.push(`the payer sent ${fit.credits} credits, not one a month`);
  if (!fit.keyword && belowMinimum(fit)) evidence.push(`amount below ${thresholdText(currency, fit.minimumSalary)}`);
  return evidence;
}
