import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMinor } from '../../../domain/money.js';
import { BureauError } from '../../bureau.js';
import { commercialReportProblems } from '../../commercial-report.js';
import {
  ACCOUNT_RATING_KEYS,
  type CreditReport,
  LOCAL_CURRENCIES,
  NULLABLE_SECTIONS,
  PERSONAL_STRING_FIELDS,
  reportProblems,
  SPEC_CURRENCIES,
  SUMMARY_METRIC_NAMES,
} from '../../report.js';
import { generateReport, type Profile } from './generate-report.js';
import { createSandboxBureau, SANDBOX_BUSINESSES, SANDBOX_BVNS } from './sandbox-bureau.js';

const subject = (bvn: string) => ({ bvn, enquiryReason: 'test' });
const never = new AbortController().signal;

async function ready(bvn: string) {
  const result = await createSandboxBureau({ delayMs: 0 }).requestReport(subject(bvn), never);
  if (result.kind !== 'ready') throw new Error('expected a ready report');
  return result.report;
}

describe('sandbox bureau', () => {
  it('gives the same report for the same BVN', async () => {
    expect(await ready('12345678901')).toEqual(await ready('12345678901'));
    expect(await ready('12345678901')).not.toEqual(await ready('12345678902'));
  });

  it('every generated report has exactly the spec members (plus the NGN column)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{11}$/), (bvn) => {
        const report = generateReport(bvn);
        expect(reportProblems(report)).toEqual([]);
        expect(Object.keys(report).sort()).toEqual(
          [...NULLABLE_SECTIONS, 'accountRating', 'creditAccountSummary', 'personalDetailsSummary'].sort(),
        );
        expect(Object.keys(report.accountRating).sort()).toEqual([...ACCOUNT_RATING_KEYS].sort());
        expect(Object.keys(report.creditAccountSummary).sort()).toEqual(
          [
            'rating',
            ...SUMMARY_METRIC_NAMES.flatMap((m) => [...SPEC_CURRENCIES, ...LOCAL_CURRENCIES].map((c) => `${m}${c}`)),
          ].sort(),
        );
        expect(Object.keys(report.personalDetailsSummary).sort()).toEqual(
          [...PERSONAL_STRING_FIELDS, 'consumerID'].sort(),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('no agreement has more overdue than it owes, nor anything overdue once closed (the bad file too)', () => {
    const minor = (text: unknown) => {
      const parsed = parseMinor(String(text));
      if (!parsed.ok) throw new Error(parsed.reason);
      return parsed.minor;
    };
    const coherent = (report: CreditReport) => {
      for (const a of report.creditAgreementSummary ?? []) {
        expect(minor(a.amountOverdue)).toBeLessThanOrEqual(minor(a.currentBalanceAmt));
        if (a.accountStatus === 'Closed') expect(minor(a.amountOverdue)).toBe(0);
      }
    };
    coherent(generateReport(SANDBOX_BVNS.badHistory, 'bad'));
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{11}$/),
        fc.constantFrom<Profile | undefined>(undefined, 'thin', 'good', 'bad', 'mixed'),
        (bvn, profile) => coherent(generateReport(bvn, profile)),
      ),
      { numRuns: 300 },
    );
  });

  it('thin file: one account and most sections absent', async () => {
    const r = await ready(SANDBOX_BVNS.thinFile);
    expect(r.creditAccountSummary.totalNumberofAccountsNGN).toBe('1');
    expect(r.employmentHistory).toBeNull();
    expect(r.dudCheqEventSummary).toBeNull();
    expect(r.judgementSummary).toBeNull();
  });

  it('good history: nothing in arrears, no bad accounts', async () => {
    const r = await ready(SANDBOX_BVNS.goodHistory);
    expect(Number(r.creditAccountSummary.totalNumberofAccountsNGN)).toBeGreaterThan(3);
    expect(r.creditAccountSummary.totalAccountInArrearNGN).toBe('0');
    expect(r.creditAccountSummary.totalAmountInArrearNGN).toBe('0.00');
    expect(Object.entries(r.accountRating).filter(([k, v]) => k.endsWith('Bad') && v !== '0')).toEqual([]);
    expect(r.dudCheqEventSummary).toBeNull();
  });

  it('bad history: arrears, dishonoured cheques and a judgement, consistent with the summary', async () => {
    const r = await ready(SANDBOX_BVNS.badHistory);
    const s = r.creditAccountSummary;
    expect(Number(s.totalAccountInArrearNGN)).toBeGreaterThan(0);
    expect(s.totalAmountInArrearNGN).not.toBe('0.00');
    expect(Number(s.totalNumberofDishonouredNGN)).toBeGreaterThanOrEqual(2);
    expect(r.dudCheqEventSummary).toHaveLength(Number(s.totalNumberofDishonouredNGN));
    expect(s.lastBouncedChequesDateNGN).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(s.totalNumberofJudgementNGN).toBe('1');
    const bad = Object.entries(r.accountRating)
      .filter(([k]) => k.endsWith('Bad'))
      .reduce((n, [, v]) => n + Number(v), 0);
    expect(bad).toBeGreaterThan(0);
    expect(bad + Number(s.totalaccountinGoodconditionNGN)).toBe(Number(s.totalNumberofAccountsNGN));
  });

  it('no record: a final no_record failure', async () => {
    await expect(ready(SANDBOX_BVNS.noRecord)).rejects.toMatchObject({ kind: 'no_record' });
  });

  it('timeout: never answers until the caller gives up', async () => {
    const controller = new AbortController();
    const call = createSandboxBureau({ delayMs: 0 }).requestReport(subject(SANDBOX_BVNS.timeout), controller.signal);
    controller.abort();
    await expect(call).rejects.toBeInstanceOf(BureauError);
  });

  it('delayed: pending until the delay has passed, then the report', async () => {
    let t = 1_000;
    const bureau = createSandboxBureau({ delayMs: 500, now: () => t });
    const first = await bureau.requestReport(subject(SANDBOX_BVNS.delayed), never);
    expect(first).toEqual({ kind: 'pending', ticket: 'sandbox-delay:1500', retryAfterMs: 500 });
    t = 1_400;
    expect(await bureau.fetchReport(subject(SANDBOX_BVNS.delayed), 'sandbox-delay:1500', never)).toMatchObject({
      kind: 'pending',
      retryAfterMs: 100,
    });
    t = 1_500;
    const done = await bureau.fetchReport(subject(SANDBOX_BVNS.delayed), 'sandbox-delay:1500', never);
    expect(done.kind).toBe('ready');
  });

  it('unreadable: answers something that is not a report', async () => {
    expect(reportProblems(await ready(SANDBOX_BVNS.unreadable)).length).toBeGreaterThan(0);
  });
});

const business = (registrationNumber: string) =>
  createSandboxBureau({ delayMs: 0 }).requestCommercialReport({ registrationNumber, enquiryReason: 'test' }, never);

describe('sandbox bureau: commercial reports', () => {
  it('gives the same report for the same registration number, another for another', async () => {
    expect(await business('RC123456')).toEqual(await business('RC123456'));
    expect(await business('RC123456')).not.toEqual(await business('BN809081021'));
    expect(commercialReportProblems(await business('BN809081021'))).toEqual([]);
  });

  it('thin file: the business and its directors, no credit agreements, an empty summary', async () => {
    const r = await business(SANDBOX_BUSINESSES.thinFile);
    expect(commercialReportProblems(r)).toEqual([]);
    expect(r.businessData.businessRegistrationNumber).toBe(SANDBOX_BUSINESSES.thinFile);
    expect(r.directorInformation.length).toBeGreaterThan(0);
    expect(r.creditAgreementSummary).toBeNull();
    expect(r.creditAccountSummary.totalNumberofAccountsNGN).toBe('0');
  });

  it('good history: agreements, none in arrears', async () => {
    const r = await business(SANDBOX_BUSINESSES.goodHistory);
    expect(commercialReportProblems(r)).toEqual([]);
    expect(r.creditAgreementSummary?.length).toBeGreaterThan(0);
    expect(r.creditAccountSummary.totalAccountInArrearNGN).toBe('0');
    expect(r.creditAccountSummary.totalNumberofJudgementNGN).toBe('0');
  });

  it('bad history: arrears and a judgement', async () => {
    const r = await business(SANDBOX_BUSINESSES.badHistory);
    expect(commercialReportProblems(r)).toEqual([]);
    expect(Number(r.creditAccountSummary.totalAccountInArrearNGN)).toBeGreaterThan(0);
    expect(r.creditAccountSummary.totalNumberofJudgementNGN).toBe('1');
  });

  it('no record: a final no_record failure', async () => {
    await expect(business(SANDBOX_BUSINESSES.noRecord)).rejects.toMatchObject({ kind: 'no_record' });
  });

  it('timeout: never answers until the caller gives up', async () => {
    const controller = new AbortController();
    const call = createSandboxBureau({ delayMs: 0 }).requestCommercialReport(
      { registrationNumber: SANDBOX_BUSINESSES.timeout },
      controller.signal,
    );
    const early = await Promise.race([
      call.then(
        () => 'answered',
        () => 'failed',
      ),
      sleep(20).then(() => 'waiting'),
    ]);
    expect(early).toBe('waiting');
    controller.abort();
    await expect(call).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('unreadable: answers something that is not a report', async () => {
    expect(commercialReportProblems(await business(SANDBOX_BUSINESSES.unreadable)).length).toBeGreaterThan(0);
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
