import { toMajor } from '../../domain/money.js';
import type { CanonicalTransaction } from '../../domain/statement.js';
import { monthLabel } from './calendar.js';
import type { MonthAmount } from './cash-flow.js';
import type { Verdict } from './categorise/categorise.js';
import { type AnalysisContext, monthCount } from './context.js';
import { PartyTally } from './parties.js';
import type { RecurringStream } from './recurring.js';
import { partiesIndex, type StreamsIndex } from './streams-index.js';
import { type CategoryRows, verdictIndex } from './verdicts.js';

/**
 * How each of the real API's spend groups is made. The real API mixes channels (Transfer,
 * AtmAndPOS, USSD, OnlineAndWeb) with categories; a debit can count in one channel group and one
 * category group. Self-transfers are never spend, nor are zero amounts and debits a reversal paid
 * back (`VerdictIndex.cancelled`).
 */
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
/** The real API's spend groups, in its order: `averageMonthlySpendOnX` and `totalSpendOnX` for each. */
export const SPEND_GROUPS = [
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

/**
 * The real API's token of a category group: `x_transactions` for `totalSpendOnX`
 * (`airtime_and_data_transactions`, `charges_and_stamp_duty_transactions`, `others_transactions`;
 * InternationalTransactions is `international_transactions`).
 */
function groupToken(group: string): string {
  const words = group.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();
  return words.endsWith('_transactions') ? words : `${words}_transactions`;
}
/** The real API's token of each of our debit categories, by the group its spend counts in. */
const CATEGORY_TOKENS: ReadonlyMap<string, string> = new Map(
  Object.entries(CATEGORY_GROUPS).map(([category, group]) => [category, groupToken(group as string)]),
);
/** The real API's category token of one of our debit categories (`others_transactions` for one without a group). */
const realCategoryToken = (category: string): string => CATEGORY_TOKENS.get(category) ?? groupToken('Others');
/** Every token `mostFrequentSpendCategory` may take, for the published schema. */
export const REAL_CATEGORY_TOKENS = [...new Set(CATEGORY_TOKENS.values())];

/** Debits that are not expenses: money still the holder's (own accounts, savings) or debt service. */
const NOT_EXPENSE = new Set(['self_transfer', 'savings_and_investments', 'loan_repayment']);
/** Whether debits of the category count in `totalExpenses` (and so may be recurring expenses). */
const isExpense = (category: string): boolean => !NOT_EXPENSE.has(category);

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
const AVERAGE_KEYS = SPEND_GROUPS.map((name) => `averageMonthlySpendOn${name}`);
const TOTAL_KEYS = SPEND_GROUPS.map((name) => `totalSpendOn${name}`);
const GROUP_INDEX = new Map(SPEND_GROUPS.map((name, i) => [name, i]));

/** What a category's debits make of it. */
const NOT_SPEND = 0;
const SPEND = 1;
const EXPENSE = 2;
const CHARGE = 3;
const spendKind = (c: CategoryRows): number =>
  spentCount(c) === 0 || c.category === 'self_transfer'
    ? NOT_SPEND
    : !isExpense(c.category)
      ? SPEND
      : c.category === 'bank_charges'
        ? CHARGE
        : EXPENSE;

/** A category's debits that count as spent: not zero amounts, not paid back by a reversal. */
const spentCount = (c: CategoryRows): number => c.debitCount - c.cancelledDebitCount;
const spentTotal = (c: CategoryRows): number => c.debitTotal - c.cancelledDebitTotal;

/** More debits spent; ties go to the category debited first. */
const moreFrequent = (a: CategoryRows, b: CategoryRows): boolean =>
  spentCount(a) > spentCount(b) || (spentCount(a) === spentCount(b) && a.firstDebit < b.firstDebit);

/**
 * Index in `SPEND_GROUPS` of a channel's group, -1 for none: ATMs, POS and agents are AtmAndPOS,
 * USSD is USSD, web is OnlineAndWeb. A switch: cheaper per row than a lookup.
 */
function channelGroup(channel: string): number {
  switch (channel) {
    case 'atm':
    case 'pos':
    case 'agent':
      return ATM_AND_POS;
    case 'ussd':
      return USSD;
    case 'web':
      return ONLINE_AND_WEB;
    default:
      return -1;
  }
}
const ATM_AND_POS = SPEND_GROUPS.indexOf('AtmAndPOS');
const USSD = SPEND_GROUPS.indexOf('USSD');
const ONLINE_AND_WEB = SPEND_GROUPS.indexOf('OnlineAndWeb');

/**
 * How often each payee appears among the expenses: a payee is the named company, else the
 * counterparty, else the narration.
 */
class Payees {
  private readonly names: PartyTally;
  /**
   * Each payee's payments as a chain, so `top` visits the top payee's rows only, not every row: per
   * payee number its last row, per row the payee's row before it (-1 for its first).
   */
  private readonly lastRow: number[];
  private readonly previous: Int32Array;

  constructor(
    private readonly txs: readonly CanonicalTransaction[],
    private readonly index: StreamsIndex,
  ) {
    this.names = new PartyTally(index, false);
    this.previous = new Int32Array(txs.length);
    // The index's parties first; a payee known by name only is numbered after them (`PartyTally`).
    this.lastRow = new Array(index.parties.debit.length).fill(-1);
  }

  /** Counts the payee of the debit at row `i`, labelled `label`. */
  add(i: number, label: Verdict): void {
    // A row's party in the streams index is `entity ?? counterparty` when that is not empty.
    const party = this.index.partyOf[i] as number;
    const payee =
      party >= 0
        ? this.names.addParty(party)
        : this.names.addName(
            label.entity ?? (label.counterparty || (this.txs[i] as CanonicalTransaction).narration.toUpperCase()),
          );
    // A payee known by name only is the next number when new: past the end, then appended.
    this.previous[i] = this.lastRow[payee] ?? -1;
    this.lastRow[payee] = i;
  }

  /**
   * The most frequent payee (ties: the first seen): the amount it is most often paid (ties: the
   * amount paid last) and the narration of the last payment of that amount, so both are one row's.
   */
  top(): { narration: string | null; amount: number } {
    const best = this.names.top();
    if (best < 0) return { narration: null, amount: 0 };
    const timesPaid = new Map<number, number>();
    let modeRow = -1;
    // How often modeRow's amount was paid: it only grows on a row of that amount, which then
    // becomes modeRow, so it need not be looked up again.
    let modeTimes = 0;
    const rows = this.rowsOf(best);
    for (let k = 0; k < rows.length; k++) {
      const i = rows[k] as number;
      const amount = (this.txs[i] as CanonicalTransaction).amount;
      const times = (timesPaid.get(amount) ?? 0) + 1;
      timesPaid.set(amount, times);
      // The latest row of an amount paid most often so far.
      if (times >= modeTimes) {
        modeRow = i;
        modeTimes = times;
      }
    }
    const row = this.txs[modeRow] as CanonicalTransaction;
    return { narration: row.narration, amount: row.amount };
  }

  /** The rows of payee `payee`, in order. */
  private rowsOf(payee: number): Int32Array {
    const rows = new Int32Array(this.names.countOf(payee));
    for (let i = this.lastRow[payee] as number, k = rows.length; k > 0; i = this.previous[i] as number) rows[--k] = i;
    return rows;
  }
}

export function spendAnalysis(ctx: AnalysisContext, streams: readonly RecurringStream[]): SpendResult {
  const months = monthCount(ctx);
  const { rows: txs, labels } = ctx;
  const v = verdictIndex(ctx);
  const totals = new Float64Array(SPEND_GROUPS.length);
  const perMonth = new Float64Array(ctx.months.length);
  const payees = new Payees(txs, partiesIndex(ctx));
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
      totals[g] = (totals[g] as number) + spentTotal(c);
    }
    if (kind !== SPEND) expenses += spentTotal(c);
    // Charges ride along with other spending; they would otherwise always be the most frequent.
    if (kind === EXPENSE && (!topCategory || moreFrequent(c, topCategory))) topCategory = c;
  }
  // Per verdict: its category's kind and its channel's group. Rows of one verdict share both, so the
  // row loop reads them by the row's verdict number rather than reading its label and channel.
  const { verdicts, verdictOf } = ctx;
  const cancelled = v.cancelled;
  const verdictKind = new Uint8Array(verdicts.length);
  const verdictGroup = new Int8Array(verdicts.length);
  for (let k = 0; k < verdicts.length; k++) {
    const slot = v.verdictSlot[k] as number;
    if (slot < 0) continue;
    verdictKind[k] = kinds[slot] as number;
    verdictGroup[k] = channelGroup((verdicts[k] as Verdict).channel);
  }
  // Per debit: its channel group, month and payee. The context's fields are read once: the payee
  // tally's stores would otherwise make the compiled loop read them again for every row.
  const { day, dayMonth, firstDay } = ctx;
  for (let i = 0; i < txs.length; i++) {
    const k = verdictOf[i] as number;
    const kind = verdictKind[k] as number;
    if (kind === NOT_SPEND || cancelled[i] === 1) continue;
    const tx = txs[i] as CanonicalTransaction;
    if (tx.direction !== 'debit') continue;
    const amount = tx.amount;
    const g = verdictGroup[k] as number;
    if (g >= 0) {
      totals[g] = (totals[g] as number) + amount;
      if (g === ATM_AND_POS) {
        const channel = (labels[i] as Verdict).channel;
        if (channel === 'agent') viaAgents += amount;
        else if (channel === 'atm') atmRows.push(i);
      }
    }
    if (kind === SPEND) continue;
    const m = dayMonth[(day[i] as number) - firstDay] as number;
    perMonth[m] = (perMonth[m] as number) + amount;
    if (kind === EXPENSE) payees.add(i, labels[i] as Verdict);
  }
  const atm = new Set<string>();
  for (const i of atmRows) {
    const where = atmLocation((txs[i] as CanonicalTransaction).narration);
    if (where) atm.add(where);
  }
  const analysis: SpendAnalysis = {};
  for (let g = 0; g < SPEND_GROUPS.length; g++) {
    analysis[AVERAGE_KEYS[g] as string] = toMajor((totals[g] as number) / months);
    analysis[TOTAL_KEYS[g] as string] = toMajor(totals[g] as number);
  }
  // Recurring expenses are a part of the expenses: established (MATURE, so not ended) outflows of them.
  const recurringOut = streams.filter(
    (s) => s.direction === 'outflow' && s.status === 'MATURE' && isExpense(s.category),
  );
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
    mostFrequentSpendCategory: topCategory ? realCategoryToken(topCategory.category) : null,
    monthWithHighestSpend: highestKey ? `${highestKey.slice(5, 7)}/${highestKey.slice(0, 4)}` : null,
    highestSpend: toMajor(highest >= 0 ? (perMonth[highest] as number) : 0),
    mostFrequentExpense: payee.narration,
    mostFrequentExpenseAmount: toMajor(payee.amount),
    atmLocations: [...atm],
  });
  return { analysis, averageMonthlyExpenses: expenses / months };
}
