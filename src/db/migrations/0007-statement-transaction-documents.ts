import { type Kysely, sql } from 'kysely';
import type { CanonicalTransaction } from '../../domain/statement.js';
import { compressJson } from '../../statements/compression.js';
import { encodeTransactions } from '../../statements/transaction-document.js';

interface StoredRow {
  statement_key: number;
  id: string;
  date: string;
  posted_at: string | null;
  value_date: string | null;
  direction: 'credit' | 'debit';
  amount: string | number;
  balance: string | number | null;
  narration: string;
  reference: string | null;
  category: string | null;
  channel: string | null;
}

/**
 * A statement's transactions become one compressed document in `statement_results.transactions`
 * (`src/statements/transaction-document.ts`) instead of a row each: a statement is written once and
 * read whole or a page at a time, and writing 1,000 rows and their index entries was most of the
 * time to store a statement. The analytics sections are stored compressed too (`sections`, from the
 * `analytics` text). Existing statements are converted, then the old table and column go.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table statement_results add column transactions bytea, add column sections bytea`.execute(db);
  // Already compressed: the database need not try again.
  await sql`alter table statement_results alter column transactions set storage external`.execute(db);
  await sql`alter table statement_results alter column sections set storage external`.execute(db);
  const results = await sql<{ statement_key: number; analytics: string }>`
    select statement_key, analytics from statement_results`.execute(db);
  for (const r of results.rows) {
    await sql`update statement_results set sections = ${Buffer.from(compressJson(r.analytics))}
      where statement_key = ${r.statement_key}`.execute(db);
  }
  await sql`alter table statement_results alter column sections set not null, drop column analytics`.execute(db);
  const keys = await sql<{ statement_key: number }>`
    select distinct statement_key from statement_transactions order by statement_key`.execute(db);
  for (const { statement_key: key } of keys.rows) {
    const rows = await sql<StoredRow>`
      select * from statement_transactions where statement_key = ${key} order by position`.execute(db);
    const transactions: CanonicalTransaction[] = rows.rows.map((r) => ({
      id: r.id,
      date: r.date,
      ...(r.posted_at === null ? {} : { postedAt: r.posted_at }),
      ...(r.value_date === null ? {} : { valueDate: r.value_date }),
      direction: r.direction,
      amount: Number(r.amount),
      ...(r.balance === null ? {} : { balance: Number(r.balance) }),
      narration: r.narration,
      ...(r.reference === null ? {} : { reference: r.reference }),
    }));
    const labelled = rows.rows.every((r) => r.category !== null && r.channel !== null);
    const labels = labelled
      ? rows.rows.map((r) => ({ category: r.category as string, channel: r.channel as string }))
      : undefined;
    await sql`update statement_results set transactions = ${Buffer.from(encodeTransactions(transactions, labels))}
      where statement_key = ${key}`.execute(db);
  }
  await sql`drop trigger statements_erase_transactions on statements`.execute(db);
  await sql`drop function statements_erase_transactions()`.execute(db);
  await sql`drop table statement_transactions`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('0007 cannot be undone: restore a backup taken before it');
}
