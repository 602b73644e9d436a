import { describe, expect, it } from 'vitest';
import { bodyFor, type GeneratedRow, generateRows } from '../../test/statements/bodies.js';
import { decompressJson } from './compression.js';
import { type ProcessOutcome, processSubmission } from './processing.js';
import { ENVELOPE } from './statement-view.js';
import { readSubmission } from './submission.js';
import { categoryAt, decodeTransactions } from './transaction-document.js';

const config = { defaultTimeZone: 'Africa/Lagos', minTransactions: 10 };
const body = bodyFor('mono', generateRows(40), 'processing test');
const bytes = Buffer.from(JSON.stringify(body));

const processed = (outcome: ProcessOutcome) => {
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.refusal));
  return outcome.statement;
};

describe('processSubmission', () => {
  it('reads bytes into a statement ready to store: header, sections, integrity and labelled transactions', () => {
    const s = processed(processSubmission({ format: 'mono', statementType: 'consumer', body: bytes }, config));
    expect(s).toMatchObject({ name: 'processing test', format: 'mono', transactionCount: 40, analysisError: null });
    expect(s.processingStatus).toBe('PROCESSED');
    const sections = JSON.parse(s.analytics) as Record<string, unknown>;
    expect(Object.keys(sections)).toContain('cashFlowAnalysis');
    expect(Object.keys(sections).filter((k) => ENVELOPE.has(k))).toEqual([]);
    expect(decompressJson(s.sections)).toBe(s.analytics);
    expect(JSON.parse(s.integrity).verdict).toBe(s.integrityVerdict);
    const doc = decodeTransactions(s.transactions);
    expect(doc.id).toHaveLength(40);
    expect(doc.date[0]).toBe(s.startDate);
    expect(typeof categoryAt(doc, 0)).toBe('string');
  });

  it('gives the same statement from bytes, from text and from a parsed value', () => {
    const fromBytes = processed(processSubmission({ format: 'mono', statementType: 'consumer', body: bytes }, config));
    const fromText = processed(
      processSubmission({ format: 'mono', statementType: 'consumer', body: bytes.toString() }, config),
    );
    const fromValue = processed(processSubmission({ format: 'mono', statementType: 'consumer', body }, config));
    const comparable = (s: typeof fromBytes) => ({
      ...s,
      transactions: [...s.transactions],
      sections: [...s.sections],
    });
    expect(comparable(fromText)).toEqual(comparable(fromBytes));
    expect(comparable(fromValue)).toEqual(comparable(fromBytes));
  });

  it('refuses what is not JSON, and an unknown format with its path', () => {
    expect(
      processSubmission({ format: 'mono', statementType: 'consumer', body: Buffer.from('{"data": [') }, config),
    ).toMatchObject({ ok: false, refusal: { code: 'MALFORMED_BODY' } });
    expect(processSubmission({ format: 'csv', statementType: 'consumer', body: bytes }, config)).toMatchObject({
      ok: false,
      refusal: { code: 'UNKNOWN_FORMAT', details: [{ path: '/query/format' }] },
    });
  });

  it('keeps a statement whose analysis throws, as FAILED without sections or labels', () => {
    const s = processed(
      processSubmission({ format: 'mono', statementType: 'consumer', body: bytes }, config, () => {
        throw new Error('analysis bug');
      }),
    );
    expect(s).toMatchObject({ processingStatus: 'FAILED', analytics: '{}', transactionCount: 40 });
    expect(s.analysisError).toContain('analysis bug');
    expect(categoryAt(decodeTransactions(s.transactions), 0)).toBeNull();
  });

  it('stores transactions whose ids read back as the statement gave them, a repeated row included', () => {
    const rows = generateRows(40);
    rows.splice(11, 0, { ...(rows[10] as GeneratedRow) });
    const body = bodyFor('periculum', rows, 'repeats') as { transactions: Array<Record<string, unknown>> };
    // Equal rows without a balance or a provider id can both be real: both kept, the second `-2`.
    for (const r of body.transactions.slice(11, 13)) r.balance = null;
    const request = { format: 'periculum', statementType: 'consumer', body };
    const given = readSubmission(request, config).statement.transactions.map((t) => t.id);
    const stored = decodeTransactions(processed(processSubmission(request, config)).transactions).id;
    expect(stored).toEqual(given);
    expect(stored.filter((id) => id.endsWith('-2'))).toHaveLength(1);
  });
});
