import { toMajor } from '../../domain/money.js';
import { daysInMonth, MONTH_NAMES, monthLabel, weekOfMonth } from './calendar.js';
import { type AnalysisContext, type KnownBalances, monthCount, monthShares } from './context.js';
import { fraction } from './stats.js';
import { verdictIndex } from './verdicts.js';

export interface MonthAmount {
  year: string;
  month_name: string;
  amount: number;
}
export interface WeekAmount extends MonthAmount {
  week: string;
}

/** The real API's `cashFlowAnalysis`. */
export interface CashFlowAnalysis {
  totalCreditTurnover: number;
  totalDebitTurnOver: number;
  averageMonthlyCredits: number;
  averageMonthlyDebits: number;
  averageWeeklyCredits: number;
  averageWeeklyDebits: number;
  /** Null, as every balance figure, when the statement gives no balance. */
  averageMonthlyBalance: number | null;
  averageWeeklyBalance: number | null;
  numberOfTransactingMonths: number;
  monthlyInflow: MonthAmount[];
  monthlyOutflow: MonthAmount[];
  weeklyInflow: WeekAmount[];
  weeklyOutflow: WeekAmount[];
  /** Credits that are real money from others: not self-transfers, reversals or loan disbursements. */
  validCredit: number;
  periodInStatement: string;
  yearInStatement: string;
  firstDateInStatement: string;
  lastDateInStatement: string;
  closingBalance: number | null;
  /** Total debits over total credits (0..1 and beyond when spending exceeds inflow). */
  percentageOfExpenseOverInflow: number;
}

const WEEK_NAMES = ['week 1', 'week 2', 'week 3', 'week 4', 'week 5'];

/** Weeks in the statement: its days over 7, at least one. */
export const weekCount = (ctx: AnalysisContext): number => Math.max(1, ctx.spanDays / 7);

/**
 * Mean of each month's average end-of-day balance (days of the statement only), each month weighed
 * by the share of it the statement covers, as `monthCount` counts it: one day of a 31-day month
 * weighs 1/31 of a full month. Minor units.
 */
function averageMonthlyBalance(ctx: AnalysisContext, balances: KnownBalances): number {
  const sums = new Array<number>(ctx.months.length).fill(0);
  const counts = new Array<number>(ctx.months.length).fill(0);
  for (let i = 0; i < ctx.spanDays; i++) {
    const month = ctx.dayMonth[i] as number;
    sums[month] = (sums[month] as number) + (balances.endOfDay[i] as number);
    counts[month] = (counts[month] as number) + 1;
  }
  const shares = monthShares(ctx);
  let weighted = 0;
  let weight = 0;
  for (let m = 0; m < sums.length; m++) {
    const share = shares[m] as number;
    weighted += (share * (sums[m] as number)) / Math.max(1, counts[m] as number);
    weight += share;
  }
  return weight === 0 ? 0 : weighted / weight;
}

/**
 * Mean of each week's average end-of-day balance, a week weighed by its days (`weekCount` counts a
 * final 3-day week as 3/7 of one): which comes to the mean end-of-day balance over the days.
 */
function averageWeeklyBalance(ctx: AnalysisContext, balances: KnownBalances): number {
  let total = 0;
  for (let i = 0; i < ctx.spanDays; i++) total += balances.endOfDay[i] as number;
  return ctx.spanDays === 0 ? 0 : total / ctx.spanDays;
}

/** A balance figure in naira, or null when the statement gives no balance. */
const balanceFigure = (
  ctx: AnalysisContext,
  figure: (ctx: AnalysisContext, balances: KnownBalances) => number,
): number | null => (ctx.balances === null ? null : toMajor(figure(ctx, ctx.balances)));

function period(ctx: AnalysisContext): { period: string; years: string } {
  if (ctx.months.length === 0) return { period: '', years: '' };
  const first = ctx.firstDate;
  const last = ctx.lastDate;
  const name = (d: string) => MONTH_NAMES[Number(d.slice(5, 7)) - 1] ?? '';
  const firstYear = first.slice(0, 4);
  const lastYear = last.slice(0, 4);
  return {
    period: `${name(first)} - ${name(last)}`,
    years: firstYear === lastYear ? firstYear : `${firstYear} - ${lastYear}`,
  };
}

/** Money in and out per week of the month (five weeks a month), from the daily totals. */
function weeklyFlows(ctx: AnalysisContext): { weekIn: Float64Array; weekOut: Float64Array } {
  const weekIn = new Float64Array(ctx.months.length * 5);
  const weekOut = new Float64Array(ctx.months.length * 5);
  let dayOfMonth = ctx.spanDays > 0 ? (ctx.firstDate.charCodeAt(8) - 48) * 10 + ctx.firstDate.charCodeAt(9) - 48 : 1;
  let month = 0;
  for (let i = 0; i < ctx.spanDays; i++, dayOfMonth++) {
    const m = ctx.dayMonth[i] as number;
    if (m !== month) {
      month = m;
      dayOfMonth = 1;
    }
    if (ctx.dayTransactions[i] === 0) continue;
    const w = m * 5 + weekOfMonth(dayOfMonth) - 1;
    weekIn[w] = (weekIn[w] as number) + (ctx.dayCredit[i] as number);
    weekOut[w] = (weekOut[w] as number) + (ctx.dayDebit[i] as number);
  }
  return { weekIn, weekOut };
}

/**
 * The weeks of month `m` (0-based, 0..4) that have days inside both the month and the statement:
 * February 2023 has no week 5 (days 29+), and a statement from the 10th to the 20th lists weeks 2-3.
 */
function weeksListed(ctx: AnalysisContext, m: number): [first: number, last: number] {
  const key = ctx.months[m] as string;
  const dayOf = (date: string) => Number(date.slice(8, 10));
  const first = m === 0 ? dayOf(ctx.firstDate) : 1;
  const last =
    m === ctx.months.length - 1 ? dayOf(ctx.lastDate) : daysInMonth(Number(key.slice(0, 4)), Number(key.slice(5, 7)));
  return [weekOfMonth(first) - 1, weekOfMonth(last) - 1];
}

/** Credits that are real money from others: the inflow (`VerdictIndex.inflow`) less loan disbursements. */
function validCredits(ctx: AnalysisContext): number {
  const index = verdictIndex(ctx);
  const loans = index.byName.get('loan_disbursement');
  // The inflow already leaves out the loan credits that count for nothing.
  return index.inflow - (loans ? loans.creditTotal - loans.cancelledCreditTotal : 0);
}

export function cashFlowAnalysis(ctx: AnalysisContext): CashFlowAnalysis {
  const months = monthCount(ctx);
  const weeks = weekCount(ctx);
  const { weekIn, weekOut } = weeklyFlows(ctx);
  let activeMonths = 0;
  for (let m = 0; m < ctx.months.length; m++) if ((ctx.monthTransactions[m] as number) > 0) activeMonths++;
  const labels = ctx.months.map(monthLabel);
  const monthly = (values: Float64Array): MonthAmount[] =>
    labels.map((l, i) => ({ year: l.year, month_name: l.month_name, amount: toMajor(values[i] as number) }));
  const weekly = (values: Float64Array): WeekAmount[] => {
    const out: WeekAmount[] = [];
    for (let i = 0; i < labels.length; i++) {
      const l = labels[i] as { year: string; month_name: string };
      const [first, last] = weeksListed(ctx, i);
      for (let w = first; w <= last; w++) {
        out.push({
          year: l.year,
          month_name: l.month_name,
          week: WEEK_NAMES[w] as string,
          amount: toMajor(values[i * 5 + w] as number),
        });
      }
    }
    return out;
  };
  const { period: periodInStatement, years } = period(ctx);
  return {
    totalCreditTurnover: toMajor(ctx.totalCredit),
    totalDebitTurnOver: toMajor(ctx.totalDebit),
    averageMonthlyCredits: toMajor(ctx.totalCredit / months),
    averageMonthlyDebits: toMajor(ctx.totalDebit / months),
    averageWeeklyCredits: toMajor(ctx.totalCredit / weeks),
    averageWeeklyDebits: toMajor(ctx.totalDebit / weeks),
    averageMonthlyBalance: balanceFigure(ctx, averageMonthlyBalance),
    averageWeeklyBalance: balanceFigure(ctx, averageWeeklyBalance),
    numberOfTransactingMonths: activeMonths,
    monthlyInflow: monthly(ctx.monthCredit),
    monthlyOutflow: monthly(ctx.monthDebit),
    weeklyInflow: weekly(weekIn),
    weeklyOutflow: weekly(weekOut),
    validCredit: toMajor(validCredits(ctx)),
    periodInStatement,
    yearInStatement: years,
    firstDateInStatement: ctx.firstDate,
    lastDateInStatement: ctx.lastDate,
    closingBalance: balanceFigure(ctx, (_, balances) => balances.closing),
    percentageOfExpenseOverInflow: fraction(ctx.totalDebit, ctx.totalCredit),
  };
}
