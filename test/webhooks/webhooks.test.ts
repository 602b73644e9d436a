import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { Compile } from 'typebox/compile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_BVNS } from '../../src/credit/adapters/sandbox/sandbox-bureau.js';
import { loadReportCipher } from '../../src/credit/report-cipher.js';
import type { DatabaseHandle } from '../../src/db/database.js';
import { WEBHOOK_EVENTS, webhookBodySchema } from '../../src/webhooks/events.js';
import { SIGNATURE_HEADER, verifyWebhook } from '../../src/webhooks/signature.js';
import {
  pingWebhook,
  redeliverFailed,
  removeWebhook,
  setWebhook,
  showWebhook,
} from '../../src/webhooks/webhook-admin.js';
import { creditTestEnv, requestCommercialReport, requestReport, waitForState } from '../credit/helpers.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { openTestDatabase } from '../helpers/database.js';
import { bodyFor, generateRows } from '../statements/bodies.js';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on this machine: records every request and answers with the next planned status (200 when none). */
async function startReceiver() {
  const received: Received[] = [];
  /** Statuses to answer in turn; `[status, retryAfter]` adds a Retry-After header. */
  const plan: Array<number | [number, string]> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() });
      const next = plan.shift() ?? 200;
      const status = typeof next === 'number' ? next : next[0];
      if (typeof next !== 'number') res.setHeader('retry-after', next[1]);
      if (status === 302) res.setHeader('location', '/elsewhere');
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    plan,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

const webhookEnv = {
  ...creditTestEnv,
  WEBHOOK_POLL_INTERVAL_MS: '10',
  WEBHOOK_TIMEOUT_MS: '2000',
  WEBHOOK_MAX_ATTEMPTS: '3',
  WEBHOOK_BACKOFF_BASE_MS: '5',
  WEBHOOK_BACKOFF_MAX_MS: '20',
};

/** Waits (up to 15 s) until `done` holds; what it waits for comes from the real dispatcher's loop. */
async function until(done: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

let database: DatabaseHandle;
let t: TestApp;
let receiver: Receiver;
beforeAll(async () => {
  // Opened here, so an instance restarted on it (`restart`) finds it open.
  database = await openTestDatabase();
  t = await createTestApp({ env: webhookEnv, database });
  receiver = await startReceiver();
});
afterAll(async () => {
  await t.close();
  await database.close();
  await receiver.close();
});

/** A new client with an endpoint at `path` on the receiver; its headers and signing secret. */
async function subscriber(path: string) {
  const { clientId, token } = await t.client(['statements:write', 'statements:read', 'credit:read']);
  const cipher = await loadReportCipher(t.database.db, undefined, []);
  const { secret } = await setWebhook(t.database.db, cipher, clientId, receiver.url(path));
  return { clientId, secret, headers: { authorization: `Bearer ${token}` } };
}

async function submit(headers: Record<string, string>, name: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/statements/analytics?format=periculum&statementType=consumer',
    headers,
    payload: bodyFor('periculum', generateRows(30), name) as object,
  });
  return res;
}

const at = (path: string) => receiver.received.filter((r) => r.path === path);

const deliveriesOf = async (clientId: string) => (await showWebhook(t.database.db, clientId)).deliveries;

describe('webhooks', () => {
  it('a stored statement is told to its client, signed with HMAC-SHA512 of the exact body, without personal data', async () => {
    const s = await subscriber('/statements');
    const res = await submit(s.headers, 'Adaeze Okafor salary account');
    expect(res.statusCode).toBe(200);
    const key = res.json().key as number;
    await until(() => at('/statements').length === 1, 'the delivery');
    const [got] = at('/statements') as [Received];
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['x-lendsight-event']).toBe('statement.processed');
    expect(got.headers['x-lendsight-attempt']).toBe('1');
    expect(verifyWebhook(s.secret, got.body, got.headers[SIGNATURE_HEADER] as string)).toBe(true);
    expect(verifyWebhook(s.secret, `${got.body} `, got.headers[SIGNATURE_HEADER] as string)).toBe(false);
    expect(verifyWebhook('whsec_other', got.body, got.headers[SIGNATURE_HEADER] as string)).toBe(false);
    const body = JSON.parse(got.body);
    expect(body).toEqual({
      id: got.headers['x-lendsight-delivery'],
      event: 'statement.processed',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      data: { statementKey: key, format: 'periculum', processingStatus: res.json().processingStatus },
    });
    expect(got.body).not.toContain('Adaeze');
    expect(Compile(webhookBodySchema('statement.processed')).Check(body)).toBe(true);
    await until(async () => (await deliveriesOf(s.clientId))[0]?.state === 'delivered', 'the delivered state');
    expect((await deliveriesOf(s.clientId))[0]).toMatchObject({ attempts: 1, lastStatus: 200, lastError: null });
  });

  it('a ping goes to the endpoint, signed, with empty data; a client without an endpoint cannot be pinged', async () => {
    const s = await subscriber('/ping');
    const { delivery } = await pingWebhook(t.database.db, s.clientId);
    await until(() => at('/ping').length === 1, 'the ping');
    const [got] = at('/ping') as [Received];
    expect(verifyWebhook(s.secret, got.body, got.headers[SIGNATURE_HEADER] as string)).toBe(true);
    expect(JSON.parse(got.body)).toMatchObject({ id: String(delivery), event: 'webhook.ping', data: {} });
    expect(Compile(webhookBodySchema('webhook.ping')).Check(JSON.parse(got.body))).toBe(true);
    const plain = await t.client(['statements:write']);
    await expect(pingWebhook(t.database.db, plain.clientId)).rejects.toThrow(/has no webhook endpoint/);
  });

  it('a client without an endpoint, or a refused submission, queues nothing', async () => {
    const plain = await t.client(['statements:write']);
    expect((await submit({ authorization: `Bearer ${plain.token}` }, 'no hooks')).statusCode).toBe(200);
    expect(await deliveriesOf(plain.clientId)).toEqual([]);
    const s = await subscriber('/taken');
    expect((await submit(s.headers, 'taken name')).statusCode).toBe(200);
    expect((await submit(s.headers, 'taken name')).statusCode).toBe(409);
    await until(() => at('/taken').length === 1, 'the first delivery');
    expect(await deliveriesOf(s.clientId)).toHaveLength(1);
  });

  it('an error answer is tried again with the same delivery id until the receiver takes it', async () => {
    const s = await subscriber('/flaky');
    receiver.plan.push(500, 503);
    expect((await submit(s.headers, 'flaky')).statusCode).toBe(200);
    await until(() => at('/flaky').length === 3, 'three attempts');
    const attempts = at('/flaky');
    expect(attempts.map((r) => r.headers['x-lendsight-attempt'])).toEqual(['1', '2', '3']);
    expect(new Set(attempts.map((r) => r.headers['x-lendsight-delivery'])).size).toBe(1);
    expect(new Set(attempts.map((r) => r.body)).size).toBe(1);
    await until(async () => (await deliveriesOf(s.clientId))[0]?.state === 'delivered', 'delivered');
    expect((await deliveriesOf(s.clientId))[0]).toMatchObject({ attempts: 3, lastStatus: 200 });
  });

  it('gives up after WEBHOOK_MAX_ATTEMPTS and keeps the last answer (a redirect is not followed); redeliver sends it again', async () => {
    const s = await subscriber('/down');
    receiver.plan.push(500, 302, 500);
    expect((await submit(s.headers, 'down')).statusCode).toBe(200);
    await until(async () => (await deliveriesOf(s.clientId))[0]?.state === 'failed', 'the failed state');
    expect((await deliveriesOf(s.clientId))[0]).toMatchObject({
      attempts: 3,
      lastStatus: 500,
      lastError: 'answered 500',
    });
    expect(at('/down')).toHaveLength(3);
    expect(at('/elsewhere')).toHaveLength(0);
    // The receiver is back: the operator sends the failed ones again, from the first attempt.
    expect(await redeliverFailed(t.database.db, s.clientId)).toEqual({ client_id: s.clientId, requeued: 1 });
    await until(async () => (await deliveriesOf(s.clientId))[0]?.state === 'delivered', 'the redelivery');
    expect((await deliveriesOf(s.clientId))[0]).toMatchObject({ attempts: 1, lastStatus: 200, lastError: null });
    expect(at('/down').at(-1)?.headers['x-lendsight-attempt']).toBe('1');
    expect(await redeliverFailed(t.database.db, s.clientId)).toEqual({ client_id: s.clientId, requeued: 0 });
  });

  it('credit reports are told when the bureau pull ends: completed and failed, consumer and business', async () => {
    const s = await subscriber('/credit');
    const good = await requestReport(t.app, s.headers, { bvn: SANDBOX_BVNS.goodHistory });
    const none = await requestReport(t.app, s.headers, { bvn: SANDBOX_BVNS.noRecord });
    const business = await requestCommercialReport(t.app, s.headers, { registrationNumber: 'RC0000002' });
    const goodRef = good.json().data.reference as string;
    const noneRef = none.json().data.reference as string;
    const businessRef = business.json().data.reference as string;
    await waitForState(t.app, s.headers, goodRef, ['completed']);
    await waitForState(t.app, s.headers, noneRef, ['failed']);
    await waitForState(t.app, s.headers, businessRef, ['completed'], 'commercial');
    await until(() => at('/credit').length === 3, 'three deliveries');
    const bodies = at('/credit').map((r) => JSON.parse(r.body));
    expect(bodies.map((b) => [b.event, b.data]).sort()).toEqual(
      [
        ['credit_report.completed', { reference: goodRef, kind: 'consumer', state: 'completed' }],
        ['credit_report.failed', { reference: noneRef, kind: 'consumer', state: 'failed' }],
        ['credit_report.completed', { reference: businessRef, kind: 'commercial', state: 'completed' }],
      ].sort(),
    );
    for (const b of bodies) expect(Compile(webhookBodySchema(b.event)).Check(b)).toBe(true);
    for (const r of at('/credit'))
      expect(verifyWebhook(s.secret, r.body, r.headers[SIGNATURE_HEADER] as string)).toBe(true);
  });

  it('a delivery whose endpoint was removed fails without being sent', async () => {
    const s = await subscriber('/removed');
    await t.services.stop(); // no dispatcher: the delivery stays queued
    try {
      expect((await submit(s.headers, 'removed')).statusCode).toBe(200);
      expect(await removeWebhook(t.database.db, s.clientId)).toEqual({ client_id: s.clientId, removed: true });
    } finally {
      t = await restart(t);
    }
    await until(async () => (await deliveriesOf(s.clientId))[0]?.state === 'failed', 'the failed state');
    expect((await deliveriesOf(s.clientId))[0]).toMatchObject({
      attempts: 0,
      lastError: 'no webhook endpoint (removed, or client revoked)',
    });
    expect(at('/removed')).toHaveLength(0);
  });
});

/** New services and app on the same database (a restarted instance). */
async function restart(old: TestApp, env: Record<string, string> = {}): Promise<TestApp> {
  await old.app.close();
  return createTestApp({ env: { ...webhookEnv, ...env }, database });
}

describe("a receiver's Retry-After", () => {
  it('puts the next attempt at least that far off (up to WEBHOOK_BACKOFF_MAX_MS)', async () => {
    const s = await subscriber('/busy');
    await t.services.stop(); // this instance's 20 ms backoff cap would hide it
    const patient = await createTestApp({ env: { ...webhookEnv, WEBHOOK_BACKOFF_MAX_MS: '600000' }, database });
    try {
      receiver.plan.push([503, '120']);
      expect((await submit(s.headers, 'busy')).statusCode).toBe(200);
      await until(async () => (await deliveriesOf(s.clientId))[0]?.attempts === 1, 'the first attempt');
      const [delivery] = await deliveriesOf(s.clientId);
      const row = await database.db
        .selectFrom('webhook_deliveries')
        .select(['state', 'last_status', sql<number>`extract(epoch from run_after - now())`.as('wait')])
        .where('id', '=', delivery?.id as number)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ state: 'pending', last_status: 503 });
      const metrics = await patient.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: await patient.auth(['metrics:read']),
      });
      expect(metrics.body).toMatch(/^webhook_deliveries_pending [1-9]/m);
      expect(metrics.body).toMatch(/^webhook_oldest_pending_seconds \d/m);
      // Scheduled two minutes on (the backoff alone would be 5-10 ms); a wide margin, not a timing check.
      expect(Number(row.wait)).toBeGreaterThan(60);
    } finally {
      await patient.app.close();
      await patient.services.stop();
      t = await restart(t);
    }
  });
});

describe('several instances on one database', () => {
  it('send each delivery once between them', async () => {
    const second = await createTestApp({ env: webhookEnv, database });
    try {
      const s = await subscriber('/shared');
      const names = Array.from({ length: 8 }, (_, i) => `shared ${i}`);
      // Half the statements through each instance; both dispatchers poll the one outbox.
      const answers = await Promise.all(
        names.map((name, i) =>
          (i % 2 === 0 ? t : second).app.inject({
            method: 'POST',
            url: '/statements/analytics?format=periculum&statementType=consumer',
            headers: s.headers,
            payload: bodyFor('periculum', generateRows(30), name) as object,
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(names.map(() => 200));
      await until(async () => (await deliveriesOf(s.clientId)).every((d) => d.state === 'delivered'), 'all sent');
      expect(await deliveriesOf(s.clientId)).toHaveLength(8);
      const byNumber = (a: number, b: number) => a - b;
      const sent = at('/shared').map((r) => JSON.parse(r.body).data.statementKey as number);
      expect(sent.sort(byNumber)).toEqual(answers.map((a) => a.json().key as number).sort(byNumber));
    } finally {
      await second.app.close();
      await second.services.stop();
    }
  });
});

describe('the OpenAPI document', () => {
  it('describes each event a receiver gets, with its body schema and signature header', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(Object.keys(doc.webhooks).sort()).toEqual(Object.values(WEBHOOK_EVENTS).sort());
    const hook = doc.webhooks['credit_report.failed'].post;
    expect(hook.requestBody.content['application/json'].schema.properties.data.properties.state).toMatchObject({
      const: 'failed',
    });
    expect(hook.parameters.map((p: { name: string }) => p.name)).toContain('X-Lendsight-Signature');
  });
});

describe('finished deliveries', () => {
  it('are deleted WEBHOOK_KEEP_DAYS after they finished; pending ones stay, however old', async () => {
    const s = await subscriber('/kept');
    expect((await submit(s.headers, 'kept 1')).statusCode).toBe(200);
    await until(async () => (await deliveriesOf(s.clientId))[0]?.state === 'delivered', 'delivered');
    await t.services.stop();
    expect((await submit(s.headers, 'kept 2')).statusCode).toBe(200); // stays pending: no dispatcher
    const [pending, finished] = await deliveriesOf(s.clientId).then((d) => d.map((x) => x.id));
    const longAgo = sql`now() - interval '31 days'`;
    await sql`update webhook_deliveries set finished_at = ${longAgo} where id = ${finished}`.execute(database.db);
    await sql`update webhook_deliveries set created_at = ${longAgo} where id = ${pending}`.execute(database.db);
    // The one finished long ago goes; the old pending one is sent by the next instance, and stays.
    t = await restart(t, { WEBHOOK_KEEP_DAYS: '30', WEBHOOK_CONCURRENCY: '1' });
    await until(async () => (await deliveriesOf(s.clientId)).every((d) => d.state === 'delivered'), 'the pending one');
    await until(async () => (await deliveriesOf(s.clientId)).length === 1, 'the prune');
    expect((await deliveriesOf(s.clientId)).map((d) => d.id)).toEqual([pending]);
  });
});
