import { toMajor } from '../../domain/money.js';
import type { CanonicalTransaction } from '../../domain/statement.js';
import type { Verdict } from './categorise/categorise.js';
import { type AnalysisContext, monthCount } from './context.js';
import type { Frequency, RecurringStream } from './recurring.js';
import { isPayCandidate } from './streams-index.js';
import { amountText } from './thresholds.js';
import { verdictIndex } from './verdicts.js';

/** A recurring inflow counted as other income, with the reason and the transactions behind it. */
export interface OtherIncomeStream {
  counterparty: string;
  /** Our category of its credits (`transfer_in`, `other`). */
  category: string;
  frequency: Frequency;
  payments: number;
  /** Naira. */
  total: number;
  evidence: string[];
  transactionIds: string[];
}

export interface OtherIncome {
  /** Positions in `ctx.rows` of every other-income credit, ascending. */
  rows: number[];
  streams: OtherIncomeStream[];
  /**
   * Integer minor units a month: each stream's monthly equivalent (`monthlyEquivalent`) plus the
   * named credits' total over the statement's months (`monthCount`).
   */
  average: number;
}

/** Payments a month of each frequency, as a fraction: [numerator, denominator]. */
const PER_MONTH: Record<Frequency, readonly [number, number]> = {
  WEEKLY: [52, 12],
  BIWEEKLY: [26, 12],
  SEMI_MONTHLY: [2, 1],
  MONTHLY: [1, 1],
  ANNUALLY: [1, 12],
};

/**
 * Integer minor units a month of a stream of `payments` payments totalling `total`: its average
 * payment times its payments a month (a monthly stream of 150,000 is 150,000 a month, however many
 * months the statement covers), as predicted salary is counted per stream.
 */
export function monthlyEquivalent(total: number, payments: number, frequency: Frequency): number {
  const [times, months] = PER_MONTH[frequency];
  return payments === 0 ? 0 : Math.round((total * times) / (months * payments));
}

/**
 * Regular income that is not salary: a MATURE inflow stream (three or more regular payments, not
 * overdue at the statement's end) of credits that could be pay — transfers in and unnamed credits —
 * which the salary analysis did not take. Self-transfers (savings and ajo payouts among them), loan
 * disbursements, gambling winnings and reversals are categories of their own and never count;
 * `other_income` and `interest` count by their category already, recurring or not.
 */
export const isRegularIncome = (s: RecurringStream): boolean =>
  s.direction === 'inflow' && s.status === 'MATURE' && s.category !== 'salary' && isPayCandidate(s.category);

/**
 * A credit of the stream is from family (`Verdict.payer`): a relative, or beside a note of support
 * (`UPKEEP`, `POCKET MONEY`). Support is not earned and may stop at any time, so for lending it is
 * never income, as it is never salary.
 */
const fromFamily = (ctx: AnalysisContext, s: RecurringStream): boolean =>
  s.rows.some((row) => (ctx.labels[row] as Verdict).payer === 'family');

const evidenceOf = (s: RecurringStream, payments: number, monthly: string): string =>
  `${s.frequency} inflow stream from ${s.counterparty}: ${payments} payments from ${s.firstDate} to ${s.lastDate}, still MATURE at the statement’s end; not salary, a self-transfer, a loan, gambling, a reversal or support from family; ${monthly} a month`;

/**
 * Other income: the credits named as such (`named`: pensions, cashback, interest, ...) and the
 * payments of the regular-income streams among `recurring` (`isRegularIncome`) not from family; a
 * credit that counts for nothing (a zero amount, a cheque a returned cheque took back) is left out.
 */
export function otherIncome(
  ctx: AnalysisContext,
  named: readonly number[],
  recurring: readonly RecurringStream[],
): OtherIncome {
  const rows = [...named];
  const streams: OtherIncomeStream[] = [];
  let streamsMonthly = 0;
  const regular = recurring.filter((s) => isRegularIncome(s) && !fromFamily(ctx, s));
  if (regular.length > 0) {
    const cancelled = verdictIndex(ctx).cancelled;
    for (const s of regular) {
      const at = s.rows.filter((row) => cancelled[row] === 0);
      if (at.length === 0) continue;
      const total = at.reduce((sum, row) => sum + (ctx.rows[row] as CanonicalTransaction).amount, 0);
      const monthly = monthlyEquivalent(total, at.length, s.frequency);
      streamsMonthly += monthly;
      rows.push(...at);
      streams.push({
        counterparty: s.counterparty,
        category: s.category,
        frequency: s.frequency,
        payments: at.length,
        total: toMajor(total),
        evidence: [evidenceOf(s, at.length, amountText(ctx.statement.currency, monthly))],
        transactionIds: at.map((row) => (ctx.rows[row] as CanonicalTransaction).id),
      });
    }
    rows.sort((a, b) => a - b);
  }
  const namedTotal = named.reduce((sum, row) => sum + (ctx.rows[row] as CanonicalTransaction).amount, 0);
  return { rows, streams, average: streamsMonthly + Math.round(namedTotal / monthCount(ctx)) };
}
