import { describe, expect, it } from 'vitest';
import { type Row, statementOf } from '../../test/helpers/statement-builder.js';
import { analyseStatement } from '../statements/analytics/analyse.js';
import { computeAffordability } from './affordability.js';
import { inputsFromAnalytics } from './affordability-service.js';

// ₦300,000 salary, ₦100 other income, ₦54,033.33 expenses, ₦10,000 existing repayments (kobo below).
const inputs = {
  averagePredictedSalary: 30_000_000,
  averageOtherIncome: 10_000,
  averageMonthlyTotalExpenses: 5_403_333,
  averageMonthlyLoanRepaymentAmount: 1_000_000,
};

describe('computeAffordability', () => {
  it('DTI bound: 0.4 x 300,100 - 10,000 = 110,040 a month, 660,240 over six months', () => {
    const a = computeAffordability(inputs, { dti: 0.4, loanTenure: 6 });
    expect(a.monthlyIncome).toBe(30_010_000);
    expect(a.monthlyDisposableIncome).toBe(23_606_667); // 300,100 - 54,033.33 - 10,000
    expect(a.monthlyAffordability).toBe(11_004_000);
    expect(a.affordabilityAmount).toBe(66_024_000);
  });

  it('disposable bound: with a DTI of 1 the disposable income (236,066.67) is the limit', () => {
    expect(computeAffordability(inputs, { dti: 1, loanTenure: 3 }).monthlyAffordability).toBe(23_606_667);
  });

  it('the lender-given repayment replaces the statement one, and a negative result is floored at 0', () => {
    const a = computeAffordability(inputs, { dti: 0.4, loanTenure: 6, averageMonthlyLoanRepaymentAmount: 15_000_000 });
    expect(a.existingRepayment).toBe(15_000_000);
    expect(a.monthlyAffordability).toBe(0);
    expect(a.affordabilityAmount).toBe(0);
  });
});

describe('affordability from a statement whose salary stopped', () => {
  it('lends nothing on it: salary January to March, nothing from April to the end in August', () => {
    const rows: Row[] = [
      ['2024-01-25', 'C', 300_000, 'ACME NIGERIA LTD SALARY'],
      ['2024-02-25', 'C', 300_000, 'ACME NIGERIA LTD SALARY'],
      ['2024-03-25', 'C', 300_000, 'ACME NIGERIA LTD SALARY'],
      ['2024-08-28', 'D', 20_000, 'TRF TO EMEKA NWOSU'],
    ];
    const analytics = analyseStatement(statementOf(rows, { holder: 'ADEBAYO JOHN OKAFOR' }));
    const inputs = inputsFromAnalytics(JSON.parse(JSON.stringify(analytics)));
    expect(inputs.averagePredictedSalary).toBe(0);
    expect(inputs.averageOtherIncome).toBe(0);
    const a = computeAffordability(inputs, { dti: 0.4, loanTenure: 6 });
    expect(a.monthlyIncome).toBe(0);
    expect(a.monthlyAffordability).toBe(0);
  });
});
