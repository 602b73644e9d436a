import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';
import { migrationProvider } from '../../src/db/migrations/index.js';

// An installation whose clients share a reference prefix upgrades to one prefix per client: the
// earliest keeps it, later ones get the first free numbered one.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
});
afterAll(async () => database.close());

const client = (id: string, slug: string) =>
  sql`insert into clients (client_id, name, slug, secret_hash, scopes) values (${id}, ${id}, ${slug}, 'x', '')`;

describe('migration 0015', () => {
  it('renumbers shared prefixes, earliest first, around one already numbered; then refuses a shared one', async () => {
    const db = database.db;
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo('0013-credit-reports-client')).error).toBeUndefined();
    for (const [id, slug] of [
      ['c1', 'acme'],
      ['c2', 'acme'],
      ['c3', 'acme2'],
      ['c4', 'acme'],
      ['c5', 'other'],
    ] as const) {
      await client(id, slug).execute(db);
    }
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const slugs = await sql<{
      client_id: string;
      slug: string;
    }>`select client_id, slug from clients order by id`.execute(db);
    expect(slugs.rows.map((r) => `${r.client_id}:${r.slug}`)).toEqual([
      'c1:acme',
      'c2:acme3',
      'c3:acme2',
      'c4:acme4',
      'c5:other',
    ]);
    await expect(client('c6', 'other').execute(db)).rejects.toThrow(/clients_slug/);
  });
});
