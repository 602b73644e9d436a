/**
 * Child process of the crash test: opens a PGlite data directory, submits a 12,000-row statement,
 * and then stops dead (waits to be killed) either in the middle of the write (`mid`: with everything
 * written inside the open transaction, before it commits) or after it committed (`after`).
 *   node --import tsx test/statements/crash-writer.ts <dataDir> mid|after [template.tar]
 * With a template (a dump of a migrated database), the new data directory starts from it.
 */
import { readFileSync } from 'node:fs';
import { createClient } from '../../src/auth/clients-repository.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { createServices } from '../../src/services.js';
import { bodyFor, generateRows } from './bodies.js';

const [dataDir, mode, template] = process.argv.slice(2);
if (!dataDir || (mode !== 'mid' && mode !== 'after')) throw new Error('usage: crash-writer <dataDir> mid|after');

const forever = () => new Promise<never>(() => setInterval(() => {}, 1 << 30));

const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
const database = await openDatabase({
  dataDir,
  loadDataDir: template ? new Blob([readFileSync(template)]) : undefined,
});
await migrateToLatest(database.db);
const client = await createClient(database.db, { name: 'crash test', scopes: ['statements:write'] });
const row = await database.db
  .selectFrom('clients')
  .select('id')
  .where('client_id', '=', client.client_id)
  .executeTakeFirstOrThrow();
const services = await createServices(config, database);
const result = await services.statements.submit(
  {
    clientId: row.id,
    query: { format: 'mono', statementType: 'consumer' },
    bvnFirst: false,
    body: bodyFor('mono', generateRows(12_000), 'crash'),
  },
  {
    beforeCommit: async () => {
      if (mode === 'mid') {
        process.stdout.write('MID-WRITE\n');
        await forever();
      }
    },
  },
);
process.stdout.write(`COMMITTED ${JSON.parse(result.body).key}\n`);
await forever();
