import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { settled, statementOf } from '../../../test/helpers/statement-builder.js';
import type { CanonicalStatement, CanonicalTransaction } from '../../domain/statement.js';
import { analyseStatement } from './analyse.js';

const day = fc
  .integer({ min: 0, max: 800 })
  .map((n) => new Date(Date.UTC(2022, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
const transaction = fc.record({
  date: day,
  direction: fc.constantFrom('credit' as const, 'debit' as const),
  amount: fc.integer({ min: 1, max: 5_000_000_000 }),
  balance: fc.option(fc.integer({ min: -1_000_000_000, max: 10_000_000_000 }), { nil: undefined }),
  narration: fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.constantFrom('', '***', '*737*', 'SALARY', 'LOAN LOAN LOAN', 'TO FROM TO', 'ÀÉÎ ₦ 😀', '0000000000000000'),
  ),
});
const statement = fc.array(transaction, { maxLength: 120 }).map(
  (rows): CanonicalStatement =>
    settled({
      format: 'periculum',
      currency: 'NGN',
      timeZone: 'Africa/Lagos',
      account: {},
      holder: { name: 'TEST HOLDER' },
      transactions: rows
        .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
        .map((r, i): CanonicalTransaction => ({ id: `t${i}`, ...r })),
    }),
);

describe('analyseStatement on any canonical statement', () => {
  it('never throws, labels every transaction and keeps fractions within 0..1', () => {
    fc.assert(
      fc.property(statement, (s) => {
        const a = analyseStatement(s);
        expect(a.labels).toHaveLength(s.transactions.length);
        const p = a.transactionPatternAnalysis;
        // No stated opening or closing balance here: balances are known only when a row carries one.
        const balanceKnown = s.transactions.some((t) => t.balance !== undefined);
        for (const key of Object.keys(p).filter((k) => k.startsWith('percent'))) {
          const v = p[key];
          if (key.includes('Balance') && !balanceKnown) expect(v).toBeNull();
          else expect(typeof v === 'number' && v >= 0 && v <= 1).toBe(true);
        }
        expect(a.behavioralAnalysis.accountActivity).toBeLessThanOrEqual(1);
        expect(JSON.parse(JSON.stringify(a))).toEqual(a);
      }),
      { numRuns: 150, seed: 7 },
    );
  });

  it('lists each transaction’s verdict in statement order, with the categories the sections used', () => {
    const s = statementOf([
      ['2023-01-05', 'C', 100_000, 'NIP CR/JOHN DOE/GTB'],
      ['2023-01-07', 'D', 9_900, 'WEB PMT QUICKTELLER DSTV SUBSCRIPTION'],
      ['2023-01-09', 'D', 1_000, 'DEBIT CARD REQUEST FEE'],
    ]);
    const a = analyseStatement(s);
    expect(a.labels.map((t) => t.category)).toEqual(['transfer_in', 'utilities', 'bank_charges']);
    expect(a.categoryTotals.debits.map((c) => c.category).sort()).toEqual(['bank_charges', 'utilities']);
    for (const t of a.labels) {
      expect(typeof t.channel).toBe('string');
      expect(t.confidence).toBeGreaterThan(0);
      expect(t.evidence).not.toBe('');
    }
  });

  it('an empty statement gives zeros, not errors', () => {
    const a = analyseStatement({
      format: 'mono',
      currency: 'NGN',
      timeZone: 'Africa/Lagos',
      account: {},
      holder: {},
      transactions: [],
    });
    expect(a.cashFlowAnalysis.totalCreditTurnover).toBe(0);
    expect(a.incomeAnalysis.isSalaryEarner).toBe('No');
    expect(a.monthlySummary).toEqual([]);
  });
});
