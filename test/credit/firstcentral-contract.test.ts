import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ANSWER_BYTES } from '../../src/credit/adapters/firstcentral/firstcentral-bureau.js';
import { BureauError } from '../../src/credit/bureau.js';
import { createCircuitBreaker } from '../../src/credit/circuit-breaker.js';
import { createCreditMetrics } from '../../src/credit/credit-metrics.js';
import { guardBureau } from '../../src/credit/guarded-bureau.js';
import { emptySummary, reportProblems, SPEC_CURRENCIES, SUMMARY_METRIC_NAMES } from '../../src/credit/report.js';
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

const HOUR = 3_600_000;
const subject = (bvn: string) => ({ bvn, name: 'Amos Testi', dateOfBirth: '1977-01-26', enquiryReason: 'loan' });
const signal = () => new AbortController().signal;

type Sections = Array<Record<string, unknown>>;
type Row = Record<string, unknown>;

/** The sections with one section's rows changed. */
const editSection = (sections: Sections, name: string, edit: (rows: Row[]) => Row[]): Sections =>
  sections.map((part) => (name in part ? { [name]: edit(part[name] as Row[]) } : part));
const withoutSummary = (sections: Sections) => sections.filter((part) => !('CreditSummary' in part));
const withSummary = (sections: Sections, edit: (row: Row) => Row) =>
  editSection(sections, 'CreditSummary', (rows) => rows.map(edit));
/** The first agreement open, with 250,000 naira overdue on a 900,000 balance, classified Lost. */
const inArrears = (sections: Sections) =>
  editSection(sections, 'CreditAgreementSummary', ([first, ...rest]) => [
    {
      ...first,
      AccountStatus: 'Open',
      ClosedDate: '',
      AmountOverdue: '250,000.00',
      CurrentBalanceAmt: '900,000.00',
      InstalmentAmount: '75,000.00',
      PerformanceStatus: 'Lost',
    },
    ...rest,
  ]);

/** The summary of the fixture's four agreements, the first in arrears: no bureau figure, so no rating. */
const DERIVED_FROM_AGREEMENTS = {
  ...emptySummary(['NGN']),
  totalNumberofAccountsNGN: '4',
  totalActiveAccountsNGN: '1',
  totalClosedAccountsNGN: '3',
  totalAccountInArrearNGN: '1',
  totalAmountInArrearNGN: '250,000.00',
  totalOutstandingdebtNGN: '900,000.00',
  totalMonthlyInstalmentNGN: '75,000.00',
  totalaccountinGoodconditionNGN: '2',
};

const adapter = (opts: Parameters<typeof firstCentralAdapter>[1] = {}) => firstCentralAdapter(server, opts);

async function fetchReport(bureau: ReturnType<typeof adapter>, bvn: string) {
  const result = await bureau.requestReport(subject(bvn), signal());
  if (result.kind !== 'ready') throw new Error('FirstCentral never leaves a report pending');
  return result.report;
}

describe('FirstCentral adapter against a server speaking its protocol', () => {
  it('logs in, matches the BVN, pulls the full report and maps it into the spec shape', async () => {
    const before = server.calls.length;
    const report = await fetchReport(adapter(), '22471069115');
    const calls = server.calls.slice(before);
    expect(calls.map((c) => c.path)).toEqual(['login', 'ConnectConsumerMatch', 'GetConsumerFullCreditReport']);
    const [, matchCall, reportCall] = calls;
    expect(matchCall?.body).toMatchObject({ Identification: '22471069115', ProductID: '45', EnquiryReason: 'loan' });
    expect(reportCall?.body).toMatchObject({ SubscriberEnquiryEngineID: '76566', EnquiryReason: 'loan' });
    expect(reportCall?.body.consumerMergeList).toBe(reportCall?.body.consumerID);

    expect(reportProblems(report)).toEqual([]);
    expect(report.personalDetailsSummary).toMatchObject({
      surname: 'Amos',
      firstName: 'Testi',
      gender: 'Female',
      birthDate: '26/01/1977',
      nationality: 'Nigeria',
      passportNo: '',
      consumerID: 2599049,
    });
    expect(report.personalDetailsSummary).not.toHaveProperty('bankVerificationNo');
    const s = report.creditAccountSummary;
    expect(s.rating).toBe('118');
    expect(s.totalMonthlyInstalmentNGN).toBe('17,205.00');
    expect(s.totalNumberofAccountsNGN).toBe('7');
    expect(s.totalAccountInArrearNGN).toBe('2');
    expect(s.totalJudgementAmountNGN).toBe('0.00'); // the bureau wrote "0"
    expect(s.lastBouncedChequesDateNGN).toBe('-'); // the bureau wrote null
    expect(s.totalaccountinGoodconditionNGN).toBe('6');
    expect(s.totalaccountinGoodconditionUSD).toBe('0'); // from the `1` column, spelled "Godcondition1"
    expect(s.totalClosedAccountsNGN).toBe('4'); // counted from the agreements
    for (const m of SUMMARY_METRIC_NAMES) for (const c of SPEC_CURRENCIES) expect(s).toHaveProperty(`${m}${c}`);
    expect(s.totalOutstandingdebtEUR).toBe('0.00');
    expect(s.lastJudgementDateGBP).toBe('-');
    expect(report.accountRating.noOfOtherAccountsGood).toBe('6');
    expect(report.accountRating.noOfAutoLoanccountsGood).toBe('0');
    expect(report.creditAgreementSummary).toHaveLength(4);
    expect(report.creditAgreementSummary?.[0]).toMatchObject({
      accountNo: '032SPLG212310004',
      openingBalanceAmt: '150,000.00',
    });
    expect(report.addressHistory).toBeNull(); // one placeholder row of nulls is no history
    expect(report.telephoneHistory).toBeNull();
    expect(report.guarantorCount).toEqual([{ accounts: '0', guarantorsSecured: '0' }]);
  });

  it('a report without its CreditSummary: the summary is worked out from the agreements, never read as zero', async () => {
    server.behave('10000000011', { kind: 'edited', edit: (sections) => withoutSummary(inArrears(sections)) });
    const report = await fetchReport(adapter(), '10000000011');
    expect(reportProblems(report)).toEqual([]);
    expect(report.creditAccountSummary).toEqual(DERIVED_FROM_AGREEMENTS);
  });

  it('a summary whose figures are all null is worked out from the agreements the same way', async () => {
    server.behave('10000000012', {
      kind: 'edited',
      edit: (sections) =>
        withSummary(inArrears(sections), (row) => Object.fromEntries(Object.keys(row).map((k) => [k, null]))),
    });
    const report = await fetchReport(adapter(), '10000000012');
    expect(report.creditAccountSummary).toEqual(DERIVED_FROM_AGREEMENTS);
  });

  it("a single blank figure is worked out from the agreements; the bureau's other figures stay", async () => {
    server.behave('10000000013', {
      kind: 'edited',
      edit: (sections) =>
        withSummary(inArrears(sections), (row) => ({
          ...row,
          TotalMonthlyInstalment: null,
          Amountarrear: '',
          TotalAccountarrear1: '-',
        })),
    });
    const s = (await fetchReport(adapter(), '10000000013')).creditAccountSummary;
    expect(s.totalMonthlyInstalmentNGN).toBe('75,000.00'); // the open agreement's instalment
    expect(s.totalAmountInArrearNGN).toBe('250,000.00');
    expect(s.totalAccountInArrearUSD).toBe('0'); // no agreement in foreign currency
    expect(s.totalNumberofAccountsNGN).toBe('7'); // the bureau's own
    expect(s.totalAccountInArrearNGN).toBe('2'); // the bureau's own
    expect(s.rating).toBe('118');
  });

  it('without a summary, judgements and dishonoured cheques are counted from their sections', async () => {
    server.behave('10000000014', {
      kind: 'edited',
      edit: (sections) => [
        ...withoutSummary(sections),
        {
          JudgementSummary: [
            { CaseNo: 'ID/2021/1', DateOfJudgement: '30/06/2021', JudgementAmount: '1,500,000.00' },
            { CaseNo: 'ID/2023/2', DateOfJudgement: '2023-02-01T00:00:00', JudgementAmount: '250000' },
          ],
        },
        {
          DudCheqEventSummary: [{ DateBounced: '12/12/2022', SubscriberName: 'Access Bank Plc', Amount: '80,000.00' }],
        },
      ],
    });
    const s = (await fetchReport(adapter(), '10000000014')).creditAccountSummary;
    expect(s).toMatchObject({
      totalNumberofJudgementNGN: '2',
      totalJudgementAmountNGN: '1,750,000.00',
      lastJudgementDateNGN: '01/02/2023',
      totalNumberofDishonouredNGN: '1',
      totalDishonouredAmountNGN: '80,000.00',
      lastBouncedChequesDateNGN: '12/12/2022',
      totalNumberofAccountsNGN: '4',
      totalaccountinGoodconditionNGN: '3',
    });
  });

  it("an agreement amount the bureau's summary makes unneeded cannot fail the report: it passes through as given", async () => {
    server.behave('10000000015', {
      kind: 'edited',
      edit: (sections) =>
        editSection(sections, 'CreditAgreementSummary', (rows) =>
          rows.map((row, i) => (i === 1 ? { ...row, AmountOverdue: '1,200.005' } : row)),
        ),
    });
    const report = await fetchReport(adapter(), '10000000015');
    expect(reportProblems(report)).toEqual([]);
    expect(report.creditAgreementSummary?.[1]).toMatchObject({ amountOverdue: '1,200.005' });
    expect(report.creditAccountSummary.totalAmountInArrearNGN).toBe('0.00'); // the bureau's own
    expect(report.creditAccountSummary.totalAccountInArrearNGN).toBe('2');
  });

  it('a figure worked out from rows with an unreadable amount is unknown ("-"), never zero; the others stay', async () => {
    server.behave('10000000018', {
      kind: 'edited',
      edit: (sections) => [
        ...withoutSummary(
          editSection(inArrears(sections), 'CreditAgreementSummary', ([first, ...rest]) => [
            first ?? {},
            ...rest.map((row, i) =>
              i === 0 ? { ...row, AmountOverdue: '500.00 DR', CurrentBalanceAmt: '(500.00)' } : row,
            ),
          ]),
        ),
        { JudgementSummary: [{ CaseNo: 'ID/2021/1', DateOfJudgement: '30/06/2021', JudgementAmount: 'N1,000' }] },
      ],
    });
    const report = await fetchReport(adapter(), '10000000018');
    expect(reportProblems(report)).toEqual([]);
    expect(report.creditAgreementSummary?.[1]).toMatchObject({
      amountOverdue: '500.00 DR',
      currentBalanceAmt: '(500.00)',
    });
    expect(report.creditAccountSummary).toEqual({
      ...DERIVED_FROM_AGREEMENTS,
      totalAccountInArrearNGN: '-',
      totalAmountInArrearNGN: '-',
      totalOutstandingdebtNGN: '-',
      totalNumberofJudgementNGN: '1',
      totalJudgementAmountNGN: '-',
      lastJudgementDateNGN: '30/06/2021',
    });
  });

  it('identity numbers are masked as everywhere else: every digit but the last four hidden', async () => {
    server.behave('10000000016', {
      kind: 'edited',
      edit: (sections) => [
        ...editSection(
          editSection(sections, 'IdentificationHistory', () => [
            { IdentificationType: 'BVN', IdentificationNumber: '22471069115', UpDateDate: '01/01/2020' },
            { IdentificationType: 'National ID', IdentificationNumber: ' 12345678901 ', UpDateDate: '02/01/2020' },
          ]),
          'PersonalDetailsSummary',
          ([person]) => [{ ...person, NationalIDNo: '12345678901', PassportNo: 'A01234567', DriversLicenseNo: '' }],
        ),
      ],
    });
    const report = await fetchReport(adapter(), '10000000016');
    expect(report.identificationHistory).toEqual([
      { identificationType: 'BVN', identificationNumber: '*******9115', upDateDate: '01/01/2020' },
      { identificationType: 'National ID', identificationNumber: '*******8901', upDateDate: '02/01/2020' },
    ]);
    expect(report.personalDetailsSummary).toMatchObject({
      nationalIDNo: '*******8901',
      passportNo: '*****4567',
      driversLicenseNo: '',
    });
    expect(JSON.stringify(report)).not.toContain('22471069115');
  });

  it('sends the configured enquiry reason when the lender gives none', async () => {
    await adapter().requestReport({ bvn: '22471069115' }, signal());
    const last = server.calls.filter((c) => c.path === 'ConnectConsumerMatch').at(-1);
    expect(last?.body.EnquiryReason).toBe(TEST_ENQUIRY_REASON);
  });

  it('reuses the DataTicket, and renews it before it is five hours old', async () => {
    let t = 0;
    const bureau = adapter({ now: () => t });
    const logins = server.count('login');
    await fetchReport(bureau, '22471069115');
    t = 4 * HOUR;
    await fetchReport(bureau, '22471069116');
    expect(server.count('login') - logins).toBe(1);
    t = 4.6 * HOUR;
    await fetchReport(bureau, '22471069117');
    expect(server.count('login') - logins).toBe(2);
  });

  it('logs in again when the bureau says the ticket expired, and the call succeeds', async () => {
    const bureau = adapter();
    await fetchReport(bureau, '22471069115');
    const logins = server.count('login');
    server.expireTickets();
    const report = await fetchReport(bureau, '22471069115');
    expect(report.personalDetailsSummary.surname).toBe('Amos');
    expect(server.count('login') - logins).toBe(1);
  });

  it('no match is a final no_record', async () => {
    server.behave('10000000001', { kind: 'no-match' });
    const before = server.count('GetConsumerFullCreditReport');
    await expect(fetchReport(adapter(), '10000000001')).rejects.toMatchObject({ kind: 'no_record' });
    expect(server.count('GetConsumerFullCreditReport')).toBe(before); // nothing billed
  });

  it('a 5xx is unavailable (retried later), a 4xx is rejected', async () => {
    server.behave('10000000002', { kind: 'status', status: 503 });
    await expect(fetchReport(adapter(), '10000000002')).rejects.toMatchObject({ kind: 'unavailable' });
    server.failNext('ConnectConsumerMatch', 1, 500);
    await expect(fetchReport(adapter(), '22471069115')).rejects.toMatchObject({ kind: 'unavailable' });
    server.behave('10000000003', { kind: 'status', status: 400 });
    await expect(fetchReport(adapter(), '10000000003')).rejects.toMatchObject({ kind: 'rejected' });
  });

  it('malformed JSON and a report without personal details are unreadable', async () => {
    server.behave('10000000004', { kind: 'malformed' });
    await expect(fetchReport(adapter(), '10000000004')).rejects.toMatchObject({
      kind: 'unreadable',
      message: expect.stringContaining('not JSON'),
    });
    server.behave('10000000005', { kind: 'garbage-report' });
    await expect(fetchReport(adapter(), '10000000005')).rejects.toMatchObject({
      kind: 'unreadable',
      message: expect.stringContaining('PersonalDetailsSummary'),
    });
  });

  it('an answer larger than any report is unreadable, read no further than the limit', async () => {
    server.behave('10000000009', { kind: 'huge', bytes: MAX_ANSWER_BYTES + 1024 * 1024 });
    await expect(fetchReport(adapter(), '10000000009')).rejects.toMatchObject({
      kind: 'unreadable',
      message: expect.stringContaining(`more than ${MAX_ANSWER_BYTES} bytes`),
    });
  });

  it('a slow answer is abandoned at the timeout', async () => {
    server.behave('10000000006', { kind: 'slow', delayMs: 5_000 });
    const guarded = guardBureau(adapter(), {
      timeoutMs: 100,
      breaker: createCircuitBreaker({ threshold: 5, cooldownMs: 1000 }),
      metrics: createCreditMetrics(new Registry()),
    });
    const err = await guarded.requestReport(subject('10000000006')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BureauError);
    expect((err as BureauError).kind).toBe('timeout');
    // The billed report call went out and got no answer: it may be charged, so it is not retried.
    expect(err).toMatchObject({ mayBeBilled: true, retryable: false });
  });

  it('a call lost before the billed request, or a billed one the bureau refused, is retried', async () => {
    const guarded = guardBureau(adapter(), {
      timeoutMs: 1000,
      breaker: createCircuitBreaker({ threshold: 5, cooldownMs: 1000 }),
      metrics: createCreditMetrics(new Registry()),
    });
    server.delayNext('ConnectConsumerMatch', 1, 5_000);
    const lostMatch = await guarded.requestReport(subject('10000000017')).catch((e: unknown) => e);
    expect(lostMatch).toMatchObject({ kind: 'timeout', mayBeBilled: false, retryable: true });
    server.failNext('GetConsumerFullCreditReport', 1, 503);
    const refused = await guarded.requestReport(subject('10000000017')).catch((e: unknown) => e);
    expect(refused).toMatchObject({ kind: 'unavailable', mayBeBilled: false, retryable: true });
  });

  it('wrong credentials: unavailable with a message naming the settings; health says so', async () => {
    const bureau = adapter({ password: 'wrong' });
    await expect(fetchReport(bureau, '22471069115')).rejects.toMatchObject({
      kind: 'unavailable',
      message: expect.stringContaining('FIRSTCENTRAL_PASSWORD'),
    });
    expect((await bureau.health(signal())).ok).toBe(false);
    expect((await adapter().health(signal())).ok).toBe(true);
  });
});
