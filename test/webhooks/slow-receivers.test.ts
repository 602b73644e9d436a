import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/auth/clients-repository.js';
import { loadReportCipher } from '../../src/credit/report-cipher.js';
import type { DatabaseHandle } from '../../src/db/database.js';
import { pingWebhook, setWebhook, showWebhook } from '../../src/webhooks/webhook-admin.js';
import { claimDueDeliveries, enqueue } from '../../src/webhooks/webhooks-repository.js';
import { createTestApp } from '../helpers/app.js';
import { openTestDatabase } from '../helpers/database.js';

/** A receiver that never answers a path under /hang (until it closes) and answers 200 to any other. */
async function startReceiver() {
  const received: string[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push(req.url ?? '');
      if (!req.url?.startsWith('/hang')) return void res.writeHead(200).end();
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    /** Paths in the order their requests came. */
    received,
    /** Requests still waiting for an answer. */
    hanging: () => hanging.size,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Waits (up to 15 s) until `done` holds; what it waits for comes from the real dispatcher's loop. */
async function until(done: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

// A receiver that never answers would hold a request a minute: nothing here waits for that.
const env = {
  WEBHOOK_POLL_INTERVAL_MS: '10',
  WEBHOOK_TIMEOUT_MS: '60000',
  WEBHOOK_CONCURRENCY: '4',
  WEBHOOK_BACKOFF_BASE_MS: '5',
  WEBHOOK_BACKOFF_MAX_MS: '20',
};

let database: DatabaseHandle;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  database = await openTestDatabase();
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await database.close();
});
beforeEach(async () => {
  await database.db.deleteFrom('webhook_deliveries').execute();
});

/** A new client with an endpoint at `path` on the receiver. */
async function subscriber(path: string) {
  const created = await createClient(database.db, { name: `lender ${path}`, scopes: ['statements:read'] });
  const cipher = await loadReportCipher(database.db, undefined, []);
  await setWebhook(database.db, cipher, created.client_id, receiver.url(path));
  return created.client_id;
}

const deliveriesOf = async (clientId: string) => (await showWebhook(database.db, clientId)).deliveries;

describe('a receiver that never answers', () => {
  it("holds one of the dispatcher's slots: another client's later delivery is sent while its requests hang", async () => {
    const slow = await subscriber('/hang/slow');
    const prompt = await subscriber('/prompt');
    // Queued with no dispatcher running: six for the slow receiver first, then one for the other.
    for (let i = 0; i < 6; i++) await pingWebhook(database.db, slow);
    await pingWebhook(database.db, prompt);
    const t = await createTestApp({ env, database });
    try {
      await until(async () => (await deliveriesOf(prompt))[0]?.state === 'delivered', "the other client's delivery");
      expect(receiver.received.filter((p) => p === '/hang/slow')).toHaveLength(1);
      expect(receiver.hanging()).toBe(1);
      const waiting = await deliveriesOf(slow);
      expect(waiting.map((d) => [d.state, d.attempts])).toEqual(waiting.map(() => ['pending', 0]));
    } finally {
      await t.close();
    }
  });

  it('is not waited for at shutdown: the request is aborted and the delivery stays pending, the attempt not counted', async () => {
    const slow = await subscriber('/hang/stop');
    const t = await createTestApp({ env, database });
    try {
      const { delivery } = await pingWebhook(database.db, slow);
      await until(() => receiver.hanging() === 1, 'the request to hang');
      // Without the abort this waits out WEBHOOK_TIMEOUT_MS (a minute), past the test's timeout.
      await t.services.stop();
      await until(() => receiver.hanging() === 0, 'the request to be aborted');
      const row = await database.db
        .selectFrom('webhook_deliveries')
        .select(['state', 'attempts', 'locked_until', 'last_error'])
        .where('id', '=', delivery)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ state: 'pending', attempts: 0, locked_until: null, last_error: null });
    } finally {
      await t.app.close();
    }
  });
});

describe('claiming due deliveries', () => {
  /** A client (no endpoint needed to be claimed) with `n` due deliveries; its internal id. */
  async function withDue(n: number): Promise<number> {
    const created = await createClient(database.db, { name: 'lender', scopes: ['statements:read'] });
    const { id } = await database.db
      .selectFrom('clients')
      .select('id')
      .where('client_id', '=', created.client_id)
      .executeTakeFirstOrThrow();
    for (let i = 0; i < n; i++) await enqueue(database.db, id, 'webhook.ping', {});
    return id;
  }

  it('gives each client at most its share across instances claiming at once; more only as its leases end', async () => {
    const busy = await withDue(6);
    const a = await withDue(1);
    const c = await withDue(1);
    // Three instances claim together (on PostgreSQL, on three connections at once).
    const claims = await Promise.all([1, 2, 3].map(() => claimDueDeliveries(database.db, 4, 60_000, 1)));
    const clients = claims.flat().map((d) => d.clientId);
    expect(clients.sort()).toEqual([busy, a, c].sort());
    expect(await claimDueDeliveries(database.db, 4, 60_000, 1)).toEqual([]);
    // A share of two: one more of the busy client's.
    expect((await claimDueDeliveries(database.db, 4, 60_000, 2)).map((d) => d.clientId)).toEqual([busy]);
  });

  it("puts every client's next due delivery before any client's following one", async () => {
    const busy = await withDue(3);
    const later = await withDue(1);
    const claimed = await claimDueDeliveries(database.db, 2, 60_000, 3);
    expect(claimed.map((d) => d.clientId).sort()).toEqual([busy, later].sort());
  });
});
