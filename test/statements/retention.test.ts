import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeStatementsOlderThan } from '../../src/statements/statements-repository.js';
import { creditTestEnv, requestReport, waitForState } from '../credit/helpers.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { bodyFor, generateRows } from './bodies.js';

async function submit(t: TestApp, headers: Record<string, string>, name: string): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/statements/analytics?format=periculum&statementType=consumer',
    headers,
    payload: bodyFor('periculum', generateRows(30), name) as object,
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().key as number;
}

const age = (t: TestApp, key: number, days: number) =>
  sql`update statements set created_at = now() - ${days} * interval '1 day' where key = ${key}`.execute(t.database.db);

const rowsOf = async (t: TestApp, table: 'statement_results' | 'affordability_results', key: number) =>
  (await t.database.db.selectFrom(table).select('statement_key').where('statement_key', '=', key).execute()).length;

describe('statement retention', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ env: creditTestEnv });
    headers = await t.auth(['statements:write', 'statements:read', 'credit:read']);
  });
  afterAll(async () => t.close());

  it('deletes statements older than the retention with what goes with them, in batches; a linked paid report stays, unlinked', async () => {
    const old = [
      await submit(t, headers, 'old 1'),
      await submit(t, headers, 'old 2'),
      await submit(t, headers, 'old 3'),
    ];
    const recent = await submit(t, headers, 'recent');
    const assessed = await t.app.inject({
      method: 'POST',
      url: '/affordability',
      headers,
      payload: { statementKey: old[0], dti: 0.4, loanTenure: 6 },
    });
    expect(assessed.statusCode).toBe(200);
    const report = await requestReport(t.app, headers, { bvn: '30000000901', statementKey: old[0] });
    const reference = report.json().data.reference as string;
    await waitForState(t.app, headers, reference, ['completed']);
    for (const key of old) await age(t, key, 31);
    await age(t, recent, 29);

    expect(await purgeStatementsOlderThan(t.database.db, 30, 2)).toBe(3);

    for (const key of old) {
      const res = await t.app.inject({ method: 'GET', url: `/statements/${key}`, headers });
      expect(res.statusCode).toBe(404);
      expect(await rowsOf(t, 'statement_results', key)).toBe(0);
    }
    expect(await rowsOf(t, 'affordability_results', old[0] as number)).toBe(0);
    const kept = await t.app.inject({ method: 'GET', url: `/statements/${recent}`, headers });
    expect(kept.statusCode).toBe(200);
    const paid = await t.database.db
      .selectFrom('credit_reports')
      .select('statement_key')
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(paid.statement_key).toBeNull();
    expect(await purgeStatementsOlderThan(t.database.db, 30)).toBe(0);
  });
});

describe('STATEMENT_RETENTION_DAYS', () => {
  it('an instance sweeps on its own, counts what it deleted, and stops with the services', async () => {
    const t = await createTestApp({ env: { STATEMENT_RETENTION_DAYS: '7', RETENTION_SWEEP_MS: '20' } });
    try {
      const headers = await t.auth(['statements:write', 'statements:read']);
      const key = await submit(t, headers, 'expiring');
      await age(t, key, 8);
      const purged = async () => (await t.services.metrics.getSingleMetricAsString('retention_purged_total')) ?? '';
      let status = 200;
      // Waits for the background sweep (bounded), not a timing assertion. The sweep counts a
      // deletion once its delete has answered, which can be just after another connection saw it.
      const counted = /retention_purged_total\{record="statements"\} [1-9]/;
      for (let i = 0; i < 500 && (status === 200 || !counted.test(await purged())); i++) {
        await new Promise((r) => setTimeout(r, 20));
        status = (await t.app.inject({ method: 'GET', url: `/statements/${key}`, headers })).statusCode;
      }
      expect(status).toBe(404);
      expect(await purged()).toMatch(counted);
    } finally {
      await t.close();
    }
  });
});
