import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_BVNS } from '../../src/credit/adapters/sandbox/sandbox-bureau.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { countingSandbox, creditTestEnv, requestReport, waitForState } from './helpers.js';

let t: TestApp;
// The delayed BVN stays at the bureau for 2 s: long enough for 20 requests to arrive while it is in flight.
const bureau = countingSandbox(2_000);
beforeAll(async () => {
  t = await createTestApp({ env: creditTestEnv, overrides: { bureau } });
});
afterAll(async () => t.close());

const pulls = (bvn: string) => bureau.requests.filter((b) => b === bvn).length;

async function metric(name: string): Promise<string> {
  return (await t.services.metrics.getSingleMetricAsString(name)) ?? '';
}

describe('never paying twice', () => {
  it('20 concurrent requests for one subject become one bureau call, and all complete with one report', async () => {
    const headers = await t.auth(['credit:read']);
    const bvn = '30000000001';
    const answers = await Promise.all(Array.from({ length: 20 }, () => requestReport(t.app, headers, { bvn })));
    expect(answers.map((a) => a.statusCode).every((s) => s === 200 || s === 202)).toBe(true);
    const references = answers.map((a) => a.json().data.reference as string);
    expect(new Set(references).size).toBe(20);
    const reports = [];
    for (const reference of references) {
      const { body } = await waitForState(t.app, headers, reference, ['completed', 'failed']);
      expect(body.data.state).toBe('completed');
      reports.push(JSON.stringify(body.data.report));
    }
    expect(new Set(reports).size).toBe(1);
    expect(pulls(bvn)).toBe(1);
    // The other 19 shared the pull: in flight, or already completed by the time they were handled.
    const shared = [...(await metric('credit_report_reuse_total')).matchAll(/} (\d+)$/gm)].reduce(
      (n, m) => n + Number(m[1]),
      0,
    );
    expect(shared).toBe(19);
  }, 90_000);

  it('20 concurrent requests while the bureau is still preparing the report: one call, all share it', async () => {
    const headers = await t.auth(['credit:read']);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => requestReport(t.app, headers, { bvn: SANDBOX_BVNS.delayed })),
    );
    // On a very busy machine the last ones may arrive after the report completed: then 200, reused.
    expect(answers.every((a) => a.statusCode === 202 || a.statusCode === 200)).toBe(true);
    expect(answers.filter((a) => a.json().data.state !== 'completed').length).toBeGreaterThan(1);
    for (const a of answers) {
      const { body } = await waitForState(t.app, headers, a.json().data.reference, ['completed', 'failed']);
      expect(body.data.state).toBe('completed');
    }
    expect(pulls(SANDBOX_BVNS.delayed)).toBe(1);
    expect(await metric('credit_report_reuse_total')).toMatch(/kind="in_flight"} [1-9]/);
  }, 90_000);

  it('a completed report within the freshness window is reused; another client pays for its own', async () => {
    const headers = await t.auth(['credit:read']);
    const bvn = '30000000002';
    const first = await requestReport(t.app, headers, { bvn });
    await waitForState(t.app, headers, first.json().data.reference, ['completed']);
    const second = await requestReport(t.app, headers, { bvn });
    expect(second.statusCode).toBe(200);
    expect(second.json().data.state).toBe('completed');
    expect(second.json().message).toMatch(/reused/);
    expect(pulls(bvn)).toBe(1);

    const other = await t.auth(['credit:read']);
    const third = await requestReport(t.app, other, { bvn });
    expect(third.statusCode).toBe(202);
    await waitForState(t.app, other, third.json().data.reference, ['completed']);
    expect(pulls(bvn)).toBe(2);
  });

  it('?refresh=true forces a new pull', async () => {
    const headers = await t.auth(['credit:read']);
    const bvn = '30000000003';
    const first = await requestReport(t.app, headers, { bvn });
    await waitForState(t.app, headers, first.json().data.reference, ['completed']);
    const again = await requestReport(t.app, headers, { bvn }, '?refresh=true');
    expect(again.statusCode).toBe(202);
    await waitForState(t.app, headers, again.json().data.reference, ['completed']);
    expect(pulls(bvn)).toBe(2);
  });

  it('a failed pull is not reused: asking again goes back to the bureau', async () => {
    const headers = await t.auth(['credit:read']);
    const first = await requestReport(t.app, headers, { bvn: SANDBOX_BVNS.noRecord });
    await waitForState(t.app, headers, first.json().data.reference, ['failed']);
    const again = await requestReport(t.app, headers, { bvn: SANDBOX_BVNS.noRecord });
    expect(again.json().data.state).toBe('pending');
  });
});

describe('at rest', () => {
  it('stores no BVN, name or report in clear, and counts calls in the metrics', async () => {
    const headers = await t.auth(['credit:read']);
    const bvn = '30000000004';
    const res = await requestReport(t.app, headers, { bvn, name: 'Ngozi Okafor', dateOfBirth: '1988-07-09' });
    const { body } = await waitForState(t.app, headers, res.json().data.reference, ['completed']);
    const surname: string = body.data.report.personalDetailsSummary.surname;
    const { rows } = await sql<Record<string, unknown>>`
      select j.*, r.request_enc from credit_jobs j join credit_reports r on r.job_id = j.id
      where r.reference = ${body.data.reference}`.execute(t.database.db);
    const dump = JSON.stringify(rows);
    expect(rows).toHaveLength(1);
    expect(dump).not.toContain(bvn);
    expect(dump).not.toContain('Ngozi');
    expect(dump).not.toContain(surname);
    expect(dump).not.toContain('1988-07-09');
    expect(String(rows[0]?.report_enc)).toMatch(/^v1\./);
    expect(await metric('credit_bureau_calls_total')).toMatch(/operation="request",outcome="ready"} [1-9]/);
    expect(await metric('credit_bureau_call_duration_seconds')).toContain('bureau="sandbox"');
  });
});
