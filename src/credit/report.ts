import { type TSchema, Type } from 'typebox';
import { Compile } from 'typebox/compile';

/**
 * The consumer credit report exactly as the spec lists its members (the XDS data model that
 * FirstCentral shares, typos included). Every bureau adapter produces this shape; the job runner
 * checks every report against `CreditReportSchema` before storing it.
 */

/** Sections that are `null` when the bureau has nothing for them; their inner shape is the bureau's. */
export const NULLABLE_SECTIONS = [
  'defaults',
  'nameHistory',
  'addressHistory',
  'adverseDetails',
  'guarantorCount',
  'guarantorDetails',
  'judgementSummary',
  'telephoneHistory',
  'employmentHistory',
  'dudCheqEventSummary',
  'identificationHistory',
  'creditAgreementSummary',
  'jointLoanAccountDetails',
  'highestDelinquencyRating',
  'accountMonthlyPaymentHistory',
] as const;
export type NullableSection = (typeof NULLABLE_SECTIONS)[number];

export const ACCOUNT_KINDS = [
  'Other',
  'Retail',
  'Telecom',
  'AutoLoan',
  'HomeLoan',
  'JointLoan',
  'StudyLoan',
  'CreditCard',
  'PersonalLoan',
] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** `noOfXAccountsGood`, except the bureau's own spelling of the auto-loan one. */
export const goodKey = (kind: AccountKind): string =>
  kind === 'AutoLoan' ? 'noOfAutoLoanccountsGood' : `noOf${kind}AccountsGood`;
export const badKey = (kind: AccountKind): string => `noOf${kind}AccountsBad`;
export const ACCOUNT_RATING_KEYS: readonly string[] = ACCOUNT_KINDS.flatMap((k) => [badKey(k), goodKey(k)]);

export type MetricKind = 'date' | 'count' | 'amount';
export const SUMMARY_METRICS = {
  lastJudgementDate: 'date',
  totalActiveAccounts: 'count',
  totalAmountInArrear: 'amount',
  totalClosedAccounts: 'count',
  totalAccountInArrear: 'count',
  totalJudgementAmount: 'amount',
  totalOutstandingdebt: 'amount',
  totalNumberofAccounts: 'count',
  lastBouncedChequesDate: 'date',
  totalDishonouredAmount: 'amount',
  totalMonthlyInstalment: 'amount',
  totalNumberofJudgement: 'count',
  totalNumberofDishonoured: 'count',
  totalaccountinGoodcondition: 'count',
} as const satisfies Record<string, MetricKind>;
export type SummaryMetric = keyof typeof SUMMARY_METRICS;
export const SUMMARY_METRIC_NAMES = Object.keys(SUMMARY_METRICS) as SummaryMetric[];

/** The four currency columns the spec always carries. */
export const SPEC_CURRENCIES = ['EUR', 'GBP', 'GHS', 'USD'] as const;
/** Local currencies a bureau may add as a fifth column (a Nigerian bureau reports in NGN). */
export const LOCAL_CURRENCIES = ['NGN'] as const;
export type SummaryCurrency = (typeof SPEC_CURRENCIES)[number] | (typeof LOCAL_CURRENCIES)[number];

/** The empty value of a metric in the bureau's formats: `-` for a date, `0` for a count, `0.00` for an amount. */
export const EMPTY_METRIC: Record<MetricKind, string> = { date: '-', count: '0', amount: '0.00' };

export const PERSONAL_STRING_FIELDS = [
  'title',
  'gender',
  'header',
  'surname',
  'birthDate',
  'firstName',
  'otheridNo',
  'cellularNo',
  'dependants',
  'otherNames',
  'passportNo',
  'pencomIDNo',
  'nationality',
  'referenceNo',
  'emailAddress',
  'nationalIDNo',
  'maritalStatus',
  'employerDetail',
  'postalAddress1',
  'postalAddress2',
  'postalAddress3',
  'postalAddress4',
  'homeTelephoneNo',
  'workTelephoneNo',
  'driversLicenseNo',
  'propertyOwnedType',
  'residentialAddress1',
  'residentialAddress2',
  'residentialAddress3',
  'residentialAddress4',
] as const;
export type PersonalStringField = (typeof PERSONAL_STRING_FIELDS)[number];

export type PersonalDetailsSummary = Record<PersonalStringField, string> & { consumerID: number };
/** A section's rows as the bureau gave them (keys in camel case); its inner shape is not specified. */
export type SectionRows = Array<Record<string, unknown>>;

export interface CreditReport extends Record<NullableSection, SectionRows | null> {
  accountRating: Record<string, string>;
  creditAccountSummary: Record<string, string> & { rating: string };
  personalDetailsSummary: PersonalDetailsSummary;
}

/**
 * A worked-out count or amount that is unknown: a bureau row it sums has an amount that is not an
 * amount. A date's `-` means none (no judgement, no dishonoured cheque).
 */
export const UNKNOWN_METRIC = '-';

const METRIC_PATTERNS: Record<MetricKind, string> = {
  date: '^(-|\\d{2}/\\d{2}/\\d{4})$',
  count: '^(-|\\d+)$',
  amount: '^(-|-?\\d{1,3}(,\\d{3})*\\.\\d{2})$',
};

const metricColumns = (currencies: readonly string[]): Record<string, TSchema> =>
  Object.fromEntries(
    SUMMARY_METRIC_NAMES.flatMap((m) =>
      currencies.map((c) => [`${m}${c}`, Type.String({ pattern: METRIC_PATTERNS[SUMMARY_METRICS[m]] })]),
    ),
  );

/** A section's rows as the bureau gave them, or `null` when it has none. */
export const SectionSchema = Type.Union([Type.Null(), Type.Array(Type.Record(Type.String(), Type.Unknown()))]);

/** The credit account summary: the rating, then each metric in the spec's four currencies (and the local one). */
export const CreditAccountSummarySchema = Type.Object(
  {
    rating: Type.String(),
    ...metricColumns(SPEC_CURRENCIES),
    ...Object.fromEntries(Object.entries(metricColumns(LOCAL_CURRENCIES)).map(([k, s]) => [k, Type.Optional(s)])),
  },
  { additionalProperties: false },
);

/** The report schema: no member missing, none extra. */
export const CreditReportSchema = Type.Object(
  {
    ...Object.fromEntries(NULLABLE_SECTIONS.map((s) => [s, SectionSchema])),
    accountRating: Type.Object(
      Object.fromEntries(ACCOUNT_RATING_KEYS.map((k) => [k, Type.String({ pattern: '^\\d+$' })])),
      { additionalProperties: false },
    ),
    creditAccountSummary: CreditAccountSummarySchema,
    personalDetailsSummary: Type.Object(
      {
        ...Object.fromEntries(
          PERSONAL_STRING_FIELDS.map((f) => [
            f,
            f === 'birthDate' ? Type.String({ pattern: '^(\\d{2}/\\d{2}/\\d{4})?$' }) : Type.String(),
          ]),
        ),
        consumerID: Type.Integer({ minimum: 0 }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, $id: 'ConsumerCreditReport' },
);

const checker = Compile(CreditReportSchema);

/** Checks a report against the schema; answers the first few problems as `path: reason`. */
export function reportProblems(report: unknown): string[] {
  if (checker.Check(report)) return [];
  return checker
    .Errors(report)
    .slice(0, 5)
    .map((e) => `${e.instancePath || '/'}: ${e.message}`);
}

/** An empty credit account summary: every spec column (and the local ones asked for) at its empty value. */
export function emptySummary(localCurrencies: readonly SummaryCurrency[] = []): CreditReport['creditAccountSummary'] {
  const summary: CreditReport['creditAccountSummary'] = { rating: '' };
  for (const m of SUMMARY_METRIC_NAMES) {
    for (const c of [...SPEC_CURRENCIES, ...localCurrencies]) summary[`${m}${c}`] = EMPTY_METRIC[SUMMARY_METRICS[m]];
  }
  return summary;
}

export function emptyAccountRating(): Record<string, string> {
  return Object.fromEntries(ACCOUNT_RATING_KEYS.map((k) => [k, '0']));
}

export function emptySections(): Record<NullableSection, null> {
  return Object.fromEntries(NULLABLE_SECTIONS.map((s) => [s, null])) as Record<NullableSection, null>;
}

/** `DD/MM/YYYY` (the bureau's) to `YYYY-MM-DD` (the envelope's); anything else gives ''. */
export function isoDate(bureauDate: string): string {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(bureauDate.trim());
  return m ? `${m[3]}-${m[2]}-${m[1]}` : '';
}

/** The subject's full name as the report's personal details give it. */
export function fullName(p: PersonalDetailsSummary): string {
  return [p.firstName, p.otherNames, p.surname]
    .map((s) => s.trim())
    .filter((s) => s.length > 0)
    .join(' ');
}
