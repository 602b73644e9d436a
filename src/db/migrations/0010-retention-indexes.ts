import { type Kysely, sql } from 'kysely';

/**
 * Ended bureau pulls and liveness results by age, for the retention sweep
 * (CREDIT_REPORT_RETENTION_DAYS, LIVENESS_RETENTION_DAYS): it deletes the oldest first without
 * reading the whole table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index credit_jobs_ended on credit_jobs (completed_at, id) where state in ('completed', 'failed')`.execute(
    db,
  );
  await sql`create index liveness_results_created_at on liveness_results (created_at, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index liveness_results_created_at`.execute(db);
  await sql`drop index credit_jobs_ended`.execute(db);
}
