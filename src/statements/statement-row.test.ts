import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createReportCipher } from '../credit/report-cipher.js';
import { identityAad } from './identity.js';
import type { ProcessedStatement } from './processing.js';
import { statementRow } from './statement-row.js';

const cipher = createReportCipher(randomBytes(32), 'config');

const processed: ProcessedStatement = {
  name: 'March salary account',
  format: 'zeeh',
  currency: 'NGN',
  timeZone: 'Africa/Lagos',
  clientFullName: 'ADAEZE NWANKWO',
  accountName: 'Adaeze Nwankwo',
  accountNumber: '0123456789',
  accountType: 'savings',
  bankName: 'GTB',
  bvn: '22298765432',
  nin: '12345678901',
  startDate: '2023-01-25',
  endDate: '2023-03-31',
  openingBalance: 5_000_000,
  closingBalance: 74_890_000,
  transactionCount: 12,
  nameMatch: { score: 1, passed: true, threshold: 0.7 },
  processingStatus: 'PROCESSED',
  integrityVerdict: 'INTACT',
  integrity: '{}',
  analytics: '{}',
  sections: new Uint8Array(),
  analysisError: null,
  transactions: new Uint8Array(),
};

describe('statementRow', () => {
  it('maps a processed statement to its columns, identity numbers masked and sealed for the client', () => {
    const row = statementRow(
      {
        clientId: 7,
        query: { format: 'zeeh', statementType: 'business', bvnUuid: 'b7c1e2d3-0000-4000-8000-000000000001' },
      },
      processed,
      cipher,
    );
    expect(row).toEqual({
      client_id: 7,
      name: 'March salary account',
      format: 'zeeh',
      statement_type: 'business',
      bvn_uuid: 'b7c1e2d3-0000-4000-8000-000000000001',
      processing_status: 'PROCESSED',
      client_full_name: 'ADAEZE NWANKWO',
      account_name: 'Adaeze Nwankwo',
      account_number: '0123456789',
      account_type: 'savings',
      bank_name: 'GTB',
      currency: 'NGN',
      time_zone: 'Africa/Lagos',
      start_date: '2023-01-25',
      end_date: '2023-03-31',
      opening_balance: 5_000_000,
      closing_balance: 74_890_000,
      transaction_count: 12,
      bvn_masked: '*******5432',
      bvn_sealed: expect.any(String),
      nin_masked: '*******8901',
      nin_sealed: expect.any(String),
      name_match: '{"score":1,"passed":true,"threshold":0.7}',
      integrity_verdict: 'INTACT',
    });
    expect(JSON.stringify(row)).not.toContain('22298765432');
    expect(JSON.stringify(row)).not.toContain('12345678901');
    expect(cipher.open(row.bvn_sealed as string, identityAad(7, 'bvn'))).toBe('22298765432');
    expect(cipher.open(row.nin_sealed as string, identityAad(7, 'nin'))).toBe('12345678901');
    // Sealed for this client and kind: it opens as no other.
    expect(() => cipher.open(row.bvn_sealed as string, identityAad(8, 'bvn'))).toThrow();
    expect(() => cipher.open(row.bvn_sealed as string, identityAad(7, 'nin'))).toThrow();
  });

  it('stores no identity, BVN record or name match the statement does not have', () => {
    const row = statementRow(
      { clientId: 7, query: { format: 'zeeh', statementType: 'consumer' } },
      { ...processed, bvn: null, nin: null, nameMatch: null },
      cipher,
    );
    expect(row).toMatchObject({
      bvn_uuid: null,
      bvn_masked: null,
      bvn_sealed: null,
      nin_masked: null,
      nin_sealed: null,
      name_match: null,
    });
  });
});
