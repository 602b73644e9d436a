import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_BVNS } from '../../src/credit/adapters/sandbox/sandbox-bureau.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { bodyFor, generateRows } from '../statements/bodies.js';
import { creditTestEnv, requestReport, waitForState } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: creditTestEnv });
});
afterAll(async () => t.close());

const clientWithStatement = (name: string) => t.clientWithStatement(['credit:read', 'statements:read'], name);

describe('statementKey', () => {
  it('links the reference to the client own statement; deleting the statement only unlinks it', async () => {
    const a = await clientWithStatement('lender a');
    const res = await requestReport(t.app, a.headers, { bvn: SANDBOX_BVNS.thinFile, statementKey: a.statementKey });
    expect(res.statusCode).toBe(202);
    const reference = res.json().data.reference;
    const linked = await t.services.credit.reportsForStatement(a.id, a.statementKey);
    expect(linked).toEqual([
      { reference, kind: 'consumer', state: expect.any(String), createdDate: expect.any(String) },
    ]);

    await t.database.db.deleteFrom('statements').where('key', '=', a.statementKey).execute();
    expect(await t.services.credit.reportsForStatement(a.id, a.statementKey)).toEqual([]);
    const still = await t.app.inject({
      method: 'POST',
      url: `/statements/get-consumer-credit/${encodeURIComponent(reference)}`,
      headers: a.headers,
    });
    expect(still.statusCode).toBe(200);
  });

  it("another client's statement is 404, as if it did not exist", async () => {
    const a = await clientWithStatement('lender b');
    const b = await clientWithStatement('lender c');
    const res = await requestReport(t.app, b.headers, { bvn: SANDBOX_BVNS.thinFile, statementKey: a.statementKey });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: false, code: 'NOT_FOUND', data: null });
    expect(await t.services.credit.reportsForStatement(b.id, a.statementKey)).toEqual([]);
  });
});

describe('GET /statements/{key}', () => {
  it('lists the credit references linked to the statement, with their current state', async () => {
    const headers = await t.auth(['statements:write', 'statements:read', 'credit:read']);
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/statements/analytics?format=periculum&statementType=consumer',
      headers,
      payload: bodyFor('periculum', generateRows(20), 'linked statement') as object,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const key: number = submitted.json().key;
    expect(submitted.json().creditReports).toEqual([]);

    const res = await requestReport(t.app, headers, { bvn: SANDBOX_BVNS.goodHistory, statementKey: key });
    const reference: string = res.json().data.reference;
    await waitForState(t.app, headers, reference, ['completed']);
    const statement = await t.app.inject({ method: 'GET', url: `/statements/${key}`, headers });
    expect(statement.statusCode).toBe(200);
    expect(statement.json().creditReports).toEqual([
      { reference, kind: 'consumer', state: 'completed', createdDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) },
    ]);
  });
});
