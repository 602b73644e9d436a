import { toMajor } from '../../domain/money.js';
import { MONTH_NAMES, monthLabel, weekOfMonth } from './calendar.js';
import { type AnalysisContext, monthCount, monthIndexer } from './context.js';
import { fraction } from './stats.js';

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

const NOT_VALID_CREDIT = new Set(['self_transfer', 'reversal', 'loan_disbursement']);

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

export function cashFlowAnalysis(ctx: AnalysisContext): CashFlowAnalysis {
  const months = monthCount(ctx);
  const weeks = weekCount(ctx);
  const inflow = new Array<number>(ctx.months.length).fill(0);
  const outflow = new Array<number>(ctx.months.length).fill(0);
  const weekIn = new Array<number>(ctx.months.length * 5).fill(0);
  const weekOut = new Array<number>(ctx.months.length * 5).fill(0);
  const active = new Set<number>();
  const indexOf = monthIndexer(ctx);
  let validCredit = 0;
  for (const tx of ctx.txs) {
    const m = indexOf(tx.date);
    active.add(m);
    const w = m * 5 + weekOfMonth(tx.date) - 1;
    if (tx.direction === 'credit') {
      inflow[m] = (inflow[m] ?? 0) + tx.amount;
      weekIn[w] = (weekIn[w] ?? 0) + tx.amount;
      if (!NOT_VALID_CREDIT.has(tx.category)) validCredit += tx.amount;
    } else {
      outflow[m] = (outflow[m] ?? 0) + tx.amount;
      weekOut[w] = (weekOut[w] ?? 0) + tx.amount;
    }
  }
  const monthly = (values: number[]): MonthAmount[] =>
    ctx.months.map((key, i) => ({ ...monthLabel(key), amount: toMajor(values[i] ?? 0) }));
  const weekly = (values: number[]): WeekAmount[] =>
    ctx.months.flatMap((key, i) =>
      [0, 1, 2, 3, 4].map((w) => ({
        ...monthLabel(key),
        week: `week ${w + 1}`,
        amount: toMajor(values[i * 5 + w] ?? 0),
      })),
    );
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
    numberOfTransactingMonths: active.size,
    monthlyInflow: monthly(inflow),
    monthlyOutflow: monthly(outflow),
    weeklyInflow: weekly(weekIn),
    weeklyOutflow: weekly(weekOut),
    validCredit: toMajor(validCredit),
    periodInStatement,
    yearInStatement: years,
    firstDateInStatement: ctx.firstDate,
    lastDateInStatement: ctx.lastDate,
    closingBalance: toMajor(ctx.closingBalance),
    percentageOfExpenseOverInflow: fraction(ctx.totalDebit, ctx.totalCredit),
  };
}
