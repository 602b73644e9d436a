import { toMajor } from '../../domain/money.js';
import type { CanonicalTransaction } from '../../domain/statement.js';
import type { Verdict } from './categorise/categorise.js';
import type { AnalysisContext } from './context.js';
import { transactionItem as item, type TransactionItem } from './income.js';
import type { LoanFacts } from './loans.js';
import { fraction, median } from './stats.js';
import { amountText, thresholdsOf } from './thresholds.js';
import { rowsOfEither, slotOf, verdictIndex } from './verdicts.js';
import { counted } from './words.js';

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
  /** Share of the inflow's credits (by count) that are loan disbursements. */
  loanInflowRate: number;
  /** Loan disbursements over inflow (by amount). */
  loanToInflowRate: number;
  /** Loan repayments over inflow (by amount). */
  loanRepaymentToInflowRate: number;
  /** "No Gambling Transactions Found", or the betting transactions: how many of each kind, with whom, staked. */
  gamblingStatus: string;
  /** Money staked (gambling debits not paid back) over inflow. */
  gamblingRate: number;
  /** Every transaction with a betting operator: stakes (not paid back) and winnings, as the status splits them. */
  numberOfBettingTransactions: number;
  /** Share of the statement's days with at least one transaction. */
  accountActivity: number;
  /** Share of months whose inflow is under half or over twice the median monthly inflow. */
  percentOfInflowIrregularity: number;
  /** Null when the statement gives no balance: a sweep is read from balances. */
  accountSweep: 'Yes' | 'No' | null;
}

export interface SweepFacts {
  /**
   * Credits of ₦20,000 or more (its equivalent in another currency, `thresholds.ts`) followed within
   * two days by the balance falling to 10% of what it was.
   */
  swept: CanonicalTransaction[];
  largeCredits: number;
}

const SWEEP_DAYS = 2;
const SWEEP_LEFT = 0.1;

/**
 * Money swept out soon after it lands: the balance falls to 10% or less within two days. A credit
 * on day D is swept when the lowest running balance of the rows after it on day D, D+1 and D+2 is
 * that low: the lowest of its own day's later rows (a backward minimum over the day, once the day
 * is complete) and the lowest of each of the next two days. Null when the statement gives no balance.
 */
export function sweepFacts(ctx: AnalysisContext): SweepFacts | null {
  if (ctx.balances === null) return null;
  // The lowest balance of each day was kept as the context read the rows (`dayLowest`).
  const { afterRow, dayLowest: dayLow } = ctx.balances;
  const { rows: txs, day } = ctx;
  const index = verdictIndex(ctx);
  const selfTransfer = slotOf(index, 'self_transfer');
  // Credits at least this large (₦20,000) are checked for a sweep.
  const minimum = thresholdsOf(ctx.statement.currency).sweepMinimumCredit;
  const credits: LargeCredits = { rows: [], limits: [], laterToday: [] };
  // The current day starts at row `dayStart`.
  let dayStart = 0;
  let firstOfDay = 0;
  for (let i = 0; i < txs.length; i++) {
    const tx = txs[i] as CanonicalTransaction;
    if (i > 0 && day[i] !== day[i - 1]) {
      settleDay(credits, firstOfDay, afterRow, dayStart, i);
      dayStart = i;
      firstOfDay = credits.rows.length;
    }
    if (tx.direction === 'credit' && tx.amount >= minimum && index.rowCategory[i] !== selfTransfer) {
      credits.rows.push(i);
      credits.limits.push((afterRow[i] as number) * SWEEP_LEFT);
      credits.laterToday.push(Number.POSITIVE_INFINITY);
    }
  }
  settleDay(credits, firstOfDay, afterRow, dayStart, txs.length);
  const swept: CanonicalTransaction[] = [];
  for (let r = 0; r < credits.rows.length; r++) {
    const row = credits.rows[r] as number;
    const tx = txs[row] as CanonicalTransaction;
    const d = (day[row] as number) - ctx.firstDay;
    let low = credits.laterToday[r] as number;
    for (let k = d + 1; k <= d + SWEEP_DAYS && k < ctx.spanDays; k++) {
      if ((dayLow[k] as number) < low) low = dayLow[k] as number;
    }
    if (low <= (credits.limits[r] as number)) swept.push(tx);
  }
  return { swept, largeCredits: credits.rows.length };
}

/** The large credits: their rows, the balance each must fall to, the lowest balance after each on its day. */
interface LargeCredits {
  rows: number[];
  limits: number[];
  laterToday: number[];
}

/**
 * Once a day is complete (rows `dayStart` to `dayEnd`, exclusive; its large credits from `first`
 * on): the lowest balance after each of them that day, by a backward minimum over `afterRow`.
 */
function settleDay(
  credits: LargeCredits,
  first: number,
  afterRow: Float64Array,
  dayStart: number,
  dayEnd: number,
): void {
  const start = credits.rows.length;
  if (start === first) return;
  let low = Number.POSITIVE_INFINITY;
  let r = start - 1;
  for (let row = dayEnd - 1; r >= first && row >= dayStart; row--) {
    if (credits.rows[r] === row) credits.laterToday[r--] = low;
    const balance = afterRow[row] as number;
    if (balance < low) low = balance;
  }
}

/** Two or more large credits swept out, and half of them or more. */
const isSwept = (sweep: SweepFacts): boolean =>
  sweep.swept.length >= 2 && fraction(sweep.swept.length, sweep.largeCredits) >= 0.5;

export function behavioralAnalysis(
  ctx: AnalysisContext,
  loans: LoanFacts,
  sweep: SweepFacts | null,
): BehavioralAnalysis {
  const inflow = Array.from(ctx.monthCredit);
  const outflow = ctx.monthDebit;
  let active = 0;
  for (let d = 0; d < ctx.spanDays; d++) if ((ctx.dayTransactions[d] as number) > 0) active++;
  const index = verdictIndex(ctx);
  let bets = 0;
  let stakes = 0;
  let staked = 0;
  const operators = new Set<string>();
  for (const i of rowsOfEither(ctx, 'gambling', 'gambling_winnings')) {
    if (index.cancelled[i] === 1) continue;
    bets++;
    const label = ctx.labels[i] as Verdict;
    if (label.entity) operators.add(label.entity);
    if (label.category === 'gambling') {
      stakes++;
      staked += (ctx.rows[i] as CanonicalTransaction).amount;
    }
  }
  const positiveMonths = inflow.filter((v, i) => v >= (outflow[i] ?? 0)).length;
  const typical = median(inflow);
  const irregular = inflow.filter((v) => v < typical / 2 || v > typical * 2).length;
  const latestLoan = loans.disbursements[loans.disbursements.length - 1];
  const latestRepayment = loans.repayments[loans.repayments.length - 1];
  const gamblingStatus =
    bets === 0
      ? 'No Gambling Transactions Found'
      : `${counted(bets, 'betting transaction')}${operators.size > 0 ? ` with ${[...operators].join(', ')}` : ''} (${counted(stakes, 'stake')}, ${counted(bets - stakes, 'win')}): ${amountText(ctx.statement.currency, staked)} staked, ${(fraction(staked, index.inflow) * 100).toFixed(1)}% of inflow`;
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
    loanInflowRate: fraction(loans.disbursements.length, index.inflowCount),
    loanToInflowRate: fraction(loans.totalDisbursed, index.inflow),
    loanRepaymentToInflowRate: fraction(loans.totalRepaid, index.inflow),
    gamblingStatus,
    gamblingRate: fraction(staked, index.inflow),
    numberOfBettingTransactions: bets,
    accountActivity: fraction(active, ctx.spanDays),
    percentOfInflowIrregularity: fraction(irregular, inflow.length),
    accountSweep: sweep === null ? null : isSwept(sweep) ? 'Yes' : 'No',
  };
}
