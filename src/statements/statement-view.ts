import { toMajor } from '../domain/money.js';
import type { StatementRow } from './statements-repository.js';

const naira = (minor: number | null) => (minor === null ? null : toMajor(minor));

/** Members of the envelope the analytics sections may not overwrite. */
const ENVELOPE = new Set([
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

export interface StatementView {
  key: number;
  name: string;
  source: string;
  clientFullName: string | null;
  accountType: string | null;
  accountName: string | null;
  accountNumber: string | null;
  bankName: string | null;
  statementType: string;
  bvnUuid: string | null;
  startDate: string | null;
  endDate: string | null;
  createdDate: string;
  processingStatus: string;
  currency: string;
  openingBalance: number | null;
  closingBalance: number | null;
  transactionCount: number;
  clientIdentification: Array<{ identifierName: string; identifierValue: string }>;
  nameMatch: { score: number; passed: boolean; threshold: number } | null;
  integrity: unknown;
  /** Analytics sections and linked records. */
  [section: string]: unknown;
}

/**
 * The statement answer in the real API's envelope (`key`, `name`, `source`, ..., `processingStatus`,
 * `clientIdentification` with masked numbers), then our `nameMatch` and `integrity`, then the
 * analytics sections, then the linked records of other areas.
 */
export function statementView(
  row: StatementRow,
  results: { integrity: unknown; analytics: Record<string, unknown> },
  links: Record<string, unknown>,
): StatementView {
  const identification: Array<{ identifierName: string; identifierValue: string }> = [];
  if (row.bvn_masked) identification.push({ identifierName: 'bvn', identifierValue: row.bvn_masked });
  if (row.nin_masked) identification.push({ identifierName: 'nin', identifierValue: row.nin_masked });
  const view: StatementView = {
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
    integrity: results.integrity,
  };
  for (const [section, value] of Object.entries(results.analytics)) {
    if (!ENVELOPE.has(section)) view[section] = value;
  }
  for (const [field, value] of Object.entries(links)) {
    if (!(field in view)) view[field] = value;
  }
  return view;
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
