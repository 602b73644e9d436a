import { toMajor } from '../../domain/money.js';
import { dayNumber } from './calendar.js';
import type { CategorisedTransaction } from './categorise/categorise.js';
import { type AnalysisContext, monthCount } from './context.js';
import { fraction } from './stats.js';
import { rowsOfEither } from './verdicts.js';

export interface LenderSummary {
  lender: string;
  disbursementCount: number;
  totalDisbursed: number;
  repaymentCount: number;
  totalRepaid: number;
  firstDate: string;
  lastDate: string;
  transactionIds: string[];
}

/** Beyond the real API: loans by lender, loan stacking and the repayment ratios. */
export interface LoanAnalysis {
  lenders: LenderSummary[];
  /** Lenders with a disbursement or repayment in the last 30 / 90 days of the statement. */
  lendersActiveLast30Days: string[];
  lendersActiveLast90Days: string[];
  /** Lenders that disbursed in the last 90 days. */
  lendersDisbursedLast90Days: string[];
  /** "Yes" when two or more lenders were active in the last 30 days or three or more in the last 90. */
  loanStacking: 'Yes' | 'No';
  /** Repayments over all credits (0..1+). */
  repaymentToInflowRatio: number;
  /** Average monthly repayment over the predicted salary; null without a salary. */
  repaymentToSalaryRatio: number | null;
}

export interface LoanFacts {
  disbursements: CategorisedTransaction[];
  repayments: CategorisedTransaction[];
  /** Minor units. */
  totalDisbursed: number;
  totalRepaid: number;
  averageMonthlyRepayment: number;
  averageMonthlyDisbursed: number;
  analysis: LoanAnalysis;
}

const lenderOf = (tx: CategorisedTransaction): string => tx.entity ?? (tx.counterparty || 'Unknown lender');

export function loanFacts(ctx: AnalysisContext, averagePredictedSalary: number): LoanFacts {
  const disbursements: CategorisedTransaction[] = [];
  const repayments: CategorisedTransaction[] = [];
  const byLender = new Map<string, LenderSummary>();
  for (const i of rowsOfEither(ctx, 'loan_disbursement', 'loan_repayment')) {
    const tx = ctx.txs[i] as CategorisedTransaction;
    const isLoan = tx.direction === 'credit' && tx.category === 'loan_disbursement';
    const isRepayment = tx.direction === 'debit' && tx.category === 'loan_repayment';
    if (!isLoan && !isRepayment) continue;
    (isLoan ? disbursements : repayments).push(tx);
    const name = lenderOf(tx);
    let s = byLender.get(name);
    if (!s) {
      s = {
        lender: name,
        disbursementCount: 0,
        totalDisbursed: 0,
        repaymentCount: 0,
        totalRepaid: 0,
        firstDate: tx.date,
        lastDate: tx.date,
        transactionIds: [],
      };
      byLender.set(name, s);
    }
    if (isLoan) {
      s.disbursementCount++;
      s.totalDisbursed += tx.amount;
    } else {
      s.repaymentCount++;
      s.totalRepaid += tx.amount;
    }
    s.lastDate = tx.date;
    s.transactionIds.push(tx.id);
  }
  const end = ctx.lastDate ? dayNumber(ctx.lastDate) : 0;
  const within = (days: number, txs: CategorisedTransaction[]) =>
    [...new Set(txs.filter((t) => end - t.day < days).map(lenderOf))].sort();
  const all = [...disbursements, ...repayments];
  const last30 = within(30, all);
  const last90 = within(90, all);
  const totalDisbursed = disbursements.reduce((s, t) => s + t.amount, 0);
  const totalRepaid = repayments.reduce((s, t) => s + t.amount, 0);
  const months = monthCount(ctx);
  const averageMonthlyRepayment = totalRepaid / months;
  return {
    disbursements,
    repayments,
    totalDisbursed,
    totalRepaid,
    averageMonthlyRepayment,
    averageMonthlyDisbursed: totalDisbursed / months,
    analysis: {
      lenders: [...byLender.values()].map((s) => ({
        ...s,
        totalDisbursed: toMajor(s.totalDisbursed),
        totalRepaid: toMajor(s.totalRepaid),
      })),
      lendersActiveLast30Days: last30,
      lendersActiveLast90Days: last90,
      lendersDisbursedLast90Days: within(90, disbursements),
      loanStacking: last30.length >= 2 || last90.length >= 3 ? 'Yes' : 'No',
      repaymentToInflowRatio: fraction(totalRepaid, ctx.totalCredit),
      repaymentToSalaryRatio:
        averagePredictedSalary > 0 ? fraction(averageMonthlyRepayment, averagePredictedSalary) : null,
    },
  };
}
