import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
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

  it('a lock file with no holder written yet is another starter’s: refused while fresh, taken over once stale', () => {
    const dir = tempDir();
    const path = join(dir, 'lendsight.lock');
    writeFileSync(path, '');
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    const longAgo = new Date(Date.now() - 120_000);
    utimesSync(path, longAgo, longAgo);
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
    expect(JSON.parse(readFileSync(join(dir, 'lendsight.lock'), 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  const lockFile = (dir: string) => join(dir, 'lendsight.lock');
  const holderPid = (dir: string) => JSON.parse(readFileSync(lockFile(dir), 'utf8')).pid;
  const stat = (pid: number) => readFileSync(`/proc/${pid}/stat`, 'utf8');
  const startTime = (pid: number) =>
    stat(pid)
      .slice(stat(pid).lastIndexOf(')') + 2)
      .split(' ')[19];
  const bootId = () => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  const onLinux = process.platform === 'linux';

  it('takes over a lock naming our own pid: a previous life of this container, where the server is always pid 1', () => {
    const dir = tempDir();
    writeFileSync(lockFile(dir), String(process.pid)); // as older versions wrote it
    lockDataDir(dir).release();
    writeFileSync(
      lockFile(dir),
      JSON.stringify({ pid: process.pid, host: hostname(), boot: 'x', start: '1' }), // as this one writes it
    );
    const lock = lockDataDir(dir);
    expect(holderPid(dir)).toBe(process.pid);
    lock.release();
  });

  it.runIf(onLinux)('takes over a lock naming a live process that is not its holder (the pid was reused)', () => {
    const dir = tempDir();
    const reused = {
      pid: process.ppid,
      host: hostname(),
      boot: bootId(),
      start: String(Number(startTime(process.ppid)) - 1),
    };
    writeFileSync(lockFile(dir), JSON.stringify(reused));
    const lock = lockDataDir(dir);
    expect(holderPid(dir)).toBe(process.pid);
    lock.release();
  });

  it.runIf(onLinux)(
    'refuses a lock held by a live process it cannot see until the holder stops touching it for a minute',
    () => {
      const dir = tempDir();
      const elsewhere = { pid: 1, host: 'another-container', boot: bootId(), start: '5' };
      writeFileSync(lockFile(dir), JSON.stringify(elsewhere));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      const sixtyOneSecondsAgo = new Date(Date.now() - 61_000);
      utimesSync(lockFile(dir), sixtyOneSecondsAgo, sixtyOneSecondsAgo);
      lockDataDir(dir).release();
    },
  );

  it('refuses a lock held by another live lendsight process on the directory', async () => {
    const dir = tempDir();
    const code = `const m = await import('./src/db/data-dir-lock.ts'); m.lockDataDir(process.argv[1]); console.log('locked'); setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code, dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      await new Promise<void>((resolve) => child.stdout?.on('data', (d: Buffer) => d.includes('locked') && resolve()));
      expect(() => lockDataDir(dir)).toThrow(`is in use by another lendsight process (pid ${child.pid})`);
    } finally {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.on('exit', resolve));
    }
    const lock = lockDataDir(dir); // its holder was killed: taken over
    expect(holderPid(dir)).toBe(process.pid);
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
      expect(await migrateToLatest(database.db)).toEqual([
        '0013-credit-reports-client',
        '0014-real-api-section-values',
        '0015-client-slug-unique',
        '0016-integrity-duplicates',
        '0017-running-balances-other-income-streams',
        '0018-liveness-unlinked-results',
        '0019-credit-billed-call-sent',
        '0020-credit-usage-purged',
      ]);
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
