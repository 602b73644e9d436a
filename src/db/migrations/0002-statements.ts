import { type Kysely, sql } from 'kysely';

/**
 * Statements, their normalised transactions, their results (integrity report and analytics, stored
 * as text: large documents insert much faster than as jsonb and are never queried inside), and the
 * Idempotency-Key answers of statement submissions. Everything hangs off `statements.key` with
 * ON DELETE CASCADE, so deleting a statement erases all of it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('statements')
    .addColumn('key', 'serial', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('statement_type', 'text', (c) => c.notNull())
    .addColumn('bvn_uuid', 'uuid')
    .addColumn('processing_status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('client_full_name', 'text')
    .addColumn('account_name', 'text')
    .addColumn('account_number', 'text')
    .addColumn('account_type', 'text')
    .addColumn('bank_name', 'text')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('NGN'))
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('Africa/Lagos'))
    .addColumn('start_date', 'text')
    .addColumn('end_date', 'text')
    .addColumn('opening_balance', 'bigint')
    .addColumn('closing_balance', 'bigint')
    .addColumn('transaction_count', 'integer', (c) => c.notNull().defaultTo(0))
    // Identity numbers: the masked form for answers, the AES-GCM sealed form at rest.
    .addColumn('bvn_masked', 'text')
    .addColumn('bvn_sealed', 'text')
    .addColumn('nin_masked', 'text')
    .addColumn('nin_sealed', 'text')
    .addColumn('name_match', 'text')
    .addColumn('integrity_verdict', 'text', (c) => c.notNull().defaultTo('UNVERIFIABLE'))
    .addUniqueConstraint('statements_client_name', ['client_id', 'name'])
    .execute();
  await sql`create unique index statements_client_bvn on statements (client_id, bvn_uuid) where bvn_uuid is not null`.execute(
    db,
  );

  await db.schema
    .createTable('statement_transactions')
    .addColumn('statement_key', 'integer', (c) => c.notNull().references('statements.key').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('posted_at', 'text')
    .addColumn('value_date', 'text')
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('balance', 'bigint')
    .addColumn('narration', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('category', 'text')
    .addColumn('channel', 'text')
    .addPrimaryKeyConstraint('statement_transactions_pk', ['statement_key', 'position'])
    .execute();

  await db.schema
    .createTable('statement_results')
    .addColumn('statement_key', 'integer', (c) => c.primaryKey().references('statements.key').onDelete('cascade'))
    .addColumn('integrity', 'text', (c) => c.notNull())
    .addColumn('analytics', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('statement_idempotency')
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('statement_key', 'integer', (c) => c.references('statements.key').onDelete('cascade'))
    .addColumn('status_code', 'integer')
    .addColumn('response', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('statement_idempotency_pk', ['client_id', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('statement_idempotency').execute();
  await db.schema.dropTable('statement_results').execute();
  await db.schema.dropTable('statement_transactions').execute();
  await db.schema.dropTable('statements').execute();
}
