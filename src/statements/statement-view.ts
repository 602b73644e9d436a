import { toMajor } from '../domain/money.js';
import type { StatementRow } from './statements-repository.js';

const naira = (minor: number | null) => (minor === null ? null : toMajor(minor));

/** Members of the envelope the analytics sections may not overwrite. */
export const ENVELOPE: ReadonlySet<string> = new Set([
  'key',
  'name',
  'source',
  'clientFullName',
  'accountType',
  'accountName',
  'accountNumber',
  'bankName',
  'statementType',
  'bvnUuid',
  'startDate',
  'endDate',
  'createdDate',
  'processingStatus',
  'currency',
  'openingBalance',
  'closingBalance',
  'transactionCount',
  'clientIdentification',
  'nameMatch',
  'integrity',
  'transactions',
]);

/** Stored results as JSON text: the integrity report, and the analytics sections as one object. */
export interface StoredResults {
  integrity: string;
  analytics: string;
}

/**
 * The statement answer as JSON text, in the real API's envelope (`key`, `name`, `source`, ...,
 * `processingStatus`, `clientIdentification` with masked numbers), then our `nameMatch` and
 * `integrity`, then the analytics sections, then the linked records of other areas. The stored
 * JSON of the report and the sections is spliced in as it is: a 1,000-row statement's analytics
 * are not parsed and serialised again on the event loop.
 */
export function statementJson(row: StatementRow, results: StoredResults, links: Record<string, unknown>): string {
  const identification: Array<{ identifierName: string; identifierValue: string }> = [];
  if (row.bvn_masked) identification.push({ identifierName: 'bvn', identifierValue: row.bvn_masked });
  if (row.nin_masked) identification.push({ identifierName: 'nin', identifierValue: row.nin_masked });
  const envelope = JSON.stringify({
    key: row.key,
    name: row.name,
    source: row.format,
    clientFullName: row.client_full_name,
    accountType: row.account_type,
    accountName: row.account_name,
    accountNumber: row.account_number,
    bankName: row.bank_name,
    statementType: row.statement_type.toUpperCase(),
    bvnUuid: row.bvn_uuid,
    startDate: row.start_date,
    endDate: row.end_date,
    createdDate: new Date(row.created_at).toISOString(),
    processingStatus: row.processing_status,
    currency: row.currency,
    openingBalance: naira(row.opening_balance),
    closingBalance: naira(row.closing_balance),
    transactionCount: row.transaction_count,
    clientIdentification: identification,
    nameMatch: row.name_match ? JSON.parse(row.name_match) : null,
  });
  // Sections were checked against ENVELOPE when they were computed (`processing.ts`).
  const sections = results.analytics.slice(1, -1);
  const linked = JSON.stringify(links).slice(1, -1);
  return `${envelope.slice(0, -1)},"integrity":${results.integrity}${sections ? `,${sections}` : ''}${linked ? `,${linked}` : ''}}`;
}

/** The short form used in lists. */
export function statementSummary(row: StatementRow): Record<string, unknown> {
  return {
    key: row.key,
    name: row.name,
    source: row.format,
    statementType: row.statement_type.toUpperCase(),
    bvnUuid: row.bvn_uuid,
    accountName: row.account_name,
    bankName: row.bank_name,
    startDate: row.start_date,
    endDate: row.end_date,
    createdDate: new Date(row.created_at).toISOString(),
    processingStatus: row.processing_status,
    transactionCount: row.transaction_count,
  };
}
