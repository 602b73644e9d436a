import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessSubject } from '../../src/credit/bureau.js';
import { commercialReportProblems } from '../../src/credit/commercial-report.js';
import {
  type FirstCentralTestServer,
  firstCentralAdapter,
  startFirstCentralServer,
  TEST_ENQUIRY_REASON,
} from '../helpers/firstcentral-server.js';

let server: FirstCentralTestServer;
beforeAll(async () => {
  server = await startFirstCentralServer();
});
afterAll(async () => server.close());

const business = (registrationNumber: string): BusinessSubject => ({
  registrationNumber,
  businessName: 'Lagoon Harvest Foods Limited',
  enquiryReason: 'working capital loan',
});
const signal = () => new AbortController().signal;

const adapter = (opts: Parameters<typeof firstCentralAdapter>[1] = {}) => firstCentralAdapter(server, opts);

/** What `run` answered, and the calls it made to the server. */
async function callsDuring<T>(run: () => Promise<T>) {
  const before = server.calls.length;
  const result = await run();
  return { result, calls: server.calls.slice(before) };
}

describe('FirstCentral commercial report against a server speaking its protocol', () => {
  it('logs in, matches the registration number, pulls the full commercial report and maps it', async () => {
    const { result: report, calls } = await callsDuring(() =>
      adapter().requestCommercialReport(business('RC1482736'), signal()),
    );
    expect(calls.map((c) => c.path)).toEqual(['login', 'ConnectCommercialMatch', 'GetCommercialFullCreditReport']);
    const [, matchCall, reportCall] = calls;
    if (!matchCall || !reportCall) throw new Error('three calls expected');
    expect(matchCall?.body).toEqual({
      DataTicket: expect.any(String),
      EnquiryReason: 'working capital loan',
      BusinessName: 'Lagoon Harvest Foods Limited',
      BusinessRegistrationNumber: 'RC1482736',
      AccountNumber: '',
      ProductID: '47',
    });
    expect(reportCall.body).toMatchObject({
      DataTicket: matchCall.body.DataTicket,
      SubscriberEnquiryEngineID: '81234', // the match's MatchingEngineID
      EnquiryID: String(server.calls.indexOf(matchCall) + 1), // its SubscriberEnquiryID: the server numbers them by call
      EnquiryReason: 'working capital loan',
    });
    expect(reportCall.body.commercialID).toMatch(/^\d+$/);
    expect(reportCall.body.commercialMergeList).toBe(reportCall.body.commercialID);

    expect(commercialReportProblems(report)).toEqual([]);
    expect(report.businessData).toMatchObject({
      commercialID: 318542,
      businessName: 'LAGOON HARVEST FOODS LIMITED',
      businessRegistrationNumber: 'RC1482736',
      dateOfIncorporation: '14/03/2016',
      dateOfCommencement: '',
      telephone3: '',
    });
    expect(report.directorInformation.map((d) => d.surname)).toEqual(['Adewale', 'Eze']);
    // The directors' BVNs are masked as every identity number is.
    expect(report.directorInformation.map((d) => d.identificationnumber)).toEqual(['*******0101', '*******0202']);
    expect(report.creditAgreementSummary).toHaveLength(2);
    expect(report.creditAccountSummary).toMatchObject({
      rating: '',
      totalActiveAccountsNGN: '1',
      totalClosedAccountsNGN: '1',
    });
    expect(report.additionalContactHistory).toBeNull();
  });

  it('sends the configured enquiry reason and an empty name when the lender gives neither', async () => {
    const { calls } = await callsDuring(() =>
      adapter().requestCommercialReport({ registrationNumber: 'BN809081021' }, signal()),
    );
    const matchCall = calls.find((c) => c.path === 'ConnectCommercialMatch');
    expect(matchCall?.body).toMatchObject({
      BusinessName: '',
      BusinessRegistrationNumber: 'BN809081021',
      EnquiryReason: TEST_ENQUIRY_REASON,
    });
    const reportCall = calls.find((c) => c.path === 'GetCommercialFullCreditReport');
    expect(reportCall?.body.EnquiryReason).toBe(TEST_ENQUIRY_REASON);
  });

  it('asks for the best match, merging every candidate and skipping the bureau placeholders', async () => {
    server.behave('RC2000001', { kind: 'candidates', commercialIDs: ['410001', '0', '', '410002'] });
    const { calls } = await callsDuring(() => adapter().requestCommercialReport(business('RC2000001'), signal()));
    const reportCall = calls.find((c) => c.path === 'GetCommercialFullCreditReport');
    expect(reportCall?.body).toMatchObject({ commercialID: '410001', commercialMergeList: '410001,410002' });
  });

  it('no match, or only placeholder candidates, is a final no_record and nothing is billed', async () => {
    server.behave('RC2000002', { kind: 'no-match' });
    server.behave('RC2000003', { kind: 'candidates', commercialIDs: ['0', ''] });
    const before = server.count('GetCommercialFullCreditReport');
    for (const rc of ['RC2000002', 'RC2000003']) {
      await expect(adapter().requestCommercialReport(business(rc), signal())).rejects.toMatchObject({
        kind: 'no_record',
        message: 'no business matches this registration number',
      });
    }
    expect(server.count('GetCommercialFullCreditReport')).toBe(before);
  });

  it('a 5xx is unavailable (retried later), a 4xx is rejected', async () => {
    server.behave('RC2000004', { kind: 'status', status: 503 });
    await expect(adapter().requestCommercialReport(business('RC2000004'), signal())).rejects.toMatchObject({
      kind: 'unavailable',
    });
    server.failNext('ConnectCommercialMatch', 1, 500);
    await expect(adapter().requestCommercialReport(business('RC1482736'), signal())).rejects.toMatchObject({
      kind: 'unavailable',
    });
    server.behave('RC2000005', { kind: 'status', status: 400 });
    await expect(adapter().requestCommercialReport(business('RC2000005'), signal())).rejects.toMatchObject({
      kind: 'rejected',
    });
  });

  it('an HTML answer and a report without business data are unreadable', async () => {
    server.behave('RC2000006', { kind: 'malformed' });
    await expect(adapter().requestCommercialReport(business('RC2000006'), signal())).rejects.toMatchObject({
      kind: 'unreadable',
      message: expect.stringContaining('not JSON'),
    });
    server.behave('RC2000007', { kind: 'garbage-report' });
    await expect(adapter().requestCommercialReport(business('RC2000007'), signal())).rejects.toMatchObject({
      kind: 'unreadable',
      message: expect.stringContaining('BusinessData'),
    });
  });

  it('renews a ticket the bureau rejects at the match, once', async () => {
    const bureau = adapter();
    await bureau.requestCommercialReport(business('RC1482736'), signal());
    server.expireTickets();
    const { result: report, calls } = await callsDuring(() =>
      bureau.requestCommercialReport(business('RC1482736'), signal()),
    );
    expect(calls.map((c) => c.path)).toEqual([
      'ConnectCommercialMatch',
      'login',
      'ConnectCommercialMatch',
      'GetCommercialFullCreditReport',
    ]);
    expect(report.businessData.businessName).toBe('LAGOON HARVEST FOODS LIMITED');
  });

  it('renews a ticket the bureau rejects at the report call, once, without matching again', async () => {
    const bureau = adapter();
    await bureau.requestCommercialReport(business('RC1482736'), signal());
    server.failNext('GetCommercialFullCreditReport', 1, 401);
    const { calls } = await callsDuring(() => bureau.requestCommercialReport(business('RC1482736'), signal()));
    expect(calls.map((c) => c.path)).toEqual([
      'ConnectCommercialMatch',
      'GetCommercialFullCreditReport',
      'login',
      'GetCommercialFullCreditReport',
    ]);
    const [, first, , again] = calls;
    expect(again?.body.DataTicket).not.toBe(first?.body.DataTicket);
    expect(again?.body.commercialID).toBe(first?.body.commercialID);
  });

  it('a bureau that keeps rejecting fresh tickets is unavailable', async () => {
    server.failNext('GetCommercialFullCreditReport', 2, 401);
    await expect(adapter().requestCommercialReport(business('RC1482736'), signal())).rejects.toMatchObject({
      kind: 'unavailable',
      message: expect.stringContaining('keeps rejecting'),
    });
  });

  it('a slow answer is abandoned when the call is aborted, as a timeout', async () => {
    server.behave('RC2000008', { kind: 'slow', delayMs: 5_000 });
    const bureau = adapter();
    await bureau.health(signal()); // log in first, so that only the slow report call is timed
    const slow = bureau.requestCommercialReport(business('RC2000008'), AbortSignal.timeout(200));
    await expect(slow).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('wrong credentials: unavailable with a message naming the settings', async () => {
    await expect(
      adapter({ password: 'wrong' }).requestCommercialReport(business('RC1482736'), signal()),
    ).rejects.toMatchObject({ kind: 'unavailable', message: expect.stringContaining('FIRSTCENTRAL_PASSWORD') });
  });
});
