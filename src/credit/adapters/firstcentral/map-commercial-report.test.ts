import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BUSINESS_STRING_FIELDS,
  COMMERCIAL_NULLABLE_SECTIONS,
  commercialReportProblems,
} from '../../commercial-report.js';
import { emptySummary } from '../../report.js';
import { UnreadableReportError } from './answer-values.js';
import { mapFirstCentralCommercialReport } from './map-commercial-report.js';

type Sections = Array<Record<string, unknown>>;

const fixture = (): Sections =>
  JSON.parse(
    readFileSync(
      new URL('../../../../test/fixtures/credit/firstcentral-commercial-report.json', import.meta.url),
      'utf8',
    ),
  ) as Sections;

/** The fixture with one section's rows replaced (or the section dropped when `rows` is undefined). */
function withSection(name: string, rows: unknown): Sections {
  const sections = fixture().filter((part) => !(name in part));
  return rows === undefined ? sections : [...sections, { [name]: rows }];
}

/** The fixture with the BusinessData row's members changed. */
function withBusiness(changes: Record<string, unknown>): Sections {
  const row = fixture().find((part) => 'BusinessData' in part)?.BusinessData;
  const first = Array.isArray(row) ? (row[0] as Record<string, unknown>) : {};
  return withSection('BusinessData', [{ ...first, ...changes }]);
}

describe('mapFirstCentralCommercialReport', () => {
  it('maps the full commercial report into the commercial report shape', () => {
    const report = mapFirstCentralCommercialReport(fixture());
    expect(commercialReportProblems(report)).toEqual([]);
    expect(report.businessData).toMatchObject({
      commercialID: 318542,
      businessName: 'LAGOON HARVEST FOODS LIMITED',
      tradingName: 'LAGOON HARVEST',
      businessType: 'Private Limited Liability Company',
      businessRegistrationNumber: 'RC1482736',
      dateOfIncorporation: '14/03/2016',
      dateOfCommencement: '', // the bureau wrote "-"
      taxIdentificationNumber: '21834567-0001',
      telephone1: '08000000101',
      telephone3: '', // the bureau wrote null
      fax2: '',
      commercialEmail1: 'accounts@lagoonharvest.example',
      commercialAddress1: 'Plot 14, Block C, Isolo Industrial Estate',
      commercialAddress3: 'Lagos',
      postalAddress1: 'P.O. Box 70412, Victoria Island',
      noOfDirectors: '2',
      industrySector: 'Manufacturing - Food Processing',
      webaddress: '',
      referenceNo: '',
      previousBusinessName: 'LAGOON HARVEST AGRO VENTURES',
      previousRegistrationNumber: 'BN2291734',
      updatedOn: '18/07/2024',
    });
    expect(Object.keys(report.businessData).sort()).toEqual([...BUSINESS_STRING_FIELDS, 'commercialID'].sort());
  });

  it('keeps the directors with their keys camelCased at the first letter', () => {
    const { directorInformation } = mapFirstCentralCommercialReport(fixture());
    expect(directorInformation).toEqual([
      {
        directorid: '4471802',
        dateofBirth: '09/11/1974',
        firstName: 'Tolulope',
        othernames: 'Morenike',
        surname: 'Adewale',
        identificationnumber: '*******0101', // masked
        directorAppointmentdate: '14/03/2016',
      },
      expect.objectContaining({ directorid: '4471803', surname: 'Eze', firstName: 'Chukwuemeka' }),
    ]);
  });

  it('keeps the history sections, and makes null the ones with only placeholder rows', () => {
    const report = mapFirstCentralCommercialReport(fixture());
    expect(report.creditAgreementSummary).toHaveLength(2);
    expect(report.creditAgreementSummary?.[0]).toMatchObject({
      subscriberName: 'Zenith Bank Plc Ikeja',
      accountStatus: 'Open',
      currentBalanceAmt: '12,450,000.00',
    });
    expect(report.addressHistory).toHaveLength(2);
    expect(report.addressHistory?.[1]).toMatchObject({ commercialAddress1: '27 Adeola Odeku Street' });
    expect(report.highestDelinquencyRating).toEqual([{ highestDelinquencyRating: '1' }]);
    expect(report.facilityPerformanceSummary?.[0]).toMatchObject({ totalOutstandingdebt: '12,450,000.00' });
    expect(report.accountMonthlyPaymentHistory?.[0]).toMatchObject({ accountNo: '1014827360', m01: '0', m24: '#' });
    expect(report.additionalContactHistory).toBeNull(); // one row of nulls is no history
    expect(report).not.toHaveProperty('subjectList');
    expect(report).not.toHaveProperty('enquiryDetails');
    expect(report).not.toHaveProperty('accountMonthlyPaymentHistoryHeader');
  });

  it('without a summary section, works the summary out from the agreements, never reading zero', () => {
    const report = mapFirstCentralCommercialReport(fixture());
    expect(report.creditAccountSummary).toEqual({
      ...emptySummary(['NGN']),
      totalNumberofAccountsNGN: '2',
      totalActiveAccountsNGN: '1',
      totalClosedAccountsNGN: '1',
      totalOutstandingdebtNGN: '12,450,000.00',
      totalMonthlyInstalmentNGN: '1,180,000.00',
      totalaccountinGoodconditionNGN: '2',
    });
    // The same figures as the bureau's facility summary, which has no column for the rest.
    expect(report.facilityPerformanceSummary?.[0]).toMatchObject({
      totalAccounts: '2',
      totalOutstandingdebt: '12,450,000.00',
      totalaccountinGoodcondition: '2',
    });
  });

  it('takes the summary from a CreditAccountSummary section when the bureau sends one', () => {
    const summary = {
      Rating: '2',
      TotalAccounts: '2',
      TotalActiveAccounts: '3',
      TotalOutstandingdebt: '12450000',
      TotalMonthlyInstalment: '1,180,000.00',
      TotalMonthlyInstalment1: '250.5',
      LastJudgementDate: '2021-06-30T00:00:00',
    };
    const report = mapFirstCentralCommercialReport(withSection('CreditAccountSummary', [summary]));
    expect(commercialReportProblems(report)).toEqual([]);
    expect(report.creditAccountSummary).toMatchObject({
      rating: '2',
      totalNumberofAccountsNGN: '2',
      totalActiveAccountsNGN: '3', // the bureau's column wins over the count from the agreements
      totalClosedAccountsNGN: '1', // no such column: counted
      totalOutstandingdebtNGN: '12,450,000.00',
      totalMonthlyInstalmentNGN: '1,180,000.00',
      totalMonthlyInstalmentUSD: '250.50',
      lastJudgementDateNGN: '30/06/2021',
      totalOutstandingdebtEUR: '0.00',
    });
  });

  it('turns ISO dates into DD/MM/YYYY, and anything else into empty', () => {
    const iso = mapFirstCentralCommercialReport(
      withBusiness({ DateOfIncorporation: '2016-03-14T00:00:00', DateOfCommencement: ' 2016-06-01 ' }),
    );
    expect(iso.businessData.dateOfIncorporation).toBe('14/03/2016');
    expect(iso.businessData.dateOfCommencement).toBe('01/06/2016');
    const odd = mapFirstCentralCommercialReport(
      withBusiness({ DateOfIncorporation: 'March 2016', DateOfCommencement: null }),
    );
    expect(odd.businessData.dateOfIncorporation).toBe('');
    expect(odd.businessData.dateOfCommencement).toBe('');
    expect(commercialReportProblems(odd)).toEqual([]);
  });

  it('fills every member of a sparse report: empty text, [] directors, null sections', () => {
    const report = mapFirstCentralCommercialReport([{ BusinessData: [{ CommercialID: 77, BusinessName: 'ACME' }] }]);
    expect(commercialReportProblems(report)).toEqual([]);
    expect(report.businessData.commercialID).toBe(77);
    expect(report.businessData.businessName).toBe('ACME');
    expect(report.businessData.fax4).toBe('');
    expect(report.directorInformation).toEqual([]);
    for (const s of COMMERCIAL_NULLABLE_SECTIONS) expect(report[s]).toBeNull();
    expect(report.creditAccountSummary).toEqual(emptySummary(['NGN']));
  });

  it('drops director rows that are only placeholders', () => {
    const report = mapFirstCentralCommercialReport(
      withSection('DirectorInformation', [{ Directorid: null, firstName: null, surname: '' }]),
    );
    expect(report.directorInformation).toEqual([]);
  });

  it('reads the real API camelCase answer (an object, the ID a number) the same way', () => {
    const report = mapFirstCentralCommercialReport({
      businessData: { commercialID: 296079, businessName: 'ADEBOLA & SONS', dateOfIncorporation: '13/10/2021' },
      directorInformation: [],
      addressHistory: null,
    });
    expect(commercialReportProblems(report)).toEqual([]);
    expect(report.businessData).toMatchObject({ commercialID: 296079, dateOfIncorporation: '13/10/2021' });
    expect(report.addressHistory).toBeNull();
  });

  it('a report without BusinessData, or with no usable CommercialID, is unreadable', () => {
    expect(() => mapFirstCentralCommercialReport(withSection('BusinessData', undefined))).toThrow(
      new UnreadableReportError('the report has no BusinessData'),
    );
    expect(() => mapFirstCentralCommercialReport([{ SubjectList: [] }, { Status: 'Processing' }])).toThrow(
      UnreadableReportError,
    );
    for (const id of [null, '', '-3', 'n/a']) {
      expect(() => mapFirstCentralCommercialReport(withBusiness({ CommercialID: id }))).toThrow(
        /BusinessData\.CommercialID is not a number/,
      );
    }
    expect(() => mapFirstCentralCommercialReport('<html>')).toThrow(UnreadableReportError);
  });

  it('an unreadable amount in the summary is unreadable, naming the column', () => {
    const answer = withSection('CreditAccountSummary', [{ Rating: '1', TotalOutstandingdebt: '1e6' }]);
    expect(() => mapFirstCentralCommercialReport(answer)).toThrow(/CreditSummary\.TotalOutstandingdebt/);
  });
});
