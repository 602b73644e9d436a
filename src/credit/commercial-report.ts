import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import { CreditAccountSummarySchema, type CreditReport, type SectionRows, SectionSchema } from './report.js';

/**
 * The business (commercial) credit report, the twin of the consumer one: the XDS data model that
 * FirstCentral shares, as the real API's `get-commercial-credit` answers it (`businessData`,
 * `directorInformation`, `creditAccountSummary`, then the bureau's history sections). Every bureau
 * adapter produces this shape; the job runner checks every report against the schema before storing it.
 */

/** Sections that are `null` when the bureau has nothing for them; their inner shape is the bureau's. */
export const COMMERCIAL_NULLABLE_SECTIONS = [
  'addressHistory',
  'creditAgreementSummary',
  'highestDelinquencyRating',
  'facilityPerformanceSummary',
  'additionalContactHistory',
  'accountMonthlyPaymentHistory',
] as const;
export type CommercialSection = (typeof COMMERCIAL_NULLABLE_SECTIONS)[number];

/** `businessData`'s text members, as the real API spells them. */
export const BUSINESS_STRING_FIELDS = [
  'fax1',
  'fax2',
  'fax3',
  'fax4',
  'updatedOn',
  'vatNumber',
  'telephone1',
  'telephone2',
  'telephone3',
  'telephone4',
  'webaddress',
  'referenceNo',
  'tradingName',
  'businessName',
  'businessType',
  'noOfDirectors',
  'industrySector',
  'postalAddress1',
  'postalAddress2',
  'postalAddress3',
  'postalAddress4',
  'commercialEmail1',
  'commercialEmail2',
  'commercialEmail3',
  'commercialEmail4',
  'commercialAddress1',
  'commercialAddress2',
  'commercialAddress3',
  'commercialAddress4',
  'dateOfCommencement',
  'dateOfIncorporation',
  'previousBusinessName',
  'taxIdentificationNumber',
  'businessRegistrationNumber',
  'previousRegistrationNumber',
] as const;
export type BusinessStringField = (typeof BUSINESS_STRING_FIELDS)[number];

export type BusinessData = Record<BusinessStringField, string> & { commercialID: number };

export interface CommercialCreditReport extends Record<CommercialSection, SectionRows | null> {
  businessData: BusinessData;
  /** The directors on the bureau's file; `[]` when it lists none (as the real API answers). */
  directorInformation: SectionRows;
  creditAccountSummary: CreditReport['creditAccountSummary'];
}

const BUREAU_DATE = '^(\\d{2}/\\d{2}/\\d{4})?$';

/** The report schema: no member missing, none extra. */
export const CommercialCreditReportSchema = Type.Object(
  {
    businessData: Type.Object(
      {
        ...Object.fromEntries(
          BUSINESS_STRING_FIELDS.map((f) => [
            f,
            f === 'dateOfCommencement' || f === 'dateOfIncorporation'
              ? Type.String({ pattern: BUREAU_DATE, description: 'DD/MM/YYYY, or empty when unknown' })
              : Type.String(),
          ]),
        ),
        commercialID: Type.Integer({ minimum: 0 }),
      },
      { additionalProperties: false },
    ),
    directorInformation: Type.Array(Type.Record(Type.String(), Type.Unknown())),
    creditAccountSummary: CreditAccountSummarySchema,
    ...Object.fromEntries(COMMERCIAL_NULLABLE_SECTIONS.map((s) => [s, SectionSchema])),
  },
  { additionalProperties: false, $id: 'CommercialCreditReport' },
);

const checker = Compile(CommercialCreditReportSchema);

/** Checks a report against the schema; answers the first few problems as `path: reason`. */
export function commercialReportProblems(report: unknown): string[] {
  if (checker.Check(report)) return [];
  return checker
    .Errors(report)
    .slice(0, 5)
    .map((e) => `${e.instancePath || '/'}: ${e.message}`);
}

export function emptyBusinessData(): BusinessData {
  const fields = Object.fromEntries(BUSINESS_STRING_FIELDS.map((f) => [f, ''])) as Record<BusinessStringField, string>;
  return { ...fields, commercialID: 0 };
}

export function emptyCommercialSections(): Record<CommercialSection, null> {
  return Object.fromEntries(COMMERCIAL_NULLABLE_SECTIONS.map((s) => [s, null])) as Record<CommercialSection, null>;
}

/**
 * A CAC registration number as the bureau files it: upper case, without spaces or dashes
 * (`rc 123456` and `RC-123456` are `RC123456`). The prefix says the kind of entity: RC a company,
 * BN a business name, IT an incorporated trustee, LP/LLP a partnership.
 */
export const normaliseRegistrationNumber = (value: string): string => value.toUpperCase().replace(/[\s-]/g, '');

/** The CAC prefixes: RC a company, BN a business name, IT incorporated trustees, LP and LLP partnerships. */
const REGISTRATION_PREFIXES = ['RC', 'BN', 'IT', 'LLP', 'LP'];
const GAP = '[\\s-]*';
const anyCase = (prefix: string) => [...prefix].map((c) => `[${c}${c.toLowerCase()}]`).join(GAP);

/**
 * A registration number as a lender may type it: the prefix in either case, then 1 to 10 digits,
 * with spaces and dashes anywhere (`RC1234567`, `rc 123456`, `BN-809081021`, `RC000 0003`): what is
 * left once `normaliseRegistrationNumber` drops them is `RC1234567`. The prefix is required: the
 * bureau files the number with it, and `1234567` alone could be an RC or a BN.
 */
export const REGISTRATION_NUMBER_INPUT = `^${GAP}(?:${REGISTRATION_PREFIXES.map(anyCase).join('|')})(?:${GAP}[0-9]){1,10}${GAP}$`;
