import type { CanonicalTransaction } from '../domain/statement.js';
import { BalanceWalker } from './chain.js';
import type { DraftRow } from './format.js';
import { HASH_LENGTH } from './ids.js';

/** A row kept once, and how many more copies of it the body held. */
export interface RepeatedRow {
  row: CanonicalTransaction;
  repeats: number;
}

/**
 * The rows of a chronological statement that are the same record as an earlier row, sent again (a
 * lender joining overlapping pages), so that each record is counted once. A row is a copy of an
 * earlier one when every field its id is made of is the same (day, narration, reference,
 * direction, amount, balance: `assignIds` gave it a `-n` id) and
 * - both have the same provider id (`DraftStatement.providerId`), with or without a balance; or
 * - neither has one, both have a balance, and this row's balance does not follow from the rows
 *   kept before it (it did not move: a debit, its reversal and the same debit again all follow,
 *   and all three count).
 * Two equal rows with neither a provider id nor a balance can both be real: both count.
 * One walk along the balance chain; only called when `assignIds` found identical rows.
 */
export function findRepeats(
  rows: readonly DraftRow[],
  opening: number | undefined,
  providerId: (row: DraftRow) => string | undefined,
): { copies: Set<DraftRow>; repeated: RepeatedRow[] } {
  // Only rows sharing their hash with a `-n` row can be copies.
  const numbered = new Set<string>();
  for (const r of rows) if (r.id.length > HASH_LENGTH) numbered.add(hashOf(r));
  const firsts = new Map<string, RepeatedRow>();
  const copies = new Set<DraftRow>();
  const walker = new BalanceWalker(opening);
  for (const r of rows) {
    const hash = hashOf(r);
    if (numbered.has(hash)) {
      const id = providerId(r);
      const key = id === undefined ? hash : `${hash} ${id}`;
      const first = firsts.get(key);
      if (first === undefined) {
        firsts.set(key, { row: r, repeats: 0 });
      } else if (id !== undefined || (r.balance !== undefined && walker.peek(r) === 'break')) {
        first.repeats++;
        copies.add(r);
        continue;
      }
    }
    walker.step(r);
  }
  const repeated: RepeatedRow[] = [];
  for (const f of firsts.values()) if (f.repeats > 0) repeated.push(f);
  return { copies, repeated };
}

/** A row's id without the `-n` of an identical row. */
const hashOf = (r: DraftRow): string => (r.id.length > HASH_LENGTH ? r.id.slice(0, HASH_LENGTH) : r.id);
