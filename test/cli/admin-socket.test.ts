import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Migrator, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { adminSocketPath, sendCommand, serveAdminSocket } from '../../src/cli/admin-socket.js';
import { commandRunner, runCli } from '../../src/cli/run.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { migrationProvider } from '../../src/db/migrations/index.js';
import { type ServerProcess, startServer } from '../helpers/server-process.js';

const run = promisify(execFile);
const dirs: string[] = [];
const running: ServerProcess[] = [];
afterAll(() => {
  for (const p of running) p.child.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lendsight-admin-'));
  dirs.push(dir);
  return dir;
}

const BIN = resolve('bin/lendsight.js');

/** `npx lendsight …` as a process on a data directory (run in `cwd`): exit code and both streams. */
async function binary(
  args: string[],
  dataDir: string,
  cwd = process.cwd(),
): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: Record<string, string | undefined> = { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { env, cwd });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The raw answer of the socket to `text`. */
function exchange(path: string, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(path, () => socket.write(text));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('end', () => resolve(received));
    socket.on('error', reject);
  });
}

async function token(base: string, clientId: string, secret: string): Promise<Response> {
  return fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }),
  });
}

describe.skipIf(process.platform === 'win32')('lendsight while the server holds the data directory', () => {
  it('runs through the server: a client created works at once, a revoked one stops, a backup restores; after the server, directly', async () => {
    const dataDir = tempDir();
    chmodSync(dataDir, 0o755);
    const server = startServer({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', AUTH_CLIENT_CACHE_MS: '0' });
    running.push(server);
    const [, base] = await server.waitFor(/curl -s -X POST (http:\/\/[^/]+)\/oauth\/token/);
    expect(statSync(adminSocketPath(dataDir)).mode & 0o777).toBe(0o600);
    // The data directory (BVNs, reports, the socket) is its owner's only, whatever it was before.
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);

    const created = await binary(
      ['clients', 'create', '--name', 'Ade Microfinance', '--scopes', 'regions:read'],
      dataDir,
    );
    expect(created.code, created.stderr).toBe(0);
    const client = JSON.parse(created.stdout) as { client_id: string; client_secret: string };
    const issued = await token(base as string, client.client_id, client.client_secret);
    expect(issued.status).toBe(200);
    const { access_token } = (await issued.json()) as { access_token: string };
    const regions = () => fetch(`${base}/verify/regions`, { headers: { authorization: `Bearer ${access_token}` } });
    expect((await regions()).status).toBe(200);

    // A refusal comes back as the CLI gives it: stderr and exit 1; the usage with exit 2.
    const refused = await binary(['credit', 'usage', '--from', '01/11/2026'], dataDir);
    expect(refused).toMatchObject({
      code: 1,
      stdout: '',
      stderr: 'lendsight: --from must be a day of the calendar as YYYY-MM-DD\n',
    });
    expect((await binary(['clients'], dataDir)).code).toBe(2);

    // A backup while it runs, named relative to the directory the command runs in.
    const backups = tempDir();
    const backup = await binary(['db', 'backup', 'lendsight.tar.gz'], dataDir, backups);
    expect(backup.code, backup.stderr).toBe(0);
    const file = join(backups, 'lendsight.tar.gz');
    expect(JSON.parse(backup.stdout)).toMatchObject({ file, bytes: statSync(file).size });
    expect(readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b])); // gzip
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((await binary(['db', 'backup', file], dataDir)).stderr).toBe(`lendsight: ${file} exists: name a new file\n`);
    const overRunning = await binary(['db', 'restore', file], dataDir);
    expect(overRunning.code).toBe(1);
    expect(overRunning.stderr).toContain('already holds a database');

    const revoked = await binary(['clients', 'revoke', client.client_id], dataDir);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect((await regions()).status).toBe(401);
    // The secret it printed is not in the server's log.
    expect(server.output()).not.toContain(client.client_secret);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(existsSync(adminSocketPath(dataDir))).toBe(false);
    const listed = await binary(['clients', 'list'], dataDir);
    expect(listed.code, listed.stderr).toBe(0);
    type Listed = Array<{ client_id: string; revoked_at: string | null }>;
    const clients = JSON.parse(listed.stdout) as Listed;
    expect(clients.find((c) => c.client_id === client.client_id)?.revoked_at).not.toBeNull();

    // The backup restored into an empty data directory: the client as it was then, not yet revoked.
    const restoredDir = tempDir();
    const restored = await binary(['db', 'restore', file], restoredDir);
    expect(restored.code, restored.stderr).toBe(0);
    const then = JSON.parse((await binary(['clients', 'list'], restoredDir)).stdout) as Listed;
    expect(then.find((c) => c.client_id === client.client_id)).toMatchObject({ revoked_at: null });
    // A service on it issues that client tokens (its signing key came back with the database).
    const again = startServer({ DATA_DIR: restoredDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' });
    running.push(again);
    const [, port] = await again.waitFor(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/);
    expect((await token(`http://127.0.0.1:${port}`, client.client_id, client.client_secret)).status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);

    // Not a backup: refused, and no half-made database left behind.
    const notBackup = join(backups, 'not-a-backup.tar.gz');
    writeFileSync(notBackup, 'plain text');
    const emptyDir = tempDir();
    const bad = await binary(['db', 'restore', notBackup], emptyDir);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(
      /^lendsight: .*not-a-backup\.tar\.gz is not a lendsight backup \(db backup writes one\)/,
    );
    expect(existsSync(join(emptyDir, 'pgdata'))).toBe(false);
  }, 180_000);
});

describe.skipIf(process.platform === 'win32')('the admin socket', () => {
  it('answers a bad line with exit 1 and keeps serving; replaces a socket file left by a dead process', async () => {
    const dataDir = tempDir();
    writeFileSync(adminSocketPath(dataDir), 'left by a process killed with -9');
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
    const database = await openDatabase({ dataDir: config.dataDir });
    const errors: Error[] = [];
    try {
      await migrateToLatest(database.db);
      const socket = await serveAdminSocket(
        dataDir,
        commandRunner(database, config, () => {}),
        (e) => errors.push(e),
      );
      if (!socket) throw new Error('no admin socket');
      try {
        expect(JSON.parse(await exchange(socket.path, 'clients list\n'))).toEqual({
          code: 1,
          out: '',
          err: 'lendsight: expected one JSON line {"argv": [strings], "cwd": "/absolute/directory"}\n',
        });
        const badWords = { argv: [1, 2], cwd: dataDir };
        expect(JSON.parse(await exchange(socket.path, `${JSON.stringify(badWords)}\n`)).code).toBe(1);
        const relative = { argv: ['clients', 'list'], cwd: 'data' };
        expect(JSON.parse(await exchange(socket.path, `${JSON.stringify(relative)}\n`)).code).toBe(1);
        expect(JSON.parse(await exchange(socket.path, 'x'.repeat(70_000))).err).toBe(
          'lendsight: the command line is too long\n',
        );
        const unknown = await sendCommand(socket.path, ['clients', 'list', '--colour'], dataDir);
        expect(unknown.code).toBe(1);
        expect(unknown.err).toMatch(/^lendsight: Unknown option '--colour'/);
        const restore = await sendCommand(socket.path, ['db', 'restore', 'backup.tar.gz'], dataDir);
        expect(restore).toMatchObject({
          code: 1,
          err: 'lendsight: a running server holds the data directory: stop it, then restore\n',
        });
        expect((await sendCommand(socket.path, ['db', 'backup'], dataDir)).err).toBe(
          'lendsight: db backup needs a file\n',
        );
        expect(await sendCommand(socket.path, ['db', 'backup', '/nonexistent/dir/x.tar.gz'], dataDir)).toEqual({
          code: 1,
          out: '',
          err: 'lendsight: cannot write /nonexistent/dir/x.tar.gz: no such file or directory\n',
        });
        const listed = await sendCommand(socket.path, ['clients', 'list'], dataDir);
        expect(listed).toMatchObject({ code: 0, err: '' });
        expect(JSON.parse(listed.out)).toEqual([]);
      } finally {
        await socket.close();
      }
      expect(existsSync(socket.path)).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await database.close();
    }
  }, 60_000);
});

describe.skipIf(process.platform === 'win32')('closing the admin socket', () => {
  it('stops taking commands at once and waits for the one running', async () => {
    const dataDir = tempDir();
    let finish = () => {};
    let started = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const socket = await serveAdminSocket(
      dataDir,
      () =>
        new Promise((resolve) => {
          finish = () => resolve({ code: 0, out: 'done\n', err: '' });
          started();
        }),
      (e) => {
        throw e;
      },
    );
    if (!socket) throw new Error('no admin socket');
    const answered = sendCommand(socket.path, ['db', 'backup', 'x.tar.gz'], dataDir);
    await running;
    let closed = false;
    const closing = socket.close().then(() => {
      closed = true;
    });
    expect(existsSync(socket.path)).toBe(false);
    await expect(sendCommand(socket.path, ['clients', 'list'], dataDir)).rejects.toMatchObject({ code: 'ENOENT' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(false);
    finish();
    expect(await answered).toEqual({ code: 0, out: 'done\n', err: '' });
    await closing;
    expect(closed).toBe(true);
  });
});

describe('lendsight db backup with the server stopped', () => {
  it('copies the database as it is: one from before an upgrade is not migrated first', async () => {
    const dataDir = tempDir();
    const older = await openDatabase({ dataDir });
    try {
      const migrator = new Migrator({ db: older.db, provider: migrationProvider });
      expect((await migrator.migrateTo('0012-credit-pull-limit')).error).toBeUndefined();
    } finally {
      await older.close();
    }
    const file = join(tempDir(), 'before-upgrade.tar.gz');
    let err = '';
    const code = await runCli(
      ['db', 'backup', file],
      { NODE_ENV: 'test', DATA_DIR: dataDir },
      { out: () => {}, err: (text) => (err += text) },
    );
    expect(code, err).toBe(0);
    const after = await openDatabase({ dataDir });
    try {
      const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(after.db);
      expect(applied.rows.map((r) => r.name).at(-1)).toBe('0012-credit-pull-limit');
    } finally {
      await after.close();
    }
  }, 60_000);
});

describe('lendsight db with DATABASE_URL', () => {
  it('is refused before connecting: PostgreSQL has its own tools', async () => {
    let err = '';
    const code = await runCli(
      ['db', 'backup', 'x.tar.gz'],
      { NODE_ENV: 'test', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/nowhere' },
      { out: () => {}, err: (text) => (err += text) },
    );
    expect(code).toBe(1);
    expect(err).toBe('lendsight: db commands are for the embedded database: with DATABASE_URL, use pg_dump\n');
  });
});
