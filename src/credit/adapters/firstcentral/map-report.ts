import { formatMajor, parseMinor } from '../../../domain/money.js';
import {
  ACCOUNT_RATING_KEYS,
  type CreditReport,
  emptyAccountRating,
  emptySummary,
  type MetricKind,
  NULLABLE_SECTIONS,
  type NullableSection,
  PERSONAL_STRING_FIELDS,
  type PersonalDetailsSummary,
  type SectionRows,
  SPEC_CURRENCIES,
  SUMMARY_METRICS,
  type SummaryCurrency,
  type SummaryMetric,
} from '../../report.js';

/** A FirstCentral answer the mapper cannot turn into a report; the adapter reports it as unreadable. */
export class UnreadableReportError extends Error {}

/** FirstCentral spells keys in PascalCase, KYC re-wrappers in camelCase: compare them loosely. */
const norm = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The sections of a full report: FirstCentral's array of one-key objects merged into one object. */
export function mergeSections(answer: unknown): Record<string, unknown> {
  if (Array.isArray(answer)) {
    const merged: Record<string, unknown> = {};
    for (const part of answer) {
      if (part && typeof part === 'object' && !Array.isArray(part)) Object.assign(merged, part);
    }
    return merged;
  }
  if (answer && typeof answer === 'object') return answer as Record<string, unknown>;
  throw new UnreadableReportError('the report is neither an array of sections nor an object');
}

/** Reads a value by the first of several names that the source has, compared loosely. */
export type Lookup = (...names: string[]) => unknown;

export function lookup(source: Record<string, unknown>): Lookup {
  const byNorm = new Map(Object.entries(source).map(([k, v]) => [norm(k), v]));
  return (...names) => {
    for (const n of names) {
      const v = byNorm.get(norm(n));
      if (v !== undefined) return v;
    }
    return undefined;
  };
}

const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && /^\s*-?\s*$/.test(v));

/** The rows of a section: objects only (a truncation marker is not a row), rows with no value dropped. */
export function rows(value: unknown): SectionRows {
  const list = Array.isArray(value) ? value : value && typeof value === 'object' ? [value] : [];
  return list
    .filter((r): r is Record<string, unknown> => r !== null && typeof r === 'object' && !Array.isArray(r))
    .map((r) =>
      Object.fromEntries(
        Object.entries(r)
          .filter(([k]) => k !== '_id')
          .map(([k, v]) => [k.charAt(0).toLowerCase() + k.slice(1), v]),
      ),
    )
    .filter((r) => Object.values(r).some((v) => !isBlank(v)));
}

/** Each section's rows, or `null` when the bureau has none; found by its own name or one of its aliases. */
export function nullableSections<S extends string>(
  get: Lookup,
  sections: readonly S[],
  aliases: Partial<Record<S, readonly string[]>> = {},
): Record<S, SectionRows | null> {
  return Object.fromEntries(
    sections.map((s) => {
      const found = rows(get(s, ...(aliases[s] ?? [])));
      return [s, found.length > 0 ? found : null];
    }),
  ) as Record<S, SectionRows | null>;
}

/** A row's text members by their spec names: `''` for a value the bureau left out or sent as null. */
export function textFields<F extends string>(get: Lookup, fields: readonly F[]): Record<F, string> {
  return Object.fromEntries(
    fields.map((f) => {
      const v = get(f);
      return [f, v === null || v === undefined ? '' : String(v)];
    }),
  ) as Record<F, string>;
}

/** A bureau date in the report's `DD/MM/YYYY`, or `''` when it is blank or not a date. */
export const reportDate = (text: string): string => bureauDate(text.trim()) ?? '';

/** The bureau's numeric ID of a subject (sent as text or as a number). */
export function subjectId(value: unknown, where: string): number {
  const id = Number.parseInt(String(value ?? ''), 10);
  if (!Number.isSafeInteger(id) || id < 0) throw new UnreadableReportError(`${where} is not a number`);
  return id;
}

const sectionAliases: Record<NullableSection, string[]> = {
  defaults: ['Defaults', 'DefaultHistory'],
  nameHistory: ['NameHistory'],
  addressHistory: ['AddressHistory'],
  adverseDetails: ['AdverseDetails'],
  guarantorCount: ['GuarantorCount'],
  guarantorDetails: ['GuarantorDetails'],
  judgementSummary: ['JudgementSummary', 'JudgementDetails'],
  telephoneHistory: ['TelephoneHistory'],
  employmentHistory: ['EmploymentHistory'],
  dudCheqEventSummary: ['DudCheqEventSummary', 'DudChequeEventSummary'],
  identificationHistory: ['IdentificationHistory'],
  creditAgreementSummary: ['CreditAgreementSummary'],
  jointLoanAccountDetails: ['JointLoanAccountDetails'],
  highestDelinquencyRating: ['HighestDelinquencyRating'],
  accountMonthlyPaymentHistory: ['AccountMonthlyPaymentHistory'],
};

/** FirstCentral reports in naira, with a second column for foreign currency (US dollars in Nigeria). */
const LOCAL: SummaryCurrency = 'NGN';
const FOREIGN: SummaryCurrency = 'USD';

/** FirstCentral's column names for each metric (local currency; the foreign column adds `1`). */
const metricAliases: Record<SummaryMetric, string[]> = {
  lastJudgementDate: ['LastJudgementDate'],
  totalActiveAccounts: ['TotalActiveAccounts'],
  totalAmountInArrear: ['TotalAmountInArrear', 'Amountarrear'],
  totalClosedAccounts: ['TotalClosedAccounts'],
  totalAccountInArrear: ['TotalAccountInArrear', 'TotalAccountarrear'],
  totalJudgementAmount: ['TotalJudgementAmount'],
  totalOutstandingdebt: ['TotalOutstandingdebt'],
  totalNumberofAccounts: ['TotalNumberofAccounts', 'TotalAccounts'],
  lastBouncedChequesDate: ['LastBouncedChequesDate'],
  totalDishonouredAmount: ['TotalDishonouredAmount'],
  totalMonthlyInstalment: ['TotalMonthlyInstalment'],
  totalNumberofJudgement: ['TotalNumberofJudgement'],
  totalNumberofDishonoured: ['TotalNumberofDishonoured'],
  totalaccountinGoodcondition: ['TotalaccountinGoodcondition', 'TotalaccountinGodcondition'],
};

/** A bureau value in the spec's format for its kind; blanks become the kind's empty value. */
export function formatMetric(kind: MetricKind, value: unknown, where: string): string {
  if (isBlank(value)) return kind === 'date' ? '-' : kind === 'count' ? '0' : '0.00';
  const text = String(value).trim();
  if (kind === 'amount') {
    const parsed = parseMinor(text);
    if (!parsed.ok) throw new UnreadableReportError(`${where}: ${parsed.reason}`);
    return formatMajor(parsed.minor);
  }
  if (kind === 'count') {
    if (!/^\d+(\.0+)?$/.test(text))
      throw new UnreadableReportError(`${where}: expected a count, got ${JSON.stringify(text)}`);
    return String(Number.parseInt(text, 10));
  }
  const date = bureauDate(text);
  if (date === undefined) throw new UnreadableReportError(`${where}: expected a date, got ${JSON.stringify(text)}`);
  return date;
}

/** `DD/MM/YYYY` as is; ISO dates (with or without a time) turned into it. */
export function bureauDate(text: string): string | undefined {
  if (/^\d{2}\/\d{2}\/\d{4}$/.test(text)) return text;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  return iso ? `${iso[3]}/${iso[2]}/${iso[1]}` : undefined;
}

/** Active and closed accounts per currency, counted from the agreements when the summary has no such column. */
function accountCounts(agreements: SectionRows, local: SummaryCurrency) {
  const counts = new Map<string, { active: number; closed: number }>();
  for (const a of agreements) {
    const get = lookup(a);
    const currency =
      String(get('currency') ?? '')
        .trim()
        .toUpperCase() || local;
    const c = counts.get(currency) ?? { active: 0, closed: 0 };
    if (/closed/i.test(String(get('accountStatus') ?? ''))) c.closed += 1;
    else c.active += 1;
    counts.set(currency, c);
  }
  return counts;
}

/**
 * The credit account summary from the bureau's summary section (`CreditSummary`, or
 * `CreditAccountSummary` in other XDS bureaus), at the empty values when it has none. FirstCentral
 * gives two columns per metric: the local currency (NGN, unsuffixed) and foreign currency (suffix
 * `1`, which in Nigeria is US dollars). So NGN and USD are filled from the bureau; EUR, GBP and GHS,
 * which it does not report, hold the empty value of their kind.
 */
export function mapAccountSummary(get: Lookup, agreements: SectionRows | null): CreditReport['creditAccountSummary'] {
  const summaryRow = lookup(rows(get('CreditSummary', 'CreditAccountSummary'))[0] ?? {});
  const summary = emptySummary([LOCAL]);
  summary.rating = String(summaryRow('Rating') ?? '').trim();
  for (const [metric, kind] of Object.entries(SUMMARY_METRICS) as Array<[SummaryMetric, MetricKind]>) {
    for (const [currency, suffix] of [
      [LOCAL, ''],
      [FOREIGN, '1'],
    ] as const) {
      const value = summaryRow(...metricAliases[metric].map((a) => `${a}${suffix}`));
      summary[`${metric}${currency}`] = formatMetric(kind, value, `CreditSummary.${metricAliases[metric][0]}${suffix}`);
    }
  }
  const counts = accountCounts(agreements ?? [], LOCAL);
  for (const currency of [...SPEC_CURRENCIES, LOCAL]) {
    const c = counts.get(currency);
    if (!c) continue;
    if (summaryRow('TotalActiveAccounts') === undefined) summary[`totalActiveAccounts${currency}`] = String(c.active);
    if (summaryRow('TotalClosedAccounts') === undefined) summary[`totalClosedAccounts${currency}`] = String(c.closed);
  }
  return summary;
}

/** Maps FirstCentral's full consumer report onto the spec's report. */
export function mapFirstCentralReport(answer: unknown): CreditReport {
  const get = lookup(mergeSections(answer));

  const personalRow = rows(get('PersonalDetailsSummary'))[0];
  if (!personalRow) throw new UnreadableReportError('the report has no PersonalDetailsSummary');
  const person = lookup(personalRow);
  const personalDetailsSummary: PersonalDetailsSummary = {
    ...textFields(person, PERSONAL_STRING_FIELDS),
    consumerID: subjectId(person('ConsumerID'), 'PersonalDetailsSummary.ConsumerID'),
  };
  personalDetailsSummary.birthDate = reportDate(personalDetailsSummary.birthDate);

  const sections = nullableSections(get, NULLABLE_SECTIONS, sectionAliases);
  const creditAccountSummary = mapAccountSummary(get, sections.creditAgreementSummary);

  const ratingRow = lookup(rows(get('CreditAccountRating', 'AccountRating'))[0] ?? {});
  const accountRating = emptyAccountRating();
  for (const key of ACCOUNT_RATING_KEYS) {
    const value = ratingRow(key, key.replace('AutoLoanccounts', 'AutoLoanAccounts'));
    accountRating[key] = formatMetric('count', value, `CreditAccountRating.${key}`);
  }

  return { ...sections, accountRating, creditAccountSummary, personalDetailsSummary };
}
