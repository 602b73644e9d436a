import { toMajor } from '../domain/money.js';
import type { CanonicalStatement, CanonicalTransaction, Direction } from '../domain/statement.js';
import { BalanceWalker, ROUNDING_TOLERANCE, signed } from './chain.js';
import type { RepeatedRow } from './repeated-rows.js';

/** One place where the running balance does not follow from the rows before it. */
export interface IntegrityBreak {
  /** Index of the row in the chronological transaction list (0-based). */
  position: number;
  transactionId: string;
  date: string;
  /**
   * `gap`: rows seem to be missing before this one (or an amount was changed; the balances can't
   * tell those apart); `edited`: the evidence points at this row having been changed;
   * `duplicate`: the row repeats the one before it, balance included, but was not taken for the
   * same record (another provider id or reference: see `duplicates`), so it counts.
   */
  kind: 'gap' | 'edited' | 'duplicate';
  /**
   * What looks edited: a balance that breaks the chain while the next row follows from the balance
   * it should have had. (A changed amount or a flipped type can't be told apart from missing rows,
   * so those are reported as gaps.)
   */
  field?: 'balance';
  /** Naira: the balance the previous rows lead to, the one stated, and the difference. */
  expectedBalance: number;
  statedBalance: number;
  difference: number;
  /** For gaps: the net amount that seems missing, in naira, and its direction. */
  missingAmount?: number;
  missingDirection?: Direction;
}

export interface IntegrityReport {
  /**
   * `INTACT`: every balance follows (copies of a row left out, see `duplicates`); `INCONSISTENT`:
   * breaks with no sign of editing (missing rows, repeats under another provider id); `ALTERED`: at
   * least one row looks edited; `UNVERIFIABLE`: no balances.
   */
  verdict: 'INTACT' | 'INCONSISTENT' | 'ALTERED' | 'UNVERIFIABLE';
  /** Rows with a running balance that were checked against the chain. */
  checkedTransactions: number;
  /** Balances off by at most one kobo (provider rounding): tolerated, counted. */
  roundingDifferences: number;
  /** Days whose rows arrived out of order and were put back along the balance chain. */
  reorderedDays: number;
  breakCount: number;
  /** Breaks of kind `gap` (rows seem to be missing), all of them, not only the first hundred. */
  gapCount: number;
  /** The first hundred breaks. */
  breaks: IntegrityBreak[];
  /**
   * Rows the body held more than once as the same record (`repeated-rows.ts`: the same day,
   * direction, amount, narration, reference and balance, and the same provider id, or none and a
   * balance the copy does not move): each kept once as the transaction `transactionId`, its
   * `repeats` further copies left out of the transactions and every figure. The first hundred.
   */
  duplicates: Array<{ transactionId: string; date: string; amount: number; narration: string; repeats: number }>;
  /** Copies left out, all of them. */
  duplicateCount: number;
}

const MAX_BREAKS = 100;

const within = (d: number) => d <= ROUNDING_TOLERANCE && d >= -ROUNDING_TOLERANCE;

/**
 * Walks the running balance of a chronologically ordered statement (same-day rows already
 * reordered along the chain where that restores it): 1 kobo of provider rounding is tolerated,
 * every remaining break is classified, and the verdict is `ALTERED` only on evidence of an edit.
 * `repeated`: the rows assembly kept once, their copies left out (`assembleStatement`).
 */
export function checkIntegrity(
  statement: CanonicalStatement,
  reorderedDays = 0,
  repeated: readonly RepeatedRow[] = [],
): IntegrityReport {
  const rows = statement.transactions;
  const breaks: IntegrityBreak[] = [];
  let breakCount = 0;
  let gapCount = 0;
  let rounding = 0;
  let checked = 0;
  let edited = false;
  const walker = new BalanceWalker(statement.openingBalance);
  let lastBalanced: CanonicalTransaction | undefined;
  for (let i = 0; i < rows.length; i++) {
    const t = rows[i] as CanonicalTransaction;
    if (t.balance === undefined) {
      walker.step(t);
      continue;
    }
    checked++;
    const expected = walker.expected(t);
    const step = walker.peek(t);
    if (expected === undefined || step !== 'break') {
      if (step === 'rounding') rounding++;
      walker.step(t);
      lastBalanced = t;
      continue;
    }
    const diff = t.balance - expected;
    const found = classify(rows, i, expected, lastBalanced);
    breakCount++;
    if (found.kind === 'edited') edited = true;
    if (found.kind === 'gap') gapCount++;
    if (breaks.length < MAX_BREAKS) {
      const b: IntegrityBreak = {
        position: i,
        transactionId: t.id,
        date: t.date,
        kind: found.kind,
        expectedBalance: toMajor(expected),
        statedBalance: toMajor(t.balance),
        difference: toMajor(diff),
      };
      if (found.field) b.field = found.field;
      if (found.kind === 'gap') {
        b.missingAmount = toMajor(Math.abs(diff));
        b.missingDirection = diff > 0 ? 'credit' : 'debit';
      }
      breaks.push(b);
    }
    // An edited balance: carry on from the balance the chain says it had, so the next row checks.
    walker.step(t, found.kind === 'edited' ? expected : undefined);
    lastBalanced = t;
  }
  const verdict = checked === 0 ? 'UNVERIFIABLE' : edited ? 'ALTERED' : breakCount > 0 ? 'INCONSISTENT' : 'INTACT';
  return {
    verdict,
    checkedTransactions: checked,
    roundingDifferences: rounding,
    reorderedDays,
    breakCount,
    gapCount,
    breaks,
    ...duplicatesOf(repeated),
  };
}

function classify(
  rows: readonly CanonicalTransaction[],
  i: number,
  expected: number,
  previous: CanonicalTransaction | undefined,
): { kind: IntegrityBreak['kind']; field?: IntegrityBreak['field'] } {
  const t = rows[i] as CanonicalTransaction;
  if (previous && sameRow(previous, t)) return { kind: 'duplicate' };
  // An edited balance: the next balanced row follows from the expected balance, not the stated one.
  let pending = 0;
  for (let j = i + 1; j < rows.length; j++) {
    const n = rows[j] as CanonicalTransaction;
    pending += signed(n);
    if (n.balance === undefined) continue;
    if (within(n.balance - (expected + pending)) && !within(n.balance - ((t.balance ?? 0) + pending))) {
      return { kind: 'edited', field: 'balance' };
    }
    break;
  }
  return { kind: 'gap' };
}

const sameRow = (a: CanonicalTransaction, b: CanonicalTransaction) =>
  a.date === b.date &&
  a.direction === b.direction &&
  a.amount === b.amount &&
  a.balance === b.balance &&
  a.narration === b.narration;

function duplicatesOf(repeated: readonly RepeatedRow[]): Pick<IntegrityReport, 'duplicates' | 'duplicateCount'> {
  let duplicateCount = 0;
  for (const r of repeated) duplicateCount += r.repeats;
  const duplicates = repeated.slice(0, MAX_BREAKS).map(({ row, repeats }) => ({
    transactionId: row.id,
    date: row.date,
    amount: toMajor(row.amount),
    narration: row.narration,
    repeats,
  }));
  return { duplicates, duplicateCount };
}
