import type { CanonicalStatement, CanonicalTransaction, FormatName } from '../domain/statement.js';
import { BalanceWalker, chainCost, MAX_REORDER_GROUP, orderByChain, STATEMENT_SEARCH_BUDGET, signed } from './chain.js';
import type { DraftRow, DraftStatement } from './format.js';
import { lastHashLowBits, transactionHash } from './ids.js';

/**
 * The shared last step of every format: rows in chronological order (same-day order following the
 * balance chain when that restores it), opening and closing balances, and deterministic ids.
 */
export function assembleStatement(
  format: FormatName,
  draft: DraftStatement,
): { statement: CanonicalStatement; reorderedDays: number } {
  const { rows, ...header } = draft;
  const { rows: ordered, reorderedDays } = chronological(rows, draft.openingBalance);
  const transactions = withIds(ordered);
  const first = transactions[0];
  const openingBalance =
    draft.openingBalance ?? (first?.balance !== undefined ? first.balance - signed(first) : undefined);
  let closingBalance = draft.closingBalance;
  for (let i = transactions.length - 1; closingBalance === undefined && i >= 0; i--) {
    closingBalance = transactions[i]?.balance;
  }
  return { statement: { format, ...header, openingBalance, closingBalance, transactions }, reorderedDays };
}

function chronological(input: DraftRow[], opening: number | undefined): { rows: DraftRow[]; reorderedDays: number } {
  if (input.length < 2) return { rows: input.slice(), reorderedDays: 0 };
  const firstRow = input[0];
  const lastRow = input[input.length - 1];
  // Newest-first providers (Mono, Dojah): reverse first, so rows of one day keep their real order.
  let rows = firstRow && lastRow && firstRow.date > lastRow.date ? input.slice().reverse() : input.slice();
  if (!isSorted(rows)) rows = rows.sort(compareTime);

  const walker = new BalanceWalker(opening);
  const searchBudget = { left: STATEMENT_SEARCH_BUDGET };
  let start = 0;
  let reorderedDays = 0;
  while (start < rows.length) {
    const day = rows[start]?.date;
    let end = start + 1;
    while (end < rows.length && rows[end]?.date === day) end++;
    if (end - start > 1 && end - start <= MAX_REORDER_GROUP) {
      // The next day's rows, so the day's order is judged by how it leads into them too.
      let after = end + 1;
      while (after < rows.length && rows[after]?.date === rows[end]?.date) after++;
      const next = rows.slice(end, Math.min(after, end + MAX_REORDER_GROUP));
      const current = chainCost(rows, walker, start, end, next);
      if (current > 0) {
        const chained = orderByChain(rows.slice(start, end), walker, searchBudget, next);
        if (chainCost(chained, walker, 0, chained.length, next) < current) {
          rows.splice(start, end - start, ...chained);
          reorderedDays++;
        }
      }
    }
    for (let i = start; i < end; i++) walker.step(rows[i] as DraftRow);
    start = end;
  }
  return { rows, reorderedDays };
}

function compareTime(a: DraftRow, b: DraftRow): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  const p = a.postedAt;
  const q = b.postedAt;
  if (p === undefined || q === undefined || p === q) return 0;
  // Same-shape UTC timestamps compare as text; anything else as instants.
  if (p.length === q.length && p.endsWith('Z') && q.endsWith('Z')) return p < q ? -1 : 1;
  return (Date.parse(p) || 0) - (Date.parse(q) || 0);
}

function isSorted(rows: readonly DraftRow[]): boolean {
  for (let i = 1; i < rows.length; i++) {
    const a = rows[i - 1];
    const b = rows[i];
    if (a && b && compareTime(a, b) > 0) return false;
  }
  return true;
}

/** Id = hash of the normalised fields; the n-th identical row gets `-n` (identical rows stay distinct). */
function withIds(rows: DraftRow[]): CanonicalTransaction[] {
  // Identical rows are rare: rows go into an open-addressing table of 30 bits of their hash; only
  // after two rows share those bits are full ids tracked in a set.
  const size = 2 ** Math.ceil(Math.log2(rows.length * 2 + 2));
  const table = new Uint32Array(size);
  let seen: Set<string> | undefined;
  let repeats: Map<string, number> | undefined;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i] as DraftRow;
    const base = transactionHash(r);
    r.id = base;
    if (!seen) {
      const key = lastHashLowBits + 1; // 0 marks an empty slot
      let slot = key & (size - 1);
      while (table[slot] !== 0 && table[slot] !== key) slot = (slot + 1) & (size - 1);
      if (table[slot] === 0) {
        table[slot] = key;
        continue;
      }
      seen = new Set();
      for (let j = 0; j < i; j++) seen.add((rows[j] as DraftRow).id);
    }
    if (!seen.has(base)) {
      seen.add(base);
      continue;
    }
    repeats ??= new Map();
    const n = (repeats.get(base) ?? 1) + 1;
    repeats.set(base, n);
    r.id = `${base}-${n}`;
  }
  return rows;
}
