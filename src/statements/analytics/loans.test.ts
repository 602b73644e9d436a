import { describe, expect, it } from 'vitest';
import { byDate } from '../../../test/helpers/by-date.js';
import { type Row, statementOf } from '../../../test/helpers/statement-builder.js';
import { analyseStatement } from './analyse.js';

// The statement ends on 2023-06-30. FairMoney and PalmCredit are active in the last 30 days.
const rows: Row[] = [
  ['2023-01-10', 'C', 50_000, 'NIP CR/CARBON FINANCE LIMITED/LOAN DISBURSEMENT'],
  ['2023-02-10', 'D', 27_500, 'MONNIFY/CARBON LOAN REPAYMENT'],
  ['2023-04-20', 'C', 30_000, 'NIP CR/FAIRMONEY MFB/LOAN'],
  ['2023-06-01', 'C', 100_000, 'NIP CR/ACME LTD/JUNE SALARY'],
  ['2023-06-05', 'C', 40_000, 'PalmCredit loan disbursed'],
  ['2023-06-15', 'D', 22_000, 'NIBSS Instant Payment Outward TO FAIRMONEY MFB/REPAYMENT'],
  ['2023-06-30', 'D', 1_000, 'SMS ALERT CHARGES'],
];
const result = analyseStatement(statementOf(rows));

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
  it('repayments over inflow (49,500 / 220,000); one salary payment predicts no salary to divide by', () => {
    expect(loans.repaymentToInflowRatio).toBe(0.225);
    expect(loans.repaymentToSalaryRatio).toBeNull();
  });
  it('monthly repayment over a monthly salary (8,669.49 / 100,000)', () => {
    // The salary paid in May too: a monthly stream, predicting 100,000.
    const paid = analyseStatement(
      statementOf(byDate([...rows, ['2023-05-01', 'C', 100_000, 'NIP CR/ACME LTD/MAY SALARY']])),
    );
    expect(paid.loanAnalysis.repaymentToSalaryRatio).toBe(0.0867);
  });
});

describe('lenders are named only by the narration', () => {
  const named = analyseStatement(
    statementOf([
      ['2023-03-02', 'C', 60_000, 'QUIKFUND CREDIT LTD/LOAN DISBURSED'],
      ['2023-03-30', 'D', 33_000, 'FLW/QUIKFUND CREDIT/REPAYMENT'],
      ['2023-04-28', 'D', 33_000, 'FLUTTERWAVE/QUIKFUND CREDIT/REPAYMENT'],
      ['2023-05-03', 'C', 90_000, 'SALARY ADVANCE DISBURSED'],
      ['2023-05-31', 'D', 4_100, 'DEBIT INTEREST ON OVERDRAFT MAY'],
    ]),
  ).loanAnalysis;
  it('a repayment through a rail is the lender’s it names, whether the rail is spelt out or FLW', () => {
    expect(named.lenders.map((l) => [l.lender, l.totalDisbursed, l.totalRepaid])).toEqual([
      ['QUIKFUND', 60_000, 66_000],
      ['Unknown lender', 90_000, 0],
    ]);
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

describe('loans with a reversed repayment, zero-amount rows and self-transfers', () => {
  const holder = 'ADEBAYO JOHN OKAFOR';
  const reversed = analyseStatement(
    statementOf(
      [
        ['2024-04-01', 'C', 100_000, 'TRF FROM CHIDI OKEKE'],
        ['2024-04-02', 'C', 400_000, 'TRF FROM ADEBAYO JOHN OKAFOR'],
        ['2024-04-02', 'D', 400_000, 'TRF TO ADEBAYO JOHN OKAFOR'],
        ['2024-04-03', 'C', 50_000, 'NIP CR/CARBON FINANCE LIMITED/LOAN DISBURSEMENT'],
        ['2024-04-06', 'D', 35_000, 'REMITA DD RENMONEY LOAN REPAYMENT'],
        ['2024-04-06', 'C', 35_000, 'REVERSAL REMITA DD RENMONEY LOAN REPAYMENT'],
        ['2024-04-07', 'D', 35_000, 'REMITA DD RENMONEY LOAN REPAYMENT'],
        ['2024-04-12', 'D', 0, 'REMITA DD RENMONEY RETURNED INSUFFICIENT FUNDS'],
        ['2024-04-30', 'C', 10_000, 'TRF FROM CHIDI OKEKE'],
      ],
      { holder },
    ),
  );

  it('the repayment paid back the same day is no repayment: 35,000 from one, not 70,000 from two', () => {
    const b = reversed.behavioralAnalysis;
    expect(b.totalLoanRepaymentAmount).toBe(35_000);
    expect(b.numberRepaymentTransactions).toBe(1);
    expect(b.loanRepaymentTransactions).toEqual([
      { date: '2024-04-07', amount: 35_000, description: 'REMITA DD RENMONEY LOAN REPAYMENT' },
    ]);
    expect(
      reversed.loanAnalysis.lenders.map((l) => [l.lender, l.repaymentCount, l.totalRepaid, l.transactionIds]),
    ).toEqual([
      ['Carbon', 0, 0, ['t4']],
      ['Renmoney', 1, 35_000, ['t7']],
    ]);
  });

  it('loan ratios over inflow: 100,000 + 50,000 + 10,000, self-transfers and the reversal left out', () => {
    const b = reversed.behavioralAnalysis;
    expect(b.loanInflowRate).toBe(0.3333); // 1 of 3 credits
    expect(b.loanToInflowRate).toBe(0.3125); // 50,000 / 160,000
    expect(b.loanRepaymentToInflowRate).toBe(0.2188); // 35,000 / 160,000
    expect(reversed.loanAnalysis.repaymentToInflowRatio).toBe(0.2188);
  });

  it('zero-amount rows are never repayments or disbursements, so they never make loan stacking', () => {
    const zeros = analyseStatement(
      statementOf(
        [
          ['2024-04-01', 'C', 100_000, 'TRF FROM CHIDI OKEKE'],
          ['2024-04-12', 'D', 0, 'REMITA DD RENMONEY RETURNED INSUFFICIENT FUNDS'],
          ['2024-04-13', 'D', 0, 'DIRECT DEBIT UNPAID - CARBON'],
          ['2024-04-14', 'C', 0, 'NIP CR/FAIRMONEY MFB/LOAN'],
          ['2024-04-20', 'D', 100, 'POS PURCHASE'],
        ],
        { holder },
      ),
    );
    expect(zeros.loanAnalysis.lenders).toEqual([]);
    expect(zeros.loanAnalysis.lendersActiveLast30Days).toEqual([]);
    expect(zeros.loanAnalysis.loanStacking).toBe('No');
    expect(zeros.behavioralAnalysis.numberRepaymentTransactions).toBe(0);
    expect(zeros.behavioralAnalysis.numberLoanTransactions).toBe(0);
    expect(zeros.behavioralAnalysis.loanInflowRate).toBe(0); // 0 of 1 credit
  });
});
