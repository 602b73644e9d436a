import { toMajor } from '../../domain/money.js';
import { monthLabel } from './calendar.js';
import type { MonthAmount } from './cash-flow.js';
import type { CategorisedTransaction } from './categorise/categorise.js';
import { type AnalysisContext, monthCount, monthOf } from './context.js';
import type { RecurringStream } from './recurring.js';
import { medianOf, Tally } from './stats.js';
import { type CategoryRows, verdictIndex } from './verdicts.js';

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

/** Spend group keys of the output, in the real API's order. */
const AVERAGE_KEYS = GROUP_NAMES.map((name) => `averageMonthlySpendOn${name}`);
const TOTAL_KEYS = GROUP_NAMES.map((name) => `totalSpendOn${name}`);
const GROUP_INDEX = new Map(GROUP_NAMES.map((name, i) => [name, i]));

/** What a category's debits make of it. */
const NOT_SPEND = 0;
const SPEND = 1;
const EXPENSE = 2;
const CHARGE = 3;
const spendKind = ({ category, debitCount }: CategoryRows): number =>
  debitCount === 0 || category === 'self_transfer'
    ? NOT_SPEND
    : NOT_EXPENSE.has(category)
      ? SPEND
      : category === 'bank_charges'
        ? CHARGE
        : EXPENSE;

/** More debits; ties go to the category debited first. */
const moreFrequent = (a: CategoryRows, b: CategoryRows): boolean =>
  a.debitCount > b.debitCount || (a.debitCount === b.debitCount && a.firstDebit < b.firstDebit);

/** `CHANNEL_GROUPS` as two short lists: comparing five names is cheaper per row than a lookup. */
const GROUPED_CHANNELS = Object.keys(CHANNEL_GROUPS);
const CHANNEL_GROUP_INDEX = GROUPED_CHANNELS.map((channel) => GROUP_INDEX.get(CHANNEL_GROUPS[channel] ?? '') ?? -1);
function channelGroup(channel: string): number {
  for (let k = 0; k < GROUPED_CHANNELS.length; k++) {
    if (GROUPED_CHANNELS[k] === channel) return CHANNEL_GROUP_INDEX[k] as number;
  }
  return -1;
}

/**
 * How often each payee appears among the expenses, and where: a payee is the named company, else
 * the counterparty, else the narration.
 */
class Payees {
  private readonly names = new Tally();
  /** Index in `ctx.txs` of each payee's first and last transaction. */
  private readonly first: number[] = [];
  private readonly last: number[] = [];
  /** Per transaction: its payee's number plus one; 0 when it is not an expense. */
  private readonly payeeOf: Int32Array;

  constructor(private readonly ctx: AnalysisContext) {
    this.payeeOf = new Int32Array(ctx.txs.length);
  }

  add(i: number, tx: CategorisedTransaction): void {
    const p = this.names.add(tx.entity ?? (tx.counterparty || tx.narration.toUpperCase()));
    this.payeeOf[i] = p + 1;
    if (p === this.first.length) this.first.push(i);
    this.last[p] = i;
  }

  /** The most frequent payee (ties: the first seen): its last narration and its median amount. */
  top(): { narration: string | null; amount: number } {
    const best = this.names.top();
    if (best < 0) return { narration: null, amount: 0 };
    const count = this.names.counts[best] as number;
    const amounts = new Float64Array(count);
    for (let i = this.first[best] as number, found = 0; found < count; i++) {
      if (this.payeeOf[i] === best + 1) amounts[found++] = (this.ctx.txs[i] as CategorisedTransaction).amount;
    }
    const last = this.ctx.txs[this.last[best] as number] as CategorisedTransaction;
    return { narration: last.narration, amount: medianOf(amounts) };
  }
}

export function spendAnalysis(ctx: AnalysisContext, streams: readonly RecurringStream[]): SpendResult {
  const months = monthCount(ctx);
  const txs = ctx.txs;
  const v = verdictIndex(ctx);
  const totals = new Float64Array(GROUP_NAMES.length);
  const perMonth = new Float64Array(ctx.months.length);
  const payees = new Payees(ctx);
  const atmRows: number[] = [];
  let viaAgents = 0;
  let expenses = 0;
  let topCategory: CategoryRows | null = null;
  // Per category: its group total, expenses and frequency.
  const kinds = new Uint8Array(v.categories.length);
  for (const c of v.categories) {
    const kind = spendKind(c);
    kinds[c.slot] = kind;
    if (kind === NOT_SPEND) continue;
    const group = CATEGORY_GROUPS[c.category];
    if (group) {
      const g = GROUP_INDEX.get(group) as number;
      totals[g] = (totals[g] as number) + c.debitTotal;
    }
    if (kind !== SPEND) expenses += c.debitTotal;
    // Charges ride along with other spending; they would otherwise always be the most frequent.
    if (kind === EXPENSE && (!topCategory || moreFrequent(c, topCategory))) topCategory = c;
  }
  // Per debit: its channel group, month and payee.
  for (let i = 0; i < txs.length; i++) {
    const kind = kinds[v.rowCategory[i] as number] as number;
    if (kind === NOT_SPEND) continue;
    const tx = txs[i] as CategorisedTransaction;
    if (tx.direction !== 'debit') continue;
    const amount = tx.amount;
    const channel = tx.channel;
    const g = channelGroup(channel);
    if (g >= 0) totals[g] = (totals[g] as number) + amount;
    if (channel === 'agent') viaAgents += amount;
    else if (channel === 'atm') atmRows.push(i);
    if (kind === SPEND) continue;
    const m = monthOf(ctx, tx);
    perMonth[m] = (perMonth[m] as number) + amount;
    if (kind === EXPENSE) payees.add(i, tx);
  }
  const atm = new Set<string>();
  for (const i of atmRows) {
    const where = atmLocation((txs[i] as CategorisedTransaction).narration);
    if (where) atm.add(where);
  }
  const analysis: SpendAnalysis = {};
  for (let g = 0; g < GROUP_NAMES.length; g++) {
    analysis[AVERAGE_KEYS[g] as string] = toMajor((totals[g] as number) / months);
    analysis[TOTAL_KEYS[g] as string] = toMajor(totals[g] as number);
  }
  const recurringOut = streams.filter((s) => s.direction === 'outflow' && s.category !== 'self_transfer');
  const recurringTotal = recurringOut.reduce((s, x) => s + x.totalMinor, 0);
  let highest = -1;
  for (let m = 0; m < perMonth.length; m++) {
    if (highest < 0 || (perMonth[m] as number) > (perMonth[highest] as number)) highest = m;
  }
  const payee = payees.top();
  const highestKey = ctx.months[highest];

  Object.assign(analysis, {
    averageMonthlyTotalExpenses: toMajor(expenses / months),
    averageMonthlyRecurringExpense: toMajor(recurringTotal / months),
    averageMonthlyTransactionsViaAgents: toMajor(viaAgents / months),
    totalTransactionsViaAgents: toMajor(viaAgents),
    totalExpenses: toMajor(expenses),
    totalMonthlyExpenses: ctx.months.map((key, i) => ({ ...monthLabel(key), amount: toMajor(perMonth[i] as number) })),
    totalRecurringExpense: toMajor(recurringTotal),
    mostRecurringExpense: recurringOut[0]?.description ?? null,
    mostFrequentSpendCategory: topCategory?.category ?? null,
    monthWithHighestSpend: highestKey ? `${highestKey.slice(5, 7)}/${highestKey.slice(0, 4)}` : null,
    highestSpend: toMajor(highest >= 0 ? (perMonth[highest] as number) : 0),
    mostFrequentExpense: payee.narration,
    mostFrequentExpenseAmount: toMajor(payee.amount),
    atmLocations: [...atm],
  });
  return { analysis, averageMonthlyExpenses: expenses / months };
}
