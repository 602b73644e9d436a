import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAffordabilityResults, saveAffordabilityResult } from '../../src/affordability/affordability-repository.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** One assessment's values in kobo, as the service writes them. */
const assessment = (clientId: number, statementKey: number, dti: number) => ({
  client_id: clientId,
  statement_key: statementKey,
  dti,
  loan_tenure: 6,
  requested_loan_repayment: null,
  average_predicted_salary: 30_000_000,
  average_other_income: 10_000,
  average_monthly_total_expenses: 5_403_333,
  average_monthly_loan_repayment: 1_000_000,
  monthly_disposable_income: 23_606_667,
  monthly_affordability: 11_004_000,
  affordability_amount: 66_024_000,
});

describe('affordability repository', () => {
  it('saves an assessment and answers its columns, kobo as numbers', async () => {
    const a = await t.clientWithStatement(['statements:read'], 'lender a');
    const saved = await saveAffordabilityResult(t.database.db, assessment(a.id, a.statementKey, 0.4));
    expect(saved).toEqual({
      id: expect.any(Number),
      statement_key: a.statementKey,
      dti: 0.4,
      loan_tenure: 6,
      average_predicted_salary: 30_000_000,
      average_other_income: 10_000,
      average_monthly_total_expenses: 5_403_333,
      average_monthly_loan_repayment: 1_000_000,
      monthly_disposable_income: 23_606_667,
      monthly_affordability: 11_004_000,
      affordability_amount: 66_024_000,
      created_at: expect.any(Date),
    });
  });

  it("lists one client's assessments of a statement, newest first, and none of another client's", async () => {
    const a = await t.clientWithStatement(['statements:read'], 'lender b');
    const b = await t.clientWithStatement(['statements:read'], 'lender c');
    const first = await saveAffordabilityResult(t.database.db, assessment(a.id, a.statementKey, 0.3));
    const second = await saveAffordabilityResult(t.database.db, assessment(a.id, a.statementKey, 0.5));
    await saveAffordabilityResult(t.database.db, assessment(b.id, b.statementKey, 0.4));
    expect(await listAffordabilityResults(t.database.db, a.id, a.statementKey)).toEqual([second, first]);
    expect(await listAffordabilityResults(t.database.db, b.id, a.statementKey)).toEqual([]);
  });

  it('refuses an assessment of a statement deleted since it was checked as NOT_FOUND at /body/statementKey', async () => {
    const a = await t.clientWithStatement(['statements:read'], 'lender d');
    await t.database.db.deleteFrom('statements').where('key', '=', a.statementKey).execute();
    await expect(saveAffordabilityResult(t.database.db, assessment(a.id, a.statementKey, 0.4))).rejects.toMatchObject({
      code: 'NOT_FOUND',
      details: [{ path: '/body/statementKey', message: 'no statement with this key' }],
    });
  });
});
