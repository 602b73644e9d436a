import { maskIdentifier } from '../domain/identifier.js';
import type { CommercialCreditReport } from './commercial-report.js';
import type { CreditReport, PersonalDetailsSummary, SectionRows } from './report.js';

/**
 * Identity numbers in a report are shown masked, as a statement's BVN and NIN are
 * (`maskIdentifier`): whatever a bureau sends, the report keeps no one's full BVN, NIN or passport
 * number. Masking a masked number leaves it as it is, so a report is masked when mapped and again
 * when answered (reports sealed before masking was added hold the numbers in full).
 */

/** The personal details that hold an identity number. */
const PERSONAL_ID_FIELDS = ['nationalIDNo', 'passportNo', 'driversLicenseNo', 'pencomIDNo', 'otheridNo'] as const;

/** A row member holding an identity number, however the bureau cases it. */
const isIdentityNumber = (key: string) => key.toLowerCase() === 'identificationnumber';

const masked = <V>(value: V): V | string =>
  value === null || value === undefined || String(value).trim() === '' ? value : maskIdentifier(String(value));

/** The rows (identification history, directors) with their identity numbers masked. */
export function maskIdentityRows(rows: SectionRows): SectionRows;
export function maskIdentityRows(rows: SectionRows | null): SectionRows | null;
export function maskIdentityRows(rows: SectionRows | null): SectionRows | null {
  return (
    rows?.map((row) =>
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k, isIdentityNumber(k) ? masked(v) : v])),
    ) ?? null
  );
}

/** The personal details with their identity numbers masked. */
export function maskPersonalIds(person: PersonalDetailsSummary): PersonalDetailsSummary {
  const copy = { ...person };
  for (const f of PERSONAL_ID_FIELDS) copy[f] = masked(copy[f]);
  return copy;
}

/** A stored consumer report as it is answered: its identity numbers masked. */
export const maskConsumerReport = (report: CreditReport): CreditReport => ({
  ...report,
  identificationHistory: maskIdentityRows(report.identificationHistory),
  personalDetailsSummary: maskPersonalIds(report.personalDetailsSummary),
});

/** A stored business report as it is answered: its directors' identity numbers masked. */
export const maskCommercialReport = (report: CommercialCreditReport): CommercialCreditReport => ({
  ...report,
  directorInformation: maskIdentityRows(report.directorInformation),
});
