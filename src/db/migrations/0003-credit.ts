import { type Kysely, sql } from 'kysely';

/**
 * Credit reports. A `credit_jobs` row is one bureau pull (the thing that costs money); a
 * `credit_reports` row is one lender request (one reference), pointing at the pull that serves it,
 * so several references can share one pull (reuse within the freshness window, concurrent requests).
 * BVNs are kept only as an HMAC (`subject_hash`) and inside AES-256-GCM ciphertexts (`*_enc`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The development encryption key, when CREDIT_ENCRYPTION_KEY is not set (see credit/report-cipher.ts).
  await db.schema
    .createTable('credit_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('credit_jobs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('bureau', 'text', (c) => c.notNull())
    .addColumn('subject_hash', 'text', (c) => c.notNull())
    .addColumn('subject_enc', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c.notNull().check(sql`state in ('pending', 'processing', 'completed', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('bureau_ticket', 'text')
    .addColumn('report_enc', 'text')
    .addColumn('failure_code', 'text')
    .addColumn('failure_message', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .execute();
  // At most one pull in flight per client, bureau and subject: concurrent requests join it.
  await sql`create unique index credit_jobs_one_in_flight on credit_jobs (client_id, bureau, subject_hash)
    where state in ('pending', 'processing')`.execute(db);
  await sql`create index credit_jobs_due on credit_jobs (bureau, run_after) where state in ('pending', 'processing')`.execute(
    db,
  );
  await sql`create index credit_jobs_fresh on credit_jobs (client_id, bureau, subject_hash, completed_at desc)
    where state = 'completed'`.execute(db);

  await db.schema
    .createTable('credit_reports')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('job_id', 'integer', (c) => c.notNull().references('credit_jobs.id').onDelete('cascade'))
    // A paid report outlives the statement it was linked to: deleting the statement only unlinks it.
    .addColumn('statement_key', 'integer', (c) => c.references('statements.key').onDelete('set null'))
    .addColumn('request_enc', 'text', (c) => c.notNull())
    .addColumn('reused', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index credit_reports_job on credit_reports (job_id)`.execute(db);
  await sql`create index credit_reports_statement on credit_reports (statement_key) where statement_key is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('credit_reports').execute();
  await db.schema.dropTable('credit_jobs').execute();
  await db.schema.dropTable('credit_keys').execute();
}
