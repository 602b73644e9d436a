import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMinor } from '../../../domain/money.js';
import {
  BUSINESS_STRING_FIELDS,
  COMMERCIAL_NULLABLE_SECTIONS,
  type CommercialCreditReport,
  commercialReportProblems,
} from '../../commercial-report.js';
import {
  EMPTY_METRIC,
  emptySummary,
  isoDate,
  type SectionRows,
  SPEC_CURRENCIES,
  SUMMARY_METRIC_NAMES,
  SUMMARY_METRICS,
} from '../../report.js';
import { generateCommercialReport } from './generate-commercial-report.js';
import type { Profile } from './generate-report.js';

const PROFILES: Profile[] = ['thin', 'good', 'bad', 'mixed'];
const registrationNumbers = fc.stringMatching(/^(RC|BN|IT)[0-9]{1,10}$/);
const AS_OF = '2026-10-31';

const minor = (text: unknown): number => {
  const parsed = parseMinor(String(text));
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.minor;
};
const total = (rows: SectionRows, column: string): number => rows.reduce((s, row) => s + minor(row[column]), 0);
const count = (rows: SectionRows, keep: (row: Record<string, unknown>) => boolean): string =>
  String(rows.filter(keep).length);
const agreementsOf = (report: CommercialCreditReport): SectionRows => report.creditAgreementSummary ?? [];
const iso = (bureauDate: unknown): string => isoDate(String(bureauDate));

describe('generateCommercialReport', () => {
  it('gives the same report for the same registration number, another for another', () => {
    expect(generateCommercialReport('RC123456')).toEqual(generateCommercialReport('RC123456'));
    expect(generateCommercialReport('RC123456')).not.toEqual(generateCommercialReport('RC123457'));
    expect(generateCommercialReport('RC123456')).not.toEqual(generateCommercialReport('BN123456'));
  });

  it('every report, whatever the profile, passes the schema with every member present', () => {
    fc.assert(
      fc.property(registrationNumbers, fc.constantFrom(undefined, ...PROFILES), (number, profile) => {
        const report = generateCommercialReport(number, profile);
        expect(commercialReportProblems(report)).toEqual([]);
        expect(Object.keys(report).sort()).toEqual(
          [...COMMERCIAL_NULLABLE_SECTIONS, 'businessData', 'directorInformation', 'creditAccountSummary'].sort(),
        );
        expect(Object.keys(report.businessData).sort()).toEqual([...BUSINESS_STRING_FIELDS, 'commercialID'].sort());
        expect(report.creditAccountSummary).toHaveProperty('totalOutstandingdebtNGN');
      }),
      { numRuns: 200 },
    );
  });

  it("the summary's NGN figures agree with the credit agreements; the other currencies are empty", () => {
    fc.assert(
      fc.property(registrationNumbers, fc.constantFrom<Profile>('good', 'bad', 'mixed'), (number, profile) => {
        const report = generateCommercialReport(number, profile);
        const rows = agreementsOf(report);
        const s = report.creditAccountSummary;
        expect(rows.length).toBeGreaterThan(0);
        expect(s.totalNumberofAccountsNGN).toBe(String(rows.length));
        expect(s.totalActiveAccountsNGN).toBe(count(rows, (a) => a.accountStatus === 'Open'));
        expect(s.totalClosedAccountsNGN).toBe(count(rows, (a) => a.accountStatus === 'Closed'));
        expect(minor(s.totalOutstandingdebtNGN)).toBe(total(rows, 'currentBalanceAmt'));
        expect(minor(s.totalAmountInArrearNGN)).toBe(total(rows, 'amountOverdue'));
        expect(s.totalAccountInArrearNGN).toBe(count(rows, (a) => minor(a.amountOverdue) > 0));
        const open = rows.filter((a) => a.accountStatus === 'Open');
        expect(minor(s.totalMonthlyInstalmentNGN)).toBe(total(open, 'instalmentAmount'));
        expect(s.totalaccountinGoodconditionNGN).toBe(count(rows, (a) => a.performanceStatus === 'Performing'));
        for (const m of SUMMARY_METRIC_NAMES) {
          for (const c of SPEC_CURRENCIES) expect(s[`${m}${c}`]).toBe(EMPTY_METRIC[SUMMARY_METRICS[m]]);
        }
        const performance = report.facilityPerformanceSummary ?? [];
        expect(performance.reduce((n, row) => n + Number(row.noOfFacilities), 0)).toBe(rows.length);
        expect(report.accountMonthlyPaymentHistory).toHaveLength(rows.length);
      }),
      { numRuns: 200 },
    );
  });

  it('no agreement has more overdue than it owes, nor anything overdue once closed', () => {
    fc.assert(
      fc.property(registrationNumbers, fc.constantFrom(undefined, ...PROFILES), (number, profile) => {
        for (const a of agreementsOf(generateCommercialReport(number, profile))) {
          expect(minor(a.amountOverdue)).toBeLessThanOrEqual(minor(a.currentBalanceAmt));
          if (a.accountStatus === 'Closed') expect(minor(a.amountOverdue)).toBe(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('the business: its type from the prefix, the number echoed, dates in order, 1 to 3 adult directors', () => {
    const types: Record<string, string[]> = {
      RC: ['LIMITED LIABILITY COMPANY'],
      BN: ['SOLE PROPRIETORSHIP', 'BUSINESS NAME'],
      IT: ['INCORPORATED TRUSTEES'],
    };
    fc.assert(
      fc.property(registrationNumbers, fc.constantFrom(undefined, ...PROFILES), (number, profile) => {
        const { businessData: b, directorInformation: directors } = generateCommercialReport(number, profile);
        expect(types[number.slice(0, 2)]).toContain(b.businessType);
        expect(b.businessRegistrationNumber).toBe(number);
        expect(b.businessName).not.toBe('');
        expect(b.tradingName).not.toBe('');
        expect(b.industrySector).not.toBe('');
        expect(b.telephone1).toMatch(/^0[789]0\d{8}$/);
        const incorporated = iso(b.dateOfIncorporation);
        expect(incorporated).not.toBe('');
        expect(iso(b.dateOfCommencement) >= incorporated).toBe(true);
        expect(directors.length).toBeGreaterThanOrEqual(1);
        expect(directors.length).toBeLessThanOrEqual(3);
        expect(b.noOfDirectors).toBe(String(directors.length));
        for (const d of directors) {
          expect(Object.keys(d).sort()).toEqual(
            [
              'directorid',
              'dateofBirth',
              'firstName',
              'othernames',
              'surname',
              'identificationnumber',
              'directorAppointmentdate',
            ].sort(),
          );
          const appointed = iso(d.directorAppointmentdate);
          expect(appointed >= incorporated && appointed <= AS_OF).toBe(true);
          const eighteenth = `${Number(iso(d.dateofBirth).slice(0, 4)) + 18}${iso(d.dateofBirth).slice(4)}`;
          expect(appointed >= eighteenth).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('thin file: no agreements, every section null and the summary empty, but the business and its directors', () => {
    const report = generateCommercialReport('RC777', 'thin');
    for (const section of COMMERCIAL_NULLABLE_SECTIONS) expect(report[section]).toBeNull();
    expect(report.creditAccountSummary).toEqual(emptySummary(['NGN']));
    expect(report.directorInformation.length).toBeGreaterThan(0);
    expect(report.businessData.businessName).not.toBe('');
  });

  it('good history: every facility performing, nothing in arrears, no judgement', () => {
    const report = generateCommercialReport('RC777', 'good');
    const s = report.creditAccountSummary;
    expect(agreementsOf(report).every((a) => a.performanceStatus === 'Performing')).toBe(true);
    expect(s.totalAmountInArrearNGN).toBe('0.00');
    expect(s.totalNumberofJudgementNGN).toBe('0');
    expect(s.totalNumberofDishonouredNGN).toBe('0');
    expect(report.highestDelinquencyRating).toEqual([{ highestDelinquencyRating: '0' }]);
  });

  it('bad history: facilities in arrears and classified, a judgement and bounced cheques in the summary', () => {
    const report = generateCommercialReport('RC777', 'bad');
    const s = report.creditAccountSummary;
    const troubled = agreementsOf(report).filter((a) => a.performanceStatus !== 'Performing');
    expect(troubled.length).toBeGreaterThan(0);
    expect(troubled.every((a) => ['Doubtful', 'Lost'].includes(String(a.performanceStatus)))).toBe(true);
    expect(minor(s.totalAmountInArrearNGN)).toBeGreaterThan(0);
    expect(s.totalNumberofJudgementNGN).toBe('1');
    expect(s.lastJudgementDateNGN).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(minor(s.totalJudgementAmountNGN)).toBeGreaterThan(0);
    expect(Number(s.totalNumberofDishonouredNGN)).toBeGreaterThanOrEqual(2);
    expect(report.highestDelinquencyRating).toEqual([{ highestDelinquencyRating: '6' }]);
  });

  it('mixed history: one facility on the watchlist', () => {
    const report = generateCommercialReport('RC777', 'mixed');
    expect(agreementsOf(report).filter((a) => a.performanceStatus === 'Watchlist')).toHaveLength(1);
    expect(report.creditAccountSummary.totalAccountInArrearNGN).toBe('1');
  });
});
