import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';
import { migrationProvider } from '../../src/db/migrations/index.js';

// An installation with consumer pulls (migrations up to 0010) upgrades to pulls of two kinds: its
// pulls are consumer ones, and one pull in flight per client, bureau, kind and subject still holds.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
});
afterAll(async () => database.close());

const job = (state: string, kind?: string) =>
  kind === undefined
    ? sql`insert into credit_jobs (client_id, bureau, subject_hash, subject_enc, state)
        values (1, 'sandbox', 'h1', 'sealed', ${state}) returning id`
    : sql`insert into credit_jobs (client_id, bureau, kind, subject_hash, subject_enc, state)
        values (1, 'sandbox', ${kind}, 'h1', 'sealed', ${state}) returning id`;

describe('migration 0011', () => {
  it('makes existing pulls consumer pulls; one in flight per kind and subject; down removes business pulls', async () => {
    const db = database.db;
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo('0010-retention-indexes')).error).toBeUndefined();
    await sql`insert into clients (client_id, name, slug, secret_hash, scopes) values ('c1', 'c', 'c', 'x', 'credit:read')`.execute(
      db,
    );
    await job('completed').execute(db);
    await job('pending').execute(db);

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const kinds = await sql<{ kind: string }>`select kind from credit_jobs order by id`.execute(db);
    expect(kinds.rows.map((r) => r.kind)).toEqual(['consumer', 'consumer']);
    // A business pull for the same hash may be in flight beside the consumer one; a second consumer one may not.
    await job('pending', 'commercial').execute(db);
    await expect(job('pending', 'consumer').execute(db)).rejects.toThrow(/credit_jobs_one_in_flight/);
    await expect(job('pending', 'other').execute(db)).rejects.toThrow(/check/i);

    expect((await migrator.migrateTo('0010-retention-indexes')).error).toBeUndefined();
    const left = await sql<{ n: number }>`select count(*)::int as n from credit_jobs`.execute(db);
    expect(left.rows[0]?.n).toBe(2);
    await expect(job('pending').execute(db)).rejects.toThrow(/credit_jobs_one_in_flight/);
  });
});
