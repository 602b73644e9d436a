import { type Kysely, sql } from 'kysely';

/**
 * `lendsight credit usage` is what the bureau's invoice is reconciled against, yet it counted the
 * references still stored: the retention sweep (CREDIT_REPORT_RETENTION_DAYS) deleted paid pulls
 * from it. The sweep now counts the references it deletes here, in the statement that deletes
 * them, per client, UTC day asked for, kind, reuse and end state: no personal data. Usage adds
 * these counts to the references still stored. Pulls deleted before this migration are gone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('credit_usage_purged')
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('consumer', 'commercial')`))
    .addColumn('reused', 'boolean', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('completed', 'failed')`))
    .addColumn('count', 'integer', (c) => c.notNull().check(sql`count > 0`))
    .addPrimaryKeyConstraint('credit_usage_purged_key', ['client_id', 'day', 'kind', 'reused', 'state'])
    .execute();
  await sql`create index credit_usage_purged_day on credit_usage_purged (day)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('credit_usage_purged').execute();
}
