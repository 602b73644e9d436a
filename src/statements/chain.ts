import type { Direction } from '../domain/statement.js';

/** Provider rounding: a running balance may be off by this many minor units without meaning anything. */
export const ROUNDING_TOLERANCE = 1;

/** Largest same-day group whose order is searched for a balance chain (the search is quadratic). */
export const MAX_REORDER_GROUP = 200;

export interface ChainRow {
  direction: Direction;
  amount: number;
  balance?: number;
}

export const signed = (r: ChainRow): number => (r.direction === 'credit' ? r.amount : -r.amount);

const within = (d: number, tolerance = ROUNDING_TOLERANCE) => d <= tolerance && d >= -tolerance;

/** True when `row` follows a balance of `before` within the rounding tolerance (or has no balance). */
export function chainsFrom(before: number, row: ChainRow): boolean {
  return row.balance === undefined || within(row.balance - (before + signed(row)));
}

/** How a balance follows the rows before it. */
export type Step = 'exact' | 'rounding' | 'break';

/**
 * Walks a running balance. Each stated balance is compared with the stated balance before it and
 * with the exact chain from the last trusted balance: a balance within a kobo of either is
 * rounding, so neighbours drifting opposite ways (+1 then -1) stay rounding while drift can't add
 * up to more than a kobo from the chain.
 */
export class BalanceWalker {
  /** The last stated balance (undefined before the first). */
  before: number | undefined;
  private chain: number | undefined;
  /** Net of rows without a balance since the last balance. */
  private pending = 0;

  constructor(start: number | undefined) {
    this.before = start;
    this.chain = start;
  }

  clone(): BalanceWalker {
    const copy = new BalanceWalker(this.before);
    copy.chain = this.chain;
    copy.pending = this.pending;
    return copy;
  }

  /** The balance the stated one before this row leads to. */
  expected(row: ChainRow): number | undefined {
    return this.before === undefined ? undefined : this.before + this.pending + signed(row);
  }

  /** Classifies `row` without moving on. */
  peek(row: ChainRow): Step {
    if (row.balance === undefined || this.before === undefined || this.chain === undefined) return 'exact';
    const diff = row.balance - (this.before + this.pending + signed(row));
    if (diff === 0) return 'exact';
    if (within(diff) || within(row.balance - (this.chain + this.pending + signed(row)))) return 'rounding';
    return 'break';
  }

  /** Moves past `row`; after a break the walk restarts from `restartAt` (the stated balance by default). */
  step(row: ChainRow, restartAt?: number): Step {
    if (row.balance === undefined) {
      this.pending += signed(row);
      return 'exact';
    }
    const step = this.peek(row);
    if (this.before === undefined || this.chain === undefined) {
      this.before = row.balance;
      this.chain = row.balance;
    } else if (step === 'break') {
      this.before = restartAt ?? row.balance;
      this.chain = this.before;
    } else {
      const anchored = this.chain + this.pending + signed(row);
      this.chain = within(row.balance - anchored) ? anchored : row.balance;
      this.before = row.balance;
    }
    this.pending = 0;
    return step;
  }
}

const BREAK_COST = 1_000_000;

/**
 * How badly `rows[from..to)` follow their balances from where `start` stands: each break costs a
 * million, each rounding step one, so an exact chain beats a tolerated one. With `next` (the rows
 * of the following day), also how the last of them leads into the best first row of that day:
 * with no opening balance and a kobo of drift, two orders of a day can chain equally well, and
 * only the next day tells which one the account really followed.
 */
export function chainCost(
  rows: readonly ChainRow[],
  start: BalanceWalker,
  from = 0,
  to = rows.length,
  next: readonly ChainRow[] = [],
): number {
  const walker = start.clone();
  return walkCost(rows, walker, from, to) + leadCost(walker, next);
}

/**
 * `chainCost` without the next day, moving `walker` itself past `rows[from..to)`: a caller that
 * keeps the order judged walks on from there instead of stepping the rows again.
 */
export function walkCost(rows: readonly ChainRow[], walker: BalanceWalker, from: number, to: number): number {
  let cost = 0;
  for (let i = from; i < to; i++) {
    const step = walker.step(rows[i] as ChainRow);
    if (step === 'break') cost += BREAK_COST;
    else if (step === 'rounding') cost += 1;
  }
  return cost;
}

/**
 * The cheapest step from where `walker` stands into one of `next[from..to)` (0 when none has a
 * balance): the next day read in place, not copied.
 */
export function leadCost(walker: BalanceWalker, next: readonly ChainRow[], from = 0, to = next.length): number {
  let best = 0;
  let any = false;
  for (let i = from; i < to; i++) {
    const row = next[i] as ChainRow;
    if (row.balance === undefined) continue;
    const step = walker.peek(row);
    const cost = step === 'exact' ? 0 : step === 'rounding' ? 1 : BREAK_COST;
    if (!any || cost < best) best = cost;
    any = true;
    if (best === 0) break;
  }
  return best;
}

/** Search steps per day, and per statement, before settling for the best order found (hostile input). */
const DAY_BUDGET = 5_000;
export const STATEMENT_SEARCH_BUDGET = 100_000;

/**
 * Orders one day's rows along their balance chain: a depth-first search from `start` (the walk up
 * to the day) that tries the rows that follow exactly, then within rounding, in their current
 * order, backtracking when a choice leads nowhere (a reversal brings a balance back to an earlier
 * value, so two rows can both follow); when no row follows, a row no other row leads to starts a
 * new chain. The first order without a break wins, else the best found within the budget. Ties
 * keep the current order, so the result only depends on the rows when they chain.
 */
export function orderByChain<T extends ChainRow>(
  rows: readonly T[],
  start: BalanceWalker,
  statementBudget: { left: number } = { left: STATEMENT_SEARCH_BUDGET },
  next: readonly ChainRow[] = [],
): T[] {
  let budget = Math.min(DAY_BUDGET, statementBudget.left);
  let best: T[] = rows.slice();
  let bestCost = chainCost(best, start, 0, best.length, next);
  const used = new Array<boolean>(rows.length).fill(false);
  const out: T[] = [];

  const search = (walker: BalanceWalker): boolean => {
    if (out.length === rows.length) {
      const cost = chainCost(out, start, 0, out.length, next);
      if (cost < bestCost) {
        best = out.slice();
        bestCost = cost;
      }
      return cost < BREAK_COST;
    }
    if (--budget < 0) return false;
    // Rows that follow exactly first, then rows that follow within rounding: an exact step can
    // lead nowhere (a drifted balance happens to equal another row's), so both are searched.
    const exact: number[] = [];
    const rounding: number[] = [];
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i] as T;
      if (used[i] || r.balance === undefined) continue;
      const step = walker.peek(r);
      if (step === 'exact') exact.push(i);
      else if (step === 'rounding') rounding.push(i);
    }
    const candidates = exact.concat(rounding);
    if (candidates.length === 0) candidates.push(headIndex(rows, used));
    for (const i of candidates) {
      used[i] = true;
      out.push(rows[i] as T);
      const next = walker.clone();
      next.step(rows[i] as T);
      if (search(next)) return true;
      out.pop();
      used[i] = false;
      if (budget < 0) break;
    }
    return false;
  };

  const before = budget;
  search(start.clone());
  statementBudget.left -= before - Math.max(budget, 0);
  return best;
}

/**
 * Among the unused rows, one whose opening balance is no other unused row's closing balance:
 * where a chain starts (two kobo of slack, as both balances may carry a kobo of rounding).
 */
function headIndex(rows: readonly ChainRow[], used: readonly boolean[]): number {
  let firstUnused = -1;
  for (let i = 0; i < rows.length; i++) {
    if (used[i]) continue;
    if (firstUnused < 0) firstUnused = i;
    const r = rows[i] as ChainRow;
    if (r.balance === undefined) return i;
    const opening = r.balance - signed(r);
    let led = false;
    for (let j = 0; j < rows.length && !led; j++) {
      const o = rows[j] as ChainRow;
      if (j !== i && !used[j] && o.balance !== undefined) led = within(o.balance - opening, 2 * ROUNDING_TOLERANCE);
    }
    if (!led) return i;
  }
  return firstUnused;
}
