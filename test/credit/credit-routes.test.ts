import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_BVNS } from '../../src/credit/adapters/sandbox/sandbox-bureau.js';
import {
  ACCOUNT_RATING_KEYS,
  LOCAL_CURRENCIES,
  NULLABLE_SECTIONS,
  PERSONAL_STRING_FIELDS,
  reportProblems,
  SPEC_CURRENCIES,
  SUMMARY_METRIC_NAMES,
} from '../../src/credit/report.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { creditTestEnv, fetchReport, requestReport, waitForState } from './helpers.js';

let t: TestApp;
let headers: { authorization: string };
beforeAll(async () => {
  t = await createTestApp({ env: creditTestEnv });
  headers = await t.auth(['credit:read']);
});
afterAll(async () => t.close());

/** A new client each time, so that no earlier report for the BVN is reused. */
async function completedReport(bvn: string, extra: Record<string, unknown> = {}) {
  const own = await t.auth(['credit:read']);
  const res = await requestReport(t.app, own, { bvn, ...extra });
  expect(res.statusCode).toBe(202);
  return waitForState(t.app, own, res.json().data.reference, ['completed', 'failed']);
}

describe('POST /credit/consumer-reports', () => {
  it('answers at once with a reference in the real API format and a state', async () => {
    const res = await requestReport(t.app, headers, { bvn: SANDBOX_BVNS.goodHistory, name: 'Chioma Adeyemi' });
    expect(res.statusCode).toBe(202);
    const body = res.json();
    expect(body).toEqual({
      status: true,
      message: expect.stringContaining('/statements/get-consumer-credit/'),
      data: { reference: expect.stringMatching(/^testlender&[0-9a-f]{32}$/), state: 'pending' },
    });
  });

  it.each([
    [{ bvn: '1234567890' }, '/body/bvn'],
    [{ bvn: '1234567890a' }, '/body/bvn'],
    [{}, '/body/bvn'],
    [{ bvn: '22200000002', dateOfBirth: '26/01/1977' }, '/body/dateOfBirth'],
    [{ bvn: '22200000002', statementKey: 'x' }, '/body/statementKey'],
    [{ bvn: '22200000004', dateOfBirth: '1990-02-30' }, '/body/dateOfBirth'],
  ])('refuses %j naming %s, in the credit envelope', async (body, path) => {
    const res = await requestReport(t.app, headers, body);
    expect(res.statusCode).toBe(400);
    const answer = res.json();
    expect(answer).toMatchObject({ status: false, code: 'VALIDATION_FAILED', data: null });
    expect(answer.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it("a BVN with spaces around it is the BVN, as a statement's is; spaces inside are still refused", async () => {
    const own = await t.auth(['credit:read']);
    const padded = await requestReport(t.app, own, { bvn: ` ${SANDBOX_BVNS.goodHistory}\t` });
    expect(padded.statusCode).toBe(202);
    const { body } = await waitForState(t.app, own, padded.json().data.reference, ['completed', 'failed']);
    expect(body.data.report.identificationHistory).toEqual([
      { identificationType: 'BVN', identificationNumber: '*******0002' },
    ]);
    // The same subject: its report is reused.
    const plain = await requestReport(t.app, own, { bvn: SANDBOX_BVNS.goodHistory });
    expect(plain.statusCode).toBe(200);
    expect(plain.json().data.state).toBe('completed');
    const inside = await requestReport(t.app, own, { bvn: '222 00000002' });
    expect(inside.statusCode).toBe(400);
    expect(inside.json().errors).toEqual([{ path: '/body/bvn', message: 'must be a BVN: 11 digits' }]);
  });

  it('two clients whose names give one prefix get references that still say whose they are', async () => {
    const prefixes: string[] = [];
    for (const name of ['Client-A full', 'Client A Full', 'CLIENT A FULL']) {
      const { token } = await t.client(['credit:read'], name);
      const res = await requestReport(t.app, { authorization: `Bearer ${token}` }, { bvn: SANDBOX_BVNS.goodHistory });
      expect(res.statusCode).toBe(202);
      prefixes.push(res.json().data.reference.split('&')[0]);
    }
    expect(prefixes).toEqual(['clientafull', 'clientafull2', 'clientafull3']);
  });

  it('refuses a date of birth that does not exist, lies in the future or before 1900, and queues nothing', async () => {
    const own = await t.auth(['credit:read']);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    for (const [dateOfBirth, message] of [
      ['1990-02-30', 'not a calendar date'],
      ['1991-02-29', 'not a calendar date'],
      ['1990-04-31', 'not a calendar date'],
      ['2090-01-01', 'must not be in the future'],
      [tomorrow, 'must not be in the future'],
      ['1899-12-31', 'must be 1900-01-01 or later'],
    ]) {
      const res = await requestReport(t.app, own, { bvn: SANDBOX_BVNS.noRecord, dateOfBirth });
      expect(res.statusCode, dateOfBirth).toBe(400);
      expect(res.json()).toMatchObject({
        status: false,
        code: 'VALIDATION_FAILED',
        message: `/body/dateOfBirth: ${message}`,
        errors: [{ path: '/body/dateOfBirth', message }],
      });
    }
    const { total } = (await t.app.inject({ method: 'GET', url: '/credit/reports', headers: own })).json();
    expect(total).toBe(0);
    // The first day taken, a leap day, and today are real dates of birth.
    const today = new Date().toISOString().slice(0, 10);
    for (const dateOfBirth of ['1900-01-01', '1992-02-29', today]) {
      const res = await requestReport(t.app, own, { bvn: SANDBOX_BVNS.thinFile, dateOfBirth }, '?refresh=true');
      expect(res.statusCode, dateOfBirth).toBe(202);
    }
  });

  it('needs a token with credit:read, and says so in the credit envelope', async () => {
    const anonymous = await requestReport(t.app, {}, { bvn: SANDBOX_BVNS.goodHistory });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ status: false, code: 'UNAUTHENTICATED', data: null });
    const wrong = await requestReport(t.app, await t.auth(['regions:read']), { bvn: SANDBOX_BVNS.goodHistory });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ status: false, code: 'INSUFFICIENT_SCOPE', data: null });
  });

  it('a statementKey that is not one of the client own statements is 404 naming the field', async () => {
    const res = await requestReport(t.app, headers, { bvn: SANDBOX_BVNS.goodHistory, statementKey: 999_999 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: false, code: 'NOT_FOUND', data: null });
    expect(res.json().errors[0].path).toBe('/body/statementKey');
  });
});

describe('POST /statements/get-consumer-credit/{reference}', () => {
  it('good history: pending, then the completed report in exactly the spec shape', async () => {
    const { body, seen } = await completedReport(SANDBOX_BVNS.goodHistory, { dateOfBirth: '1990-04-12' });
    expect(seen.at(-1)).toBe('completed');
    expect(seen.every((s) => ['pending', 'processing', 'completed'].includes(s))).toBe(true);
    expect(body.status).toBe(true);
    expect(body.message).toBe('Sucessful');
    expect(Object.keys(body.data).sort()).toEqual(
      ['reference', 'state', 'name', 'date_of_birth', 'report_type', 'report'].sort(),
    );
    expect(body.data.report_type).toBe('basic');
    const report = body.data.report;
    expect(reportProblems(report)).toEqual([]);
    expect(Object.keys(report).sort()).toEqual(
      [...NULLABLE_SECTIONS, 'accountRating', 'creditAccountSummary', 'personalDetailsSummary'].sort(),
    );
    expect(Object.keys(report.accountRating).sort()).toEqual([...ACCOUNT_RATING_KEYS].sort());
    expect(ACCOUNT_RATING_KEYS).toHaveLength(18);
    expect(report.accountRating).toHaveProperty('noOfAutoLoanccountsGood');
    // The BVN masked as a statement's is (and as the FirstCentral report's).
    expect(report.identificationHistory).toEqual([{ identificationType: 'BVN', identificationNumber: '*******0002' }]);
    expect(Object.keys(report.creditAccountSummary).sort()).toEqual(
      [
        'rating',
        ...SUMMARY_METRIC_NAMES.flatMap((m) => [...SPEC_CURRENCIES, ...LOCAL_CURRENCIES].map((c) => `${m}${c}`)),
      ].sort(),
    );
    expect(Object.keys(report.personalDetailsSummary).sort()).toEqual([...PERSONAL_STRING_FIELDS, 'consumerID'].sort());
    expect(typeof report.personalDetailsSummary.consumerID).toBe('number');
    // The envelope's name and birth date are the bureau's, in the envelope's formats.
    const p = report.personalDetailsSummary;
    expect(body.data.name).toContain(p.surname);
    const [d, m, y] = p.birthDate.split('/');
    expect(body.data.date_of_birth).toBe(`${y}-${m}-${d}`);
  });

  it('accepts the reference raw (with &) as well as URL-encoded, and an empty JSON body', async () => {
    const res = await requestReport(t.app, headers, { bvn: SANDBOX_BVNS.thinFile });
    const reference: string = res.json().data.reference;
    const raw = await t.app.inject({
      method: 'POST',
      url: `/statements/get-consumer-credit/${reference}`,
      headers: { ...headers, 'content-type': 'application/json' },
    });
    expect(raw.statusCode).toBe(200);
    expect(raw.json().data.reference).toBe(reference);
    const encoded = await t.app.inject({
      method: 'POST',
      url: `/statements/get-consumer-credit/${reference.replace('&', '%26')}`,
      headers,
    });
    expect(encoded.statusCode).toBe(200);
    expect(encoded.json().data.reference).toBe(reference);
  });

  it('thin file: one account, most sections null', async () => {
    const { body } = await completedReport(SANDBOX_BVNS.thinFile);
    expect(body.data.state).toBe('completed');
    expect(body.data.report.creditAccountSummary.totalNumberofAccountsNGN).toBe('1');
    expect(body.data.report.judgementSummary).toBeNull();
    expect(body.data.report.employmentHistory).toBeNull();
  });

  it('bad history: arrears and dishonoured cheques', async () => {
    const { body } = await completedReport(SANDBOX_BVNS.badHistory);
    const s = body.data.report.creditAccountSummary;
    expect(Number(s.totalAccountInArrearNGN)).toBeGreaterThan(0);
    expect(Number(s.totalNumberofDishonouredNGN)).toBeGreaterThan(0);
    expect(body.data.report.dudCheqEventSummary.length).toBeGreaterThan(0);
  });

  it('no record: failed, status false, with a message the lender can act on', async () => {
    const { body } = await completedReport(SANDBOX_BVNS.noRecord, { name: 'Ade Bello', dateOfBirth: '1980-02-03' });
    expect(body).toMatchObject({
      status: false,
      code: 'CREDIT_NO_RECORD',
      data: { state: 'failed', report: null, report_type: 'basic', name: 'Ade Bello', date_of_birth: '1980-02-03' },
    });
    expect(body.message).toMatch(/no credit record for this BVN/);
  });

  it('bureau timeout: retried, then failed as unavailable after the attempts', async () => {
    const { body, seen } = await completedReport(SANDBOX_BVNS.timeout);
    expect(seen).toContain('failed');
    expect(body).toMatchObject({ status: false, code: 'CREDIT_BUREAU_UNAVAILABLE', data: { state: 'failed' } });
    expect(body.message).toMatch(/could not be reached after 2 attempts/);
  });

  it('delayed: processing while the bureau prepares it, then completed', async () => {
    const own = await t.auth(['credit:read']);
    const res = await requestReport(t.app, own, { bvn: SANDBOX_BVNS.delayed });
    const { seen } = await waitForState(t.app, own, res.json().data.reference, ['completed', 'failed']);
    expect(seen).toContain('processing');
    expect(seen.at(-1)).toBe('completed');
  });

  it('a garbage bureau answer: failed with a clear message, never a 5xx', async () => {
    const { body } = await completedReport(SANDBOX_BVNS.unreadable);
    expect(body).toMatchObject({
      status: false,
      code: 'CREDIT_BUREAU_UNREADABLE',
      data: { state: 'failed', report: null },
    });
    expect(body.message).toMatch(/could not be read/);
    // What the schema refused is for the operator's log, not the lender.
    expect(body.message).not.toMatch(/required|property|must/);
  });

  it('an unknown reference, or another client one, is 404 in the credit envelope', async () => {
    const res = await requestReport(t.app, headers, { bvn: SANDBOX_BVNS.thinFile });
    const reference = res.json().data.reference;
    const other = await fetchReport(t.app, await t.auth(['credit:read']), reference);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ status: false, code: 'NOT_FOUND', data: null });
    const unknown = await fetchReport(t.app, headers, 'testlender&00000000000000000000000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: false, code: 'NOT_FOUND', data: null });
  });
});

describe('OpenAPI', () => {
  it('documents both credit routes with their request and answer schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths;
    const request = paths['/credit/consumer-reports'].post;
    expect(request.requestBody.content['application/json'].schema.properties.bvn.pattern).toBe('^\\s*[0-9]{11}\\s*$');
    expect(Object.keys(request.responses)).toEqual(expect.arrayContaining(['200', '202', '400', '401', '404']));
    const fetch = paths['/statements/get-consumer-credit/{reference}'].post;
    expect(
      fetch.responses['200'].content['application/json'].schema.properties.data.properties.report_type,
    ).toBeDefined();
  });
});
