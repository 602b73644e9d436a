import { toMajor } from '../../domain/money.js';
import { MONTH_NAMES, monthLabel, weekOfMonth } from './calendar.js';
import { type AnalysisContext, monthCount } from './context.js';
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
  averageMonthlyBalance: number;
  averageWeeklyBalance: number;
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
  closingBalance: number;
  /** Total debits over total credits (0..1 and beyond when spending exceeds inflow). */
  percentageOfExpenseOverInflow: number;
}

const WEEK_NAMES = ['week 1', 'week 2', 'week 3', 'week 4', 'week 5'];

/** Weeks in the statement: its days over 7, at least one. */
export const weekCount = (ctx: AnalysisContext): number => Math.max(1, ctx.spanDays / 7);

/** Average end-of-day balance of each month (days of the statement only), minor units. */
export function monthlyAverageBalances(ctx: AnalysisContext): number[] {
  const sums = new Array<number>(ctx.months.length).fill(0);
  const counts = new Array<number>(ctx.months.length).fill(0);
  for (let i = 0; i < ctx.spanDays; i++) {
    const month = ctx.dayMonth[i] ?? 0;
    sums[month] = (sums[month] ?? 0) + (ctx.endOfDay[i] ?? 0);
    counts[month] = (counts[month] ?? 0) + 1;
  }
  return sums.map((s, i) => s / Math.max(1, counts[i] ?? 1));
}

function weeklyAverageBalance(ctx: AnalysisContext): number {
  let total = 0;
  let weeks = 0;
  for (let start = 0; start < ctx.spanDays; start += 7) {
    let s = 0;
    const end = Math.min(ctx.spanDays, start + 7);
    for (let i = start; i < end; i++) s += ctx.endOfDay[i] ?? 0;
    total += s / (end - start);
    weeks++;
  }
  return weeks === 0 ? 0 : total / weeks;
}

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

/** Credits that are real money from others: the inflow (`VerdictIndex.inflow`) less loan disbursements. */
function validCredits(ctx: AnalysisContext): number {
  const index = verdictIndex(ctx);
  return index.inflow - (index.byName.get('loan_disbursement')?.creditTotal ?? 0);
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
      for (let w = 0; w < 5; w++) {
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
  const averageBalances = monthlyAverageBalances(ctx);
  const { period: periodInStatement, years } = period(ctx);
  return {
    totalCreditTurnover: toMajor(ctx.totalCredit),
    totalDebitTurnOver: toMajor(ctx.totalDebit),
    averageMonthlyCredits: toMajor(ctx.totalCredit / months),
    averageMonthlyDebits: toMajor(ctx.totalDebit / months),
    averageWeeklyCredits: toMajor(ctx.totalCredit / weeks),
    averageWeeklyDebits: toMajor(ctx.totalDebit / weeks),
    averageMonthlyBalance: toMajor(
      averageBalances.length === 0 ? 0 : averageBalances.reduce((a, b) => a + b, 0) / averageBalances.length,
    ),
    averageWeeklyBalance: toMajor(weeklyAverageBalance(ctx)),
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
    closingBalance: toMajor(ctx.closingBalance),
    percentageOfExpenseOverInflow: fraction(ctx.totalDebit, ctx.totalCredit),
  };
}
