import { toMajor } from '../../domain/money.js';
import type { CanonicalTransaction } from '../../domain/statement.js';
import { monthLabel } from './calendar.js';
import { type AnalysisContext, type KnownBalances, monthOf } from './context.js';
import { countedRowsOf } from './verdicts.js';

/**
 * One local calendar month. `lowestBalance`, `highestBalance` and `averageDailyBalance` read the
 * end-of-day balances of the month's days, carried forward across days without transactions;
 * `lowestRunningBalance` and `highestRunningBalance` also read the balance after each transaction,
 * so they catch a dip or a peak inside a day. Null when the statement gives no balance.
 */
export interface MonthSummary {
  month: string;
  year: string;
  month_name: string;
  transactionCount: number;
  inflow: number;
  outflow: number;
  net: number;
  openingBalance: number | null;
  closingBalance: number | null;
  lowestBalance: number | null;
  highestBalance: number | null;
  lowestRunningBalance: number | null;
  highestRunningBalance: number | null;
  averageDailyBalance: number | null;
  salary: number;
  loanDisbursements: number;
  loanRepayments: number;
  gamblingStakes: number;
  gamblingWinnings: number;
}

/** Minor units per month of one category's transactions that count (`countedRowsOf`), either direction. */
function categoryByMonth(ctx: AnalysisContext, category: string): Float64Array {
  const perMonth = new Float64Array(ctx.months.length);
  for (const i of countedRowsOf(ctx, category)) {
    const m = monthOf(ctx, i);
    perMonth[m] = (perMonth[m] as number) + (ctx.rows[i] as CanonicalTransaction).amount;
  }
  return perMonth;
}

export function monthlySummary(ctx: AnalysisContext): MonthSummary[] {
  const salary = categoryByMonth(ctx, 'salary');
  const loansIn = categoryByMonth(ctx, 'loan_disbursement');
  const loansOut = categoryByMonth(ctx, 'loan_repayment');
  const staked = categoryByMonth(ctx, 'gambling');
  const won = categoryByMonth(ctx, 'gambling_winnings');
  const balances = ctx.balances === null ? null : balancesByMonth(ctx, ctx.balances);
  return ctx.months.map((key, m) => {
    const inflow = ctx.monthCredit[m] as number;
    const outflow = ctx.monthDebit[m] as number;
    return {
      month: key,
      ...monthLabel(key),
      transactionCount: ctx.monthTransactions[m] as number,
      inflow: toMajor(inflow),
      outflow: toMajor(outflow),
      net: toMajor(inflow - outflow),
      ...(balances?.[m] ?? UNKNOWN),
      salary: toMajor(salary[m] as number),
      loanDisbursements: toMajor(loansIn[m] as number),
      loanRepayments: toMajor(loansOut[m] as number),
      gamblingStakes: toMajor(staked[m] as number),
      gamblingWinnings: toMajor(won[m] as number),
    };
  });
}

type MonthBalances = Pick<
  MonthSummary,
  | 'openingBalance'
  | 'closingBalance'
  | 'lowestBalance'
  | 'highestBalance'
  | 'lowestRunningBalance'
  | 'highestRunningBalance'
  | 'averageDailyBalance'
>;

const UNKNOWN: MonthBalances = {
  openingBalance: null,
  closingBalance: null,
  lowestBalance: null,
  highestBalance: null,
  lowestRunningBalance: null,
  highestRunningBalance: null,
  averageDailyBalance: null,
};

/**
 * Each month's balances, from its days' end-of-day balances; the running extremes also from the
 * balance after each of its transactions (the stated one, else the settled running balance).
 */
function balancesByMonth(ctx: AnalysisContext, balances: KnownBalances): MonthBalances[] {
  const low = ctx.months.map(() => Number.POSITIVE_INFINITY);
  const high = ctx.months.map(() => Number.NEGATIVE_INFINITY);
  const runningLow = low.slice();
  const runningHigh = high.slice();
  const sum = ctx.months.map(() => 0);
  const days = ctx.months.map(() => 0);
  const close = ctx.months.map(() => 0);
  const open = ctx.months.map(() => 0);
  let previous = balances.opening;
  let month = -1;
  for (let i = 0; i < ctx.spanDays; i++) {
    const dayMonth = ctx.dayMonth[i] as number;
    if (dayMonth !== month) {
      month = dayMonth;
      open[month] = previous;
    }
    const balance = balances.endOfDay[i] as number;
    low[month] = Math.min(low[month] as number, balance);
    high[month] = Math.max(high[month] as number, balance);
    // A day's running extremes were kept as its rows were read (`buildContext`).
    runningLow[month] = Math.min(runningLow[month] as number, balance, balances.dayLowest[i] as number);
    runningHigh[month] = Math.max(runningHigh[month] as number, balance, balances.dayHighest[i] as number);
    sum[month] = (sum[month] as number) + balance;
    days[month] = (days[month] as number) + 1;
    close[month] = balance;
    previous = balance;
  }
  return ctx.months.map((_, m) => ({
    openingBalance: toMajor(open[m] as number),
    closingBalance: toMajor(close[m] as number),
    lowestBalance: toMajor(low[m] as number),
    highestBalance: toMajor(high[m] as number),
    lowestRunningBalance: toMajor(runningLow[m] as number),
    highestRunningBalance: toMajor(runningHigh[m] as number),
    averageDailyBalance: toMajor((sum[m] as number) / Math.max(1, days[m] as number)),
  }));
}
