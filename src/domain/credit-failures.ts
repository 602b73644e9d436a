/**
 * Why a credit pull failed: the `code` of a failed report's envelope, stored in
 * `credit_jobs.failure_code`. Not request errors (those are in `errors.ts`): the fetch that reads
 * one is answered normally, with `status: false`. Codes are stable; the README lists them all.
 */
export const creditFailureCatalogue = {
  CREDIT_NO_RECORD: 'The bureau holds no credit file for the subject',
  CREDIT_BUREAU_REJECTED: 'The bureau refused the request',
  CREDIT_BUREAU_UNREADABLE: "The bureau's answer could not be read as a report",
  CREDIT_BUREAU_UNAVAILABLE: 'The bureau could not be reached, or did not answer a request it may charge for',
  CREDIT_CLIENT_REVOKED: 'The client was revoked before the bureau was asked',
  CREDIT_REQUEST_UNREADABLE: 'No configured key opens the stored request, so it was not sent',
  CREDIT_FAILED: 'A failed pull stored without a code',
} as const satisfies Record<string, string>;

export type CreditFailureCode = keyof typeof creditFailureCatalogue;

export const creditFailureCodes = Object.keys(creditFailureCatalogue) as CreditFailureCode[];
