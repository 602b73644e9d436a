import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { revokeClient } from '../../src/auth/clients-repository.js';
import { SANDBOX_BVNS } from '../../src/credit/adapters/sandbox/sandbox-bureau.js';
import { BureauError } from '../../src/credit/bureau.js';
import type { Database } from '../../src/db/schema.js';
import { createTestApp } from '../helpers/app.js';
import { openTestDatabase } from '../helpers/database.js';
import { countingSandbox, creditTestEnv, requestReport } from './helpers.js';

const REVOKED_MESSAGE =
  'This client was revoked, so the sandbox bureau was not asked for this report after that. A client that is not revoked can request it again.';

/** A client's one bureau pull once it has ended (bounded: this waits for the background worker). */
async function endedJob(db: Kysely<Database>, publicClientId: string) {
  for (let i = 0; i < 1000; i++) {
    const job = await db
      .selectFrom('credit_jobs as j')
      .innerJoin('clients as c', 'c.id', 'j.client_id')
      .select(['j.state', 'j.failure_code', 'j.failure_message', 'j.attempts'])
      .where('c.client_id', '=', publicClientId)
      .executeTakeFirstOrThrow();
    if (job.state === 'completed' || job.state === 'failed') return job;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the job never ended');
}

describe("a revoked client's bureau pulls", () => {
  it('a queued pull of a client revoked since is failed without calling the bureau; another client is served', async () => {
    const database = await openTestDatabase();
    try {
      // No worker in the first instance: the pulls are still queued when the client is revoked.
      const first = await createTestApp({ env: { ...creditTestEnv, CREDIT_WORKER_CONCURRENCY: '0' }, database });
      const revoked = await first.client(['credit:read'], 'leaked lender');
      const kept = await first.client(['credit:read'], 'other lender');
      for (const { token } of [revoked, kept]) {
        const res = await requestReport(
          first.app,
          { authorization: `Bearer ${token}` },
          { bvn: SANDBOX_BVNS.thinFile },
        );
        expect(res.json().data.state).toBe('pending');
      }
      expect(await revokeClient(database.db, revoked.clientId)).toBe(true);
      await first.close();

      const bureau = countingSandbox();
      const second = await createTestApp({ env: creditTestEnv, database, overrides: { bureau } });
      try {
        expect(await endedJob(database.db, revoked.clientId)).toEqual({
          state: 'failed',
          failure_code: 'CREDIT_CLIENT_REVOKED',
          failure_message: REVOKED_MESSAGE,
          attempts: 0,
        });
        expect((await endedJob(database.db, kept.clientId)).state).toBe('completed');
        expect(bureau.requests).toEqual([SANDBOX_BVNS.thinFile]);
      } finally {
        await second.close();
      }
    } finally {
      await database.close();
    }
  }, 90_000);

  it('a pull waiting to retry is failed at its retry when the client was revoked meanwhile, not sent again', async () => {
    const inner = countingSandbox();
    let revokeNow = async () => {};
    // The bureau is unreachable on the first call; the client is revoked while that call runs.
    const bureau = {
      ...inner,
      async requestReport(...args: Parameters<typeof inner.requestReport>) {
        inner.requests.push(args[0].bvn);
        await revokeNow();
        throw new BureauError('unavailable', 'connection reset');
      },
    };
    const t = await createTestApp({ env: { ...creditTestEnv, CREDIT_MAX_ATTEMPTS: '5' }, overrides: { bureau } });
    try {
      const { clientId, token } = await t.client(['credit:read'], 'leaked lender');
      revokeNow = async () => {
        await revokeClient(t.database.db, clientId);
      };
      await requestReport(t.app, { authorization: `Bearer ${token}` }, { bvn: SANDBOX_BVNS.goodHistory });
      expect(await endedJob(t.database.db, clientId)).toEqual({
        state: 'failed',
        failure_code: 'CREDIT_CLIENT_REVOKED',
        failure_message: REVOKED_MESSAGE,
        attempts: 1,
      });
      expect(inner.requests).toEqual([SANDBOX_BVNS.goodHistory]);
    } finally {
      await t.close();
    }
  });
});
