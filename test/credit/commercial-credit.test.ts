import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_BUSINESSES, SANDBOX_BVNS } from '../../src/credit/adapters/sandbox/sandbox-bureau.js';
import {
  BUSINESS_STRING_FIELDS,
  COMMERCIAL_NULLABLE_SECTIONS,
  commercialReportProblems,
} from '../../src/credit/commercial-report.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import {
  countingSandbox,
  creditTestEnv,
  fetchReport,
  requestCommercialReport,
  requestReport,
  waitForState,
} from './helpers.js';

const bureau = countingSandbox();
let t: TestApp;
let headers: { authorization: string };
beforeAll(async () => {
  t = await createTestApp({ env: creditTestEnv, overrides: { bureau } });
  headers = await t.auth(['credit:read']);
});
afterAll(async () => t.close());

/** A new client each time, so that no earlier report for the number is reused. */
async function settled(body: Record<string, unknown>) {
  const own = await t.auth(['credit:read']);
  const res = await requestCommercialReport(t.app, own, body);
  expect(res.statusCode).toBe(202);
  const reference: string = res.json().data.reference;
  return { own, reference, ...(await waitForState(t.app, own, reference, ['completed', 'failed'], 'commercial')) };
}

describe('POST /credit/commercial-reports', () => {
  it('answers at once with a reference in the real API format, pointing at the commercial fetch route', async () => {
    const res = await requestCommercialReport(t.app, headers, {
      registrationNumber: SANDBOX_BUSINESSES.goodHistory,
      businessName: 'Adeyemi Foods Limited',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      status: true,
      message: expect.stringContaining('/statements/get-commercial-credit/'),
      data: { reference: expect.stringMatching(/^testlender&[0-9a-f]{32}$/), state: 'pending' },
    });
  });

  it.each([
    [{}, '/body/registrationNumber'],
    [{ registrationNumber: '' }, '/body/registrationNumber'],
    [{ registrationNumber: 'RC' }, '/body/registrationNumber'],
    [{ registrationNumber: 'XY123456' }, '/body/registrationNumber'],
    [{ registrationNumber: 'RC12345678901' }, '/body/registrationNumber'],
    [{ registrationNumber: '1234567' }, '/body/registrationNumber'],
    [{ registrationNumber: ' 0000003' }, '/body/registrationNumber'],
    [{ registrationNumber: 'RC123456', businessName: '' }, '/body/businessName'],
    [{ registrationNumber: 'RC123456', statementKey: 0 }, '/body/statementKey'],
    [{ registrationNumber: 'RC123456', bvn: '22200000002' }, '/body/bvn'],
  ])('refuses %j naming %s, in the credit envelope', async (body, path) => {
    const res = await requestCommercialReport(t.app, headers, body);
    expect(res.statusCode).toBe(400);
    const answer = res.json();
    expect(answer).toMatchObject({ status: false, code: 'VALIDATION_FAILED', data: null });
    expect(answer.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('needs a token with credit:read', async () => {
    const body = { registrationNumber: SANDBOX_BUSINESSES.goodHistory };
    expect((await requestCommercialReport(t.app, {}, body)).statusCode).toBe(401);
    const wrong = await requestCommercialReport(t.app, await t.auth(['statements:read']), body);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ status: false, code: 'INSUFFICIENT_SCOPE', data: null });
  });

  it('a statementKey that is not one of the client own statements is 404 naming the field', async () => {
    const res = await requestCommercialReport(t.app, headers, {
      registrationNumber: 'RC123456',
      statementKey: 999_999,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].path).toBe('/body/statementKey');
  });
});

describe('POST /statements/get-commercial-credit/{reference}', () => {
  it('good history: the completed report in the real API envelope, every member present', async () => {
    const { body, seen } = await settled({ registrationNumber: SANDBOX_BUSINESSES.goodHistory });
    expect(seen.at(-1)).toBe('completed');
    expect(body.status).toBe(true);
    expect(body.message).toBe('Sucessful');
    expect(Object.keys(body.data).sort()).toEqual(
      ['business_registration_number', 'reference', 'report', 'report_type', 'state'].sort(),
    );
    expect(body.data.business_registration_number).toBe(SANDBOX_BUSINESSES.goodHistory);
    expect(body.data.report_type).toBe('basic');
    const report = body.data.report;
    expect(commercialReportProblems(report)).toEqual([]);
    expect(Object.keys(report.businessData).sort()).toEqual([...BUSINESS_STRING_FIELDS, 'commercialID'].sort());
    expect(report.businessData.businessRegistrationNumber).toBe(SANDBOX_BUSINESSES.goodHistory);
    expect(Array.isArray(report.directorInformation)).toBe(true);
    for (const section of COMMERCIAL_NULLABLE_SECTIONS) expect(report).toHaveProperty(section);
    expect(report.creditAccountSummary.rating).toEqual(expect.any(String));
  });

  it('a registration number typed with spaces, a dash or in lower case names the same business', async () => {
    const { body } = await settled({ registrationNumber: ' rc-0000002 ' });
    expect(body.data.business_registration_number).toBe('RC0000002');
    expect(body.data.report.businessData.businessRegistrationNumber).toBe('RC0000002');
  });

  it.each(['RC000 0003', 'RC000-0003', 'R-C 000 000 3'])(
    'spaces and dashes among the digits are ignored too: %s is RC0000003',
    async (registrationNumber) => {
      const { body } = await settled({ registrationNumber });
      expect(body.data.business_registration_number).toBe(SANDBOX_BUSINESSES.badHistory);
      expect(body.data.report.businessData.businessRegistrationNumber).toBe('RC0000003');
    },
  );

  it('a number without its prefix is refused with the form it must take, and no bureau call', async () => {
    const before = bureau.requests.length;
    const res = await requestCommercialReport(t.app, headers, { registrationNumber: '1234567' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [
        {
          path: '/body/registrationNumber',
          message: 'must be a CAC registration number: RC, BN, IT, LP or LLP, then 1 to 10 digits (RC1234567)',
        },
      ],
    });
    expect(bureau.requests.length).toBe(before);
  });

  it('no record at the bureau: failed, with what to check about the business', async () => {
    const { body } = await settled({ registrationNumber: SANDBOX_BUSINESSES.noRecord });
    expect(body).toMatchObject({ status: false, code: 'CREDIT_NO_RECORD', data: { state: 'failed', report: null } });
    expect(body.message).toMatch(/registration number/);
    expect(body.message).not.toMatch(/BVN/);
    expect(body.data.business_registration_number).toBe(SANDBOX_BUSINESSES.noRecord);
  });

  it('an answer that is not a report is refused by the schema check, never stored', async () => {
    const { body } = await settled({ registrationNumber: SANDBOX_BUSINESSES.unreadable });
    expect(body).toMatchObject({ status: false, code: 'CREDIT_BUREAU_UNREADABLE', data: { state: 'failed' } });
    expect(body.data.report).toBeNull();
  });

  it('a consumer reference is not found on the commercial route, nor a business one on the consumer route', async () => {
    const business = await settled({ registrationNumber: SANDBOX_BUSINESSES.thinFile });
    const consumer = await requestReport(t.app, business.own, { bvn: SANDBOX_BVNS.goodHistory });
    const consumerRef: string = consumer.json().data.reference;
    const onCommercial = await fetchReport(t.app, business.own, consumerRef, 'commercial');
    expect(onCommercial.statusCode).toBe(404);
    expect(onCommercial.json()).toMatchObject({ status: false, code: 'NOT_FOUND', data: null });
    expect((await fetchReport(t.app, business.own, business.reference, 'consumer')).statusCode).toBe(404);
    expect((await fetchReport(t.app, business.own, business.reference, 'commercial')).statusCode).toBe(200);
  });

  it("another client's reference is not found", async () => {
    const { reference } = await settled({ registrationNumber: SANDBOX_BUSINESSES.goodHistory });
    const res = await fetchReport(t.app, await t.auth(['credit:read']), reference, 'commercial');
    expect(res.statusCode).toBe(404);
  });
});

describe('reuse', () => {
  it('a fresh report for the same registration number is reused (one bureau call), as typed in another way', async () => {
    const own = await t.auth(['credit:read']);
    const number = 'BN809081021';
    const first = await requestCommercialReport(t.app, own, { registrationNumber: number });
    await waitForState(t.app, own, first.json().data.reference, ['completed'], 'commercial');
    const again = await requestCommercialReport(t.app, own, { registrationNumber: 'bn 809081021' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.state).toBe('completed');
    expect(again.json().message).toMatch(/reused/);
    expect(bureau.requests.filter((r) => r === number)).toHaveLength(1);
    const refreshed = await requestCommercialReport(t.app, own, { registrationNumber: number }, '?refresh=true');
    expect(refreshed.statusCode).toBe(202);
    await waitForState(t.app, own, refreshed.json().data.reference, ['completed'], 'commercial');
    expect(bureau.requests.filter((r) => r === number)).toHaveLength(2);
  });
});
