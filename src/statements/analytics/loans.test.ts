import { describe, expect, it } from 'vitest';
import { statementOf } from '../../../test/helpers/statement-builder.js';
import { analyseStatement } from './analyse.js';

// The statement ends on 2023-06-30. FairMoney and PalmCredit are active in the last 30 days.
const result = analyseStatement(
  statementOf([
    ['2023-01-10', 'C', 50_000, 'NIP CR/CARBON FINANCE LIMITED/LOAN DISBURSEMENT'],
    ['2023-02-10', 'D', 27_500, 'MONNIFY/CARBON LOAN REPAYMENT'],
    ['2023-04-20', 'C', 30_000, 'NIP CR/FAIRMONEY MFB/LOAN'],
    ['2023-06-01', 'C', 100_000, 'NIP CR/ACME LTD/JUNE SALARY'],
    ['2023-06-05', 'C', 40_000, 'PalmCredit loan disbursed'],
    ['2023-06-15', 'D', 22_000, 'NIBSS Instant Payment Outward TO FAIRMONEY MFB/REPAYMENT'],
    ['2023-06-30', 'D', 1_000, 'SMS ALERT CHARGES'],
  ]),
);

describe('loanAnalysis', () => {
  const loans = result.loanAnalysis;
  it('groups disbursements and repayments by lender', () => {
    expect(loans.lenders.map((l) => [l.lender, l.totalDisbursed, l.totalRepaid])).toEqual([
      ['Carbon', 50_000, 27_500],
      ['FairMoney', 30_000, 22_000],
      ['PalmCredit', 40_000, 0],
    ]);
    expect(loans.lenders[0]?.transactionIds).toEqual(['t1', 't2']);
  });
  it('finds the lenders of the last 30 and 90 days and calls two in 30 days stacking', () => {
    expect(loans.lendersActiveLast30Days).toEqual(['FairMoney', 'PalmCredit']);
    expect(loans.lendersActiveLast90Days).toEqual(['FairMoney', 'PalmCredit']);
    expect(loans.loanStacking).toBe('Yes');
  });
  it('repayments over inflow (49,500 / 220,000) and monthly repayment over salary (8,669.49 / 100,000)', () => {
    expect(loans.repaymentToInflowRatio).toBe(0.225);
    expect(loans.repaymentToSalaryRatio).toBe(0.0867);
  });
});

describe('behavioralAnalysis loan fields', () => {
  const b = result.behavioralAnalysis;
  it('totals, monthly averages over Jan 10 .. Jun 30, counts and rates', () => {
    expect(b.totalLoanAmount).toBe(120_000);
    expect(b.totalLoanRepaymentAmount).toBe(49_500);
    // 22/31 of January and five full months = 177/31 months
    expect(b.averageMonthlyLoanAmount).toBe(21_016.95); // 120,000 x 31 / 177
    expect(b.averageMonthlyLoanRepaymentAmount).toBe(8_669.49); // 49,500 x 31 / 177
    expect(b.numberLoanTransactions).toBe(3);
    expect(b.numberRepaymentTransactions).toBe(2);
    expect(b.loanInflowRate).toBe(0.75); // 3 of 4 credits
    expect(b.loanToInflowRate).toBe(0.5455); // 120,000 / 220,000
    expect(b.loanRepaymentToInflowRate).toBe(0.225);
    expect(b.latestLoanTransaction).toEqual({
      date: '2023-06-05',
      amount: 40_000,
      description: 'PalmCredit loan disbursed',
    });
    expect(b.latestRepaymentTransaction?.date).toBe('2023-06-15');
  });
});
