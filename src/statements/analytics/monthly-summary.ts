import { toMajor } from '../../domain/money.js';
import { monthLabel } from './calendar.js';
import { type AnalysisContext, monthIndexer } from './context.js';

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

interface Totals {
  count: number;
  inflow: number;
  outflow: number;
  salary: number;
  loansIn: number;
  loansOut: number;
  staked: number;
  won: number;
}

export function monthlySummary(ctx: AnalysisContext): MonthSummary[] {
  const totals: Totals[] = ctx.months.map(() => ({
    count: 0,
    inflow: 0,
    outflow: 0,
    salary: 0,
    loansIn: 0,
    loansOut: 0,
    staked: 0,
    won: 0,
  }));
  const indexOf = monthIndexer(ctx);
  for (const tx of ctx.txs) {
    const t = totals[indexOf(tx.date)];
    if (!t) continue;
    t.count++;
    if (tx.direction === 'credit') t.inflow += tx.amount;
    else t.outflow += tx.amount;
    if (tx.category === 'salary') t.salary += tx.amount;
    else if (tx.category === 'loan_disbursement') t.loansIn += tx.amount;
    else if (tx.category === 'loan_repayment') t.loansOut += tx.amount;
    else if (tx.category === 'gambling') t.staked += tx.amount;
    else if (tx.category === 'gambling_winnings') t.won += tx.amount;
  }
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
    const t = totals[m] as Totals;
    return {
      month: key,
      ...monthLabel(key),
      transactionCount: t.count,
      inflow: toMajor(t.inflow),
      outflow: toMajor(t.outflow),
      net: toMajor(t.inflow - t.outflow),
      openingBalance: toMajor(open[m] ?? 0),
      closingBalance: toMajor(close[m] ?? 0),
      lowestBalance: toMajor(low[m] ?? 0),
      highestBalance: toMajor(high[m] ?? 0),
      averageDailyBalance: toMajor((sum[m] ?? 0) / Math.max(1, days[m] ?? 0)),
      salary: toMajor(t.salary),
      loanDisbursements: toMajor(t.loansIn),
      loanRepayments: toMajor(t.loansOut),
      gamblingStakes: toMajor(t.staked),
      gamblingWinnings: toMajor(t.won),
    };
  });
}
