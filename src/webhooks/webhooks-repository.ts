import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database, WebhookDeliveryState } from '../db/schema.js';
import { purgeOlderThan } from '../jobs/retention.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface WebhookEndpoint {
  clientId: number;
  url: string;
  secretSealed: string;
  createdAt: Date;
  updatedAt: Date;
}

/** Sets (or replaces) a client's endpoint. */
export async function setEndpoint(db: Db, clientId: number, url: string, secretSealed: string): Promise<void> {
  await db
    .insertInto('webhook_endpoints')
    .values({ client_id: clientId, url, secret_sealed: secretSealed })
    .onConflict((oc) =>
      oc.column('client_id').doUpdateSet({ url, secret_sealed: secretSealed, updated_at: sql<Date>`now()` }),
    )
    .execute();
}

export async function getEndpoint(db: Db, clientId: number): Promise<WebhookEndpoint | undefined> {
  const row = await db.selectFrom('webhook_endpoints').selectAll().where('client_id', '=', clientId).executeTakeFirst();
  return row
    ? {
        clientId: row.client_id,
        url: row.url,
        secretSealed: row.secret_sealed,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      }
    : undefined;
}

/** Removes a client's endpoint; its pending deliveries fail when their turn comes. */
export async function removeEndpoint(db: Db, clientId: number): Promise<boolean> {
  const result = await db.deleteFrom('webhook_endpoints').where('client_id', '=', clientId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Queues `event` for every credit report reference the bureau pull `jobId` serves whose client has
 * an endpoint; run in the transaction that ends the pull.
 */
export async function enqueueCreditReportEvents(db: Db, jobId: number, event: string, state: string): Promise<void> {
  await sql`
    insert into webhook_deliveries (client_id, event, data)
    select r.client_id, ${event}, json_build_object('reference', r.reference, 'kind', j.kind, 'state', ${state}::text)::text
    from credit_reports r
      join credit_jobs j on j.id = r.job_id
      join webhook_endpoints e on e.client_id = r.client_id
    where r.job_id = ${jobId}`.execute(db);
}

/** Queues `event` with `data` for a client, whether or not it has an endpoint yet; answers its id. */
export async function enqueue(db: Db, clientId: number, event: string, data: object): Promise<number> {
  const row = await db
    .insertInto('webhook_deliveries')
    .values({ client_id: clientId, event, data: JSON.stringify(data) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The advisory lock the claims of every instance take turns on (any fixed key of our own). */
const CLAIM_LOCK = sql`hashtext('lendsight.webhook_deliveries.claim')`;

/** A delivery claimed for sending, with its client's endpoint (none: removed, or client revoked). */
export interface ClaimedDelivery {
  id: number;
  clientId: number;
  event: string;
  data: string;
  attempts: number;
  createdAt: Date;
  endpoint: { url: string; secretSealed: string } | undefined;
}

/**
 * Claims up to `limit` due deliveries, leased until `leaseMs` from now (another instance, or this
 * one after a crash, takes one over only when its lease has run out), with their endpoints.
 * Fair between clients: a client never has more than `perClient` deliveries leased at once, across
 * every instance (so a receiver that never answers holds at most that many slots), and each
 * client's next due delivery comes before any client's following one (round-robin by client, then
 * oldest first). Claims of all instances take turns on a transaction-scoped advisory lock, so each
 * one counts the leases the others have committed.
 */
export async function claimDueDeliveries(
  db: Kysely<Database>,
  limit: number,
  leaseMs: number,
  perClient: number,
): Promise<ClaimedDelivery[]> {
  const result = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`.execute(trx);
    return sql<{
      id: number;
      client_id: number;
      event: string;
      data: string;
      attempts: number;
      created_at: Date;
      url: string | null;
      secret_sealed: string | null;
    }>`
      with leased as (
        select client_id, count(*)::int as n from webhook_deliveries
        where state = 'pending' and locked_until >= now()
        group by client_id
      ),
      due as (
        select d.id, d.run_after,
          coalesce(l.n, 0) + row_number() over (partition by d.client_id order by d.run_after, d.id) as turn
        from webhook_deliveries d left join leased l on l.client_id = d.client_id
        where d.state = 'pending' and d.run_after <= now() and (d.locked_until is null or d.locked_until < now())
      ),
      claimed as (
        update webhook_deliveries set locked_until = now() + ${leaseMs} * interval '1 millisecond'
        where id in (
          select id from webhook_deliveries
          where id in (select id from due where turn <= ${perClient} order by turn, run_after, id limit ${limit})
          for update skip locked
        )
        returning id, client_id, event, data, attempts, created_at
      )
      select claimed.*, e.url, e.secret_sealed
      from claimed
      left join clients c on c.id = claimed.client_id and c.revoked_at is null
      left join webhook_endpoints e on e.client_id = c.id
      order by claimed.id`.execute(trx);
  });
  return result.rows.map((r) => ({
    id: r.id,
    clientId: r.client_id,
    event: r.event,
    data: r.data,
    attempts: r.attempts,
    createdAt: new Date(r.created_at),
    endpoint: r.url !== null && r.secret_sealed !== null ? { url: r.url, secretSealed: r.secret_sealed } : undefined,
  }));
}

/** What one attempt came to: the receiver's status code (null: no answer) and why it failed. */
export interface Attempt {
  attempts: number;
  status: number | null;
  error: string | null;
}

export async function markDelivered(db: Db, id: number, attempt: Attempt): Promise<void> {
  await settle(db, id, 'delivered', attempt, { finished_at: sql<Date>`now()` });
}

export async function markFailed(db: Db, id: number, attempt: Attempt): Promise<void> {
  await settle(db, id, 'failed', attempt, { finished_at: sql<Date>`now()` });
}

/** Puts a delivery back in the queue, to be tried again in `delayMs`. */
export async function retryLater(db: Db, id: number, delayMs: number, attempt: Attempt): Promise<void> {
  await settle(db, id, 'pending', attempt, {
    run_after: sql<Date>`now() + ${Math.max(0, Math.round(delayMs))} * interval '1 millisecond'`,
  });
}

async function settle(
  db: Db,
  id: number,
  state: WebhookDeliveryState,
  attempt: Attempt,
  more: { finished_at?: RawBuilder<Date>; run_after?: RawBuilder<Date> },
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({
      state,
      attempts: attempt.attempts,
      last_status: attempt.status,
      last_error: attempt.error,
      locked_until: null,
      ...more,
    })
    .where('id', '=', id)
    .execute();
}

/** Puts a client's failed deliveries back in the queue, as new (an endpoint that was down is back); answers how many. */
export async function requeueFailed(db: Db, clientId: number): Promise<number> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ state: 'pending', attempts: 0, run_after: sql<Date>`now()`, finished_at: null, locked_until: null })
    .where('client_id', '=', clientId)
    .where('state', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The deliveries waiting to be sent, and how long the oldest has waited (seconds; 0 when none). */
export interface Backlog {
  pending: number;
  oldestSeconds: number;
}

export async function backlog(db: Db): Promise<Backlog> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select([
      sql<number>`count(*)::int`.as('pending'),
      sql<number>`coalesce(extract(epoch from now() - min(created_at)), 0)::float8`.as('oldest'),
    ])
    .where('state', '=', 'pending')
    .executeTakeFirstOrThrow();
  return { pending: Number(row.pending), oldestSeconds: Number(row.oldest) };
}

/** Gives back the leases of deliveries this instance held when it stopped. */
export async function releaseDeliveries(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('webhook_deliveries').set({ locked_until: null }).where('id', 'in', ids).execute();
}

export interface DeliveryView {
  id: number;
  event: string;
  state: WebhookDeliveryState;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** A client's latest deliveries, newest first. */
export async function listDeliveries(db: Db, clientId: number, limit: number): Promise<DeliveryView[]> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select(['id', 'event', 'state', 'attempts', 'last_status', 'last_error', 'created_at', 'finished_at'])
    .where('client_id', '=', clientId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    event: r.event,
    state: r.state,
    attempts: r.attempts,
    lastStatus: r.last_status,
    lastError: r.last_error,
    createdAt: new Date(r.created_at).toISOString(),
    finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
  }));
}

/** Deletes deliveries that ended (delivered or failed) more than `days` days ago (WEBHOOK_KEEP_DAYS); answers how many. */
export const pruneDeliveries = (db: Kysely<Database>, days: number, batch?: number): Promise<number> =>
  purgeOlderThan(db, { table: 'webhook_deliveries', id: 'id', time: 'finished_at' }, days, batch);
