/**
 * End-to-end: one 50,000-row statement (Okra by default, the largest body) through the real app on
 * an in-memory PGlite database, from request to stored statement. Prints the body size against
 * BODY_LIMIT_BYTES and the time as a ratio to JSON.parse of the same body, same run.
 *   npx tsx bench/ingest-http.ts [format] [rows]
 */
import { buildApp } from '../src/app.js';
import { createClient } from '../src/auth/clients-repository.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import type { FormatName } from '../src/domain/statement.js';
import { createServices } from '../src/services.js';
import { bodyFor, generateRows } from '../test/statements/bodies.js';

const format = (process.argv[2] ?? 'okra') as FormatName;
const count = Number(process.argv[3] ?? 50_000);
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
const database = await openDatabase({ dataDir: 'memory://' });
await migrateToLatest(database.db);
const services = await createServices(config, database);
const app = await buildApp(services, { logger: false });
const client = await createClient(database.db, { name: 'bench', scopes: ['statements:write'] });
const token = await app.inject({
  method: 'POST',
  url: '/oauth/token',
  payload: { grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret },
});
const authorization = `Bearer ${token.json().access_token}`;

const payload = JSON.stringify(bodyFor(format, generateRows(count), 'bench'));
const mib = (n: number) => `${(n / 1048576).toFixed(1)} MiB`;
console.log(`${format} ${count} rows: body ${mib(payload.length)}, limit ${mib(config.limits.bodyBytes)}`);
let t = performance.now();
JSON.parse(payload);
const parseMs = performance.now() - t;
t = performance.now();
const res = await app.inject({
  method: 'POST',
  url: `/statements/analytics?format=${format}&statementType=consumer`,
  headers: { authorization, 'content-type': 'application/json' },
  payload,
});
const totalMs = performance.now() - t;
console.log(
  `status ${res.statusCode}; JSON.parse ${parseMs.toFixed(0)} ms; request ${totalMs.toFixed(0)} ms (${(totalMs / parseMs).toFixed(1)}x)`,
);
if (res.statusCode !== 200) console.log(res.body.slice(0, 500));
await app.close();
await services.stop();
await database.close();
