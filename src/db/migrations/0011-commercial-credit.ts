import { type Kysely, sql } from 'kysely';

/**
 * Business (commercial) credit reports beside consumer ones: each bureau pull says which kind it
 * is, and a pull is shared or reused only with requests of its own kind (a BVN and a CAC number
 * never name the same subject, but the kind keeps a consumer reference from opening a business
 * report and the other way round). Pulls that shipped before this are consumer pulls.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('credit_jobs')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('consumer').check(sql`kind in ('consumer', 'commercial')`))
    .execute();
  await sql`drop index credit_jobs_one_in_flight`.execute(db);
  await sql`create unique index credit_jobs_one_in_flight on credit_jobs (client_id, bureau, kind, subject_hash)
    where state in ('pending', 'processing')`.execute(db);
  await sql`drop index credit_jobs_fresh`.execute(db);
  await sql`create index credit_jobs_fresh on credit_jobs (client_id, bureau, kind, subject_hash, completed_at desc)
    where state = 'completed'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index credit_jobs_fresh`.execute(db);
  await sql`create index credit_jobs_fresh on credit_jobs (client_id, bureau, subject_hash, completed_at desc)
    where state = 'completed'`.execute(db);
  await sql`drop index credit_jobs_one_in_flight`.execute(db);
  await sql`delete from credit_jobs where kind = 'commercial'`.execute(db);
  await sql`create unique index credit_jobs_one_in_flight on credit_jobs (client_id, bureau, subject_hash)
    where state in ('pending', 'processing')`.execute(db);
  await db.schema.alterTable('credit_jobs').dropColumn('kind').execute();
}
