import { maskIdentifier } from '../domain/identifier.js';
import { type IdentitySealer, identityAad } from './identity.js';
import type { ProcessedStatement } from './processing.js';
import type { StatementValues } from './statements-repository.js';
import type { SubmissionQuery } from './submission.js';

/**
 * The statement's columns: the submitter's client and query, the processed statement's values,
 * and its BVN and NIN masked for display and sealed for the client (never stored whole).
 */
export function statementRow(
  input: { clientId: number; query: SubmissionQuery },
  s: ProcessedStatement,
  sealer: IdentitySealer,
): StatementValues {
  return {
    client_id: input.clientId,
    name: s.name,
    format: s.format,
    statement_type: input.query.statementType,
    bvn_uuid: input.query.bvnUuid ?? null,
    processing_status: s.processingStatus,
    client_full_name: s.clientFullName,
    account_name: s.accountName,
    account_number: s.accountNumber,
    account_type: s.accountType,
    bank_name: s.bankName,
    currency: s.currency,
    time_zone: s.timeZone,
    start_date: s.startDate,
    end_date: s.endDate,
    opening_balance: s.openingBalance,
    closing_balance: s.closingBalance,
    transaction_count: s.transactionCount,
    bvn_masked: s.bvn ? maskIdentifier(s.bvn) : null,
    bvn_sealed: s.bvn ? sealer.seal(s.bvn, identityAad(input.clientId, 'bvn')) : null,
    nin_masked: s.nin ? maskIdentifier(s.nin) : null,
    nin_sealed: s.nin ? sealer.seal(s.nin, identityAad(input.clientId, 'nin')) : null,
    name_match: s.nameMatch ? JSON.stringify(s.nameMatch) : null,
    integrity_verdict: s.integrityVerdict,
  };
}
