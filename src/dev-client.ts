import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import { createClient, hasDevClient } from './auth/clients-repository.js';
import { SCOPES } from './auth/scopes.js';
import type { Config } from './config.js';
import type { Database } from './db/schema.js';
import { isUniqueViolation } from './db/sql-state.js';

/**
 * On the very first start, creates a development client with every scope (`metrics:read` too: it is
 * the operator's) and answers the text that
 * tells the user how to get a token. Later starts (or a racing instance) create nothing.
 */
export async function ensureDevClient(
  db: Kysely<Database>,
  address: AddressInfo | string | null,
  config: Config,
): Promise<string | undefined> {
  if (await hasDevClient(db)) return undefined;
  let created: Awaited<ReturnType<typeof createClient>>;
  try {
    created = await createClient(db, { name: 'development', scopes: SCOPES, isDev: true });
  } catch (e) {
    if (isUniqueViolation(e)) return undefined; // another instance won the race
    throw e;
  }
  const port = typeof address === 'object' && address ? address.port : config.port;
  const base = config.publicBaseUrl ?? `http://127.0.0.1:${port}`;
  return [
    '',
    'lendsight: created a development client (shown once; store the secret now)',
    `  client_id:     ${created.client_id}`,
    `  client_secret: ${created.client_secret}`,
    `  scopes:        ${created.scopes.join(' ')}`,
    '',
    'Get a token:',
    `  curl -s -X POST ${base}/oauth/token -H 'Content-Type: application/json' \\`,
    `    -d '{"grant_type":"client_credentials","client_id":"${created.client_id}","client_secret":"${created.client_secret}"}'`,
    '',
    `API reference: ${base}/docs`,
    '',
  ].join('\n');
}
