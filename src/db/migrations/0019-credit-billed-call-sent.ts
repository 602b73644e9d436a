import { type Kysely, sql } from 'kysely';

/**
 * When a pull's billed bureau call (FirstCentral's full report) was sent, stored before it goes out
 * and cleared when the job is put back in the queue. A job claimed again with it set and no result
 * was left by an instance that died during that call: the bureau may have charged for the report,
 * so it is failed rather than sent again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table credit_jobs add column billed_call_sent_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table credit_jobs drop column billed_call_sent_at`.execute(db);
}
