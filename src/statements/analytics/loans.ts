import { toMajor } from '../../domain/money.js';
import type { CanonicalTransaction } from '../../domain/statement.js';
import { dayNumber } from './calendar.js';
import type { Verdict } from './categorise/categorise.js';
import { type AnalysisContext, monthCount } from './context.js';
import { fraction } from './stats.js';
import { rowsOfEither, verdictIndex } from './verdicts.js';

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
  /** Repayments over inflow (`VerdictIndex.inflow`; 0..1+). */
  repaymentToInflowRatio: number;
  /** Average monthly repayment over the predicted salary; null without a salary. */
  repaymentToSalaryRatio: number | null;
}

export interface LoanFacts {
  disbursements: CanonicalTransaction[];
  repayments: CanonicalTransaction[];
  /** Minor units. */
  totalDisbursed: number;
  totalRepaid: number;
  averageMonthlyRepayment: number;
  averageMonthlyDisbursed: number;
  analysis: LoanAnalysis;
}

const lenderOf = (label: Verdict): string => label.entity ?? (label.counterparty || 'Unknown lender');

export function loanFacts(ctx: AnalysisContext, averagePredictedSalary: number): LoanFacts {
  const { rows, labels } = ctx;
  const disbursed: number[] = [];
  const repaid: number[] = [];
  const byLender = new Map<string, LenderSummary>();
  const { cancelled, inflow } = verdictIndex(ctx);
  for (const i of rowsOfEither(ctx, 'loan_disbursement', 'loan_repayment')) {
    if (cancelled[i] === 1) continue;
    const tx = rows[i] as CanonicalTransaction;
    const label = labels[i] as Verdict;
    const isLoan = tx.direction === 'credit' && label.category === 'loan_disbursement';
    const isRepayment = tx.direction === 'debit' && label.category === 'loan_repayment';
    if (!isLoan && !isRepayment) continue;
    (isLoan ? disbursed : repaid).push(i);
    const name = lenderOf(label);
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
  const within = (days: number, at: number[]) =>
    [
      ...new Set(at.filter((i) => end - (ctx.day[i] as number) < days).map((i) => lenderOf(labels[i] as Verdict))),
    ].sort();
  const all = [...disbursed, ...repaid];
  const disbursements = disbursed.map((i) => rows[i] as CanonicalTransaction);
  const repayments = repaid.map((i) => rows[i] as CanonicalTransaction);
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
      lendersDisbursedLast90Days: within(90, disbursed),
      loanStacking: last30.length >= 2 || last90.length >= 3 ? 'Yes' : 'No',
      repaymentToInflowRatio: fraction(totalRepaid, inflow),
      repaymentToSalaryRatio:
        averagePredictedSalary > 0 ? fraction(averageMonthlyRepayment, averagePredictedSalary) : null,
    },
  };
}
