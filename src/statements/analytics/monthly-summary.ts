import { toMajor } from '../../domain/money.js';
import type { CanonicalTransaction } from '../../domain/statement.js';
import { monthLabel } from './calendar.js';
import { type AnalysisContext, monthOf } from './context.js';
import { countedRowsOf } from './verdicts.js';

/** One local calendar month. Balances are end-of-day, carried forward across days without transactions. */
export interface MonthSummary {
  month: string;
  year: string;
  month_name: string;
  transactionCount: number;
  inflow: number;
  outflow: number;
  net: number;
  openingBalance: number;
  closingBalance: number;
  lowestBalance: number;
  highestBalance: number;
  averageDailyBalance: number;
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
  // Daily balances per month.
  const low = ctx.months.map(() => Number.POSITIVE_INFINITY);
  const high = ctx.months.map(() => Number.NEGATIVE_INFINITY);
  const sum = ctx.months.map(() => 0);
  const days = ctx.months.map(() => 0);
  const close = ctx.months.map(() => 0);
  const open = ctx.months.map(() => 0);
  let previous = ctx.openingBalance;
  let month = -1;
  for (let i = 0; i < ctx.spanDays; i++) {
    const dayMonth = ctx.dayMonth[i] ?? 0;
    if (dayMonth !== month) {
      month = dayMonth;
      open[month] = previous;
    }
    const balance = ctx.endOfDay[i] ?? previous;
    low[month] = Math.min(low[month] ?? balance, balance);
    high[month] = Math.max(high[month] ?? balance, balance);
    sum[month] = (sum[month] ?? 0) + balance;
    days[month] = (days[month] ?? 0) + 1;
    close[month] = balance;
    previous = balance;
  }
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
      openingBalance: toMajor(open[m] ?? 0),
      closingBalance: toMajor(close[m] ?? 0),
      lowestBalance: toMajor(low[m] ?? 0),
      highestBalance: toMajor(high[m] ?? 0),
      averageDailyBalance: toMajor((sum[m] ?? 0) / Math.max(1, days[m] ?? 0)),
      salary: toMajor(salary[m] as number),
      loanDisbursements: toMajor(loansIn[m] as number),
      loanRepayments: toMajor(loansOut[m] as number),
      gamblingStakes: toMajor(staked[m] as number),
      gamblingWinnings: toMajor(won[m] as number),
    };
  });
}
