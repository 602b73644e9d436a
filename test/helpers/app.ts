import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type AppOptions, buildApp } from '../../src/app.js';
import { createClient } from '../../src/auth/clients-repository.js';
import type { Scope } from '../../src/auth/scopes.js';
import { loadConfig } from '../../src/config.js';
import type { DatabaseHandle } from '../../src/db/database.js';
import { createServices, type ServiceOverrides, type Services } from '../../src/services.js';
import { openTestDatabase } from './database.js';

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  database: DatabaseHandle;
  /** A new client with these scopes (all by default) and a token for it. */
  client(scopes?: Scope[], name?: string): Promise<{ clientId: string; secret: string; token: string }>;
  /** A new client with these scopes, its internal id, auth headers, and one stored statement of its own. */
  clientWithStatement(
    scopes: Scope[],
    name: string,
  ): Promise<{ id: number; headers: { authorization: string }; statementKey: number }>;
  /** Authorization header for a fresh all-scopes client (one per call). */
  auth(scopes?: Scope[]): Promise<{ authorization: string }>;
  /** `POST /statements/analytics` of a consumer statement in `format`, the body sent as JSON text. */
  submitStatement(format: string, body: unknown, headers: Record<string, string>): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * The real app on a real database (PGlite, or PostgreSQL when DATABASE_URL is set). `env` overrides
 * configuration variables; `database` shares one database between two apps (multi-instance tests).
 */
export async function createTestApp(
  opts: {
    env?: Record<string, string>;
    database?: DatabaseHandle;
    overrides?: ServiceOverrides;
    /** Adds test-only routes before the app is sealed. */
    extend?: (app: FastifyInstance) => void;
    /** Fastify logger options, or `services`: log through the services' logger, as the server does. */
    logger?: AppOptions['logger'] | 'services';
  } = {},
): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTH_CLIENT_CACHE_MS: '0', ...opts.env });
  const ownDatabase = !opts.database;
  const database = opts.database ?? (await openTestDatabase());
  const services = await createServices(config, database, opts.overrides);
  const app = await buildApp(services, opts.logger === 'services' ? {} : { logger: opts.logger ?? false });
  opts.extend?.(app);
  await app.ready();

  const client: TestApp['client'] = async (scopes, name = 'test lender') => {
    const created = await createClient(database.db, { name, scopes });
    const res = await app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'client_credentials', client_id: created.client_id, client_secret: created.client_secret },
    });
    if (res.statusCode !== 200) throw new Error(`token request failed: ${res.statusCode} ${res.body}`);
    return { clientId: created.client_id, secret: created.client_secret, token: res.json().access_token as string };
  };

  const submitStatement: TestApp['submitStatement'] = (format, body, headers) =>
    app.inject({
      method: 'POST',
      url: `/statements/analytics?format=${format}&statementType=consumer`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  const clientWithStatement: TestApp['clientWithStatement'] = async (scopes, name) => {
    const { clientId, token } = await client(scopes, name);
    const { id } = await database.db
      .selectFrom('clients')
      .select('id')
      .where('client_id', '=', clientId)
      .executeTakeFirstOrThrow();
    const { key } = await database.db
      .insertInto('statements')
      .values({
        client_id: id,
        name: `s-${clientId}`,
        format: 'periculum',
        statement_type: 'consumer',
        processing_status: 'PROCESSED',
      })
      .returning('key')
      .executeTakeFirstOrThrow();
    return { id, headers: { authorization: `Bearer ${token}` }, statementKey: key };
  };

  return {
    app,
    services,
    database,
    client,
    clientWithStatement,
    submitStatement,
    async auth(scopes) {
      const { token } = await client(scopes);
      return { authorization: `Bearer ${token}` };
    },
    async close() {
      await app.close();
      await services.stop();
      if (ownDatabase) await database.close();
    },
  };
}
