import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_BVNS } from '../../src/credit/adapters/sandbox/sandbox-bureau.js';
import { purgeCreditPullsOlderThan } from '../../src/credit/usage-repository.js';
import { purgeLivenessResultsOlderThan } from '../../src/liveness/liveness-repository.js';
import { creditTestEnv, fetchReport, requestReport, waitForState } from '../credit/helpers.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: creditTestEnv });
});
afterAll(async () => t.close());

const jobOf = async (reference: string) =>
  (
    await t.database.db
      .selectFrom('credit_reports')
      .select('job_id')
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow()
  ).job_id;

describe('CREDIT_REPORT_RETENTION_DAYS', () => {
  it('deletes pulls that ended before it, with their references and reports; a pull in flight stays however old', async () => {
    const headers = await t.auth(['credit:read']);
    const ask = async (bvn: string) => (await requestReport(t.app, headers, { bvn })).json().data.reference as string;
    const oldDone = await ask(SANDBOX_BVNS.goodHistory);
    const oldFailed = await ask(SANDBOX_BVNS.noRecord);
    const recent = await ask(SANDBOX_BVNS.badHistory);
    const inFlight = await ask(SANDBOX_BVNS.delayed);
    await waitForState(t.app, headers, oldDone, ['completed']);
    await waitForState(t.app, headers, oldFailed, ['failed']);
    await waitForState(t.app, headers, recent, ['completed']);
    const ids = (refs: string[]) => Promise.all(refs.map(jobOf));
    const [doneJob, failedJob, recentJob, flightJob] = await ids([oldDone, oldFailed, recent, inFlight]);
    await sql`update credit_jobs set completed_at = now() - interval '91 days' where id in (${doneJob}, ${failedJob})`.execute(
      t.database.db,
    );
    await sql`update credit_jobs set completed_at = now() - interval '89 days' where id = ${recentJob}`.execute(
      t.database.db,
    );
    await sql`update credit_jobs set created_at = now() - interval '200 days' where id = ${flightJob}`.execute(
      t.database.db,
    );

    expect(await purgeCreditPullsOlderThan(t.database.db, 90, 1)).toBe(2);

    for (const gone of [oldDone, oldFailed]) expect((await fetchReport(t.app, headers, gone)).statusCode).toBe(404);
    expect((await fetchReport(t.app, headers, recent)).json().data.state).toBe('completed');
    expect((await fetchReport(t.app, headers, inFlight)).statusCode).toBe(200);
    const left = await t.database.db
      .selectFrom('credit_jobs')
      .select('id')
      .where('id', '=', doneJob as number)
      .execute();
    expect(left).toEqual([]);
    expect(await purgeCreditPullsOlderThan(t.database.db, 90)).toBe(0);
  });
});

describe('LIVENESS_RETENTION_DAYS', () => {
  it('deletes liveness results stored before it, oldest first in batches', async () => {
    const client = await t.clientWithStatement(['liveness:write'], 'liveness keeper');
    const insert = (daysAgo: number) =>
      t.database.db
        .insertInto('liveness_results')
        .values({
          client_id: client.id,
          statement_key: null,
          image_sha256: 'a'.repeat(64),
          result: '{}',
          created_at: sql<Date>`now() - ${daysAgo} * interval '1 day'`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const old = [await insert(61), await insert(70), await insert(100)];
    const kept = await insert(59);
    expect(await purgeLivenessResultsOlderThan(t.database.db, 60, 2)).toBe(3);
    const left = await t.database.db
      .selectFrom('liveness_results')
      .select('id')
      .where(
        'id',
        'in',
        [...old, kept].map((r) => r.id),
      )
      .execute();
    expect(left).toEqual([{ id: kept.id }]);
  });
});
