import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportProblems } from '../../src/credit/report.js';
import { createLogger } from '../../src/logger.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import {
  FIRSTCENTRAL_TEST_CREDENTIALS,
  type FirstCentralTestServer,
  startFirstCentralServer,
} from '../helpers/firstcentral-server.js';
import { creditTestEnv, requestReport, waitForState } from './helpers.js';

let server: FirstCentralTestServer;
let t: TestApp;
const logLines: string[] = [];
const firstCentralEnv = (url: string) => ({
  ...creditTestEnv,
  CREDIT_CALL_TIMEOUT_MS: '10000', // three HTTP round trips on a busy test machine
  CREDIT_BUREAU: 'firstcentral',
  FIRSTCENTRAL_BASE_URL: url,
  FIRSTCENTRAL_USERNAME: FIRSTCENTRAL_TEST_CREDENTIALS.username,
  FIRSTCENTRAL_PASSWORD: FIRSTCENTRAL_TEST_CREDENTIALS.password,
});
beforeAll(async () => {
  server = await startFirstCentralServer();
  const stream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({ env: firstCentralEnv(server.url), overrides: { log: createLogger('info', stream) } });
});
afterAll(async () => {
  await t.close();
  await server.close();
});

async function outcome(bvn: string) {
  const headers = await t.auth(['credit:read']);
  const res = await requestReport(t.app, headers, { bvn, name: 'Amos Testi', dateOfBirth: '1977-01-26' });
  expect(res.statusCode).toBe(202);
  return (await waitForState(t.app, headers, res.json().data.reference, ['completed', 'failed'])).body;
}

describe('CREDIT_BUREAU=firstcentral through the routes', () => {
  it('completes with the mapped report', async () => {
    const body = await outcome('22471069115');
    expect(body).toMatchObject({
      status: true,
      message: 'Sucessful',
      data: { state: 'completed', name: 'Testi Amos', date_of_birth: '1977-01-26', report_type: 'basic' },
    });
    expect(reportProblems(body.data.report)).toEqual([]);
    expect(body.data.report.creditAccountSummary.totalMonthlyInstalmentNGN).toBe('17,205.00');
  });

  it('a report without its CreditSummary: the summary shows the arrears its agreements list, not zeros', async () => {
    server.behave('40000000005', {
      kind: 'edited',
      edit: (sections) =>
        sections
          .filter((part) => !('CreditSummary' in part))
          .map((part) => {
            const agreements = part.CreditAgreementSummary as Array<Record<string, unknown>> | undefined;
            if (!agreements) return part;
            const [first, ...rest] = agreements;
            const open = { AccountStatus: 'Open', AmountOverdue: '250,000.00', CurrentBalanceAmt: '900,000.00' };
            return { CreditAgreementSummary: [{ ...first, ...open, PerformanceStatus: 'Lost' }, ...rest] };
          }),
    });
    const body = await outcome('40000000005');
    expect(body).toMatchObject({ status: true, data: { state: 'completed' } });
    expect(body.data.report.creditAccountSummary).toMatchObject({
      rating: '',
      totalAccountInArrearNGN: '1',
      totalAmountInArrearNGN: '250,000.00',
      totalOutstandingdebtNGN: '900,000.00',
      totalNumberofAccountsNGN: '4',
      totalaccountinGoodconditionNGN: '2',
    });
    expect(body.data.report.creditAgreementSummary[0]).toMatchObject({
      amountOverdue: '250,000.00',
      performanceStatus: 'Lost',
    });
  });

  it('no match: failed with CREDIT_NO_RECORD', async () => {
    server.behave('40000000001', { kind: 'no-match' });
    expect(await outcome('40000000001')).toMatchObject({ status: false, code: 'CREDIT_NO_RECORD' });
  });

  it('malformed JSON: failed with CREDIT_BUREAU_UNREADABLE, asked once', async () => {
    server.behave('40000000002', { kind: 'malformed' });
    const before = server.count('GetConsumerFullCreditReport');
    const body = await outcome('40000000002');
    expect(body).toMatchObject({ status: false, code: 'CREDIT_BUREAU_UNREADABLE', data: { state: 'failed' } });
    expect(server.count('GetConsumerFullCreditReport') - before).toBe(1);
  });

  it('a bureau answering 503: retried up to the limit, then failed as unavailable', async () => {
    server.behave('40000000003', { kind: 'status', status: 503 });
    const before = server.count('GetConsumerFullCreditReport');
    const logged = logLines.length;
    const body = await outcome('40000000003');
    expect(body).toMatchObject({ status: false, code: 'CREDIT_BUREAU_UNAVAILABLE' });
    expect(server.count('GetConsumerFullCreditReport') - before).toBe(2);
    // The operator hears of each failed call at warn, with nothing personal in the line.
    const warned = logLines
      .slice(logged)
      .map((l) => JSON.parse(l) as { level: number; msg: string; credit?: Record<string, unknown> })
      .filter((l) => l.level === 40 && l.credit?.bureau === 'firstcentral');
    expect(warned.map((l) => l.msg)).toEqual([
      'credit bureau: the call failed; it is retried',
      'credit bureau: the pull failed (CREDIT_BUREAU_UNAVAILABLE)',
    ]);
    expect(warned[1]?.credit).toMatchObject({
      kind: 'consumer',
      failure: 'unavailable',
      attempts: 2,
      code: 'CREDIT_BUREAU_UNAVAILABLE',
      message: 'unavailable: FirstCentral GetConsumerFullCreditReport answered HTTP 503',
    });
    const text = logLines.join('\n');
    expect(text).not.toContain('40000000003');
    expect(text).not.toContain('Amos');
  });

  it("an unreadable report: the lender reads a plain message, the operator's log the detail", async () => {
    server.behave('40000000006', { kind: 'garbage-report' });
    const logged = logLines.length;
    const body = await outcome('40000000006');
    expect(body).toMatchObject({ status: false, code: 'CREDIT_BUREAU_UNREADABLE' });
    expect(body.message).toBe(
      'The answer from FirstCentral Credit Bureau could not be read. Request a new report later; if it persists, contact support with this reference.',
    );
    const text = logLines.slice(logged).join('\n');
    expect(text).toContain('the report has no PersonalDetailsSummary');
    expect(text).not.toContain('40000000006');
    expect(text).not.toContain('Amos');
  });

  it('one 5xx then success: retried and completed', async () => {
    server.failNext('GetConsumerFullCreditReport', 1, 502);
    expect(await outcome('40000000004')).toMatchObject({ status: true, data: { state: 'completed' } });
  });
});

describe('a bureau that does not answer in time', () => {
  let slow: TestApp;
  beforeAll(async () => {
    // Three round trips fit in 3 s even on a busy machine; the bureau's stalls below never end.
    slow = await createTestApp({ env: { ...firstCentralEnv(server.url), CREDIT_CALL_TIMEOUT_MS: '3000' } });
  });
  afterAll(async () => slow.close());

  async function settle(bvn: string) {
    const headers = await slow.auth(['credit:read']);
    const res = await requestReport(slow.app, headers, { bvn, name: 'Amos Testi' });
    return (await waitForState(slow.app, headers, res.json().data.reference, ['completed', 'failed'])).body;
  }

  it('the billed report call that got no answer is not sent again: the pull fails saying so', async () => {
    server.behave('40000000008', { kind: 'drip' });
    const before = server.count('GetConsumerFullCreditReport');
    const body = await settle('40000000008');
    expect(body).toMatchObject({ status: false, code: 'CREDIT_BUREAU_UNAVAILABLE', data: { state: 'failed' } });
    expect(body.message).toBe(
      'FirstCentral Credit Bureau did not answer the report request in time. It may still charge for it, so it was not asked again; request a new report if you need one.',
    );
    expect(server.count('GetConsumerFullCreditReport') - before).toBe(1);
  });

  it('a match that got no answer costs nothing: it is asked again, and the report is pulled once', async () => {
    server.delayNext('ConnectConsumerMatch', 1, 600_000);
    const matches = server.count('ConnectConsumerMatch');
    const reports = server.count('GetConsumerFullCreditReport');
    const body = await settle('40000000009');
    expect(body).toMatchObject({ status: true, data: { state: 'completed' } });
    expect(server.count('ConnectConsumerMatch') - matches).toBe(2);
    expect(server.count('GetConsumerFullCreditReport') - reports).toBe(1);
  });
});

describe('FirstCentral refusing the login', () => {
  it("the lender is told the bureau could not be reached, never the operator's settings; the log names them", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const refused = await createTestApp({
      env: { ...firstCentralEnv(server.url), FIRSTCENTRAL_PASSWORD: 'not the password' },
      overrides: { log: createLogger('info', stream) },
    });
    try {
      const headers = await refused.auth(['credit:read']);
      const res = await requestReport(refused.app, headers, { bvn: '40000000007', name: 'Amos Testi' });
      const { body } = await waitForState(refused.app, headers, res.json().data.reference, ['completed', 'failed']);
      expect(body).toMatchObject({ status: false, code: 'CREDIT_BUREAU_UNAVAILABLE' });
      expect(body.message).toBe(
        'FirstCentral Credit Bureau could not be reached after 2 attempts. Request a new report later.',
      );
      expect(lines.join('\n')).toContain('check FIRSTCENTRAL_USERNAME and FIRSTCENTRAL_PASSWORD');
    } finally {
      await refused.close();
    }
  });
});

describe('/ready with FirstCentral', () => {
  it('reachable: ok; unreachable: still ready (pulls wait in the queue) but degraded, the check not ok', async () => {
    const reachable = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(reachable.json()).toMatchObject({ ready: true, status: 'ok' });
    expect(reachable.json().checks).toContainEqual({
      name: 'credit-bureau',
      ok: true,
      optional: true,
      detail: 'firstcentral: reachable',
    });
    const closed = await startFirstCentralServer();
    const url = closed.url;
    await closed.close();
    const cut = await createTestApp({ env: firstCentralEnv(url) });
    try {
      const res = await cut.app.inject({ method: 'GET', url: '/ready' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ ready: true, status: 'degraded' });
      const check = res.json().checks.find((c: { name: string }) => c.name === 'credit-bureau');
      expect(check).toMatchObject({ ok: false, optional: true });
      expect(check.detail).toMatch(/^firstcentral: unreachable \(/);
    } finally {
      await cut.close();
    }
  });
});
