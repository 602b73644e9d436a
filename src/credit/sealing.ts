/**
 * Associated data for each sealed column: a ciphertext opens only in the row and column it was
 * written for.
 */
export const subjectAad = (clientId: number, subjectHash: string) => `credit-subject:${clientId}:${subjectHash}`;
export const reportAad = (jobId: number) => `credit-report:${jobId}`;
export const requestAad = (reference: string) => `credit-request:${reference}`;
