import { toMajor } from '../../domain/money.js';
import type { CanonicalStatement } from '../../domain/statement.js';
import { chainsFrom } from '../chain.js';
import { type BehavioralAnalysis, behavioralAnalysis, sweepFacts } from './behaviour.js';
import { type CashFlowAnalysis, cashFlowAnalysis } from './cash-flow.js';
import { type CategorisedTransaction, categoriseStatement } from './categorise/categorise.js';
import type { Matcher } from './categorise/lexicon.js';
import { buildContext } from './context.js';
import { type IncomeAnalysis, incomeAnalysis } from './income.js';
import { type LoanAnalysis, loanFacts } from './loans.js';
import { type MonthSummary, monthlySummary } from './monthly-summary.js';
import { type TransactionPatternAnalysis, transactionPatternAnalysis } from './patterns.js';
import { publicStream, type RecurringStream, recurringStreams } from './recurring.js';
import { type RiskSignal, riskSignals } from './risk-signals.js';
import { type SpendAnalysis, spendAnalysis } from './spend.js';

/** Where a transaction's money went or came from, as the categoriser decided. */
export interface TransactionCategory {
  id: string;
  category: string;
  channel: string;
  /** 0..1 */
  confidence: number;
  /** The rule or lexicon entry that decided the category. */
  evidence: string;
}

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
  recurringStreams: Array<Omit<RecurringStream, 'totalMinor'>>;
  monthlySummary: MonthSummary[];
  riskSignals: RiskSignal[];
  /** Debits and credits by category; each side sums to its turnover. */
  categoryTotals: { debits: CategoryTotal[]; credits: CategoryTotal[] };
  transactions: TransactionCategory[];
}

function categoryTotals(txs: readonly CategorisedTransaction[]): StatementAnalytics['categoryTotals'] {
  const debits = new Map<string, { count: number; total: number }>();
  const credits = new Map<string, { count: number; total: number }>();
  for (const tx of txs) {
    const side = tx.direction === 'debit' ? debits : credits;
    const s = side.get(tx.category) ?? { count: 0, total: 0 };
    s.count++;
    s.total += tx.amount;
    side.set(tx.category, s);
  }
  const list = (m: Map<string, { count: number; total: number }>) =>
    [...m]
      .map(([category, s]) => ({ category, count: s.count, total: toMajor(s.total) }))
      .sort((a, b) => b.total - a.total);
  return { debits: list(debits), credits: list(credits) };
}

/** Rows whose running balance does not follow from the row before (1 kobo of rounding tolerated). */
function countChainBreaks(statement: CanonicalStatement): number {
  let before = statement.openingBalance;
  let breaks = 0;
  for (const tx of statement.transactions) {
    if (tx.balance === undefined) continue;
    if (before !== undefined && !chainsFrom(before, tx)) breaks++;
    before = tx.balance;
  }
  return breaks;
}

/** Pure: the whole analytics object of one normalised statement. */
export function analyseStatement(statement: CanonicalStatement, matcher?: Matcher): StatementAnalytics {
  const txs = categoriseStatement(statement, matcher);
  const ctx = buildContext(statement, txs);
  const income = incomeAnalysis(ctx);
  const streams = recurringStreams(ctx, income.streams);
  const loans = loanFacts(ctx, income.averagePredictedSalary);
  const sweep = sweepFacts(ctx);
  const chainBreaks = countChainBreaks(statement);
  const spend = spendAnalysis(ctx, streams);
  return {
    cashFlowAnalysis: cashFlowAnalysis(ctx),
    incomeAnalysis: income.analysis,
    spendAnalysis: spend.analysis,
    transactionPatternAnalysis: transactionPatternAnalysis(ctx, chainBreaks),
    behavioralAnalysis: behavioralAnalysis(ctx, loans, sweep),
    loanAnalysis: loans.analysis,
    recurringStreams: streams.map(publicStream),
    monthlySummary: monthlySummary(ctx),
    riskSignals: riskSignals(ctx, { income, loans, sweep, chainBreaks }),
    categoryTotals: categoryTotals(txs),
    transactions: txs.map((t) => ({
      id: t.id,
      category: t.category,
      channel: t.channel,
      confidence: t.confidence,
      evidence: t.evidence,
    })),
  };
}
