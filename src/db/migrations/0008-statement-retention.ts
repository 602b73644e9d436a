import { type Kysely, sql } from 'kysely';

/**
 * Statements by age, for the retention sweep (STATEMENT_RETENTION_DAYS): it deletes the oldest
 * first without reading the whole table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index statements_created_at on statements (created_at, key)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index statements_created_at`.execute(db);
}
