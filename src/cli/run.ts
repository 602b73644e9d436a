import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { createClient, findClientByClientId, listClients, revokeClient } from '../auth/clients-repository.js';
import { type Config, ConfigError, loadConfig } from '../config.js';
import { loadReportCipher } from '../credit/report-cipher.js';
import { usageOf } from '../credit/usage.js';
import { countReportsByClient } from '../credit/usage-repository.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';
import { type DatabaseHandle, holdsDatabase, openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Database } from '../db/schema.js';
import { resealAll, sealedKeyUsage } from '../db/sealed-columns.js';
import { isCalendarDay } from '../domain/day.js';
import { AppError } from '../domain/errors.js';
import { pingWebhook, redeliverFailed, removeWebhook, setWebhook, showWebhook } from '../webhooks/webhook-admin.js';
import { adminSocketPath, type CommandResult, type RunCommand, sendCommand } from './admin-socket.js';
import { backupTo, restoreFrom } from './backup.js';

const USAGE = `usage:
  lendsight clients create --name <name> [--scopes "statements:write statements:read ..."]
  lendsight clients list
  lendsight clients revoke <client_id>
  lendsight keys status
  lendsight keys rotate
  lendsight webhooks set <client_id> --url <https://…>
  lendsight webhooks show <client_id>
  lendsight webhooks remove <client_id>
  lendsight webhooks redeliver <client_id>
  lendsight webhooks ping <client_id>
  lendsight credit usage [--from YYYY-MM-DD] [--to YYYY-MM-DD]
  lendsight db backup <file>
  lendsight db restore <file>

Works on the service's database: DATABASE_URL when set, else the PGlite data directory DATA_DIR
(default ./data), which must hold one (the server makes it at its first start; only \`db restore\`
makes one). The data directory takes one process at a time: while a server holds it, the
command is run by that server (through the socket lendsight.sock in the data directory).

Changing the encryption key: set the new CREDIT_ENCRYPTION_KEY, list the old one in
CREDIT_ENCRYPTION_PREVIOUS_KEYS, restart, then run \`keys rotate\` (it seals every value again with
the new key; \`keys status\` shows which key sealed how many values). Then drop the old key.

\`credit usage\` counts each client's credit report references asked for between two UTC days (both
included; by default this month): per kind, the new bureau pulls, the reused reports and their
states. The new pulls across clients are what to reconcile against the bureau's invoice (pulls
the retention sweep deleted still count).

\`db backup\` writes the embedded database to a new file (a gzip tar archive of its data directory),
while the service runs: its queries wait while the copy is read. \`db restore\` makes an empty
DATA_DIR the database of a backup (the server stopped). With DATABASE_URL, use PostgreSQL's own
tools (pg_dump, snapshots).

\`webhooks set\` prints the endpoint's signing secret once; setting again issues a new one.
\`webhooks redeliver\` sends the client's failed deliveries again, \`webhooks ping\` a test event (a running
instance sends them; \`webhooks show\` tells how it went).`;

type Options = { name?: string; scopes?: string; url?: string; from?: string; to?: string };

/** Why `clients revoke` revoked nothing: no such client, or one revoked before. */
async function notRevoked(db: Kysely<Database>, clientId: string): Promise<AppError> {
  const client = await findClientByClientId(db, clientId);
  return client
    ? new AppError('CONFLICT', `client ${clientId} was already revoked at ${client.revokedAt?.toISOString()}`)
    : new AppError('NOT_FOUND', `no client ${clientId}`);
}

async function clients(db: Kysely<Database>, command: string, arg: string | undefined, values: Options) {
  switch (command) {
    case 'create': {
      if (!values.name) throw new AppError('VALIDATION_FAILED', '--name is required');
      const scopes = values.scopes?.split(/[\s,]+/).filter(Boolean);
      if (scopes?.length === 0) throw new AppError('VALIDATION_FAILED', '--scopes is empty: name at least one scope');
      return { code: 0, out: await createClient(db, { name: values.name, scopes }) };
    }
    case 'list': {
      const shown = (await listClients(db)).map((c) => ({
        client_id: c.clientId,
        name: c.name,
        reference_prefix: c.slug,
        scopes: c.scopes,
        created_at: c.createdAt.toISOString(),
        revoked_at: c.revokedAt?.toISOString() ?? null,
      }));
      return { code: 0, out: shown };
    }
    case 'revoke': {
      if (!arg) throw new AppError('VALIDATION_FAILED', 'revoke needs a client_id');
      if (!(await revokeClient(db, arg))) throw await notRevoked(db, arg);
      return { code: 0, out: { client_id: arg, revoked: true } };
    }
    default:
      return undefined;
  }
}

/** The service's cipher, as the server loads it (the configured key and the previous ones). */
const cipherOf = (db: Kysely<Database>, config: Config) =>
  loadReportCipher(db, config.credit.encryptionKey, config.credit.previousKeys);

async function keys(db: Kysely<Database>, command: string, config: Config) {
  if (command !== 'status' && command !== 'rotate') return undefined;
  const cipher = await cipherOf(db, config);
  const current = { kid: cipher.kid, source: cipher.keySource };
  const columns = command === 'rotate' ? await resealAll(db, cipher) : undefined;
  const sealed = await sealedKeyUsage(db);
  const older = sealed.filter((u) => u.kid !== cipher.kid).reduce((n, u) => n + u.count, 0);
  const advice =
    older === 0
      ? 'every sealed value uses the current key: keys in CREDIT_ENCRYPTION_PREVIOUS_KEYS are no longer needed'
      : `${older} sealed ${older === 1 ? 'value uses an older key' : 'values use older keys'}: keep them configured and run \`lendsight keys rotate\``;
  const unreadable = columns?.some((c) => c.unreadable.length > 0) ?? false;
  return { code: unreadable ? 1 : 0, out: { current, ...(columns ? { columns } : {}), sealed, advice } };
}

async function webhooks(
  db: Kysely<Database>,
  command: string,
  arg: string | undefined,
  values: Options,
  config: Config,
) {
  if (!['set', 'show', 'remove', 'redeliver', 'ping'].includes(command)) return undefined;
  if (!arg) throw new AppError('VALIDATION_FAILED', `webhooks ${command} needs a client_id`);
  switch (command) {
    case 'set': {
      if (!values.url) throw new AppError('VALIDATION_FAILED', '--url is required');
      return { code: 0, out: await setWebhook(db, await cipherOf(db, config), arg, values.url) };
    }
    case 'show':
      return { code: 0, out: await showWebhook(db, arg) };
    case 'redeliver':
      return { code: 0, out: await redeliverFailed(db, arg) };
    case 'ping':
      return { code: 0, out: await pingWebhook(db, arg) };
    default:
      return { code: 0, out: await removeWebhook(db, arg) };
  }
}

async function credit(db: Kysely<Database>, command: string, values: Options) {
  if (command !== 'usage') return undefined;
  const today = new Date().toISOString().slice(0, 10);
  const from = values.from ?? `${today.slice(0, 8)}01`;
  const to = values.to ?? today;
  for (const [flag, day] of [
    ['--from', from],
    ['--to', to],
  ] as const) {
    if (!isCalendarDay(day))
      throw new AppError('VALIDATION_FAILED', `${flag} must be a day of the calendar as YYYY-MM-DD`);
  }
  if (from > to) throw new AppError('VALIDATION_FAILED', `--from (${from}) must not be after --to (${to})`);
  const counts = await countReportsByClient(db, { from, to });
  const byClient = new Map<string, typeof counts>();
  for (const c of counts) {
    const rows = byClient.get(c.clientId);
    if (rows) rows.push(c);
    else byClient.set(c.clientId, [c]);
  }
  const clientsUsage = [...byClient].map(([clientId, rows]) => ({
    client_id: clientId,
    name: rows[0]?.name,
    ...usageOf(rows),
  }));
  return { code: 0, out: { from, to, clients: clientsUsage, all: usageOf(counts) } };
}

const needsFile = (command: string) => new AppError('VALIDATION_FAILED', `db ${command} needs a file`);

/** `db backup` of the open embedded database. A restore makes a database: with one open, it is refused. */
async function data(database: DatabaseHandle, command: string, file: string | undefined) {
  if (command !== 'backup' && command !== 'restore') return undefined;
  if (command === 'restore') {
    throw new AppError('VALIDATION_FAILED', 'a running server holds the data directory: stop it, then restore');
  }
  if (!file) throw needsFile(command);
  return { code: 0, out: await backupTo(database, file) };
}

/** `db restore` into the data directory, which no process holds: it opens the database itself. */
async function restore(config: Config, file: string | undefined) {
  if (!file) throw needsFile('restore');
  return { code: 0, out: await restoreFrom(config.dataDir, file) };
}

const AREAS = new Set(['clients', 'keys', 'webhooks', 'credit', 'db']);

/** Where the CLI writes: its JSON answer and its usage to `out`, a refusal to `err`. */
export type CliOutput = { out: (text: string) => void; err: (text: string) => void };

interface Command {
  area: string;
  command: string;
  arg: string | undefined;
  values: Options;
}

/**
 * The command `argv` names (a file name made absolute from `cwd`), or the exit code after printing
 * the usage (asked for: 0, else 2).
 */
function parseCommand(argv: string[], cwd: string, io: CliOutput): Command | number {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      scopes: { type: 'string' },
      url: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [area, command, arg, ...extra] = positionals;
  if (values.help || !AREAS.has(area ?? '') || !command) {
    io.out(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  if (extra.length > 0) throw new AppError('VALIDATION_FAILED', `unexpected argument ${extra.join(' ')}`);
  return { area: area as string, command, arg: area === 'db' && arg ? resolve(cwd, arg) : arg, values };
}

/** Runs a command on an open database. */
async function execute(
  database: DatabaseHandle,
  config: Config,
  { area, command, arg, values }: Command,
  io: CliOutput,
) {
  if (area === 'db') return report(await data(database, command, arg), io);
  const { db } = database;
  const done =
    area === 'clients'
      ? await clients(db, command, arg, values)
      : area === 'keys'
        ? await keys(db, command, config)
        : area === 'credit'
          ? await credit(db, command, values)
          : await webhooks(db, command, arg, values, config);
  return report(done, io);
}

/** Prints a command's answer as JSON and gives its exit code; no answer (unknown command): the usage, 2. */
function report(done: { code: number; out: unknown } | undefined, io: CliOutput): number {
  if (!done) {
    io.out(`${USAGE}\n`);
    return 2;
  }
  io.out(`${JSON.stringify(done.out, null, 2)}\n`);
  return done.code;
}

async function dispatch(argv: string[], env: Record<string, string | undefined>, io: CliOutput): Promise<number> {
  const command = parseCommand(argv, process.cwd(), io);
  if (typeof command === 'number') return command;
  const config = loadConfig(env);
  if (command.area === 'db') {
    if (config.databaseUrl) {
      throw new AppError(
        'VALIDATION_FAILED',
        'db commands are for the embedded database: with DATABASE_URL, use pg_dump',
      );
    }
    if (command.command === 'restore') return report(await restore(config, command.arg), io);
  }
  // A mistyped DATA_DIR would otherwise get a new empty database (and a client onboarded into it).
  if (!config.databaseUrl && !holdsDatabase(config.dataDir)) {
    throw new AppError(
      'NOT_FOUND',
      `${config.dataDir} holds no lendsight database: start the server once to make one there, or set DATA_DIR to the server's data directory`,
    );
  }
  let database: DatabaseHandle;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  } catch (err) {
    if (err instanceof DataDirLockedError) return throughServer(err, argv, io);
    throw err;
  }
  try {
    // A backup copies the database as it is: one taken before an upgrade must restore to before it.
    if (command.area !== 'db') await migrateToLatest(database.db);
    return await execute(database, config, command, io);
  } finally {
    await database.close();
  }
}

/**
 * The data directory is held: the command goes to the running server's admin socket
 * (`admin-socket.ts`). With no server serving one (another command holds the directory), the
 * directory's refusal stands.
 */
async function throughServer(locked: DataDirLockedError, argv: string[], io: CliOutput): Promise<number> {
  let result: CommandResult;
  try {
    result = await sendCommand(adminSocketPath(locked.dataDir), argv, process.cwd());
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ECONNREFUSED') throw locked;
    io.err(`lendsight: ${locked.message} Its admin socket did not answer: ${(err as Error).message}\n`);
    return 1;
  }
  if (result.out) io.out(result.out);
  if (result.err) io.err(result.err);
  return result.code;
}

/** The system's errors for a database server it could not reach. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * A failure of the database or of reaching it, as one line: PostgreSQL's SQLSTATE errors and the
 * system's connection errors (several addresses tried: each one's). Any `user:password@` in it is masked.
 */
function databaseFailure(err: unknown): string | undefined {
  if (!(err instanceof Error)) return undefined;
  const parts = err instanceof AggregateError ? (err.errors as unknown[]) : [err];
  const lines = parts.map((e) => {
    const code = String((e as { code?: unknown })?.code);
    return /^[0-9A-Z]{5}$/.test(code) || UNREACHABLE.has(code) ? (e as Error).message : undefined;
  });
  if (lines.length === 0 || lines.some((l) => l === undefined)) return undefined;
  return `database: ${[...new Set(lines)].join('; ')}`.replace(/\/\/([^:/@\s]*):[^@\s]*@/g, '//$1:***@');
}

/** Reports a refusal: a known one or a database failure as one line, anything else with its stack; exit code 1. */
function refuse(err: unknown, io: CliOutput): number {
  const known =
    err instanceof AppError ||
    err instanceof ConfigError ||
    err instanceof DataDirLockedError ||
    String((err as { code?: unknown })?.code).startsWith('ERR_PARSE_ARGS');
  const line = known ? (err as Error).message : databaseFailure(err);
  io.err(`lendsight: ${line ?? String((err as Error)?.stack ?? err)}\n`);
  return 1;
}

/**
 * Runs one `lendsight …` command on the database `env` names and gives its exit code: 0 done, 1 refused
 * (the reason written to `err`: a known refusal or a database failure as one line, anything else with its
 * stack), 2 usage.
 * With the PGlite data directory held by a running server, the server runs it (`admin-socket.ts`).
 */
export async function runCli(argv: string[], env: Record<string, string | undefined>, io: CliOutput): Promise<number> {
  try {
    return await dispatch(argv, env, io);
  } catch (err) {
    return refuse(err, io);
  }
}

/**
 * A command from the admin socket, run by the server on its own database with its own config.
 * `log` is told which command ran (its area and name, never its arguments) and its exit code.
 */
export function commandRunner(
  database: DatabaseHandle,
  config: Config,
  log: (command: string, code: number) => void,
): RunCommand {
  return async (argv, cwd) => {
    let out = '';
    let err = '';
    const io: CliOutput = {
      out: (text) => {
        out += text;
      },
      err: (text) => {
        err += text;
      },
    };
    let name = '(not a command)';
    let code: number;
    try {
      const command = parseCommand(argv, cwd, io);
      if (typeof command !== 'number') name = `${command.area} ${command.command}`;
      code = typeof command === 'number' ? command : await execute(database, config, command, io);
    } catch (e) {
      code = refuse(e, io);
    }
    log(name, code);
    return { code, out, err };
  };
}
