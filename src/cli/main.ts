import { parseArgs } from 'node:util';
import { createClient, listClients, revokeClient } from '../auth/clients-repository.js';
import { ConfigError, loadConfig } from '../config.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { AppError } from '../domain/errors.js';

const USAGE = `usage:
  lendsight clients create --name <name> [--scopes "statements:write statements:read ..."]
  lendsight clients list
  lendsight clients revoke <client_id>

Works on the service's database: DATABASE_URL when set, else the PGlite data directory DATA_DIR
(default ./data). With PGlite, stop the server first: the data directory takes one process at a time.`;

async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { name: { type: 'string' }, scopes: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [area, command, arg] = positionals;
  if (values.help || area !== 'clients' || !command) {
    process.stdout.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    await migrateToLatest(database.db);
    switch (command) {
      case 'create': {
        if (!values.name) throw new AppError('VALIDATION_FAILED', '--name is required');
        const scopes = values.scopes?.split(/[\s,]+/).filter(Boolean);
        const created = await createClient(database.db, { name: values.name, scopes });
        process.stdout.write(`${JSON.stringify(created, null, 2)}\n`);
        return 0;
      }
      case 'list': {
        const clients = await listClients(database.db);
        const shown = clients.map((c) => ({
          client_id: c.clientId,
          name: c.name,
          scopes: c.scopes,
          created_at: c.createdAt.toISOString(),
          revoked_at: c.revokedAt?.toISOString() ?? null,
        }));
        process.stdout.write(`${JSON.stringify(shown, null, 2)}\n`);
        return 0;
      }
      case 'revoke': {
        if (!arg) throw new AppError('VALIDATION_FAILED', 'revoke needs a client_id');
        const done = await revokeClient(database.db, arg);
        process.stdout.write(`${JSON.stringify({ client_id: arg, revoked: done })}\n`);
        return done ? 0 : 1;
      }
      default:
        process.stdout.write(`${USAGE}\n`);
        return 2;
    }
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    const known = err instanceof AppError || err instanceof ConfigError || err instanceof DataDirLockedError;
    process.stderr.write(`lendsight: ${known ? (err as Error).message : String((err as Error)?.stack ?? err)}\n`);
    process.exit(1);
  },
);
