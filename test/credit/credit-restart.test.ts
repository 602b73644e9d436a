import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { SANDBOX_BVNS } from '../../src/credit/adapters/sandbox/sandbox-bureau.js';
import { createLogger } from '../../src/logger.js';
import { createTestApp } from '../helpers/app.js';
import { openTestDatabase } from '../helpers/database.js';
import { creditTestEnv, requestReport, waitForState } from './helpers.js';

describe('a restart in the middle of a request', () => {
  it('a report the bureau is still preparing completes on the next instance', async () => {
    const database = await openTestDatabase();
    try {
      const env = { ...creditTestEnv, CREDIT_SANDBOX_DELAY_MS: '2000' };
      const first = await createTestApp({ env, database });
      const { token } = await first.client(['credit:read']);
      const headers = { authorization: `Bearer ${token}` };
      const res = await requestReport(first.app, headers, { bvn: SANDBOX_BVNS.delayed });
      const reference: string = res.json().data.reference;
      const { body } = await waitForState(first.app, headers, reference, ['processing', 'completed']);
      expect(body.data.state).toBe('processing'); // the bureau took the request; its ticket is in the job
      await first.close();

      const second = await createTestApp({ env, database });
      try {
        const done = await waitForState(second.app, headers, reference, ['completed', 'failed']);
        expect(done.body.data.state).toBe('completed');
        expect(done.body.data.report.personalDetailsSummary.consumerID).toBeGreaterThan(0);
      } finally {
        await second.close();
      }
    } finally {
      await database.close();
    }
  }, 90_000);

  it('a queued request no worker touched completes after the restart, under a newly configured key', async () => {
    const database = await openTestDatabase();
    try {
      // The first instance runs no worker, so the job is still `pending` when it stops.
      const first = await createTestApp({ env: { ...creditTestEnv, CREDIT_WORKER_CONCURRENCY: '0' }, database });
      const { token } = await first.client(['credit:read']);
      const headers = { authorization: `Bearer ${token}` };
      const res = await requestReport(first.app, headers, { bvn: SANDBOX_BVNS.goodHistory, name: 'Chioma Adeyemi' });
      const reference: string = res.json().data.reference;
      expect(res.json().data.state).toBe('pending');
      await first.close();

      // The operator sets a real key: rows sealed under the development key still open.
      const key = randomBytes(32).toString('hex');
      const second = await createTestApp({ env: { ...creditTestEnv, CREDIT_ENCRYPTION_KEY: key }, database });
      try {
        const done = await waitForState(second.app, headers, reference, ['completed', 'failed']);
        expect(done.body.data.state).toBe('completed');
        expect(second.services.credit).toBeDefined();
      } finally {
        await second.close();
      }
    } finally {
      await database.close();
    }
  }, 90_000);

  it("a stored request no configured key opens fails with a plain message; the operator's log says why", async () => {
    const database = await openTestDatabase();
    try {
      const first = await createTestApp({ env: { ...creditTestEnv, CREDIT_WORKER_CONCURRENCY: '0' }, database });
      const { token } = await first.client(['credit:read']);
      const headers = { authorization: `Bearer ${token}` };
      const res = await requestReport(first.app, headers, { bvn: SANDBOX_BVNS.goodHistory });
      const reference: string = res.json().data.reference;
      await first.close();
      // As if sealed under a key the operator has since dropped.
      await database.db.updateTable('credit_jobs').set({ subject_enc: 'v1.not-a-sealed-value' }).execute();

      const lines: string[] = [];
      const stream = new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      });
      const second = await createTestApp({
        env: creditTestEnv,
        database,
        overrides: { log: createLogger('info', stream) },
      });
      try {
        const { body } = await waitForState(second.app, headers, reference, ['completed', 'failed']);
        expect(body).toMatchObject({ status: false, code: 'CREDIT_REQUEST_UNREADABLE' });
        expect(body.message).toBe(
          'The stored request could not be opened, so it was not sent to the bureau. Request a new report.',
        );
        expect(lines.join('\n')).toContain('CREDIT_ENCRYPTION_KEY');
      } finally {
        await second.close();
      }
    } finally {
      await database.close();
    }
  }, 90_000);
});
