import type { CanonicalTransaction } from '../../domain/statement.js';
import type { Verdict } from './categorise/categorise.js';
import { tokenise } from './categorise/tokenise.js';

/** A reversal credit and the debit it paid back: indexes in the statement's rows. */
export interface ReversalPair {
  reversal: number;
  debit: number;
}

/** A returned-cheque debit and the cheque credit it took back: indexes in the statement's rows. */
export interface ReturnedChequePair {
  returned: number;
  cheque: number;
}

/** How many days back a reversal (or a returned cheque) looks for the row it pays back. */
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
  const isDebit = (i: number) => (statement.rows[i] as CanonicalTransaction).direction === 'debit';
  return pairBack(statement, reversals, isDebit, cancelled).map(([reversal, debit]) => ({ reversal, debit }));
}

/**
 * Pairs each returned-cheque debit (`returned`, ascending) with the cheque credit it took back, as
 * `pairReversals` pairs a reversal with its debit: a bounced cheque is money that never arrived.
 * Marks each paired credit in `cancelled`.
 */
export function pairReturnedCheques(
  statement: PairingRows,
  returned: ArrayLike<number>,
  cancelled: Uint8Array,
): ReturnedChequePair[] {
  const isChequeCredit = (i: number) =>
    (statement.rows[i] as CanonicalTransaction).direction === 'credit' &&
    (statement.labels[i] as Verdict).channel === 'cheque';
  return pairBack(statement, returned, isChequeCredit, cancelled).map(([r, cheque]) => ({ returned: r, cheque }));
}

/**
 * Pairs each row of `backs` (ascending) with the earlier row it pays back: among the rows that
 * `payable` accepts, the latest of the same amount at most 14 days before, not yet marked in
 * `cancelled`, one the paying row names before any other. Marks each row paid back in `cancelled`.
 */
function pairBack(
  statement: PairingRows,
  backs: ArrayLike<number>,
  payable: (row: number) => boolean,
  cancelled: Uint8Array,
): Array<[back: number, paid: number]> {
  if (backs.length === 0) return [];
  const { rows, day } = statement;
  const payableByAmount = rowsOfAmounts(rows, backs, payable);
  const pairs: Array<[number, number]> = [];
  for (let k = 0; k < backs.length; k++) {
    const back = backs[k] as number;
    const candidates = payableByAmount.get((rows[back] as CanonicalTransaction).amount);
    if (candidates === undefined) continue;
    const text = wordsOf((rows[back] as CanonicalTransaction).narration);
    let chosen = -1;
    for (let j = lastBefore(candidates, back); j >= 0; j--) {
      const paid = candidates[j] as number;
      if ((day[back] as number) - (day[paid] as number) > REVERSAL_WINDOW_DAYS) break;
      if (cancelled[paid] === 1) continue;
      if (chosen < 0) chosen = paid;
      if (names(text, statement, paid)) {
        chosen = paid;
        break;
      }
    }
    if (chosen < 0) continue;
    cancelled[chosen] = 1;
    pairs.push([back, chosen]);
  }
  return pairs;
}

/** The non-zero rows `payable` accepts whose amount some row of `backs` has, by amount, each list ascending. */
function rowsOfAmounts(
  rows: readonly CanonicalTransaction[],
  backs: ArrayLike<number>,
  payable: (row: number) => boolean,
): Map<number, number[]> {
  const byAmount = new Map<number, number[]>();
  for (let k = 0; k < backs.length; k++) {
    const amount = (rows[backs[k] as number] as CanonicalTransaction).amount;
    if (amount > 0) byAmount.set(amount, []);
  }
  // `payable` first: a direction test costs less than hashing the amount, and rules out many rows.
  for (let i = 0; i < rows.length; i++) {
    if (!payable(i)) continue;
    const list = byAmount.get((rows[i] as CanonicalTransaction).amount);
    if (list !== undefined) list.push(i);
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

/** Whether a paying row's words (`wordsOf`) name the row paid back: its payee, or its whole narration. */
function names(backWords: string, statement: PairingRows, paid: number): boolean {
  const payee = (statement.labels[paid] as Verdict).counterparty;
  if (payee !== '' && backWords.includes(wordsOf(payee))) return true;
  return backWords.includes(wordsOf((statement.rows[paid] as CanonicalTransaction).narration));
}
