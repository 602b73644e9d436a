import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run.js';
import { loadConfig } from '../../src/config.js';
import { purgeCreditPullsOlderThan } from '../../src/credit/usage-repository.js';
import { openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import type { Database } from '../../src/db/schema.js';
import { createServices } from '../../src/services.js';
import { createEmptyPostgresDatabase, onPostgres } from '../helpers/database.js';

const run = promisify(execFile);

/** The environment every command runs with: the test database, never the one the shell names. */
function environment(env: Record<string, string>): Record<string, string | undefined> {
  const base: Record<string, string | undefined> = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
  delete base.DATABASE_URL;
  return { ...base, ...target, ...env };
}

/** `lendsight …` on the test database, run in this process: its exit code, JSON output and errors. */
async function lendsight(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; out: unknown; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, environment(env), {
    out: (text) => {
      stdout += text;
    },
    err: (text) => {
      stderr += text;
    },
  });
  return { code, out: stdout && code !== 2 ? JSON.parse(stdout) : null, stderr };
}

/** `npx lendsight …` as a process: the installed binary, its exit code and both streams. */
async function binary(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['bin/lendsight.js', ...args], { env: environment(env) });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The key `keys rotate` moves to; later commands run with it. */
const key = { CREDIT_ENCRYPTION_KEY: randomBytes(32).toString('hex') };

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

describe('the lendsight binary', () => {
  it("prints a command's JSON and exits 0; a refusal goes to stderr with exit 1; no command prints the usage with exit 2", async () => {
    const listed = await binary(['clients', 'list'], {});
    expect(listed.code, listed.stderr).toBe(0);
    expect(Array.isArray(JSON.parse(listed.stdout))).toBe(true);

    const refused = await binary(['credit', 'usage', '--from', '01/11/2026'], {});
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toBe('lendsight: --from must be a day of the calendar as YYYY-MM-DD\n');

    const usage = await binary([], {});
    expect(usage.code).toBe(2);
    expect(usage.stdout).toMatch(/^usage:\n {2}lendsight clients create/);
  }, 60_000);
});

describe('lendsight arguments', () => {
  it('an unknown option is refused by name, without a stack trace', async () => {
    const unknown = await lendsight(['clients', 'list', '--nmae', 'x'], {});
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^lendsight: Unknown option '--nmae'/);
    expect(unknown.stderr).not.toMatch(/\n\s+at /);
  });
});

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

describe('lendsight webhooks', () => {
  it('set prints the signing secret once and seals it; show gives the origin only; remove removes', async () => {
    const created = await lendsight(['clients', 'create', '--name', 'Hooked Lender'], key);
    const clientId = (created.out as { client_id: string }).client_id;

    const insecure = await lendsight(['webhooks', 'set', clientId, '--url', 'http://hooks.example.ng/in'], key);
    expect(insecure.code).toBe(1);
    expect(insecure.stderr).toMatch(/--url: must use https/);
    const unknown = await lendsight(['webhooks', 'set', 'ls_nobody', '--url', 'https://hooks.example.ng/in'], key);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/no client ls_nobody/);

    const set = await lendsight(['webhooks', 'set', clientId, '--url', 'https://hooks.example.ng/in/t0ken'], key);
    expect(set.code).toBe(0);
    const { secret } = set.out as { secret: string };
    expect(secret).toMatch(/^whsec_/);
    const status = await lendsight(['keys', 'status'], key);
    expect((status.out as { sealed: Array<{ column: string }> }).sealed.map((u) => u.column)).toContain(
      'webhook_endpoints.secret_sealed',
    );

    const shown = await lendsight(['webhooks', 'show', clientId], key);
    expect(shown.out).toMatchObject({
      client_id: clientId,
      endpoint: { origin: 'https://hooks.example.ng' },
      deliveries: [],
    });
    expect(JSON.stringify(shown.out)).not.toMatch(/t0ken|whsec_/);

    expect((await lendsight(['webhooks', 'remove', clientId], key)).out).toEqual({
      client_id: clientId,
      removed: true,
    });
    const again = await lendsight(['webhooks', 'remove', clientId], key);
    expect(again.code).toBe(1);
    expect((await lendsight(['webhooks', 'show', clientId], key)).out).toMatchObject({ endpoint: null });
  }, 60_000);
});

describe('lendsight credit usage', () => {
  it("counts each client's references per kind between two days: new pulls apart from reused ones", async () => {
    const created = await lendsight(['clients', 'create', '--name', 'Usage Lender'], key);
    const clientId = (created.out as { client_id: string }).client_id;
    // A consumer pull that served two references (the second reused), and a business pull that failed.
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...target });
    const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
    try {
      const db = database.db;
      const { id } = await db
        .selectFrom('clients')
        .select('id')
        .where('client_id', '=', clientId)
        .executeTakeFirstOrThrow();
      const jobs = await db
        .insertInto('credit_jobs')
        .values([
          {
            client_id: id,
            bureau: 'sandbox',
            kind: 'consumer',
            subject_hash: 'h1',
            subject_enc: 'x',
            state: 'completed',
          },
          {
            client_id: id,
            bureau: 'sandbox',
            kind: 'commercial',
            subject_hash: 'h2',
            subject_enc: 'x',
            state: 'failed',
          },
        ])
        .returning('id')
        .execute();
      const [consumer, business] = jobs.map((j) => j.id) as [number, number];
      await db
        .insertInto('credit_reports')
        .values([
          { reference: `usage&1`, client_id: id, job_id: consumer, request_enc: 'x', reused: false },
          { reference: `usage&2`, client_id: id, job_id: consumer, request_enc: 'x', reused: true },
          { reference: `usage&3`, client_id: id, job_id: business, request_enc: 'x', reused: false },
        ])
        .execute();
    } finally {
      await database.close();
    }

    const usage = await lendsight(['credit', 'usage'], key);
    expect(usage.code, usage.stderr).toBe(0);
    const out = usage.out as { from: string; to: string; clients: Array<{ client_id: string }>; all: unknown };
    expect(out.from).toMatch(/^\d{4}-\d{2}-01$/);
    expect(out.clients.find((c) => c.client_id === clientId)).toEqual({
      client_id: clientId,
      name: 'Usage Lender',
      consumer: { newPulls: 1, reused: 1, completed: 2, failed: 0, inFlight: 0 },
      commercial: { newPulls: 1, reused: 0, completed: 0, failed: 1, inFlight: 0 },
    });
    const earlier = await lendsight(['credit', 'usage', '--from', '2020-01-01', '--to', '2020-01-31'], key);
    expect(earlier.out).toMatchObject({ from: '2020-01-01', to: '2020-01-31', clients: [] });
    const bad = await lendsight(['credit', 'usage', '--from', '01/11/2026'], key);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/--from must be a day of the calendar as YYYY-MM-DD/);
    // The form is right but the day does not exist: refused before the database is asked.
    const noSuchDay = await lendsight(['credit', 'usage', '--from', '2026-11-01', '--to', '2026-11-31'], key);
    expect(noSuchDay).toMatchObject({ code: 1 });
    expect(noSuchDay.stderr).toMatch(/--to must be a day of the calendar as YYYY-MM-DD/);
    const reversed = await lendsight(['credit', 'usage', '--from', '2026-11-30', '--to', '2026-11-01'], key);
    expect(reversed).toMatchObject({
      code: 1,
      stderr: 'lendsight: --from (2026-11-30) must not be after --to (2026-11-01)\n',
    });
    const extra = await lendsight(['clients', 'revoke', 'ls_x', 'extra'], key);
    expect(extra).toMatchObject({ code: 1, stderr: 'lendsight: unexpected argument extra\n' });
  }, 60_000);
});

/** Runs `work` on the test database opened directly (no command holds it meanwhile). */
async function withDatabase<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...target });
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

describe('lendsight credit usage after the retention sweep', () => {
  it('still counts the references of the pulls CREDIT_REPORT_RETENTION_DAYS deleted, by the day they were asked for', async () => {
    const created = await lendsight(['clients', 'create', '--name', 'Swept Lender'], key);
    const clientId = (created.out as { client_id: string }).client_id;
    await withDatabase(async (db) => {
      const { id } = await db
        .selectFrom('clients')
        .select('id')
        .where('client_id', '=', clientId)
        .executeTakeFirstOrThrow();
      const job = async (kind: 'consumer' | 'commercial', state: 'completed' | 'failed', endedDay: string | null) =>
        (
          await db
            .insertInto('credit_jobs')
            .values({
              client_id: id,
              bureau: 'sandbox',
              kind,
              subject_hash: `h${kind}${endedDay}`,
              subject_enc: 'x',
              state,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const ended = async (jobId: number, day: string) =>
        sql`update credit_jobs set created_at = ${day}::timestamptz, completed_at = ${day}::timestamptz where id = ${jobId}`.execute(
          db,
        );
      const reference = (n: number, jobId: number, reused: boolean, day: string) =>
        db
          .insertInto('credit_reports')
          .values({ reference: `swept&${n}`, client_id: id, job_id: jobId, request_enc: 'x', reused, created_at: day })
          .execute();
      // Two pulls that ended long ago (one reused the next day, one failed), and one that ended just now.
      const consumer = await job('consumer', 'completed', '2025-03-10');
      await ended(consumer, '2025-03-10T09:00:00Z');
      await reference(1, consumer, false, '2025-03-10T09:00:00Z');
      await reference(2, consumer, true, '2025-03-11T09:00:00Z');
      const business = await job('commercial', 'failed', '2025-03-12');
      await ended(business, '2025-03-12T09:00:00Z');
      await reference(3, business, false, '2025-03-12T09:00:00Z');
      const recent = await job('consumer', 'completed', null);
      await sql`update credit_jobs set completed_at = now() where id = ${recent}`.execute(db);
      await reference(4, recent, false, '2025-03-20T09:00:00Z');
    });
    const march = ['credit', 'usage', '--from', '2025-03-01', '--to', '2025-03-31'];
    const billed = {
      client_id: clientId,
      name: 'Swept Lender',
      consumer: { newPulls: 2, reused: 1, completed: 3, failed: 0, inFlight: 0 },
      commercial: { newPulls: 1, reused: 0, completed: 0, failed: 1, inFlight: 0 },
    };
    expect((await lendsight(march, key)).out).toMatchObject({ clients: [billed] });

    expect(await withDatabase((db) => purgeCreditPullsOlderThan(db, 1, 1))).toBe(2);
    expect(await withDatabase((db) => purgeCreditPullsOlderThan(db, 1))).toBe(0);
    const remaining = await withDatabase((db) =>
      db.selectFrom('credit_reports').select('reference').where('reference', 'like', 'swept&%').execute(),
    );
    expect(remaining).toEqual([{ reference: 'swept&4' }]);

    const swept = await lendsight(march, key);
    expect(swept.code, swept.stderr).toBe(0);
    expect(swept.out).toMatchObject({
      clients: [billed],
      all: { consumer: billed.consumer, commercial: billed.commercial },
    });
    const later = await lendsight(['credit', 'usage', '--from', '2025-03-11', '--to', '2025-03-31'], key);
    expect(later.out).toMatchObject({
      clients: [
        {
          consumer: { newPulls: 1, reused: 1, completed: 2, failed: 0, inFlight: 0 },
          commercial: { newPulls: 1, reused: 0, completed: 0, failed: 1, inFlight: 0 },
        },
      ],
    });
  }, 60_000);
});

describe('lendsight on a DATA_DIR without a database', () => {
  it('is refused, naming the directory, and makes nothing there; only db restore makes a database', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'lendsight-typo-'));
    const typo = join(parent, 'dat');
    try {
      for (const args of [
        ['clients', 'list'],
        ['clients', 'create', '--name', 'Wrong Place'],
        ['keys', 'status'],
      ]) {
        let err = '';
        let out = '';
        const code = await runCli(
          args,
          { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: typo },
          {
            out: (text) => {
              out += text;
            },
            err: (text) => {
              err += text;
            },
          },
        );
        expect({ code, out, err }).toEqual({
          code: 1,
          out: '',
          err: `lendsight: ${typo} holds no lendsight database: start the server once to make one there, or set DATA_DIR to the server's data directory\n`,
        });
      }
      expect(existsSync(typo)).toBe(false);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});

describe('lendsight refusals', () => {
  it('say why on one line with exit 1: nothing to revoke or remove, a ping to a revoked client, no scopes', async () => {
    const unknown = await lendsight(['clients', 'revoke', 'ls_nobody'], key);
    expect(unknown).toEqual({ code: 1, out: null, stderr: 'lendsight: no client ls_nobody\n' });

    const created = await lendsight(['clients', 'create', '--name', 'Leaving Lender'], key);
    const clientId = (created.out as { client_id: string }).client_id;
    const noEndpoint = await lendsight(['webhooks', 'remove', clientId], key);
    expect(noEndpoint).toEqual({
      code: 1,
      out: null,
      stderr: `lendsight: client ${clientId} has no webhook endpoint\n`,
    });
    expect((await lendsight(['webhooks', 'set', clientId, '--url', 'https://hooks.example.ng/in'], key)).code).toBe(0);

    expect((await lendsight(['clients', 'revoke', clientId], key)).out).toEqual({ client_id: clientId, revoked: true });
    const again = await lendsight(['clients', 'revoke', clientId], key);
    expect(again).toMatchObject({ code: 1, out: null });
    expect(again.stderr).toMatch(
      new RegExp(`^lendsight: client ${clientId} was already revoked at \\d{4}-\\d{2}-\\d{2}T[^\\n]*\\n$`),
    );

    const ping = await lendsight(['webhooks', 'ping', clientId], key);
    expect(ping).toEqual({
      code: 1,
      out: null,
      stderr: `lendsight: client ${clientId} was revoked: no webhook is sent to it\n`,
    });
    expect((await lendsight(['webhooks', 'show', clientId], key)).out).toMatchObject({ deliveries: [] });

    for (const scopes of ['', ' , ']) {
      const none = await lendsight(['clients', 'create', '--name', 'Scopeless Lender', '--scopes', scopes], key);
      expect(none).toEqual({ code: 1, out: null, stderr: 'lendsight: --scopes is empty: name at least one scope\n' });
    }
    const listed = (await lendsight(['clients', 'list'], key)).out as Array<{ name: string }>;
    expect(listed.map((c) => c.name)).not.toContain('Scopeless Lender');
  }, 60_000);

  it('a database failure is one line without a stack or the password', async () => {
    const urls = ['postgres://lender:pa55word@127.0.0.1:1/nowhere'];
    if (onPostgres) {
      const url = new URL(process.env.DATABASE_URL ?? '');
      url.pathname = '/lendsight_no_such_db';
      urls.push(url.toString());
    }
    for (const url of urls) {
      let err = '';
      const code = await runCli(
        ['clients', 'list'],
        { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url },
        {
          out: () => {},
          err: (text) => {
            err += text;
          },
        },
      );
      expect(code).toBe(1);
      expect(err).toMatch(/^lendsight: database: [^\n]+\n$/);
      expect(err).not.toMatch(/pa55word/);
    }
  });
});

describe('clients create', () => {
  it("says the client's reference prefix, and names the client holding it when the name's own is taken", async () => {
    const first = await lendsight(['clients', 'create', '--name', 'Okafor & Sons Credit'], {});
    expect(first.code, first.stderr).toBe(0);
    const { client_id: holder } = first.out as { client_id: string };
    expect(first.out).toMatchObject({ reference_prefix: 'okaforsonscredit' });
    expect(first.out).not.toHaveProperty('note');
    const second = await lendsight(['clients', 'create', '--name', 'Okafor Sons-Credit'], {});
    expect(second.code, second.stderr).toBe(0);
    expect(second.out).toMatchObject({
      reference_prefix: 'okaforsonscredit2',
      note: `the reference prefix okaforsonscredit is taken by ${holder} ("Okafor & Sons Credit"): this client's credit references begin okaforsonscredit2&`,
    });
    const listed = (await lendsight(['clients', 'list'], {})).out as Array<{ name: string; reference_prefix: string }>;
    expect(listed.filter((c) => c.name.startsWith('Okafor')).map((c) => c.reference_prefix)).toEqual([
      'okaforsonscredit',
      'okaforsonscredit2',
    ]);
  });
});
