import { toMajor } from '../../domain/money.js';
import { monthLabel } from './calendar.js';
import type { MonthAmount } from './cash-flow.js';
import type { CategorisedTransaction } from './categorise/categorise.js';
import { type AnalysisContext, monthCount, monthIndexer } from './context.js';
import type { RecurringStream } from './recurring.js';
import { median, mostFrequent } from './stats.js';

/**
 * How each of the real API's spend groups is made. The real API mixes channels (Transfer,
 * AtmAndPOS, USSD, OnlineAndWeb) with categories; a debit can count in one channel group and one
 * category group. Self-transfers are never spend.
 */
const CHANNEL_GROUPS: Partial<Record<string, string>> = {
  atm: 'AtmAndPOS',
  pos: 'AtmAndPOS',
  agent: 'AtmAndPOS',
  ussd: 'USSD',
  web: 'OnlineAndWeb',
};
const CATEGORY_GROUPS: Partial<Record<string, string>> = {
  transfer: 'Transfer',
  gambling: 'Gambling',
  airtime_and_data: 'AirtimeAndData',
  utilities: 'Utilities',
  transportation: 'Transportation',
  health: 'Health',
  travel: 'Travel',
  entertainment: 'Entertainment',
  hospitality_and_food: 'HospitalityAndFood',
  rent: 'Rent',
  insurance: 'Insurance',
  bank_charges: 'ChargesAndStampDuty',
  international: 'InternationalTransactions',
  savings_and_investments: 'SavingsAndInvestments',
  crypto: 'Crypto',
  other: 'Others',
  shopping: 'Others',
  education: 'Others',
  cash_withdrawal: 'Others',
  loan_repayment: 'Others',
};
/** The real API's order of the groups. */
const GROUP_NAMES = [
  'Transfer',
  'AtmAndPOS',
  'USSD',
  'Gambling',
  'AirtimeAndData',
  'Utilities',
  'OnlineAndWeb',
  'Transportation',
  'Health',
  'Travel',
  'Entertainment',
  'HospitalityAndFood',
  'Rent',
  'Insurance',
  'ChargesAndStampDuty',
  'InternationalTransactions',
  'SavingsAndInvestments',
  'Crypto',
  'Others',
];

/** Debits that are not expenses: money still the holder's (own accounts, savings) or debt service. */
const NOT_EXPENSE = new Set(['self_transfer', 'savings_and_investments', 'loan_repayment']);
export const isExpense = (tx: CategorisedTransaction): boolean =>
  tx.direction === 'debit' && !NOT_EXPENSE.has(tx.category);

/** The real API's `spendAnalysis`: `averageMonthlySpendOnX` and `totalSpendOnX` per group, and more. */
export type SpendAnalysis = Record<string, number | string | string[] | MonthAmount[] | null>;

export interface SpendResult {
  analysis: SpendAnalysis;
  /** Minor units per month on average, for affordability. */
  averageMonthlyExpenses: number;
}

function atmLocation(narration: string): string {
  return narration
    .toUpperCase()
    .replace(/\b\d*X{2,}\d*\b|\b\d{4,}\b/g, ' ')
    .replace(/\b(ATM|WDL|WDRL|CWDL|CWD|CASH|WITHDRAWAL|FROM|AT)\b/g, ' ')
    .replace(/[^A-Z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function spendAnalysis(ctx: AnalysisContext, streams: readonly RecurringStream[]): SpendResult {
  const months = monthCount(ctx);
  const totals = new Map<string, number>(GROUP_NAMES.map((g) => [g, 0]));
  const perMonth = new Array<number>(ctx.months.length).fill(0);
  const categoryCounts = new Map<string, number>();
  const payees = new Map<string, CategorisedTransaction[]>();
  const atm = new Set<string>();
  const indexOf = monthIndexer(ctx);
  let expenses = 0;
  let viaAgents = 0;
  for (const tx of ctx.txs) {
    if (tx.direction !== 'debit' || tx.category === 'self_transfer') continue;
    const byChannel = CHANNEL_GROUPS[tx.channel];
    if (byChannel) totals.set(byChannel, (totals.get(byChannel) ?? 0) + tx.amount);
    const byCategory = CATEGORY_GROUPS[tx.category];
    if (byCategory) totals.set(byCategory, (totals.get(byCategory) ?? 0) + tx.amount);
    if (tx.channel === 'agent') viaAgents += tx.amount;
    if (tx.channel === 'atm') {
      const where = atmLocation(tx.narration);
      if (where) atm.add(where);
    }
    if (!isExpense(tx)) continue;
    expenses += tx.amount;
    const m = indexOf(tx.date);
    perMonth[m] = (perMonth[m] ?? 0) + tx.amount;
    // Charges ride along with other spending; they would otherwise always be the most frequent.
    if (tx.category === 'bank_charges') continue;
    categoryCounts.set(tx.category, (categoryCounts.get(tx.category) ?? 0) + 1);
    const payee = tx.entity ?? (tx.counterparty || tx.narration.toUpperCase());
    const list = payees.get(payee);
    if (list) list.push(tx);
    else payees.set(payee, [tx]);
  }
  const analysis: SpendAnalysis = {};
  for (const name of GROUP_NAMES) {
    analysis[`averageMonthlySpendOn${name}`] = toMajor((totals.get(name) ?? 0) / months);
    analysis[`totalSpendOn${name}`] = toMajor(totals.get(name) ?? 0);
  }
  const recurringOut = streams.filter((s) => s.direction === 'outflow' && s.category !== 'self_transfer');
  const recurringTotal = recurringOut.reduce((s, x) => s + x.totalMinor, 0);
  let highest = -1;
  perMonth.forEach((amount, i) => {
    if (highest < 0 || amount > (perMonth[highest] ?? 0)) highest = i;
  });
  const payeeCounts = new Map([...payees].map(([k, v]) => [k, v.length]));
  const topPayee = mostFrequent(payeeCounts);
  const topPayeeTxs = topPayee === null ? [] : (payees.get(topPayee) ?? []);
  const highestKey = ctx.months[highest];

  Object.assign(analysis, {
    averageMonthlyTotalExpenses: toMajor(expenses / months),
    averageMonthlyRecurringExpense: toMajor(recurringTotal / months),
    averageMonthlyTransactionsViaAgents: toMajor(viaAgents / months),
    totalTransactionsViaAgents: toMajor(viaAgents),
    totalExpenses: toMajor(expenses),
    totalMonthlyExpenses: ctx.months.map((key, i) => ({ ...monthLabel(key), amount: toMajor(perMonth[i] ?? 0) })),
    totalRecurringExpense: toMajor(recurringTotal),
    mostRecurringExpense: recurringOut[0]?.description ?? null,
    mostFrequentSpendCategory: mostFrequent(categoryCounts),
    monthWithHighestSpend: highestKey ? `${highestKey.slice(5, 7)}/${highestKey.slice(0, 4)}` : null,
    highestSpend: toMajor(highest >= 0 ? (perMonth[highest] ?? 0) : 0),
    mostFrequentExpense: topPayeeTxs[topPayeeTxs.length - 1]?.narration ?? null,
    mostFrequentExpenseAmount: toMajor(median(topPayeeTxs.map((t) => t.amount))),
    atmLocations: [...atm],
  });
  return { analysis, averageMonthlyExpenses: expenses / months };
}
