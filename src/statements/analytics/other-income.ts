import { toMajor } from '../../domain/money.js';
import type { CanonicalTransaction } from '../../domain/statement.js';
import { type AnalysisContext, monthCount } from './context.js';
import type { Frequency, RecurringStream } from './recurring.js';
import { isPayCandidate } from './streams-index.js';
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
  /** Minor units (fractional): the credits' total over the statement's months (`monthCount`). */
  average: number;
}

/**
 * Regular income that is not salary: a MATURE inflow stream (three or more regular payments, not
 * overdue at the statement's end) of credits that could be pay — transfers in and unnamed credits —
 * which the salary analysis did not take. Self-transfers, loan disbursements, gambling winnings and
 * reversals are categories of their own and never count; `other_income` and `interest` count by
 * their category already, recurring or not.
 */
export const isRegularIncome = (s: RecurringStream): boolean =>
  s.direction === 'inflow' && s.status === 'MATURE' && s.category !== 'salary' && isPayCandidate(s.category);

const evidenceOf = (s: RecurringStream, payments: number): string =>
  `${s.frequency} inflow stream from ${s.counterparty}: ${payments} payments from ${s.firstDate} to ${s.lastDate}, still MATURE at the statement’s end; not salary, a self-transfer, a loan, gambling or a reversal`;

/**
 * Other income: the credits named as such (`named`: pensions, cashback, interest, ...) and the
 * payments of the regular-income streams among `recurring` (`isRegularIncome`); a credit that counts
 * for nothing (a zero amount, a cheque a returned cheque took back) is left out.
 */
export function otherIncome(
  ctx: AnalysisContext,
  named: readonly number[],
  recurring: readonly RecurringStream[],
): OtherIncome {
  const regular = recurring.filter(isRegularIncome);
  const rows = [...named];
  const streams: OtherIncomeStream[] = [];
  if (regular.length > 0) {
    const cancelled = verdictIndex(ctx).cancelled;
    const position = new Map<string, number>();
    for (const s of regular) for (const id of s.transactionIds) position.set(id, -1);
    ctx.rows.forEach((tx, i) => {
      if (position.has(tx.id)) position.set(tx.id, i);
    });
    for (const s of regular) {
      const at = s.transactionIds
        .map((id) => position.get(id) as number)
        .filter((row) => row >= 0 && cancelled[row] === 0);
      if (at.length === 0) continue;
      const total = at.reduce((sum, row) => sum + (ctx.rows[row] as CanonicalTransaction).amount, 0);
      rows.push(...at);
      streams.push({
        counterparty: s.counterparty,
        category: s.category,
        frequency: s.frequency,
        payments: at.length,
        total: toMajor(total),
        evidence: [evidenceOf(s, at.length)],
        transactionIds: at.map((row) => (ctx.rows[row] as CanonicalTransaction).id),
      });
    }
    rows.sort((a, b) => a - b);
  }
  const total = rows.reduce((sum, row) => sum + (ctx.rows[row] as CanonicalTransaction).amount, 0);
  return { rows, streams, average: total / monthCount(ctx) };
}
