import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_BVNS } from '../../src/credit/adapters/sandbox/sandbox-bureau.js';
import { saveLivenessResult } from '../../src/liveness/liveness-repository.js';
import { creditTestEnv, requestReport } from '../credit/helpers.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { bodyFor, generateRows } from '../statements/bodies.js';

/**
 * A statement checked by a request can be deleted by another before the request writes a row that
 * refers to it. A trigger reproduces that moment deterministically: it deletes the statement just
 * before the write, on the real database, and the write's foreign key then refuses it (the failed
 * write takes the trigger's delete back with it; in the real race the delete was another's, committed).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: creditTestEnv });
  await sql`create function vanish_statement() returns trigger language plpgsql as $$
    begin delete from statements where key = new.statement_key; return new; end $$`.execute(t.database.db);
  for (const table of ['affordability_results', 'credit_reports', 'liveness_results']) {
    await sql`create trigger vanish before insert on ${sql.table(table)}
      for each row when (new.statement_key is not null) execute function vanish_statement()`.execute(t.database.db);
  }
});
afterAll(async () => t.close());

describe('a statement deleted between its check and a write that refers to it', () => {
  it('affordability answers 404 naming the statement, and stores nothing', async () => {
    const headers = await t.auth(['statements:write', 'statements:read']);
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/statements/analytics?format=periculum&statementType=consumer',
      headers,
      payload: bodyFor('periculum', generateRows(40)) as object,
    });
    expect(submitted.statusCode).toBe(200);
    const key = submitted.json().key as number;
    const res = await t.app.inject({
      method: 'POST',
      url: '/affordability',
      headers,
      payload: { statementKey: key, dti: 0.4, loanTenure: 6 },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: `no statement ${key}`,
      errors: [{ path: '/body/statementKey', message: 'no statement with this key' }],
    });
    expect(await t.database.db.selectFrom('affordability_results').select('id').execute()).toEqual([]);
  });

  it('a credit report request answers 404 at /body/statementKey, and stores no report', async () => {
    const a = await t.clientWithStatement(['credit:read', 'statements:read'], 'lender b');
    const res = await requestReport(t.app, a.headers, { bvn: SANDBOX_BVNS.thinFile, statementKey: a.statementKey });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors).toEqual([{ path: '/body/statementKey', message: 'no statement with this key' }]);
    expect(await t.database.db.selectFrom('credit_reports').select('reference').execute()).toEqual([]);
  });

  it('a liveness result is refused as NOT_FOUND at /body/statementKey', async () => {
    const a = await t.clientWithStatement(['liveness:write'], 'lender c');
    const saving = saveLivenessResult(t.database.db, {
      clientId: a.id,
      statementKey: a.statementKey,
      imageSha256: '0'.repeat(64),
      entity: { liveness: { liveness_check: false, liveness_probability: 0 } } as never,
    });
    await expect(saving).rejects.toMatchObject({
      code: 'NOT_FOUND',
      details: [{ path: '/body/statementKey', message: 'no statement with this key' }],
    });
    expect(await t.database.db.selectFrom('liveness_results').select('id').execute()).toEqual([]);
  });
});
