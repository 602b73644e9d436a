import { toMajor } from '../../domain/money.js';
import type { CategorisedTransaction } from './categorise/categorise.js';
import { type AnalysisContext, monthIndexer } from './context.js';
import type { TransactionItem } from './income.js';
import type { LoanFacts } from './loans.js';
import { fraction, median } from './stats.js';

/** The real API's `behavioralAnalysis`. */
export interface BehavioralAnalysis {
  monthToMonthInflowToOutflowRate: 'Positive Cash Flow' | 'Negative Cash Flow';
  overallInflowToOutflowRate: 'Positive Cash Flow' | 'Negative Cash Flow';
  loanTransactions: TransactionItem[];
  loanRepaymentTransactions: TransactionItem[];
  latestLoanTransaction: TransactionItem | null;
  latestRepaymentTransaction: TransactionItem | null;
  totalLoanAmount: number;
  totalLoanRepaymentAmount: number;
  averageMonthlyLoanAmount: number;
  averageMonthlyLoanRepaymentAmount: number;
  numberLoanTransactions: number;
  numberRepaymentTransactions: number;
  /** Share of credits (by count) that are loan disbursements. */
  loanInflowRate: number;
  /** Loan disbursements over all credits (by amount). */
  loanToInflowRate: number;
  /** Loan repayments over all credits (by amount). */
  loanRepaymentToInflowRate: number;
  gamblingStatus: string;
  /** Money staked (gambling debits) over all credits. */
  gamblingRate: number;
  numberOfBettingTransactions: number;
  /** Share of the statement's days with at least one transaction. */
  accountActivity: number;
  /** Share of months whose inflow is under half or over twice the median monthly inflow. */
  percentOfInflowIrregularity: number;
  accountSweep: 'Yes' | 'No';
}

export interface SweepFacts {
  /** Credits of ₦20,000 or more followed within two days by the balance falling to 10% of what it was. */
  swept: CategorisedTransaction[];
  largeCredits: number;
}

/** Credits at least this large (₦20,000) are checked for a sweep. */
const SWEEP_MIN_CREDIT = 2_000_000;
const SWEEP_DAYS = 2;
const SWEEP_LEFT = 0.1;

/** Money swept out soon after it lands: the balance falls to 10% or less within two days. */
export function sweepFacts(ctx: AnalysisContext): SweepFacts {
  const swept: CategorisedTransaction[] = [];
  let large = 0;
  const txs = ctx.txs;
  const balances: number[] = new Array(txs.length);
  let running = ctx.openingBalance;
  for (let i = 0; i < txs.length; i++) {
    const tx = txs[i] as CategorisedTransaction;
    running = tx.balance ?? running + (tx.direction === 'credit' ? tx.amount : -tx.amount);
    balances[i] = running;
  }
  for (let i = 0; i < txs.length; i++) {
    const tx = txs[i] as CategorisedTransaction;
    if (tx.direction !== 'credit' || tx.amount < SWEEP_MIN_CREDIT || tx.category === 'self_transfer') continue;
    large++;
    const after = balances[i] as number;
    const limit = tx.day + SWEEP_DAYS;
    for (let j = i + 1; j < txs.length; j++) {
      const next = txs[j] as CategorisedTransaction;
      if (next.day > limit) break;
      if ((balances[j] as number) <= after * SWEEP_LEFT) {
        swept.push(tx);
        break;
      }
    }
  }
  return { swept, largeCredits: large };
}

const item = (tx: CategorisedTransaction): TransactionItem => ({
  date: tx.date,
  amount: toMajor(tx.amount),
  description: tx.narration,
});

export function behavioralAnalysis(ctx: AnalysisContext, loans: LoanFacts, sweep: SweepFacts): BehavioralAnalysis {
  const inflow = new Array<number>(ctx.months.length).fill(0);
  const outflow = new Array<number>(ctx.months.length).fill(0);
  const indexOf = monthIndexer(ctx);
  const activeDays = new Uint8Array(ctx.spanDays);
  let active = 0;
  const gambling: CategorisedTransaction[] = [];
  let staked = 0;
  let credits = 0;
  const operators = new Set<string>();
  for (const tx of ctx.txs) {
    const m = indexOf(tx.date);
    const d = tx.day - ctx.firstDay;
    if (activeDays[d] === 0) {
      activeDays[d] = 1;
      active++;
    }
    if (tx.direction === 'credit') {
      credits++;
      inflow[m] = (inflow[m] ?? 0) + tx.amount;
    } else {
      outflow[m] = (outflow[m] ?? 0) + tx.amount;
    }
    if (tx.category === 'gambling' || tx.category === 'gambling_winnings') {
      gambling.push(tx);
      if (tx.entity) operators.add(tx.entity);
      if (tx.category === 'gambling') staked += tx.amount;
    }
  }
  const positiveMonths = inflow.filter((v, i) => v >= (outflow[i] ?? 0)).length;
  const typical = median(inflow);
  const irregular = inflow.filter((v) => v < typical / 2 || v > typical * 2).length;
  const latestLoan = loans.disbursements[loans.disbursements.length - 1];
  const latestRepayment = loans.repayments[loans.repayments.length - 1];
  const gamblingStatus =
    gambling.length === 0
      ? 'No Gambling Transactions Found'
      : `${gambling.length} betting transactions${operators.size > 0 ? ` with ${[...operators].join(', ')}` : ''}: ₦${toMajor(staked).toFixed(2)} staked, ${(fraction(staked, ctx.totalCredit) * 100).toFixed(1)}% of inflow`;
  const sweepShare = fraction(sweep.swept.length, sweep.largeCredits);
  return {
    monthToMonthInflowToOutflowRate:
      positiveMonths * 2 >= ctx.months.length ? 'Positive Cash Flow' : 'Negative Cash Flow',
    overallInflowToOutflowRate: ctx.totalCredit >= ctx.totalDebit ? 'Positive Cash Flow' : 'Negative Cash Flow',
    loanTransactions: loans.disbursements.map(item),
    loanRepaymentTransactions: loans.repayments.map(item),
    latestLoanTransaction: latestLoan ? item(latestLoan) : null,
    latestRepaymentTransaction: latestRepayment ? item(latestRepayment) : null,
    totalLoanAmount: toMajor(loans.totalDisbursed),
    totalLoanRepaymentAmount: toMajor(loans.totalRepaid),
    averageMonthlyLoanAmount: toMajor(loans.averageMonthlyDisbursed),
    averageMonthlyLoanRepaymentAmount: toMajor(loans.averageMonthlyRepayment),
    numberLoanTransactions: loans.disbursements.length,
    numberRepaymentTransactions: loans.repayments.length,
    loanInflowRate: fraction(loans.disbursements.length, credits),
    loanToInflowRate: fraction(loans.totalDisbursed, ctx.totalCredit),
    loanRepaymentToInflowRate: fraction(loans.totalRepaid, ctx.totalCredit),
    gamblingStatus,
    gamblingRate: fraction(staked, ctx.totalCredit),
    numberOfBettingTransactions: gambling.length,
    accountActivity: fraction(active, ctx.spanDays),
    percentOfInflowIrregularity: fraction(irregular, inflow.length),
    accountSweep: sweep.swept.length >= 2 && sweepShare >= 0.5 ? 'Yes' : 'No',
  };
}
