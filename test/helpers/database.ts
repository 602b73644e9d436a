import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import type { Database } from '../../src/db/schema.js';

/** True when the suite runs against a PostgreSQL server (CI's second pass). */
export const onPostgres = Boolean(process.env.DATABASE_URL);

/** A new, empty database on the PostgreSQL server of DATABASE_URL, and how to drop it. */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL is not set');
  const name = `lendsight_t_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/**
 * A fresh, migrated, empty database for one test file: a new database on the PostgreSQL server of
 * DATABASE_URL (dropped again by `close`), or an in-memory PGlite copied from the migrated template.
 */
export async function openTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  if (!onPostgres) {
    const template = readFileSync(inject('pgliteTemplate'));
    return openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([template]) });
  }
  const empty = await createEmptyPostgresDatabase();
  const handle = await openDatabase({ databaseUrl: empty.url, poolSize: 5 });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    url: empty.url,
    async close() {
      await handle.close();
      await empty.drop();
    },
  };
}

/** How many statements the database holds (every client's): a refused submission must not add one. */
export async function statementCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('statements')
    .select((e) => e.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
