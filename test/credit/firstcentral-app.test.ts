import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportProblems } from '../../src/credit/report.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import {
  FIRSTCENTRAL_TEST_CREDENTIALS,
  type FirstCentralTestServer,
  startFirstCentralServer,
} from '../helpers/firstcentral-server.js';
import { creditTestEnv, requestReport, waitForState } from './helpers.js';

let server: FirstCentralTestServer;
let t: TestApp;
beforeAll(async () => {
  server = await startFirstCentralServer();
  t = await createTestApp({
    env: {
      ...creditTestEnv,
      CREDIT_CALL_TIMEOUT_MS: '10000', // three HTTP round trips on a busy test machine
      CREDIT_BUREAU: 'firstcentral',
      FIRSTCENTRAL_BASE_URL: server.url,
      FIRSTCENTRAL_USERNAME: FIRSTCENTRAL_TEST_CREDENTIALS.username,
      FIRSTCENTRAL_PASSWORD: FIRSTCENTRAL_TEST_CREDENTIALS.password,
    },
  });
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
    const body = await outcome('40000000003');
    expect(body).toMatchObject({ status: false, code: 'CREDIT_BUREAU_UNAVAILABLE' });
    expect(server.count('GetConsumerFullCreditReport') - before).toBe(2);
  });

  it('one 5xx then success: retried and completed', async () => {
    server.failNext('GetConsumerFullCreditReport', 1, 502);
    expect(await outcome('40000000004')).toMatchObject({ status: true, data: { state: 'completed' } });
  });
});
