import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app.js';
import { openTestDatabase } from '../helpers/database.js';
import {
  FIRSTCENTRAL_TEST_CREDENTIALS,
  type FirstCentralTestServer,
  startFirstCentralServer,
} from '../helpers/firstcentral-server.js';
import { creditTestEnv, requestReport, waitForState } from './helpers.js';

let server: FirstCentralTestServer;
beforeAll(async () => {
  server = await startFirstCentralServer();
});
afterAll(async () => server.close());

const firstCentralEnv = () => ({
  ...creditTestEnv,
  CREDIT_CALL_TIMEOUT_MS: '10000', // three HTTP round trips on a busy test machine
  CREDIT_BUREAU: 'firstcentral',
  FIRSTCENTRAL_BASE_URL: server.url,
  FIRSTCENTRAL_USERNAME: FIRSTCENTRAL_TEST_CREDENTIALS.username,
  FIRSTCENTRAL_PASSWORD: FIRSTCENTRAL_TEST_CREDENTIALS.password,
});

/** What the lender reads when the billed call went out and no answer came back (in process or across a crash). */
const BILLED_UNANSWERED =
  'FirstCentral Credit Bureau did not answer the report request in time. It may still charge for it, so it was not asked again; request a new report if you need one.';

const billedCalls = () => server.count('GetConsumerFullCreditReport');

describe('the billed FirstCentral call across a crash', () => {
  it('a job reclaimed after its instance died during the billed call fails as unavailable, not sent again', async () => {
    const database = await openTestDatabase();
    try {
      // The first instance runs no worker: the test puts the job where a killed instance left it.
      const first = await createTestApp({ env: { ...firstCentralEnv(), CREDIT_WORKER_CONCURRENCY: '0' }, database });
      const { token } = await first.client(['credit:read']);
      const headers = { authorization: `Bearer ${token}` };
      const res = await requestReport(first.app, headers, { bvn: '50000000001' });
      const reference: string = res.json().data.reference;
      await first.close();
      // Killed after marking the billed call sent, before any answer: still `processing`, its lease run out.
      await database.db
        .updateTable('credit_jobs')
        .set({
          state: 'processing',
          billed_call_sent_at: sql<Date>`now() - interval '30 seconds'`,
          locked_until: sql<Date>`now() - interval '1 second'`,
        })
        .execute();

      const calls = server.calls.length;
      const second = await createTestApp({ env: firstCentralEnv(), database });
      try {
        const { body } = await waitForState(second.app, headers, reference, ['completed', 'failed']);
        expect(body).toMatchObject({ status: false, code: 'CREDIT_BUREAU_UNAVAILABLE', message: BILLED_UNANSWERED });
        expect(server.calls.length).toBe(calls); // nothing asked of the bureau: no match, no billed call
      } finally {
        await second.close();
      }
    } finally {
      await database.close();
    }
  }, 90_000);

  it('the mark is stored before the billed call goes out; a billed call the bureau refused is retried', async () => {
    const t = await createTestApp({ env: firstCentralEnv() });
    try {
      const headers = await t.auth(['credit:read']);
      server.behave('50000000002', { kind: 'slow', delayMs: 1_500 });
      const before = billedCalls();
      const res = await requestReport(t.app, headers, { bvn: '50000000002' });
      const reference: string = res.json().data.reference;
      for (let i = 0; i < 1000 && billedCalls() === before; i++) await new Promise((r) => setTimeout(r, 10));
      expect(billedCalls()).toBe(before + 1);
      // The bureau has the billed request and has not answered yet: the job already says it was sent.
      const job = await t.database.db
        .selectFrom('credit_jobs')
        .innerJoin('credit_reports', 'credit_reports.job_id', 'credit_jobs.id')
        .select('credit_jobs.billed_call_sent_at')
        .where('credit_reports.reference', '=', reference)
        .executeTakeFirstOrThrow();
      expect(job.billed_call_sent_at).not.toBeNull();
      expect((await waitForState(t.app, headers, reference, ['completed', 'failed'])).body.data.state).toBe(
        'completed',
      );

      // A 503 to the billed call delivered no report: asked again, and the retry is not taken for a lost call.
      server.failNext('GetConsumerFullCreditReport', 1, 503);
      const refused = billedCalls();
      const again = await requestReport(t.app, headers, { bvn: '50000000003' });
      const done = await waitForState(t.app, headers, again.json().data.reference, ['completed', 'failed']);
      expect(done.body.data.state).toBe('completed');
      expect(billedCalls()).toBe(refused + 2);
    } finally {
      await t.close();
    }
  }, 90_000);
});
