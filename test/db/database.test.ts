import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../src/db/data-dir-lock.js';
import { openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { migrationProvider, migrations } from '../../src/db/migrations/index.js';
import { createEmptyPostgresDatabase, onPostgres } from '../helpers/database.js';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'lendsight-lock-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('data directory lock', () => {
  it('refuses a second holder while the first lives, and allows one after release', () => {
    const dir = tempDir();
    const first = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    first.release();
    lockDataDir(dir).release();
  });

  it('a released lock leaves no exit listener behind (a process may open and close its database many times)', () => {
    const dir = tempDir();
    const before = process.listenerCount('exit');
    for (let i = 0; i < 20; i++) lockDataDir(dir).release();
    expect(process.listenerCount('exit')).toBe(before);
  });

  it('takes over a lock left by a process that died (kill -9)', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'lendsight.lock'), '2147483646'); // no such pid
    const lock = lockDataDir(dir);
    expect(readFileSync(join(dir, 'lendsight.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
  });
});

describe('migrations', () => {
  it.runIf(onPostgres)('run exactly once when several instances start at once on one server', async () => {
    const fresh = await createEmptyPostgresDatabase();
    try {
      const url = fresh.url;
      const instances = await Promise.all([1, 2, 3, 4].map(() => openDatabase({ databaseUrl: url, poolSize: 2 })));
      const applied = await Promise.all(instances.map((i) => migrateToLatest(i.db)));
      expect(applied.flat().sort()).toEqual(Object.keys(migrations).sort());
      await Promise.all(instances.map((i) => i.close()));
    } finally {
      await fresh.drop();
    }
  });

  it('an installation migrated by an earlier release upgrades: shipped migrations keep their names', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      const migrator = new Migrator({ db: database.db, provider: migrationProvider });
      // The last migration of the release before the credit reports list.
      expect((await migrator.migrateTo('0012-credit-pull-limit')).error).toBeUndefined();
      expect(await migrateToLatest(database.db)).toEqual(['0013-credit-reports-client']);
      const { rows } = await sql<{ indexname: string }>`select indexname from pg_indexes
        where indexname in ('credit_jobs_client_created', 'credit_reports_client') order by indexname`.execute(
        database.db,
      );
      expect(rows.map((r) => r.indexname)).toEqual(['credit_jobs_client_created', 'credit_reports_client']);
    } finally {
      await database.close();
    }
  });

  it('a PGlite data directory keeps its data across reopen', async () => {
    const dir = tempDir();
    const a = await openDatabase({ dataDir: dir });
    await migrateToLatest(a.db);
    await a.db
      .insertInto('clients')
      .values({ client_id: 'x', name: 'x', slug: 'x', secret_hash: 'h', scopes: '', revoked_at: null })
      .execute();
    await a.close();
    const b = await openDatabase({ dataDir: dir });
    expect(await migrateToLatest(b.db)).toEqual([]);
    const rows = await b.db.selectFrom('clients').select('client_id').execute();
    expect(rows).toEqual([{ client_id: 'x' }]);
    await b.close();
  });
});
