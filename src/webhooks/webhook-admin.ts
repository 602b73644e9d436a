import type { Kysely } from 'kysely';
import { findClientByClientId } from '../auth/clients-repository.js';
import type { ReportCipher } from '../credit/report-cipher.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../domain/errors.js';
import { urlOrigin, webhookUrl } from './endpoint-url.js';
import { WEBHOOK_EVENTS } from './events.js';
import { newWebhookSecret, webhookSecretAad } from './signature.js';
import {
  enqueue,
  getEndpoint,
  listDeliveries,
  removeEndpoint,
  requeueFailed,
  setEndpoint,
} from './webhooks-repository.js';

/** Operator commands on a client's webhook endpoint (`lendsight webhooks …`). */

/** A client's key; `active`: a revoked client is refused (nothing is sent to it). */
async function clientKey(db: Kysely<Database>, clientId: string, opts: { active?: boolean } = {}): Promise<number> {
  const client = await findClientByClientId(db, clientId);
  if (!client) throw new AppError('NOT_FOUND', `no client ${clientId}`);
  if (opts.active && client.revokedAt) {
    throw new AppError('CONFLICT', `client ${clientId} was revoked: no webhook is sent to it`);
  }
  return client.id;
}

/**
 * Points a client's webhooks at `url` with a new signing secret, sealed; answers the secret,
 * which is shown this once. Setting again replaces both.
 */
export async function setWebhook(db: Kysely<Database>, cipher: ReportCipher, clientId: string, url: string) {
  const checked = webhookUrl(url, '--url');
  const id = await clientKey(db, clientId);
  const secret = newWebhookSecret();
  await setEndpoint(db, id, checked, cipher.seal(secret, webhookSecretAad(id)));
  return { client_id: clientId, url: checked, secret };
}

/** A client's endpoint (its origin only: a path may carry a token) and its latest deliveries. */
export async function showWebhook(db: Kysely<Database>, clientId: string, deliveries = 20) {
  const id = await clientKey(db, clientId);
  const endpoint = await getEndpoint(db, id);
  return {
    client_id: clientId,
    endpoint: endpoint
      ? {
          origin: urlOrigin(endpoint.url),
          created_at: endpoint.createdAt.toISOString(),
          updated_at: endpoint.updatedAt.toISOString(),
        }
      : null,
    deliveries: await listDeliveries(db, id, deliveries),
  };
}

const noEndpoint = (clientId: string) => new AppError('NOT_FOUND', `client ${clientId} has no webhook endpoint`);

/** Removes a client's endpoint; a client with none is refused. */
export async function removeWebhook(db: Kysely<Database>, clientId: string) {
  if (!(await removeEndpoint(db, await clientKey(db, clientId)))) throw noEndpoint(clientId);
  return { client_id: clientId, removed: true };
}

/** Sends a client's failed deliveries again from the first attempt (after its endpoint was down). */
export async function redeliverFailed(db: Kysely<Database>, clientId: string) {
  return { client_id: clientId, requeued: await requeueFailed(db, await clientKey(db, clientId, { active: true })) };
}

/** Queues a `webhook.ping` to the client's endpoint (a running instance sends it; `show` tells how it went). */
export async function pingWebhook(db: Kysely<Database>, clientId: string) {
  const id = await clientKey(db, clientId, { active: true });
  if (!(await getEndpoint(db, id))) throw noEndpoint(clientId);
  return { client_id: clientId, delivery: await enqueue(db, id, WEBHOOK_EVENTS.ping, {}) };
}
