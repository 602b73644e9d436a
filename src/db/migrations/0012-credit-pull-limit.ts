import { type Kysely, sql } from 'kysely';

/** A client's bureau pulls by age, for CREDIT_PULLS_PER_DAY: its recent pulls are counted without reading the rest. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index credit_jobs_client_created on credit_jobs (client_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index credit_jobs_client_created`.execute(db);
}
