import { type Kysely, sql } from 'kysely';

/**
 * A client's bureau pulls and references by age: CREDIT_PULLS_PER_DAY counts its recent pulls, and
 * `GET /credit/reports` lists its references newest first, without reading other clients' rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index credit_jobs_client_created on credit_jobs (client_id, created_at)`.execute(db);
  await sql`create index credit_reports_client on credit_reports (client_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index credit_reports_client`.execute(db);
  await sql`drop index credit_jobs_client_created`.execute(db);
}
