import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { createServices } from '../../src/services.js';
import { createEmptyPostgresDatabase, onPostgres } from '../helpers/database.js';

const run = promisify(execFile);

/** `npx lendsight …` on the test database, with extra environment; its exit code and JSON output. */
async function lendsight(args: string[], env: Record<string, string>): Promise<{ code: number; out: unknown }> {
  const base: Record<string, string | undefined> = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
  delete base.DATABASE_URL;
  try {
    const { stdout } = await run(process.execPath, ['bin/lendsight.js', ...args], {
      env: { ...base, ...target, ...env },
    });
    return { code: 0, out: JSON.parse(stdout) };
  } catch (err) {
    const failed = err as { code: number; stdout: string };
    return { code: failed.code, out: JSON.parse(failed.stdout) };
  }
}

let target: Record<string, string>;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  if (onPostgres) {
    const empty = await createEmptyPostgresDatabase();
    target = { DATABASE_URL: empty.url };
    cleanup = empty.drop;
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'lendsight-cli-'));
    target = { DATA_DIR: dir };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  // A service started once without a configured key: its signing key is sealed with the development key.
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...target });
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  await migrateToLatest(database.db);
  const services = await createServices(config, database);
  await services.stop();
  await database.close();
}, 60_000);
afterAll(async () => cleanup());

describe('lendsight keys', () => {
  it('status shows the development key sealing the signing key; rotate seals it with the configured key', async () => {
    const before = await lendsight(['keys', 'status'], {});
    expect(before.code).toBe(0);
    const development = (before.out as { current: { kid: string; source: string } }).current;
    expect(development.source).toBe('development');
    expect((before.out as { sealed: unknown }).sealed).toEqual([
      { column: 'signing_keys.private_jwk', kid: development.kid, count: 1 },
    ]);
    expect((before.out as { advice: string }).advice).toMatch(/current key/);

    const key = { CREDIT_ENCRYPTION_KEY: randomBytes(32).toString('hex') };
    const pending = await lendsight(['keys', 'status'], key);
    expect((pending.out as { advice: string }).advice).toMatch(/^1 sealed value uses an older key/);
    const rotated = await lendsight(['keys', 'rotate'], key);
    expect(rotated.code).toBe(0);
    const out = rotated.out as {
      current: { kid: string; source: string };
      columns: { column: string; resealed: number }[];
    };
    expect(out.current.source).toBe('config');
    expect(out.columns.find((c) => c.column === 'signing_keys.private_jwk')?.resealed).toBe(1);

    const after = await lendsight(['keys', 'status'], key);
    expect((after.out as { sealed: unknown }).sealed).toEqual([
      { column: 'signing_keys.private_jwk', kid: out.current.kid, count: 1 },
    ]);
    expect((after.out as { advice: string }).advice).toMatch(/no longer needed/);
  }, 60_000);
});
