import { maskIdentityRows, maskPersonalIds } from '../../identity-numbers.js';
import {
  ACCOUNT_RATING_KEYS,
  type CreditReport,
  emptyAccountRating,
  NULLABLE_SECTIONS,
  type NullableSection,
  PERSONAL_STRING_FIELDS,
  type PersonalDetailsSummary,
} from '../../report.js';
import { mapAccountSummary } from './account-summary.js';
import {
  formatMetric,
  lookup,
  mergeSections,
  nullableSections,
  reportDate,
  rows,
  subjectId,
  textFields,
  UnreadableReportError,
} from './answer-values.js';

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
  sections.identificationHistory = maskIdentityRows(sections.identificationHistory);
  const creditAccountSummary = mapAccountSummary(get, {
    agreements: sections.creditAgreementSummary,
    judgements: sections.judgementSummary,
    dishonoured: sections.dudCheqEventSummary,
  });

  const ratingRow = lookup(rows(get('CreditAccountRating', 'AccountRating'))[0] ?? {});
  const accountRating = emptyAccountRating();
  for (const key of ACCOUNT_RATING_KEYS) {
    const value = ratingRow(key, key.replace('AutoLoanccounts', 'AutoLoanAccounts'));
    accountRating[key] = formatMetric('count', value, `CreditAccountRating.${key}`);
  }

  return {
    ...sections,
    accountRating,
    creditAccountSummary,
    personalDetailsSummary: maskPersonalIds(personalDetailsSummary),
  };
}
