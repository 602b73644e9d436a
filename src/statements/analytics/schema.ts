import { type TSchema, Type } from 'typebox';

/**
 * The analytics sections as OpenAPI documentation (the statement answers carry them after the
 * envelope). Objects stay open (`additionalProperties`) so the serialiser never drops a field;
 * the TypeScript types in each section file are the precise contract.
 */
const open = (properties: Record<string, TSchema>, description: string) =>
  Type.Object(properties, { additionalProperties: true, description });

const Naira = (description: string) => Type.Number({ description: `${description} (naira, two decimals)` });
const Fraction = (description: string) => Type.Number({ minimum: 0, description: `${description} (fraction 0..1)` });
const YesNo = (description: string) => Type.Union([Type.Literal('Yes'), Type.Literal('No')], { description });
const Day = Type.String({ description: 'YYYY-MM-DD, the account’s local day' });
const MonthAmount = Type.Object({ year: Type.String(), month_name: Type.String(), amount: Type.Number() });
const Item = Type.Object({ date: Day, amount: Type.Number(), description: Type.String() });

export const CashFlowAnalysisSchema = open(
  {
    totalCreditTurnover: Naira('All credits'),
    totalDebitTurnOver: Naira('All debits'),
    averageMonthlyCredits: Naira('Credits over the calendar months of the statement'),
    averageMonthlyDebits: Naira('Debits over the calendar months of the statement'),
    averageMonthlyBalance: Naira('Mean of each month’s average end-of-day balance, carried across quiet days'),
    numberOfTransactingMonths: Type.Integer(),
    monthlyInflow: Type.Array(MonthAmount),
    monthlyOutflow: Type.Array(MonthAmount),
    validCredit: Naira('Credits that are not self-transfers, reversals or loan disbursements'),
    closingBalance: Naira('Closing balance'),
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
    averageOtherIncome: Naira('Other income per month'),
    netAverageMonthlyEarning: Naira('Predicted salary plus other income per month'),
  },
  'The real API’s income section: self-transfers, loans, gambling winnings and reversals are never income',
);

export const SpendAnalysisSchema = open(
  {
    averageMonthlyTotalExpenses: Naira('Debits except self-transfers, savings and loan repayments, per month'),
    totalExpenses: Naira('Debits except self-transfers, savings and loan repayments'),
    mostFrequentSpendCategory: Type.Union([Type.String(), Type.Null()]),
    monthWithHighestSpend: Type.Union([Type.String({ description: 'MM/YYYY' }), Type.Null()]),
    atmLocations: Type.Array(Type.String()),
  },
  'The real API’s spend section: averageMonthlySpendOnX and totalSpendOnX for Transfer, AtmAndPOS, USSD, Gambling, AirtimeAndData, Utilities, OnlineAndWeb, Transportation, Health, Travel, Entertainment, HospitalityAndFood, Rent, Insurance, ChargesAndStampDuty, InternationalTransactions, SavingsAndInvestments, Crypto, Others',
);

export const TransactionPatternAnalysisSchema = open(
  {
    totalNumberOfTransactions: Type.Integer(),
    percentCreditTransactions: Fraction('Credits among all rows'),
    percentNumberOfDaysBalanceWasLessThan10ThousandNaira: Fraction('Days ending under ₦10,000'),
    returnCheque: Type.Integer(),
    missingTransactions: YesNo('The running balance breaks somewhere'),
  },
  'The real API’s transaction-pattern section (amount and balance bands are fractions)',
);

export const BehavioralAnalysisSchema = open(
  {
    overallInflowToOutflowRate: Type.Union([Type.Literal('Positive Cash Flow'), Type.Literal('Negative Cash Flow')]),
    loanTransactions: Type.Array(Item),
    loanRepaymentTransactions: Type.Array(Item),
    averageMonthlyLoanRepaymentAmount: Naira('Loan repayments per month'),
    gamblingStatus: Type.String(),
    gamblingRate: Fraction('Money staked over all credits'),
    accountSweep: YesNo('Credits of ₦20,000+ taken down to 10% within two days, for half of them or more'),
  },
  'The real API’s behavioural section',
);

export const LoanAnalysisSchema = open(
  {
    lenders: Type.Array(open({ lender: Type.String(), transactionIds: Type.Array(Type.String()) }, 'One lender')),
    lendersActiveLast30Days: Type.Array(Type.String()),
    lendersActiveLast90Days: Type.Array(Type.String()),
    loanStacking: YesNo('Two or more lenders in the last 30 days, or three or more in the last 90'),
  },
  'Loans by lender and loan stacking',
);

export const RecurringStreamSchema = open(
  {
    direction: Type.Union([Type.Literal('inflow'), Type.Literal('outflow')]),
    counterparty: Type.String(),
    frequency: Type.Union(['WEEKLY', 'BIWEEKLY', 'SEMI_MONTHLY', 'MONTHLY', 'ANNUALLY'].map((f) => Type.Literal(f))),
    status: Type.Union(['MATURE', 'EARLY_DETECTION', 'TOMBSTONED'].map((s) => Type.Literal(s))),
    nextExpectedDate: Type.Union([Day, Type.Null()]),
    transactionIds: Type.Array(Type.String()),
  },
  'A recurring inflow or outflow (Plaid-like)',
);

export const MonthSummarySchema = open(
  {
    month: Type.String({ description: 'YYYY-MM' }),
    inflow: Naira('Credits'),
    outflow: Naira('Debits'),
    openingBalance: Naira('Balance before the month'),
    closingBalance: Naira('End-of-day balance of the month’s last statement day'),
    lowestBalance: Naira('Lowest end-of-day balance'),
    averageDailyBalance: Naira('Average end-of-day balance, carried across days without transactions'),
  },
  'One local calendar month',
);

export const RiskSignalSchema = open(
  {
    code: Type.String({ examples: ['LOAN_STACKING'] }),
    triggered: Type.Boolean(),
    severity: Type.Union(['none', 'low', 'medium', 'high'].map((s) => Type.Literal(s))),
    message: Type.String(),
    figures: Type.Record(Type.String(), Type.Unknown()),
    transactionIds: Type.Array(Type.String()),
  },
  'A risk flag with its evidence',
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
