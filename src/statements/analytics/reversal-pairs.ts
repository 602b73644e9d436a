import type { CanonicalTransaction } from '../../domain/statement.js';
import type { Verdict } from './categorise/categorise.js';
import { tokenise } from './categorise/tokenise.js';

/** A reversal credit and the debit it paid back: indexes in the statement's rows. */
export interface ReversalPair {
  reversal: number;
  debit: number;
}

/** How many days back a reversal looks for the debit it pays back. */
const REVERSAL_WINDOW_DAYS = 14;

/** What the pairing reads of the statement (the analysis context has all of it). */
export interface PairingRows {
  rows: readonly CanonicalTransaction[];
  labels: readonly Verdict[];
  /** Per row: days since 1970-01-01 of its date. */
  day: Int32Array;
}

/**
 * Pairs each reversal credit (`reversals`, ascending), in statement order, with the debit it paid
 * back: the latest earlier debit of the same amount, at most 14 days before, not yet paired, one
 * the reversal names (its payee or its whole narration) before any other. Marks each paired debit
 * in `cancelled`; a debit already marked there is never paired.
 */
export function pairReversals(
  statement: PairingRows,
  reversals: ArrayLike<number>,
  cancelled: Uint8Array,
): ReversalPair[] {
  if (reversals.length === 0) return [];
  const { rows, day } = statement;
  const debitsByAmount = debitsOfAmounts(rows, reversals);
  const pairs: ReversalPair[] = [];
  for (let k = 0; k < reversals.length; k++) {
    const reversal = reversals[k] as number;
    const debits = debitsByAmount.get((rows[reversal] as CanonicalTransaction).amount);
    if (debits === undefined) continue;
    const text = wordsOf((rows[reversal] as CanonicalTransaction).narration);
    let chosen = -1;
    for (let j = lastBefore(debits, reversal); j >= 0; j--) {
      const debit = debits[j] as number;
      if ((day[reversal] as number) - (day[debit] as number) > REVERSAL_WINDOW_DAYS) break;
      if (cancelled[debit] === 1) continue;
      if (chosen < 0) chosen = debit;
      if (names(text, statement, debit)) {
        chosen = debit;
        break;
      }
    }
    if (chosen < 0) continue;
    cancelled[chosen] = 1;
    pairs.push({ reversal, debit: chosen });
  }
  return pairs;
}

/** The non-zero debits whose amount some reversal has, by amount, each list ascending. */
function debitsOfAmounts(rows: readonly CanonicalTransaction[], reversals: ArrayLike<number>): Map<number, number[]> {
  const byAmount = new Map<number, number[]>();
  for (let k = 0; k < reversals.length; k++) {
    const amount = (rows[reversals[k] as number] as CanonicalTransaction).amount;
    if (amount > 0) byAmount.set(amount, []);
  }
  for (let i = 0; i < rows.length; i++) {
    const tx = rows[i] as CanonicalTransaction;
    if (tx.direction === 'debit') byAmount.get(tx.amount)?.push(i);
  }
  return byAmount;
}

/** Index in `ascending` of its last row before `row`; -1 when there is none. */
function lastBefore(ascending: readonly number[], row: number): number {
  let lo = 0;
  let hi = ascending.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((ascending[mid] as number) < row) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** A narration's words, space-separated and padded with a space, for whole-word searching. */
const wordsOf = (text: string): string => ` ${tokenise(text).join(' ')} `;

/** Whether a reversal's words (`wordsOf`) name the debit: its payee, or its whole narration. */
function names(reversalWords: string, statement: PairingRows, debit: number): boolean {
  const payee = (statement.labels[debit] as Verdict).counterparty;
  if (payee !== '' && reversalWords.includes(wordsOf(payee))) return true;
  return reversalWords.includes(wordsOf((statement.rows[debit] as CanonicalTransaction).narration));
}
