import { type TSchema, Type } from 'typebox';
import { BALANCE_KEYS, BAND_BOUNDS, BAND_LABELS, TRANSACTION_KEYS } from './patterns.js';
import { REAL_CATEGORY_TOKENS, SPEND_GROUPS } from './spend.js';

/**
 * The analytics sections as OpenAPI documents them (the statement answers carry them after the
 * envelope): every field each section file produces. The answers are written as JSON text, never
 * serialised from these; objects are published open (`additionalProperties`), and a test closes
 * them and checks real answers against them, so a field added without its schema fails it
 * (`test/statements/published-schema.test.ts`).
 */
const open = (properties: Record<string, TSchema>, description: string) =>
  Type.Object(properties, { additionalProperties: true, description });

/** An amount in major units of the statement's currency: naira for the NGN statements most are. */
const Naira = (description: string) =>
  Type.Number({ description: `${description} (naira, or the statement's currency; two decimals)` });
const Fraction = (description: string) => Type.Number({ minimum: 0, description: `${description} (fraction 0..1)` });
/** A figure read from balances: null, never worked out from an assumed 0, when the statement gives none. */
const FromBalances = (figure: TSchema) =>
  Type.Union([figure, Type.Null()], {
    description:
      'Null when no balance is known: no row carries one and the statement states no opening or closing balance',
  });
const PER_MONTH =
  'over the months the statement covers, each calendar month counted by the share of its days from the first to the last transaction day (Jan 31..Mar 1 2024 is 1.065 months), at least 1';
const YesNo = (description: string) => Type.Union([Type.Literal('Yes'), Type.Literal('No')], { description });
const Day = Type.String({ description: 'YYYY-MM-DD, the account’s local day' });
const MonthAmount = Type.Object({
  year: Type.String({ examples: ['2022'] }),
  month_name: Type.String({ examples: ['October'] }),
  amount: Type.Number(),
});
const Item = Type.Object({ date: Day, amount: Naira('Amount'), description: Type.String() });
const Count = (description: string) => Type.Integer({ minimum: 0, description });
const Nullable = (schema: TSchema, description?: string) =>
  Type.Union([schema, Type.Null()], description ? { description } : {});
const FlowRate = Type.Union([Type.Literal('Positive Cash Flow'), Type.Literal('Negative Cash Flow')]);
const StreamFrequency = Type.Union(
  ['WEEKLY', 'BIWEEKLY', 'SEMI_MONTHLY', 'MONTHLY', 'ANNUALLY'].map((f) => Type.Literal(f)),
);
const BandLabel = Type.Union(BAND_LABELS.map((label) => Type.Literal(label)));

const WeekAmount = Type.Object({
  year: Type.String(),
  month_name: Type.String(),
  week: Type.String({ examples: ['week 1'] }),
  amount: Type.Number(),
});
const WEEKS_LISTED =
  'Per week of each month (days 1-7 are week 1, ..., 29-31 week 5), only the weeks with days inside both the month and the statement (February 2023 has no week 5)';

export const CashFlowAnalysisSchema = open(
  {
    totalCreditTurnover: Naira('All credits'),
    totalDebitTurnOver: Naira('All debits'),
    averageMonthlyCredits: Naira(`Credits ${PER_MONTH}`),
    averageMonthlyDebits: Naira(`Debits ${PER_MONTH}`),
    averageWeeklyCredits: Naira('Credits over the statement’s days / 7, at least 1'),
    averageWeeklyDebits: Naira('Debits over the statement’s days / 7, at least 1'),
    averageMonthlyBalance: FromBalances(
      Naira(
        'Mean of each month’s average end-of-day balance, carried across quiet days, each month weighed by the share of it covered',
      ),
    ),
    averageWeeklyBalance: FromBalances(
      Naira('Mean end-of-day balance (each week weighed by its days, so a partial last week counts as part of one)'),
    ),
    numberOfTransactingMonths: Count('Calendar months with at least one transaction'),
    monthlyInflow: Type.Array(MonthAmount),
    monthlyOutflow: Type.Array(MonthAmount),
    weeklyInflow: Type.Array(WeekAmount, { description: WEEKS_LISTED }),
    weeklyOutflow: Type.Array(WeekAmount, { description: WEEKS_LISTED }),
    validCredit: Naira('Inflow less loan disbursements: credits that are not self-transfers, reversals or loans'),
    periodInStatement: Type.String({
      description: 'Month of the first transaction - month of the last',
      examples: ['October - December'],
    }),
    yearInStatement: Type.String({
      description: 'Year of the statement, or first year - last year',
      examples: ['2022', '2022 - 2023'],
    }),
    firstDateInStatement: Day,
    lastDateInStatement: Day,
    closingBalance: FromBalances(
      Naira(
        'The statement’s closing balance, as at the top level: stated (a closing-balance row), else the last row balance carried forward through the rows after it',
      ),
    ),
    percentageOfExpenseOverInflow: Type.Number({ description: 'Debits over credits' }),
  },
  'The real API’s cash-flow section',
);

export const IncomeAnalysisSchema = open(
  {
    salaryTransactions: Type.Array(Item),
    averagePredictedSalary: Naira(
      'Median of the last three full salary payments (a pro-rated first month left out) of the streams still paid at the statement’s end; 0 when none is',
    ),
    isSalaryEarner: YesNo('A monthly salary stream is still paid at the statement’s end'),
    expectedSalaryPaymentDay: Nullable(
      Type.Integer({ minimum: 1, maximum: 31 }),
      'Pay day of the month of the current salary stream; null without one',
    ),
    frequencyOfSalaryPayments: Nullable(Type.Literal('Monthly')),
    lastDateOfSalaryPayment: Nullable(Day, 'Date of the last salary credit'),
    numberOfSalaryPayments: Count('Salary credits listed in salaryTransactions'),
    hasOtherIncome: YesNo(
      'Other income was found: credits named as such (pensions, cashback, dividends, interest, settlements) or regular non-salary income (otherIncomeStreams)',
    ),
    otherIncomeTransactions: Type.Array(Item, {
      description: 'The credits named as other income and the payments of otherIncomeStreams, by date',
    }),
    averageOtherIncome: Naira(
      `Other income a month: each of otherIncomeStreams at its monthly equivalent (its average payment times its payments a month: WEEKLY 52/12, BIWEEKLY 26/12, SEMI_MONTHLY 2, MONTHLY 1, ANNUALLY 1/12), as predicted salary counts each salary stream, plus the credits named as other income ${PER_MONTH}`,
    ),
    numberOfOtherIncomePayments: Count('Credits listed in otherIncomeTransactions'),
    netAverageMonthlyEarning: Naira('averagePredictedSalary plus averageOtherIncome'),
    lowestSalary: Nullable(Naira('The smallest salary credit')),
    lowestSalaryDate: Nullable(Day),
    mostRecentSalary: Nullable(Naira('The last salary credit')),
    salaryConfidence: Fraction('How sure the salary finding is (ours)'),
    salaryStreams: Type.Array(
      open(
        {
          employer: Type.String({ description: 'The payer; a renamed employer as `OLD / NEW`' }),
          payDay: Type.Integer({ minimum: 1, maximum: 31 }),
          payments: Count('Payments in the stream'),
          confidence: Fraction('How sure the stream is'),
          proRatedFirstPayment: Type.Boolean(),
          namedAsSalary: Type.Boolean({ description: 'A narration says salary or payroll' }),
          payrollRail: Type.Boolean({
            description: 'Paid through a payroll rail (Remita, IPPIS, Paystack, Bento, ...)',
          }),
          evidence: Type.Array(Type.String()),
          transactionIds: Type.Array(Type.String()),
          predictedAmount: Naira('Median of the last three full (not pro-rated) payments'),
        },
        'One salary stream with the reasons and the transaction ids behind it (ours)',
      ),
    ),
    otherIncomeStreams: Type.Array(
      open(
        {
          counterparty: Type.String({ description: 'The payer, as in recurringStreams' }),
          category: Type.String({ description: 'Our category of its credits: transfer_in or other' }),
          frequency: StreamFrequency,
          payments: Count('Payments counted in other income'),
          total: Naira('Their total'),
          evidence: Type.Array(Type.String()),
          transactionIds: Type.Array(Type.String()),
        },
        'A recurring inflow counted as other income (ours): a MATURE inflow stream of transfers in or unnamed credits that is not salary (self-transfers, ajo and savings payouts, loans, gambling winnings, reversals and support from family are never income)',
      ),
      {
        description:
          'Regular non-salary income: the MATURE inflow streams of recurringStreams that are not salary, self-transfers, loans, gambling winnings, reversals or from family (a relative, or a credit with a note of support such as UPKEEP); [] for statements analysed before they counted',
      },
    ),
  },
  'The real API’s income section: self-transfers, loans, gambling winnings and reversals are never income',
);

const SPENT = 'debits of the group, except self-transfers, zero amounts and debits a reversal paid back';
const EXPENSES = 'Debits except self-transfers, savings, loan repayments and debits a reversal paid back';

export const SpendAnalysisSchema = open(
  {
    ...Object.fromEntries(
      SPEND_GROUPS.flatMap((group) => [
        [`averageMonthlySpendOn${group}`, Naira(`${group}: ${SPENT}, ${PER_MONTH}`)],
        [`totalSpendOn${group}`, Naira(`${group}: ${SPENT}`)],
      ]),
    ),
    averageMonthlyTotalExpenses: Naira(`${EXPENSES}, ${PER_MONTH}`),
    averageMonthlyRecurringExpense: Naira(`totalRecurringExpense ${PER_MONTH}`),
    averageMonthlyTransactionsViaAgents: Naira(`Spent through agents ${PER_MONTH}`),
    totalTransactionsViaAgents: Naira('Spent through agents (POS agents, agency banking)'),
    totalExpenses: Naira(EXPENSES),
    totalMonthlyExpenses: Type.Array(MonthAmount, { description: 'Expenses per calendar month' }),
    totalRecurringExpense: Naira('The MATURE recurring outflow streams of categories counted in totalExpenses'),
    mostRecurringExpense: Nullable(Type.String({ description: 'Narration of the first such stream' })),
    mostFrequentSpendCategory: Nullable(
      Type.Enum(REAL_CATEGORY_TOKENS, {
        description:
          'The most frequent expense category (bank charges aside), as the real API names the group it counts in: `x_transactions` for totalSpendOnX',
      }),
    ),
    monthWithHighestSpend: Nullable(Type.String({ description: 'MM/YYYY', examples: ['10/2022'] })),
    highestSpend: Naira('Expenses of monthWithHighestSpend'),
    mostFrequentExpense: Nullable(Type.String({ description: 'Narration of a payment to the most frequent payee' })),
    mostFrequentExpenseAmount: Naira('The amount most often paid to that payee'),
    atmLocations: Type.Array(Type.String()),
  },
  `The real API’s spend section: averageMonthlySpendOnX and totalSpendOnX for ${SPEND_GROUPS.join(', ')} (channels and categories mixed, as the real API does: a debit may count in one channel group and one category group)`,
);

const TransferParty = (direction: string) =>
  Nullable(Type.String({ description: `Counterparty of the largest ${direction} transfer; null when it names none` }));
const LargestTransfer = (direction: string) =>
  Nullable(
    Type.Object({ date: Day, amount: Naira('Amount'), description: Type.String(), counterparty: Type.String() }),
    `The largest ${direction} transfer (the first of equal ones), in full (ours); null without one`,
  );

export const TransactionPatternAnalysisSchema = open(
  {
    lastDayOfCredit: Nullable(Day),
    lastDayOfDebit: Nullable(Day),
    percentDebitTransactions: Fraction('Debits among the rows that moved money'),
    percentCreditTransactions: Fraction('Credits among the rows that moved money'),
    totalNumberOfTransactions: Count('Rows that moved money: zero-amount rows are left out'),
    ...Object.fromEntries(
      TRANSACTION_KEYS.map((key, i) => [key, Fraction(`Rows that moved money whose amount is ${BAND_BOUNDS[i]}`)]),
    ),
    percentNumberOfDaysTransactionsWasLessThan10ThousandNaira: Fraction(
      'Days with transactions whose money moved (in and out) came to under ₦10,000',
    ),
    ...Object.fromEntries(
      BALANCE_KEYS.map((key, i) => [key, FromBalances(Fraction(`Rows whose balance after them is ${BAND_BOUNDS[i]}`))]),
    ),
    percentNumberOfDaysBalanceWasLessThan10ThousandNaira: FromBalances(Fraction('Days ending under ₦10,000')),
    mostFrequentBalanceRange: FromBalances(
      Type.Union(
        BAND_LABELS.map((label) => Type.Literal(label)),
        {
          description: 'The band most rows’ balances fall in (null too when there are no rows)',
        },
      ),
    ),
    mostFrequentTransactionRange: Nullable(BandLabel, 'The band most amounts fall in'),
    numberOfCardRequests: Count('Card issue, reissue or replacement fees charged'),
    topIncomingTransfer: TransferParty('incoming'),
    topOutgoingTransfer: TransferParty('outgoing'),
    mostFrequentCreditTransfer: Nullable(Type.String({ description: 'The counterparty sending transfers most often' })),
    mostFrequentDebitTransfer: Nullable(
      Type.String({ description: 'The counterparty receiving transfers most often' }),
    ),
    returnCheque: Count('Returned cheques'),
    missingTransactions: YesNo(
      'The running balance shows a gap: rows seem to be missing (an edited balance or a repeated row is none)',
    ),
    largestIncomingTransfer: LargestTransfer('incoming'),
    largestOutgoingTransfer: LargestTransfer('outgoing'),
  },
  'The real API’s transaction-pattern section (amount and balance bands are fractions). A statement in another currency is banded by the naira equivalents of the bounds (reference rates in `thresholds.json`), so each field keeps the meaning its name gives',
);

export const BehavioralAnalysisSchema = open(
  {
    monthToMonthInflowToOutflowRate: Type.Union(FlowRate.anyOf, {
      description: 'Positive when at least half the months took in as much as they paid out',
    }),
    overallInflowToOutflowRate: Type.Union(FlowRate.anyOf, { description: 'Positive when credits cover debits' }),
    loanTransactions: Type.Array(Item),
    loanRepaymentTransactions: Type.Array(Item, { description: 'Loan repayments, less those a reversal paid back' }),
    latestLoanTransaction: Nullable(Item),
    latestRepaymentTransaction: Nullable(Item),
    totalLoanAmount: Naira('Loan disbursements'),
    totalLoanRepaymentAmount: Naira('Loan repayments'),
    averageMonthlyLoanAmount: Naira(`Loan disbursements ${PER_MONTH}`),
    averageMonthlyLoanRepaymentAmount: Naira(`Loan repayments ${PER_MONTH}`),
    numberLoanTransactions: Count('Loan disbursements'),
    numberRepaymentTransactions: Count('Loan repayments'),
    loanInflowRate: Fraction('Loan disbursements among the credits of the inflow, by count'),
    loanToInflowRate: Fraction('Loan disbursements over inflow'),
    loanRepaymentToInflowRate: Type.Number({ minimum: 0, description: 'Loan repayments over inflow (may exceed 1)' }),
    gamblingStatus: Type.String({
      description:
        '"No Gambling Transactions Found", or how many betting transactions, with which operators, how many stakes and winnings, and how much was staked',
    }),
    numberOfBettingTransactions: Type.Integer({
      minimum: 0,
      description: 'Stakes (less those refunded) and winnings: every transaction with a betting operator',
    }),
    gamblingRate: Type.Number({
      minimum: 0,
      description: 'Money staked (less stakes refunded) over inflow; above 1 when stakes outrun the inflow',
    }),
    accountActivity: Fraction('Days of the statement with at least one transaction'),
    percentOfInflowIrregularity: Fraction('Months whose inflow is under half or over twice the median month'),
    accountSweep: FromBalances(
      YesNo('Credits of ₦20,000+ taken down to 10% within two days, for two of them and half of them or more'),
    ),
  },
  'The real API’s behavioural section. Amounts named in naira mean their equivalent for a statement in another currency (`thresholds.json`). Inflow: every credit except self-transfers, reversals and cheque credits a returned cheque took back (loan disbursements included). Zero amounts and debits a reversal paid back are never spend, a stake or a repayment',
);

export const LoanAnalysisSchema = open(
  {
    lenders: Type.Array(
      open(
        {
          lender: Type.String(),
          disbursementCount: Count('Disbursements'),
          totalDisbursed: Naira('Disbursed'),
          repaymentCount: Count('Repayments'),
          totalRepaid: Naira('Repaid'),
          firstDate: Day,
          lastDate: Day,
          transactionIds: Type.Array(Type.String()),
        },
        'One lender',
      ),
    ),
    lendersActiveLast30Days: Type.Array(Type.String()),
    lendersActiveLast90Days: Type.Array(Type.String()),
    lendersDisbursedLast90Days: Type.Array(Type.String()),
    loanStacking: YesNo('Two or more lenders in the last 30 days, or three or more in the last 90'),
    repaymentToInflowRatio: Type.Number({ minimum: 0, description: 'Loan repayments over inflow (may exceed 1)' }),
    repaymentToSalaryRatio: Nullable(
      Type.Number({ minimum: 0, description: 'Average monthly repayment over the predicted salary' }),
      'Null without a predicted salary',
    ),
  },
  'Loans by lender and loan stacking',
);

export const RecurringStreamSchema = open(
  {
    direction: Type.Union([Type.Literal('inflow'), Type.Literal('outflow')]),
    description: Type.String({ description: 'Narration of the last payment' }),
    counterparty: Type.String(),
    category: Type.String({ description: 'Our category token (as on the transactions), not the real API’s' }),
    frequency: StreamFrequency,
    averageAmount: Naira('Mean payment'),
    lastAmount: Naira('Last payment'),
    firstDate: Day,
    lastDate: Day,
    status: Type.Union(['MATURE', 'EARLY_DETECTION', 'TOMBSTONED'].map((s) => Type.Literal(s))),
    occurrences: Count('Payments in the stream'),
    nextExpectedDate: Type.Union([Day, Type.Null()], {
      description:
        'By the calendar: a week or two after the last payment (WEEKLY, BIWEEKLY), the same day next month or next year clamped to its length (MONTHLY, ANNUALLY), the other pay day (SEMI_MONTHLY); null once TOMBSTONED',
    }),
    transactionIds: Type.Array(Type.String()),
  },
  'A recurring inflow or outflow (Plaid-like)',
);

export const MonthSummarySchema = open(
  {
    month: Type.String({ description: 'YYYY-MM' }),
    year: Type.String(),
    month_name: Type.String(),
    transactionCount: Count('Rows of the month'),
    inflow: Naira('Credits'),
    outflow: Naira('Debits'),
    net: Naira('Inflow less outflow'),
    openingBalance: FromBalances(Naira('Balance before the month')),
    closingBalance: FromBalances(Naira('End-of-day balance of the month’s last statement day')),
    lowestBalance: FromBalances(
      Naira(
        'Lowest end-of-day balance of the month’s days (the balance after each day’s last transaction, carried across days without transactions); a dip inside a day is in lowestRunningBalance',
      ),
    ),
    highestBalance: FromBalances(
      Naira(
        'Highest end-of-day balance of the month’s days, carried across days without transactions; a peak inside a day is in highestRunningBalance',
      ),
    ),
    lowestRunningBalance: FromBalances(
      Naira(
        'Lowest balance after any transaction of the month (the stated balance, else the settled running balance) or at the end of any of its days: at most lowestBalance',
      ),
    ),
    highestRunningBalance: FromBalances(
      Naira(
        'Highest balance after any transaction of the month (the stated balance, else the settled running balance) or at the end of any of its days: at least highestBalance',
      ),
    ),
    averageDailyBalance: FromBalances(
      Naira('Mean of the end-of-day balances of the month’s days, carried across days without transactions'),
    ),
    salary: Naira('Salary credits'),
    loanDisbursements: Naira('Loan disbursements'),
    loanRepayments: Naira('Loan repayments'),
    gamblingStakes: Naira('Money staked'),
    gamblingWinnings: Naira('Betting winnings'),
  },
  'One local calendar month',
);

export const RiskSignalSchema = open(
  {
    code: Type.String({ examples: ['LOAN_STACKING'] }),
    assessed: Type.Boolean({
      description:
        'False when the statement lacks what the flag reads (LOW_BALANCE_DAYS and ACCOUNT_SWEEP without any balance, STATEMENT_INTEGRITY without running balances): then not triggered, severity none, the message gives the reason',
    }),
    triggered: Type.Boolean(),
    severity: Type.Union(['none', 'low', 'medium', 'high'].map((s) => Type.Literal(s))),
    message: Type.String(),
    figures: Type.Record(Type.String(), Type.Union([Type.Number(), Type.String(), Type.Null()]), {
      description: 'The figures behind the flag, by name',
    }),
    transactionIds: Type.Array(Type.String()),
    pairs: Type.Optional(
      Type.Array(Type.Object({ reversal: Type.String(), debit: Type.String() }), {
        description: 'REVERSALS only: each reversal credit with the debit it paid back (transaction ids)',
      }),
    ),
    chequePairs: Type.Optional(
      Type.Array(Type.Object({ returned: Type.String(), cheque: Type.String() }), {
        description:
          'BOUNCED_OR_RETURNED_DEBITS only: each returned-cheque debit with the cheque credit of the same amount, at most 14 days before, that it took back (transaction ids)',
      }),
    ),
  },
  'A risk flag with its evidence; shares of inflow divide by the inflow (credits except self-transfers, reversals and cheque credits a returned cheque took back). Its thresholds are set in naira (a day ending under ₦5,000, credits of ₦20,000+ for a sweep, large inflows from ₦100,000) and, for a statement in another currency, are their equivalents at reference rates, which the message states in that currency',
);

const CategoryTotal = Type.Object({ category: Type.String(), count: Count('Transactions'), total: Naira('Total') });

/** Every analytics section, by the name it has in the statement answer. */
export const analyticsSectionSchemas = {
  cashFlowAnalysis: CashFlowAnalysisSchema,
  incomeAnalysis: IncomeAnalysisSchema,
  spendAnalysis: SpendAnalysisSchema,
  transactionPatternAnalysis: TransactionPatternAnalysisSchema,
  behavioralAnalysis: BehavioralAnalysisSchema,
  loanAnalysis: LoanAnalysisSchema,
  recurringStreams: Type.Array(RecurringStreamSchema),
  monthlySummary: Type.Array(MonthSummarySchema),
  riskSignals: Type.Array(RiskSignalSchema),
  categoryTotals: open(
    { debits: Type.Array(CategoryTotal), credits: Type.Array(CategoryTotal) },
    'Debits and credits by category (our category tokens, as on the transactions); each side sums to its turnover',
  ),
};
