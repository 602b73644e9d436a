import { type Kysely, sql } from 'kysely';
import { compressJson, decompressJson } from '../../statements/compression.js';
import { decodeTransactions } from '../../statements/transaction-document.js';

/**
 * Statements analysed before two additions get them, so every stored answer has the published shape:
 *
 * - each `monthlySummary` month its `lowestRunningBalance` and `highestRunningBalance`: the month's
 *   end-of-day extremes (`lowestBalance`, `highestBalance`, already stored) widened by the balance
 *   after each of its stored transactions: the row's stated balance, else the running balance moved
 *   by its amount from the one before (the statement's opening balance, the first month's
 *   `openingBalance`, before the first row); null where the month's balances are null;
 * - `incomeAnalysis.otherIncomeStreams`: `[]`, which is what those analyses counted (regular side
 *   income did not count in their other income, which keeps its figures).
 *
 * The arithmetic is this migration's own (as the analysis had it when it shipped), so a later change
 * of the analysis does not change it.
 */
type Section = Record<string, unknown>;

const isObject = (value: unknown): value is Section =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const kobo = (naira: unknown): number | null => (typeof naira === 'number' ? Math.round(naira * 100) : null);
const naira = (minor: number): number => Math.round(minor) / 100 + 0;

/** The running extremes of each month of `months`, from the stored transactions (null without a document). */
function addRunningBalances(months: Section[], stored: Uint8Array | null): void {
  const low = new Map<string, number>();
  const high = new Map<string, number>();
  for (const m of months) {
    const lowest = kobo(m.lowestBalance);
    const highest = kobo(m.highestBalance);
    if (typeof m.month !== 'string' || lowest === null || highest === null) continue;
    low.set(m.month, lowest);
    high.set(m.month, highest);
  }
  let running = kobo(months[0]?.openingBalance);
  if (stored !== null && running !== null && low.size > 0) {
    const rows = decodeTransactions(stored);
    for (let i = 0; i < rows.amount.length; i++) {
      const amount = rows.amount[i] as number;
      running = running + (rows.direction[i] === 'C' ? amount : -amount);
      running = rows.balance[i] ?? running;
      const month = (rows.date[i] as string).slice(0, 7);
      const lowest = low.get(month);
      const highest = high.get(month);
      if (lowest === undefined || highest === undefined) continue;
      low.set(month, Math.min(lowest, running));
      high.set(month, Math.max(highest, running));
    }
  }
  for (const m of months) {
    const lowest = typeof m.month === 'string' ? low.get(m.month) : undefined;
    const highest = typeof m.month === 'string' ? high.get(m.month) : undefined;
    m.lowestRunningBalance = lowest === undefined ? null : naira(lowest);
    m.highestRunningBalance = highest === undefined ? null : naira(highest);
  }
}

/** The sections with the new fields; false when they have them already. */
function upgrade(sections: Section, transactions: Uint8Array | null): boolean {
  let changed = false;
  const months = sections.monthlySummary;
  if (Array.isArray(months) && months.every(isObject) && months.some((m) => !('lowestRunningBalance' in m))) {
    addRunningBalances(months, transactions);
    changed = true;
  }
  const income = sections.incomeAnalysis;
  if (isObject(income) && !('otherIncomeStreams' in income)) {
    income.otherIncomeStreams = [];
    changed = true;
  }
  return changed;
}

function downgrade(sections: Section): boolean {
  let changed = false;
  const months = sections.monthlySummary;
  if (Array.isArray(months)) {
    for (const m of months) {
      if (!isObject(m) || !('lowestRunningBalance' in m)) continue;
      delete m.lowestRunningBalance;
      delete m.highestRunningBalance;
      changed = true;
    }
  }
  const income = sections.incomeAnalysis;
  if (isObject(income) && 'otherIncomeStreams' in income) {
    delete income.otherIncomeStreams;
    changed = true;
  }
  return changed;
}

/** Statements read at once: memory holds one page of stored documents, whatever the database holds. */
const PAGE = 200;

/**
 * Rewrites each statement's stored sections, a page of statements at a time in key order (keyset
 * pagination: each page starts after the last key of the one before), each changed one updated.
 */
async function rewrite(
  db: Kysely<unknown>,
  change: (sections: Section, transactions: Uint8Array | null) => boolean,
): Promise<void> {
  // Statement keys are serial, so from 1.
  let after = 0;
  for (;;) {
    const page = await sql<{ statement_key: number; sections: Uint8Array | null; transactions: Uint8Array | null }>`
      select statement_key, sections, transactions from statement_results
      where statement_key > ${after} order by statement_key limit ${PAGE}`.execute(db);
    for (const row of page.rows) {
      if (!row.sections) continue;
      const sections = JSON.parse(decompressJson(row.sections)) as unknown;
      if (!isObject(sections) || !change(sections, row.transactions)) continue;
      await sql`update statement_results set sections = ${Buffer.from(compressJson(JSON.stringify(sections)))}
        where statement_key = ${row.statement_key}`.execute(db);
    }
    const last = page.rows[page.rows.length - 1];
    if (last === undefined || page.rows.length < PAGE) return;
    after = last.statement_key;
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rewrite(db, upgrade);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rewrite(db, downgrade);
}
