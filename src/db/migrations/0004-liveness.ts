import { type Kysely, sql } from 'kysely';

/**
 * Liveness results. Never the image: only its SHA-256, the answer given, the client and the optional
 * statement it was attached to (deleting the statement deletes its results).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('liveness_results')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('statement_key', 'integer', (c) => c.references('statements.key').onDelete('cascade'))
    .addColumn('image_sha256', 'text', (c) => c.notNull().check(sql`image_sha256 ~ '^[0-9a-f]{64}$'`))
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index liveness_results_statement on liveness_results (statement_key) where statement_key is not null`.execute(
    db,
  );
  await sql`create index liveness_results_client on liveness_results (client_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('liveness_results').execute();
}
