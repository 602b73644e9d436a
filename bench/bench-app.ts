import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.js';
import { createClient } from '../src/auth/clients-repository.js';
import type { Scope } from '../src/auth/scopes.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createServices } from '../src/services.js';

/**
 * The service as an HTTP bench runs it: on PGlite in a fresh data directory (as `npm start` runs),
 * or on PostgreSQL when DATABASE_URL is set; logs off, rate limits out of the way, ANALYSIS_WORKERS
 * passed on. A new client with `scopes` and its `Authorization` header. `close()` stops it all and
 * removes what the run wrote (the data directory; on PostgreSQL, the client, whose records cascade).
 */
export async function openBenchApp(scopes: Scope[]) {
  const databaseUrl = process.env.DATABASE_URL;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000000',
    ...(process.env.ANALYSIS_WORKERS ? { ANALYSIS_WORKERS: process.env.ANALYSIS_WORKERS } : {}),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const dataDir = databaseUrl ? undefined : mkdtempSync(join(tmpdir(), 'lendsight-bench-'));
  const database = await openDatabase({ dataDir, databaseUrl });
  await migrateToLatest(database.db);
  const services = await createServices(config, database);
  const app = await buildApp(services, { logger: false });
  const client = await createClient(database.db, { name: `bench ${Date.now()}`, scopes });
  const token = await app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: { grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret },
  });
  return {
    app,
    config,
    database,
    /** PGlite's data directory (none on PostgreSQL). */
    dataDir,
    /** What the figures were measured on. */
    databaseName: databaseUrl ? 'PostgreSQL' : 'PGlite in a data directory',
    authorization: `Bearer ${token.json().access_token}`,
    async close() {
      await app.close();
      await services.stop();
      if (databaseUrl) await database.db.deleteFrom('clients').where('client_id', '=', client.client_id).execute();
      await database.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
