import { type TSchema, Type } from 'typebox';
import { BALANCE_KEYS, BAND_BOUNDS, TRANSACTION_KEYS } from './patterns.js';

/**
 * The analytics sections as OpenAPI documentation (the statement answers carry them after the
 * envelope). Objects stay open (`additionalProperties`) so the serialiser never drops a field;
 * the TypeScript types in each section file are the precise contract.
 */
const open = (properties: Record<string, TSchema>, description: string) =>
  Type.Object(properties, { additionalProperties: true, description });

const Naira = (description: string) => Type.Number({ description: `${description} (naira, two decimals)` });
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
const MonthAmount = Type.Object({ year: Type.String(), month_name: Type.String(), amount: Type.Number() });
const Item = Type.Object({ date: Day, amount: Type.Number(), description: Type.String() });

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
    numberOfTransactingMonths: Type.Integer(),
    monthlyInflow: Type.Array(MonthAmount),
    monthlyOutflow: Type.Array(MonthAmount),
    weeklyInflow: Type.Array(WeekAmount, { description: WEEKS_LISTED }),
    weeklyOutflow: Type.Array(WeekAmount, { description: WEEKS_LISTED }),
    validCredit: Naira('Inflow less loan disbursements: credits that are not self-transfers, reversals or loans'),
    closingBalance: FromBalances(
      Naira(
        'The statement’s closing balance, as at the top level: the last stated balance carried forward through the rows after it',
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
    expectedSalaryPaymentDay: Type.Union([Type.Integer({ minimum: 1, maximum: 31 }), Type.Null()]),
    frequencyOfSalaryPayments: Type.Union([Type.Literal('Monthly'), Type.Null()]),
    salaryConfidence: Fraction('How sure the salary finding is'),
    salaryStreams: Type.Array(
      open(
        { employer: Type.String(), payDay: Type.Integer(), evidence: Type.Array(Type.String()) },
        'One salary stream with the reasons and the transaction ids behind it',
      ),
    ),
    hasOtherIncome: YesNo('Other income (cashback, dividends, interest, settlements) was found'),
    averageOtherIncome: Naira(`Other income ${PER_MONTH}`),
    netAverageMonthlyEarning: Naira('Predicted salary plus other income per month'),
  },
  'The real API’s income section: self-transfers, loans, gambling winnings and reversals are never income',
);

export const SpendAnalysisSchema = open(
  {
    averageMonthlyTotalExpenses: Naira(
      `Debits except self-transfers, savings, loan repayments and debits a reversal paid back, ${PER_MONTH}`,
    ),
    totalExpenses: Naira('Debits except self-transfers, savings, loan repayments and debits a reversal paid back'),
    mostFrequentSpendCategory: Type.Union([Type.String(), Type.Null()]),
    monthWithHighestSpend: Type.Union([Type.String({ description: 'MM/YYYY' }), Type.Null()]),
    atmLocations: Type.Array(Type.String()),
  },
  'The real API’s spend section: averageMonthlySpendOnX and totalSpendOnX for Transfer, AtmAndPOS, USSD, Gambling, AirtimeAndData, Utilities, OnlineAndWeb, Transportation, Health, Travel, Entertainment, HospitalityAndFood, Rent, Insurance, ChargesAndStampDuty, InternationalTransactions, SavingsAndInvestments, Crypto, Others',
);

export const TransactionPatternAnalysisSchema = open(
  {
    totalNumberOfTransactions: Type.Integer({ description: 'Rows that moved money: zero-amount rows are left out' }),
    percentCreditTransactions: Fraction('Credits among the rows that moved money'),
    ...Object.fromEntries(
      TRANSACTION_KEYS.map((key, i) => [key, Fraction(`Rows that moved money whose amount is ${BAND_BOUNDS[i]}`)]),
    ),
    ...Object.fromEntries(
      BALANCE_KEYS.map((key, i) => [key, FromBalances(Fraction(`Rows whose balance after them is ${BAND_BOUNDS[i]}`))]),
    ),
    percentNumberOfDaysBalanceWasLessThan10ThousandNaira: FromBalances(Fraction('Days ending under ₦10,000')),
    mostFrequentBalanceRange: FromBalances(
      Type.String({ description: 'The band most rows’ balances fall in (null too when there are no rows)' }),
    ),
    returnCheque: Type.Integer(),
    missingTransactions: YesNo(
      'The running balance shows a gap: rows seem to be missing (an edited balance or a repeated row is none)',
    ),
  },
  'The real API’s transaction-pattern section (amount and balance bands are fractions)',
);

export const BehavioralAnalysisSchema = open(
  {
    overallInflowToOutflowRate: Type.Union([Type.Literal('Positive Cash Flow'), Type.Literal('Negative Cash Flow')]),
    loanTransactions: Type.Array(Item),
    loanRepaymentTransactions: Type.Array(Item, { description: 'Loan repayments, less those a reversal paid back' }),
    averageMonthlyLoanRepaymentAmount: Naira(`Loan repayments ${PER_MONTH}`),
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
    accountSweep: FromBalances(
      YesNo('Credits of ₦20,000+ taken down to 10% within two days, for two of them and half of them or more'),
    ),
  },
  'The real API’s behavioural section. Inflow: every credit except self-transfers, reversals and cheque credits a returned cheque took back (loan disbursements included). Zero amounts and debits a reversal paid back are never spend, a stake or a repayment',
);

export const LoanAnalysisSchema = open(
  {
    lenders: Type.Array(open({ lender: Type.String(), transactionIds: Type.Array(Type.String()) }, 'One lender')),
    lendersActiveLast30Days: Type.Array(Type.String()),
    lendersActiveLast90Days: Type.Array(Type.String()),
    loanStacking: YesNo('Two or more lenders in the last 30 days, or three or more in the last 90'),
    repaymentToInflowRatio: Type.Number({ minimum: 0, description: 'Loan repayments over inflow (may exceed 1)' }),
  },
  'Loans by lender and loan stacking',
);

export const RecurringStreamSchema = open(
  {
    direction: Type.Union([Type.Literal('inflow'), Type.Literal('outflow')]),
    counterparty: Type.String(),
    frequency: Type.Union(['WEEKLY', 'BIWEEKLY', 'SEMI_MONTHLY', 'MONTHLY', 'ANNUALLY'].map((f) => Type.Literal(f))),
    status: Type.Union(['MATURE', 'EARLY_DETECTION', 'TOMBSTONED'].map((s) => Type.Literal(s))),
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
    inflow: Naira('Credits'),
    outflow: Naira('Debits'),
    openingBalance: FromBalances(Naira('Balance before the month')),
    closingBalance: FromBalances(Naira('End-of-day balance of the month’s last statement day')),
    lowestBalance: FromBalances(Naira('Lowest end-of-day balance')),
    highestBalance: FromBalances(Naira('Highest end-of-day balance')),
    averageDailyBalance: FromBalances(Naira('Average end-of-day balance, carried across days without transactions')),
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
    figures: Type.Record(Type.String(), Type.Unknown()),
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
  'A risk flag with its evidence; shares of inflow divide by the inflow (credits except self-transfers, reversals and cheque credits a returned cheque took back)',
);

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
    {
      debits: Type.Array(Type.Object({ category: Type.String(), count: Type.Integer(), total: Type.Number() })),
      credits: Type.Array(Type.Object({ category: Type.String(), count: Type.Integer(), total: Type.Number() })),
    },
    'Debits and credits by category; each side sums to its turnover',
  ),
};
