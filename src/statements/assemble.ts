import type { CanonicalStatement, FormatName } from '../domain/statement.js';
import {
  BalanceWalker,
  leadCost,
  MAX_REORDER_GROUP,
  orderByChain,
  STATEMENT_SEARCH_BUDGET,
  walkCost,
} from './chain.js';
import type { DraftRow, DraftStatement } from './format.js';
import { assignIds } from './ids.js';
import { findRepeats, type RepeatedRow } from './repeated-rows.js';
import { settleBalances } from './settle-balances.js';

/**
 * The shared last step of every format: rows in chronological order (same-day order following the
 * balance chain when that restores it), each record once (`repeated`: the rows kept whose copies
 * were left out, `repeated-rows.ts`), the opening and closing balances every reader takes
 * (`settleBalances`), and deterministic ids.
 */
export function assembleStatement(
  format: FormatName,
  draft: DraftStatement,
): { statement: CanonicalStatement; reorderedDays: number; rowsPath: string; repeated: RepeatedRow[] } {
  const { rows, rowsPath, providerId, ...header } = draft;
  let { rows: transactions, reorderedDays } = chronological(rows, draft.openingBalance);
  let repeated: RepeatedRow[] = [];
  if (assignIds(transactions)) {
    const found = findRepeats(transactions, draft.openingBalance, providerIdOf(rows, providerId));
    if (found.copies.size > 0) {
      // Ordered again without the copies (a day's order was searched with them in it), ids again.
      ({ rows: transactions, reorderedDays } = chronological(
        rows.filter((r) => !found.copies.has(r)),
        draft.openingBalance,
      ));
      assignIds(transactions);
      repeated = found.repeated;
    }
  }
  const { openingBalance, closingBalance } = settleBalances(transactions, draft);
  return {
    statement: { format, ...header, openingBalance, closingBalance, transactions },
    reorderedDays,
    rowsPath,
    repeated,
  };
}

/** The provider id of a draft row, found by its place in the draft (`DraftStatement.providerId`). */
function providerIdOf(
  rows: readonly DraftRow[],
  providerId: DraftStatement['providerId'],
): (row: DraftRow) => string | undefined {
  if (providerId === undefined) return () => undefined;
  let places: Map<DraftRow, number> | undefined;
  return (row) => {
    places ??= new Map(rows.map((r, i) => [r, i]));
    const i = places.get(row);
    return i === undefined ? undefined : providerId(i);
  };
}

function chronological(input: DraftRow[], opening: number | undefined): { rows: DraftRow[]; reorderedDays: number } {
  if (input.length < 2) return { rows: input.slice(), reorderedDays: 0 };
  const firstRow = input[0];
  const lastRow = input[input.length - 1];
  // Newest-first providers (Mono, Dojah): reverse first, so rows of one day keep their real order.
  let rows = firstRow && lastRow && firstRow.date > lastRow.date ? input.slice().reverse() : input.slice();
  if (!isSorted(rows)) rows = rows.sort(compareTime);

  let walker = new BalanceWalker(opening);
  const searchBudget = { left: STATEMENT_SEARCH_BUDGET };
  const n = rows.length;
  let start = 0;
  let end = 0;
  let reorderedDays = 0;
  while (start < n) {
    // A day's end was found while looking at it as the day after (a reorder keeps its bounds).
    if (end <= start) {
      const day = (rows[start] as DraftRow).date;
      end = start + 1;
      while (end < n && (rows[end] as DraftRow).date === day) end++;
    }
    const size = end - start;
    let after = end;
    if (size > 1 && size <= MAX_REORDER_GROUP) {
      // The next day's rows, so the day's order is judged by how it leads into them too.
      if (end < n) {
        const nextDay = (rows[end] as DraftRow).date;
        after = end + 1;
        while (after < n && (rows[after] as DraftRow).date === nextDay) after++;
      }
      const nextTo = Math.min(after, end + MAX_REORDER_GROUP);
      // The walk judging the day as it stands is the walk on past it when it stays as it is: each
      // row stepped once, not judged and then stepped again (with the next day read in place, not
      // copied: about 480 instructions a row of a 1,000-row statement went to ordering).
      const kept = walker.clone();
      const current = walkCost(rows, kept, start, end) + leadCost(kept, rows, end, nextTo);
      let moved: BalanceWalker | undefined;
      if (current > 0) {
        const chained = orderByChain(rows.slice(start, end), walker, searchBudget, rows.slice(end, nextTo));
        const trial = walker.clone();
        if (walkCost(chained, trial, 0, chained.length) + leadCost(trial, rows, end, nextTo) < current) {
          rows.splice(start, size, ...chained);
          reorderedDays++;
          moved = trial;
        }
      }
      walker = moved ?? kept;
    } else {
      for (let i = start; i < end; i++) walker.step(rows[i] as DraftRow);
    }
    start = end;
    end = after;
  }
  return { rows, reorderedDays };
}

function compareTime(a: DraftRow, b: DraftRow): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  const p = a.postedAt;
  const q = b.postedAt;
  if (p === undefined || q === undefined || p === q) return 0;
  // Same-shape UTC timestamps compare as text; anything else as instants.
  // (The last characters read as codes: `endsWith` cost about 270 instructions a call.)
  if (p.length === q.length && p.charCodeAt(p.length - 1) === 0x5a && q.charCodeAt(q.length - 1) === 0x5a) {
    return p < q ? -1 : 1;
  }
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
