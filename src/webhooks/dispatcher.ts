import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { WebhookConfig } from '../config.js';
import type { ReportCipher } from '../credit/report-cipher.js';
import type { Database } from '../db/schema.js';
import { backoffMs } from '../jobs/backoff.js';
import { createQueueWorker, type QueueWorker } from '../jobs/queue-worker.js';
import { urlOrigin } from './endpoint-url.js';
import { SIGNATURE_HEADER, signWebhook, webhookSecretAad } from './signature.js';
import {
  type Attempt,
  type Backlog,
  backlog,
  type ClaimedDelivery,
  claimDueDeliveries,
  markDelivered,
  markFailed,
  releaseDeliveries,
  retryLater,
} from './webhooks-repository.js';

/** Sends queued webhook deliveries; started with the services, stopped with them. */
export type WebhookDispatcher = QueueWorker;

/**
 * The body a receiver gets: the delivery's id (the same on every attempt, so a receiver can drop
 * a repeat), the event, when it happened, and its data.
 */
export function webhookBody(d: Pick<ClaimedDelivery, 'id' | 'event' | 'createdAt' | 'data'>): string {
  return JSON.stringify({
    id: String(d.id),
    event: d.event,
    createdAt: d.createdAt.toISOString(),
    data: JSON.parse(d.data),
  });
}

/**
 * At-least-once delivery of the outbox (`webhook_deliveries`): each claimed delivery is POSTed,
 * signed (`signature.ts`), to its client's endpoint. A 2xx answer delivers it; anything else (an
 * error status, a redirect, no answer within the timeout) is tried again with exponential backoff
 * until `maxAttempts`, then it is marked failed. Deliveries are not ordered: each carries its time.
 * Fair between clients: one client has at most `clientConcurrency` deliveries in flight across all
 * instances, and the others' due deliveries go first (`claimDueDeliveries`), so a receiver that
 * never answers delays only its own client. Stopping aborts the requests in flight; those
 * deliveries stay pending with the attempt not counted (the receiver may have had one: its id is
 * the same when it comes again).
 * Finished deliveries are deleted after WEBHOOK_KEEP_DAYS by the retention sweep (`jobs/retention.ts`).
 */
export function createWebhookDispatcher(deps: {
  db: Kysely<Database>;
  cipher: ReportCipher;
  settings: WebhookConfig;
  metrics: Registry;
  log: Logger;
  random?: () => number;
}): WebhookDispatcher {
  const { db, cipher, settings, log } = deps;
  const outcomes = new Counter({
    name: 'webhook_deliveries_total',
    help: 'Webhook delivery attempts by event and outcome (delivered, retry, failed)',
    labelNames: ['event', 'outcome'] as const,
    registers: [deps.metrics],
  });
  // The backlog, read once per scrape for both gauges: a growing one means receivers are down or
  // slow. A database that does not answer leaves the last values (the scrape still succeeds).
  let reading: { at: number; value: Promise<Backlog | undefined> } | undefined;
  const readBacklog = () => {
    if (!reading || Date.now() - reading.at > 1000) {
      reading = { at: Date.now(), value: backlog(db).catch(() => undefined) };
    }
    return reading.value;
  };
  const gauges: Array<[string, string, (b: Backlog) => number]> = [
    ['webhook_deliveries_pending', 'Webhook deliveries waiting to be sent (all instances)', (b) => b.pending],
    [
      'webhook_oldest_pending_seconds',
      'How long the oldest webhook delivery still waiting has waited',
      (b) => b.oldestSeconds,
    ],
  ];
  for (const [name, help, value] of gauges) {
    new Gauge({
      name,
      help,
      registers: [deps.metrics],
      async collect() {
        const b = await readBacklog();
        if (b) this.set(value(b));
      },
    });
  }
  const leaseMs = settings.timeoutMs * 2 + 10_000;

  async function post(
    url: string,
    body: string,
    d: ClaimedDelivery,
    secret: string,
    attempts: number,
    stopping: AbortSignal,
  ) {
    try {
      const response = await fetch(url, {
        method: 'POST',
        body,
        redirect: 'manual',
        signal: AbortSignal.any([stopping, AbortSignal.timeout(settings.timeoutMs)]),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'lendsight-webhooks',
          'x-lendsight-event': d.event,
          'x-lendsight-delivery': String(d.id),
          'x-lendsight-attempt': String(attempts),
          [SIGNATURE_HEADER]: signWebhook(secret, body),
        },
      });
      await response.body?.cancel();
      return {
        status: response.status,
        error: response.ok ? null : `answered ${response.status}`,
        retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
        stopped: false,
      };
    } catch (err) {
      if (stopping.aborted) return { status: null, error: 'stopped by shutdown', retryAfterMs: 0, stopped: true };
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      const reason = timedOut ? `no answer within ${settings.timeoutMs} ms` : errorText(err);
      return { status: null, error: reason, retryAfterMs: 0, stopped: false };
    }
  }

  async function send(d: ClaimedDelivery, stopping: AbortSignal): Promise<void> {
    const attempts = d.attempts + 1;
    const fail = async (attempt: Attempt) => {
      await markFailed(db, d.id, attempt);
      outcomes.inc({ event: d.event, outcome: 'failed' });
      log.warn(
        { delivery: d.id, event: d.event, clientId: d.clientId, error: attempt.error },
        'webhook delivery failed',
      );
    };
    if (!d.endpoint) {
      return fail({ attempts: d.attempts, status: null, error: 'no webhook endpoint (removed, or client revoked)' });
    }
    let secret: string;
    try {
      secret = cipher.open(d.endpoint.secretSealed, webhookSecretAad(d.clientId));
    } catch {
      return fail({
        attempts: d.attempts,
        status: null,
        error: 'the signing secret could not be opened (key changed?)',
      });
    }
    const sent = await post(d.endpoint.url, webhookBody(d), d, secret, attempts, stopping);
    if (sent.stopped) {
      // Cut short by shutdown, not the receiver's doing: not counted, and any instance may send it now.
      await releaseDeliveries(db, [d.id]);
      log.info(
        { delivery: d.id, event: d.event, clientId: d.clientId },
        'webhook delivery stopped by shutdown; left pending',
      );
      return;
    }
    const { status, error, retryAfterMs: asked } = sent;
    const attempt = { attempts, status, error };
    if (error === null) {
      await markDelivered(db, d.id, attempt);
      outcomes.inc({ event: d.event, outcome: 'delivered' });
      return;
    }
    if (attempts >= settings.maxAttempts) return fail(attempt);
    // A receiver's Retry-After (429, 503) is honoured up to the longest backoff.
    const backoff = backoffMs(attempts, settings.backoffBaseMs, settings.backoffMaxMs, deps.random);
    await retryLater(db, d.id, Math.max(backoff, Math.min(asked, settings.backoffMaxMs)), attempt);
    outcomes.inc({ event: d.event, outcome: 'retry' });
    log.info(
      { delivery: d.id, event: d.event, clientId: d.clientId, to: urlOrigin(d.endpoint.url), error },
      'webhook delivery will be tried again',
    );
  }

  return createQueueWorker({
    concurrency: settings.concurrency,
    pollIntervalMs: settings.pollIntervalMs,
    claim: (limit) => claimDueDeliveries(db, limit, leaseMs, settings.clientConcurrency),
    work: send,
    release: (ids) => releaseDeliveries(db, ids),
    onError: (err, d) =>
      d
        ? log.error({ err, delivery: d.id }, 'webhook delivery could not be recorded')
        : log.error({ err }, 'webhook dispatcher round failed'),
  });
}

/** A Retry-After header in milliseconds: delay-seconds or an HTTP date; 0 when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (!header) return 0;
  const text = header.trim();
  if (/^\d{1,9}$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? 0 : Math.max(0, at - now);
}

/** A fetch failure's cause, short: `connect ECONNREFUSED 127.0.0.1:9`, not undici's "fetch failed". */
function errorText(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = (err as { cause?: unknown }).cause;
  return cause instanceof Error ? cause.message : err.message;
}
