import {
  BUSINESS_STRING_FIELDS,
  type BusinessData,
  COMMERCIAL_NULLABLE_SECTIONS,
  type CommercialCreditReport,
} from '../../commercial-report.js';
import { maskIdentityRows } from '../../identity-numbers.js';
import { mapAccountSummary } from './account-summary.js';
import {
  lookup,
  mergeSections,
  nullableSections,
  reportDate,
  rows,
  subjectId,
  textFields,
  UnreadableReportError,
} from './answer-values.js';

/**
 * Maps FirstCentral's full commercial report (`GetCommercialFullCreditReport`) onto the commercial
 * report: the business's details, its directors, the credit account summary and the bureau's
 * history sections. Sections the report has no place for (`SubjectList`, `EnquiryHistoryTop`,
 * `EnquiryDetails`, `AccountMonthlyPaymentHistoryHeader`) are left out.
 */
export function mapFirstCentralCommercialReport(answer: unknown): CommercialCreditReport {
  const get = lookup(mergeSections(answer));

  const businessRow = rows(get('BusinessData'))[0];
  if (!businessRow) throw new UnreadableReportError('the report has no BusinessData');
  const business = lookup(businessRow);
  const businessData: BusinessData = {
    ...textFields(business, BUSINESS_STRING_FIELDS),
    commercialID: subjectId(business('CommercialID'), 'BusinessData.CommercialID'),
  };
  businessData.dateOfIncorporation = reportDate(businessData.dateOfIncorporation);
  businessData.dateOfCommencement = reportDate(businessData.dateOfCommencement);

  const sections = nullableSections(get, COMMERCIAL_NULLABLE_SECTIONS);
  return {
    businessData,
    directorInformation: maskIdentityRows(rows(get('DirectorInformation'))),
    creditAccountSummary: mapAccountSummary(get, { agreements: sections.creditAgreementSummary }),
    ...sections,
  };
}
