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

describe('computeAffordability: the DTI cap in whole kobo, rounded down', () => {
  const salaryOnly = (kobo: number) => ({
    averagePredictedSalary: kobo,
    averageOtherIncome: 0,
    averageMonthlyTotalExpenses: 0,
    averageMonthlyLoanRepaymentAmount: 0,
  });

  it('a half kobo rounds down: 0.33 x 385,000.50 = 127,050.165, capped at 127,050.16; less 21,981.60 = 105,068.56', () => {
    const a = computeAffordability(
      { ...salaryOnly(38_500_050), averageMonthlyLoanRepaymentAmount: 2_198_160 },
      { dti: 0.33, loanTenure: 12 },
    );
    expect(a.monthlyAffordability).toBe(10_506_856);
    expect(a.affordabilityAmount).toBe(126_082_272);
  });

  it('a whole-kobo product stays whole: 0.29 x 250,000 = 72,500.00 and 0.82 x 385,000.50 = 315,700.41', () => {
    // In floating point 0.29 x 25,000,000 is 7,249,999.999999999 and 0.82 x 38,500,050 is 31,570,040.999999996.
    expect(computeAffordability(salaryOnly(25_000_000), { dti: 0.29, loanTenure: 1 }).monthlyAffordability).toBe(
      7_250_000,
    );
    expect(computeAffordability(salaryOnly(38_500_050), { dti: 0.82, loanTenure: 1 }).monthlyAffordability).toBe(
      31_570_041,
    );
  });

  it('reads the DTI as the decimal the lender wrote, exponents included', () => {
    expect(computeAffordability(salaryOnly(25_000_000), { dti: 1, loanTenure: 1 }).monthlyAffordability).toBe(
      25_000_000,
    );
    expect(computeAffordability(salaryOnly(25_000_000), { dti: 0, loanTenure: 1 }).monthlyAffordability).toBe(0);
    // 1e-7 x 25,000,000 kobo = 2.5 kobo: 2.
    expect(computeAffordability(salaryOnly(25_000_000), { dti: 1e-7, loanTenure: 1 }).monthlyAffordability).toBe(2);
    // 0.123456789 x 25,000,000 = 3,086,419.725: 3,086,419.
    expect(computeAffordability(salaryOnly(25_000_000), { dti: 0.123456789, loanTenure: 1 }).monthlyAffordability).toBe(
      3_086_419,
    );
  });
});

describe('affordability from a statement with regular side income', () => {
  it('counts the side income in the monthly income it lends on', () => {
    const months = ['01', '02', '03', '04', '05', '06', '07', '08', '09'];
    const fees = [40_000, 42_500, 40_000, 45_000, 40_000, 40_000, 47_500, 40_000];
    const rows: Row[] = [
      ...months.map((m): Row => [`2025-${m}-25`, 'C', 385_000.5, 'REMITA/ZENITH LOGISTICS LTD/SEP 2025']),
      ...fees.map(
        (naira, i): Row => [`2025-${months[i + 1]}-05`, 'C', naira, 'NIP FROM BRIGHTMINDS TUTORS LTD/TUTORING FEE'],
      ),
      ...months.map((m): Row => [`2025-${m}-12`, 'D', 8_000, 'POS PURCHASE SHOPRITE LEKKI']),
    ].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    const analytics = analyseStatement(statementOf(rows, { holder: 'ADEBAYO CHINEDU OKAFOR', openingNaira: 10_000 }));
    const inputs = inputsFromAnalytics(JSON.parse(JSON.stringify(analytics)));
    // A monthly stream of tutoring fees: its average payment, 335,000 / 8.
    expect(inputs.averageOtherIncome).toBe(4_187_500);
    const a = computeAffordability(inputs, { dti: 0.33, loanTenure: 6 });
    expect(a.monthlyIncome).toBe(42_687_550); // 385,000.50 + 41,875
    expect(a.monthlyAffordability).toBe(14_086_891); // 0.33 x 426,875.50 = 140,868.915
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
