import { toMajor } from '../../domain/money.js';
import type { CanonicalTransaction } from '../../domain/statement.js';
import type { SweepFacts } from './behaviour.js';
import { dateOf, dayNumber } from './calendar.js';
import type { Verdict } from './categorise/categorise.js';
import { type AnalysisContext, monthCount } from './context.js';
import type { IncomeResult } from './income.js';
import type { LoanFacts } from './loans.js';
import { fraction } from './stats.js';
import { amountText, thresholdsOf, thresholdText } from './thresholds.js';
import { countedRowsOf, rowsOf, rowsOfEither, verdictIndex } from './verdicts.js';
import { counted } from './words.js';

export type Severity = 'none' | 'low' | 'medium' | 'high';

/** One flag, with the figures and the transactions behind it. */
export interface RiskSignal {
  code: string;
  /** False when the statement lacks what the flag reads (the message says what): never triggered then. */
  assessed: boolean;
  triggered: boolean;
  severity: Severity;
  message: string;
  figures: Record<string, number | string | null>;
  transactionIds: string[];
  /** REVERSALS only: each reversal credit with the debit it paid back, by transaction id. */
  pairs?: Array<{ reversal: string; debit: string }>;
  /** BOUNCED_OR_RETURNED_DEBITS only: each returned-cheque debit with the cheque credit it took back. */
  chequePairs?: Array<{ returned: string; cheque: string }>;
}

/**
 * A credit this much larger than usual inflow, without a known source, is worth a question (and at
 * least `largeInflowMinimum`, `thresholds.ts`).
 */
const LARGE_INFLOW_FACTOR = 3;
const MAX_IDS = 50;

const ids = (list: readonly { id: string }[]) => list.slice(-MAX_IDS).map((t) => t.id);

function signal(
  code: string,
  severity: Severity,
  message: string,
  figures: RiskSignal['figures'],
  transactionIds: string[] = [],
): RiskSignal {
  return { code, assessed: true, triggered: severity !== 'none', severity, message, figures, transactionIds };
}

/** A flag the statement gives nothing to assess by: not triggered, with the reason as its message. */
const notAssessed = (code: string, reason: string): RiskSignal => ({
  code,
  assessed: false,
  triggered: false,
  severity: 'none',
  message: `not assessed: ${reason}`,
  figures: {},
  transactionIds: [],
});

const NO_BALANCE = 'no balance is known (no row carries one and the statement states no opening or closing balance)';

export interface RiskInputs {
  income: IncomeResult;
  loans: LoanFacts;
  /** Null when the statement gives no balance. */
  sweep: SweepFacts | null;
  /** Places where the running balance does not follow from the previous row. */
  chainBreaks: number;
}

/** Ids of the last `MAX_IDS` of the rows `first` followed by the rows `second`. */
function lastIds(ctx: AnalysisContext, first: ArrayLike<number>, second: ArrayLike<number> = []): string[] {
  const fromSecond = Math.min(MAX_IDS, second.length);
  const fromFirst = Math.min(MAX_IDS - fromSecond, first.length);
  const out: string[] = [];
  for (let k = first.length - fromFirst; k < first.length; k++) out.push(idAt(ctx, first[k] as number));
  for (let k = second.length - fromSecond; k < second.length; k++) out.push(idAt(ctx, second[k] as number));
  return out;
}
const idAt = (ctx: AnalysisContext, row: number): string => (ctx.rows[row] as CanonicalTransaction).id;

/** Minor units of the rows' transactions. */
function totalOf(ctx: AnalysisContext, rows: ArrayLike<number>): number {
  let total = 0;
  for (let k = 0; k < rows.length; k++) total += (ctx.rows[rows[k] as number] as CanonicalTransaction).amount;
  return total;
}

function gambling(ctx: AnalysisContext): RiskSignal {
  const stakes = countedRowsOf(ctx, 'gambling');
  const wins = countedRowsOf(ctx, 'gambling_winnings');
  const staked = totalOf(ctx, stakes);
  const inflow = verdictIndex(ctx).inflow;
  const share = fraction(staked, inflow);
  const severity: Severity = share >= 0.2 ? 'high' : share >= 0.05 ? 'medium' : stakes.length > 0 ? 'low' : 'none';
  return signal(
    'GAMBLING_SHARE_OF_INFLOW',
    severity,
    `${(share * 100).toFixed(1)}% of inflow staked on betting (${counted(stakes.length, 'stake')}, ${counted(wins.length, 'win')})`,
    {
      staked: toMajor(staked),
      winnings: toMajor(totalOf(ctx, wins)),
      totalInflow: toMajor(inflow),
      shareOfInflow: share,
    },
    lastIds(ctx, stakes, wins),
  );
}

function stacking(loans: LoanFacts): RiskSignal {
  const a = loans.analysis;
  const severity: Severity =
    a.lendersActiveLast30Days.length >= 3
      ? 'high'
      : a.loanStacking === 'Yes'
        ? 'medium'
        : a.lenders.length > 0
          ? 'low'
          : 'none';
  return signal(
    'LOAN_STACKING',
    severity,
    `${a.lendersActiveLast30Days.length} lender(s) active in the last 30 days, ${a.lendersActiveLast90Days.length} in the last 90`,
    {
      lendersLast30Days: a.lendersActiveLast30Days.join(', '),
      lendersLast90Days: a.lendersActiveLast90Days.join(', '),
      totalDisbursed: toMajor(loans.totalDisbursed),
      totalRepaid: toMajor(loans.totalRepaid),
    },
    ids([...loans.disbursements, ...loans.repayments]),
  );
}

function bounced(ctx: AnalysisContext): RiskSignal {
  const { flagged, returnedChequePairs } = verdictIndex(ctx);
  const items = flagged.filter((i) => {
    const flags = (ctx.labels[i] as Verdict).flags;
    return flags.includes('bounced_debit') || flags.includes('returned_cheque');
  });
  const severity: Severity = items.length >= 3 ? 'high' : items.length > 0 ? 'medium' : 'none';
  return {
    ...signal(
      'BOUNCED_OR_RETURNED_DEBITS',
      severity,
      `${items.length} bounced direct debit(s) or returned cheque(s); ${returnedChequePairs.length} cheque(s) matched to the deposit returned`,
      { count: items.length, chequesPaired: returnedChequePairs.length },
      lastIds(ctx, items),
    ),
    chequePairs: returnedChequePairs
      .slice(-MAX_IDS)
      .map((p) => ({ returned: idAt(ctx, p.returned), cheque: idAt(ctx, p.cheque) })),
  };
}

/** Reversals over inflow, with the debit each paid back where one was found. */
function reversals(ctx: AnalysisContext): RiskSignal {
  const items = rowsOf(ctx, 'reversal');
  const total = totalOf(ctx, items);
  const pairs = verdictIndex(ctx).reversalPairs;
  const share = fraction(total, verdictIndex(ctx).inflow);
  const severity: Severity = share >= 0.1 || items.length >= 10 ? 'medium' : items.length > 0 ? 'low' : 'none';
  return {
    ...signal(
      'REVERSALS',
      severity,
      `${items.length} reversal(s) or refund(s), ${(share * 100).toFixed(1)}% of inflow; ${pairs.length} matched to the debit paid back`,
      { count: items.length, total: toMajor(total), shareOfInflow: share, paired: pairs.length },
      lastIds(ctx, items),
    ),
    pairs: pairs.slice(-MAX_IDS).map((p) => ({ reversal: idAt(ctx, p.reversal), debit: idAt(ctx, p.debit) })),
  };
}

function lowBalance(ctx: AnalysisContext): RiskSignal {
  if (ctx.balances === null) return notAssessed('LOW_BALANCE_DAYS', NO_BALANCE);
  const { endOfDay } = ctx.balances;
  const currency = ctx.statement.currency;
  const low = thresholdsOf(currency).lowBalance;
  let days = 0;
  let lowest = Number.POSITIVE_INFINITY;
  let lowestDay = -1;
  for (let i = 0; i < ctx.spanDays; i++) {
    const b = endOfDay[i] as number;
    if (b < low) days++;
    if (b < lowest) {
      lowest = b;
      lowestDay = i;
    }
  }
  const share = fraction(days, ctx.spanDays);
  const severity: Severity = share >= 0.5 ? 'high' : share >= 0.2 ? 'medium' : days > 0 ? 'low' : 'none';
  return signal(
    'LOW_BALANCE_DAYS',
    severity,
    `${days} of ${ctx.spanDays} days ended under ${thresholdText(currency, low)}`,
    {
      days,
      totalDays: ctx.spanDays,
      share,
      lowestBalance: lowestDay >= 0 ? toMajor(lowest) : null,
      lowestBalanceDate: lowestDay >= 0 ? dateOf(ctx.firstDay + lowestDay) : null,
      balancesReported: ctx.balancesReported ? 'Yes' : 'No',
    },
  );
}

function sweepSignal(ctx: AnalysisContext, sweep: SweepFacts | null): RiskSignal {
  if (sweep === null) return notAssessed('ACCOUNT_SWEEP', NO_BALANCE);
  const currency = ctx.statement.currency;
  const large = thresholdText(currency, thresholdsOf(currency).sweepMinimumCredit);
  const share = fraction(sweep.swept.length, sweep.largeCredits);
  const severity: Severity =
    sweep.swept.length >= 2 && share >= 0.5 ? 'medium' : sweep.swept.length > 0 ? 'low' : 'none';
  return signal(
    'ACCOUNT_SWEEP',
    severity,
    `${sweep.swept.length} of ${sweep.largeCredits} credits of ${large}+ were swept out within two days (balance down to 10% or less)`,
    { swept: sweep.swept.length, largeCredits: sweep.largeCredits, share },
    ids(sweep.swept),
  );
}

function salary(ctx: AnalysisContext, income: IncomeResult): RiskSignal {
  const stream = income.streams[0];
  const rows = income.streamRows[0];
  if (!stream || !rows) return signal('SALARY_GAPS_AND_RECENCY', 'none', 'no salary stream found', {});
  // The stream's first and last transactions in statement order (its rows are ascending).
  const txs = ctx.rows;
  const firstDate = txs[rows[0] as number]?.date;
  const firstMonth = Number(firstDate?.slice(0, 4)) * 12 + Number(firstDate?.slice(5, 7));
  const last = txs[rows[rows.length - 1] as number]?.date ?? '';
  const lastMonth = Number(last.slice(0, 4)) * 12 + Number(last.slice(5, 7));
  const missing = lastMonth - firstMonth + 1 - stream.payments;
  const daysSince = ctx.lastDate && last ? dayNumber(ctx.lastDate) - dayNumber(last) : 0;
  const severity: Severity = daysSince > 45 ? 'high' : missing > 0 ? 'medium' : 'none';
  return signal(
    'SALARY_GAPS_AND_RECENCY',
    severity,
    `${missing} month(s) without salary between the first and last payment; last salary ${daysSince} day(s) before the statement ends`,
    { missingMonths: missing, daysSinceLastSalary: daysSince, lastSalaryDate: last, payDay: stream.payDay },
    stream.transactionIds.slice(-MAX_IDS),
  );
}

function largeInflows(ctx: AnalysisContext, income: IncomeResult): RiskSignal {
  const index = verdictIndex(ctx);
  const usual = income.averagePredictedSalary > 0 ? income.averagePredictedSalary : index.inflow / monthCount(ctx);
  const currency = ctx.statement.currency;
  const threshold = Math.max(thresholdsOf(currency).largeInflowMinimum, usual * LARGE_INFLOW_FACTOR);
  const items: number[] = [];
  let total = 0;
  // Only a category with a credit this large needs its transactions looked at.
  const large = (category: string) => (index.byName.get(category)?.largestCredit ?? 0) >= threshold;
  const rows = large('transfer_in') || large('other') ? rowsOfEither(ctx, 'transfer_in', 'other') : [];
  for (const i of rows) {
    const t = ctx.rows[i] as CanonicalTransaction;
    if (t.direction === 'credit' && t.amount >= threshold) {
      items.push(i);
      total += t.amount;
    }
  }
  return signal(
    'LARGE_UNEXPLAINED_INFLOWS',
    items.length >= 3 ? 'medium' : items.length > 0 ? 'low' : 'none',
    `${items.length} credit(s) of ${amountText(currency, threshold)} or more from unexplained sources`,
    { count: items.length, threshold: toMajor(threshold), total: toMajor(total) },
    lastIds(ctx, items),
  );
}

/** The balance chain only; the statements area's `integrity` report classifies each break. */
function integrity(ctx: AnalysisContext, chainBreaks: number): RiskSignal {
  if (!ctx.balancesReported) return notAssessed('STATEMENT_INTEGRITY', 'no row carries a running balance to check');
  const severity: Severity = chainBreaks >= 5 ? 'high' : chainBreaks > 0 ? 'medium' : 'none';
  return signal(
    'STATEMENT_INTEGRITY',
    severity,
    `${chainBreaks} place(s) where a running balance does not follow from the previous row`,
    { chainBreaks, balancesReported: 'Yes' },
  );
}

/** Every risk flag with its evidence; untriggered flags are listed too, with severity `none`. */
export function riskSignals(ctx: AnalysisContext, inputs: RiskInputs): RiskSignal[] {
  return [
    gambling(ctx),
    stacking(inputs.loans),
    bounced(ctx),
    reversals(ctx),
    lowBalance(ctx),
    sweepSignal(ctx, inputs.sweep),
    salary(ctx, inputs.income),
    largeInflows(ctx, inputs.income),
    integrity(ctx, inputs.chainBreaks),
  ];
}
