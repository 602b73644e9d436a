import type { CreditReportKind } from '../db/schema.js';

/**
 * Associated data for each sealed column: a ciphertext opens only in the row and column it was
 * written for.
 */
export const subjectAad = (clientId: number, subjectHash: string) => `credit-subject:${clientId}:${subjectHash}`;
export const reportAad = (jobId: number) => `credit-report:${jobId}`;
export const requestAad = (reference: string) => `credit-request:${reference}`;

/**
 * The identifier a pull's sealed subject is hashed by (`subject_hash`): a consumer's BVN, a
 * business's normalised CAC registration number.
 */
export const subjectIdentifier = (
  kind: CreditReportKind,
  subject: { bvn?: string; registrationNumber?: string },
): string => (kind === 'commercial' ? subject.registrationNumber : subject.bvn) ?? '';
