import { type Kysely, sql } from 'kysely';

/**
 * Webhooks: one endpoint per client (its URL and its signing secret, sealed), and the outbox of
 * deliveries. A delivery row is written in the same statement as the change it tells of (a stored
 * statement, a credit report that reached its end), so an event is never lost nor told of a change
 * that was rolled back; the dispatcher sends and retries from here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('client_id', 'integer', (c) => c.primaryKey().references('clients.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('event', 'text', (c) => c.notNull())
    // The event's data object, JSON text: keys, references and states, never personal data.
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // When it was delivered or given up on; finished deliveries are pruned by it (WEBHOOK_KEEP_DAYS).
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await sql`create index webhook_deliveries_due on webhook_deliveries (run_after, id) where state = 'pending'`.execute(
    db,
  );
  await sql`create index webhook_deliveries_client on webhook_deliveries (client_id, id)`.execute(db);
  await sql`create index webhook_deliveries_finished on webhook_deliveries (finished_at) where finished_at is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
