import { toMajor } from '../../domain/money.js';
import type { CanonicalStatement } from '../../domain/statement.js';
import { checkIntegrity, type IntegrityReport } from '../integrity.js';
import { type BehavioralAnalysis, behavioralAnalysis, sweepFacts } from './behaviour.js';
import { type CashFlowAnalysis, cashFlowAnalysis } from './cash-flow.js';
import { type CategorisedRows, categoriseStatement, type Verdict } from './categorise/categorise.js';
import type { Matcher } from './categorise/lexicon.js';
import { type AnalysisContext, buildContext } from './context.js';
import { type IncomeAnalysis, incomeAnalysis } from './income.js';
import { type LoanAnalysis, loanFacts } from './loans.js';
import { type MonthSummary, monthlySummary } from './monthly-summary.js';
import { type TransactionPatternAnalysis, transactionPatternAnalysis } from './patterns.js';
import { publicStream, type RecurringStream } from './recurring.js';
import { type RiskSignal, riskSignals } from './risk-signals.js';
import { type SpendAnalysis, spendAnalysis } from './spend.js';
import { verdictIndex } from './verdicts.js';

export interface CategoryTotal {
  category: string;
  count: number;
  total: number;
}

/**
 * The analytics object: the real API's five sections with their documented field names, then our
 * own sections. Amounts in naira with two decimals, fractions 0..1, "Yes"/"No" flags, dates
 * `YYYY-MM-DD`.
 */
export interface StatementAnalytics {
  cashFlowAnalysis: CashFlowAnalysis;
  incomeAnalysis: IncomeAnalysis;
  spendAnalysis: SpendAnalysis;
  transactionPatternAnalysis: TransactionPatternAnalysis;
  behavioralAnalysis: BehavioralAnalysis;
  loanAnalysis: LoanAnalysis;
  recurringStreams: Array<Omit<RecurringStream, 'totalMinor' | 'rows'>>;
  monthlySummary: MonthSummary[];
  riskSignals: RiskSignal[];
  /** Debits and credits by category; each side sums to its turnover. */
  categoryTotals: { debits: CategoryTotal[]; credits: CategoryTotal[] };
  /**
   * Per transaction, in the statement's order: the categoriser's final verdict (category, channel,
   * confidence and evidence); rows of one narration shape share one object. Stored with the
   * transactions, not with the sections.
   */
  labels: readonly Verdict[];
}

/** From the category index: each side's categories by total, ties in order of first appearance. */
function categoryTotals(ctx: AnalysisContext): StatementAnalytics['categoryTotals'] {
  const categories = verdictIndex(ctx).categories;
  const debits = categories.filter((c) => c.debitCount > 0).sort((a, b) => a.firstDebit - b.firstDebit);
  const credits = categories.filter((c) => c.creditCount > 0).sort((a, b) => a.firstCredit - b.firstCredit);
  return {
    debits: debits
      .map((c) => ({ category: c.category, count: c.debitCount, total: toMajor(c.debitTotal) }))
      .sort((a, b) => b.total - a.total),
    credits: credits
      .map((c) => ({ category: c.category, count: c.creditCount, total: toMajor(c.creditTotal) }))
      .sort((a, b) => b.total - a.total),
  };
}

/** Pure: the whole analytics object of one normalised statement. */
/** `integrity`: the statement's report when the caller has it already (processing does), else made here if needed. */
export function analyseStatement(
  statement: CanonicalStatement,
  matcher?: Matcher,
  integrity?: IntegrityReport,
): StatementAnalytics {
  return analyseCategorised(statement, categoriseStatement(statement, matcher), integrity);
}

/**
 * The sections of a statement already categorised. The income analysis re-labels salary credits in
 * `categorised` (its verdicts, numbers and labels), so it is the analysis's own from here on.
 */
function analyseCategorised(
  statement: CanonicalStatement,
  categorised: CategorisedRows,
  integrity?: IntegrityReport,
): StatementAnalytics {
  const ctx = buildContext(statement, categorised);
  const income = incomeAnalysis(ctx);
  const streams = income.recurring;
  const loans = loanFacts(ctx, income.averagePredictedSalary);
  const sweep = sweepFacts(ctx);
  const chainBreaks = ctx.chainBreaks;
  // Only a gap is a missing row (not an edited balance or a repeated row); classifying the breaks
  // walks the chain again, so only when it has any.
  const missingRows = chainBreaks > 0 && (integrity ?? checkIntegrity(statement)).gapCount > 0;
  const spend = spendAnalysis(ctx, streams);
  return {
    cashFlowAnalysis: cashFlowAnalysis(ctx),
    incomeAnalysis: income.analysis,
    spendAnalysis: spend.analysis,
    transactionPatternAnalysis: transactionPatternAnalysis(ctx, missingRows),
    behavioralAnalysis: behavioralAnalysis(ctx, loans, sweep),
    loanAnalysis: loans.analysis,
    recurringStreams: streams.map(publicStream),
    monthlySummary: monthlySummary(ctx),
    riskSignals: riskSignals(ctx, { income, loans, sweep, chainBreaks }),
    categoryTotals: categoryTotals(ctx),
    labels: ctx.labels,
  };
}
