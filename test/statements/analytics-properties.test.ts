import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CanonicalStatement, FORMATS, type FormatName } from '../../src/domain/statement.js';
import { analyseStatement, type StatementAnalytics } from '../../src/statements/analytics/analyse.js';
import { formatByName } from '../../src/statements/formats/index.js';
import { parseStatement } from '../../src/statements/parse.js';
import { generateStatement } from '../helpers/statement-generator.js';

function parse(format: FormatName, body: unknown): CanonicalStatement {
  const f = formatByName.get(format);
  if (!f) throw new Error(`no format ${format}`);
  const parsed = parseStatement(f, body, { defaultTimeZone: 'Africa/Lagos' });
  if (!parsed.ok) throw new Error(`${format}: ${JSON.stringify(parsed.problems.slice(0, 3))}`);
  return parsed.statement;
}

const kobo = (naira: number) => Math.round(naira * 100);
const options = fc.record({
  seed: fc.integer({ min: 1, max: 2 ** 30 }),
  months: fc.integer({ min: 3, max: 24 }),
  gambling: fc.boolean(),
  loans: fc.boolean(),
  format: fc.constantFrom(...FORMATS),
});

/** The analytics without transaction ids (formats with their own references give other ids). */
function withoutIds(a: StatementAnalytics): unknown {
  return JSON.parse(JSON.stringify(a, (key, value) => (key === 'id' || key === 'transactionIds' ? undefined : value)));
}

describe('analytics properties on generated statements', () => {
  it('credits minus debits equals closing minus opening when the chain is intact', () => {
    fc.assert(
      fc.property(options, (o) => {
        const g = generateStatement(o);
        const a = analyseStatement(parse(o.format, g.body(o.format)));
        const cf = a.cashFlowAnalysis;
        expect(kobo(cf.totalCreditTurnover) - kobo(cf.totalDebitTurnOver)).toBe(g.truth.closing - g.truth.opening);
        // The generated statements carry balances, so neither is null (NaN would fail).
        expect(kobo(cf.closingBalance ?? Number.NaN) - kobo(a.monthlySummary[0]?.openingBalance ?? Number.NaN)).toBe(
          g.truth.closing - g.truth.opening,
        );
      }),
      { numRuns: 12, seed: 20_231_122 },
    );
  });

  it('category totals sum to the turnovers and every transaction has a category', () => {
    fc.assert(
      fc.property(options, (o) => {
        const a = analyseStatement(parse(o.format, generateStatement(o).body(o.format)));
        const sum = (list: { total: number }[]) => list.reduce((s, c) => s + kobo(c.total), 0);
        expect(sum(a.categoryTotals.debits)).toBe(kobo(a.cashFlowAnalysis.totalDebitTurnOver));
        expect(sum(a.categoryTotals.credits)).toBe(kobo(a.cashFlowAnalysis.totalCreditTurnover));
        const counted = [...a.categoryTotals.debits, ...a.categoryTotals.credits].reduce((s, c) => s + c.count, 0);
        expect(counted).toBe(a.labels.length);
      }),
      { numRuns: 12, seed: 20_231_122 },
    );
  });

  it('the result does not depend on the input format', () => {
    fc.assert(
      fc.property(options, (o) => {
        const g = generateStatement(o);
        const reference = withoutIds(analyseStatement(parse('periculum', g.body('periculum'))));
        for (const format of FORMATS) {
          expect(withoutIds(analyseStatement(parse(format, g.body(format))))).toEqual(reference);
        }
      }),
      { numRuns: 4, seed: 20_231_122 },
    );
  });

  it('finds the ground truth: categories, salary stream, lenders of the last 30 days, betting', () => {
    fc.assert(
      fc.property(options, (o) => {
        const g = generateStatement({ ...o, salary: true });
        const a = analyseStatement(parse(o.format, g.body(o.format)));
        const right = a.labels.filter((t, i) => t.category === g.truth.rows[i]?.category).length;
        expect(right / a.labels.length).toBeGreaterThanOrEqual(0.98);

        const truth = g.truth.salary;
        if (!truth) throw new Error('salary expected');
        const income = a.incomeAnalysis;
        expect(income.isSalaryEarner).toBe('Yes');
        expect(income.numberOfSalaryPayments).toBe(truth.payments);
        expect(income.expectedSalaryPaymentDay).toBe(truth.payDay);
        const paid = g.truth.rows.filter((r) => r.category === 'salary').map((r) => r.amount);
        const full = truth.proRatedFirst ? paid.slice(1) : paid;
        const lastThree = full.slice(-3).sort((x, y) => x - y);
        expect(kobo(income.averagePredictedSalary)).toBe(lastThree[1]);

        expect(a.loanAnalysis.lendersActiveLast30Days).toEqual(g.truth.lendersLast30Days);
        expect(a.behavioralAnalysis.numberOfBettingTransactions).toBe(
          g.truth.rows.filter((r) => r.category === 'gambling' || r.category === 'gambling_winnings').length,
        );
      }),
      { numRuns: 12, seed: 20_231_122 },
    );
  });
});
