import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('clients')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('is_dev', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  // At most one development client, whoever starts first.
  await sql`create unique index clients_one_dev on clients (is_dev) where is_dev`.execute(db);

  await db.schema
    .createTable('signing_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    .addColumn('alg', 'text', (c) => c.notNull())
    .addColumn('private_jwk', 'text', (c) => c.notNull())
    .addColumn('public_jwk', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('signing_keys').execute();
  await db.schema.dropTable('clients').execute();
}
