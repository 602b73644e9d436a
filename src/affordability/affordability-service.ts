import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { isForeignKeyViolation } from '../db/sql-state.js';
import { ownedBy } from '../db/tenant.js';
import { AppError, statementNotFound } from '../domain/errors.js';
import { numberToMinor, toMajor } from '../domain/money.js';
import { getResults, ownsStatement } from '../statements/statements-repository.js';
import { type AffordabilityInputs, computeAffordability } from './affordability.js';

/** One affordability result as the real API answers it (naira), plus our explicit fields. */
export interface AffordabilityResult {
  id: number;
  statementKey: number;
  dti: number;
  loanTenure: number;
  'monthly_disposable_income/monthly_affordability_amount': number;
  affordability_amount: number;
  average_predicted_salary: number;
  average_other_income: number;
  average_monthly_total_expenses: number;
  average_monthly_loan_repayment_amount: number;
  monthly_disposable_income: number;
  maximum_recommended_monthly_repayment: number;
  createdDate: string;
}

export interface AffordabilityRequest {
  statementKey: number;
  dti: number;
  loanTenure: number;
  /** Naira. */
  averageMonthlyLoanRepaymentAmount?: number;
}

/** The affordability port: assess a stored statement, list earlier assessments. Tenant-scoped. */
export interface AffordabilityService {
  assess(clientId: number, request: AffordabilityRequest): Promise<AffordabilityResult>;
  list(clientId: number, statementKey: number): Promise<AffordabilityResult[]>;
}

function kobo(value: unknown, path: string): number {
  if (typeof value !== 'number') throw new AppError('STATEMENT_NOT_ANALYSED', `the statement's analytics lack ${path}`);
  const parsed = numberToMinor(value);
  if (!parsed.ok) throw new AppError('STATEMENT_NOT_ANALYSED', `the statement's ${path} is not an amount`);
  return parsed.minor;
}

const section = (analytics: Record<string, unknown>, name: string): Record<string, unknown> => {
  const value = analytics[name];
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
};

/** The monthly averages affordability needs, from the stored analytics sections (naira) to kobo. */
export function inputsFromAnalytics(analytics: Record<string, unknown>): AffordabilityInputs {
  const income = section(analytics, 'incomeAnalysis');
  const spend = section(analytics, 'spendAnalysis');
  const behaviour = section(analytics, 'behavioralAnalysis');
  return {
    averagePredictedSalary: kobo(income.averagePredictedSalary, 'incomeAnalysis.averagePredictedSalary'),
    averageOtherIncome: kobo(income.averageOtherIncome, 'incomeAnalysis.averageOtherIncome'),
    averageMonthlyTotalExpenses: kobo(spend.averageMonthlyTotalExpenses, 'spendAnalysis.averageMonthlyTotalExpenses'),
    averageMonthlyLoanRepaymentAmount: kobo(
      behaviour.averageMonthlyLoanRepaymentAmount,
      'behavioralAnalysis.averageMonthlyLoanRepaymentAmount',
    ),
  };
}

type Row = {
  id: number;
  statement_key: number;
  dti: number;
  loan_tenure: number;
  average_predicted_salary: string;
  average_other_income: string;
  average_monthly_total_expenses: string;
  average_monthly_loan_repayment: string;
  monthly_disposable_income: string;
  monthly_affordability: string;
  affordability_amount: string;
  created_at: Date;
};

const naira = (text: string) => toMajor(Number(text));

function answer(row: Row): AffordabilityResult {
  return {
    id: row.id,
    statementKey: row.statement_key,
    dti: row.dti,
    loanTenure: row.loan_tenure,
    'monthly_disposable_income/monthly_affordability_amount': naira(row.monthly_affordability),
    affordability_amount: naira(row.affordability_amount),
    average_predicted_salary: naira(row.average_predicted_salary),
    average_other_income: naira(row.average_other_income),
    average_monthly_total_expenses: naira(row.average_monthly_total_expenses),
    average_monthly_loan_repayment_amount: naira(row.average_monthly_loan_repayment),
    monthly_disposable_income: naira(row.monthly_disposable_income),
    maximum_recommended_monthly_repayment: naira(row.monthly_affordability),
    createdDate: new Date(row.created_at).toISOString(),
  };
}

const COLUMNS = [
  'id',
  'statement_key',
  'dti',
  'loan_tenure',
  'average_predicted_salary',
  'average_other_income',
  'average_monthly_total_expenses',
  'average_monthly_loan_repayment',
  'monthly_disposable_income',
  'monthly_affordability',
  'affordability_amount',
  'created_at',
] as const;

export function createAffordabilityService(db: Kysely<Database>): AffordabilityService {
  /** `path`: the body field that gave the key (none when it is in the URL). */
  const ownStatement = async (clientId: number, key: number, path?: string) => {
    if (!(await ownsStatement(db, clientId, key))) throw statementNotFound(key, path);
  };
  return {
    async assess(clientId, request) {
      await ownStatement(clientId, request.statementKey, '/body/statementKey');
      const results = await getResults(db, request.statementKey);
      if (!results) throw new AppError('STATEMENT_NOT_ANALYSED', `statement ${request.statementKey} has no analytics`);
      const inputs = inputsFromAnalytics(JSON.parse(results.analytics) as Record<string, unknown>);
      let requested: number | undefined;
      if (request.averageMonthlyLoanRepaymentAmount !== undefined) {
        const parsed = numberToMinor(request.averageMonthlyLoanRepaymentAmount);
        if (!parsed.ok) {
          throw new AppError('VALIDATION_FAILED', `/body/averageMonthlyLoanRepaymentAmount: ${parsed.reason}`, [
            { path: '/body/averageMonthlyLoanRepaymentAmount', message: parsed.reason },
          ]);
        }
        requested = parsed.minor;
      }
      const a = computeAffordability(inputs, {
        dti: request.dti,
        loanTenure: request.loanTenure,
        averageMonthlyLoanRepaymentAmount: requested,
      });
      const row = await db
        .insertInto('affordability_results')
        .values({
          client_id: clientId,
          statement_key: request.statementKey,
          dti: request.dti,
          loan_tenure: request.loanTenure,
          requested_loan_repayment: requested ?? null,
          average_predicted_salary: inputs.averagePredictedSalary,
          average_other_income: inputs.averageOtherIncome,
          average_monthly_total_expenses: inputs.averageMonthlyTotalExpenses,
          average_monthly_loan_repayment: a.existingRepayment,
          monthly_disposable_income: a.monthlyDisposableIncome,
          monthly_affordability: a.monthlyAffordability,
          affordability_amount: a.affordabilityAmount,
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow()
        .catch((err: unknown) => {
          // Deleted since it was checked above.
          if (isForeignKeyViolation(err)) throw statementNotFound(request.statementKey, '/body/statementKey');
          throw err;
        });
      return answer(row);
    },
    async list(clientId, statementKey) {
      await ownStatement(clientId, statementKey);
      const rows = await ownedBy(db, 'affordability_results', clientId)
        .select(COLUMNS)
        .where('statement_key', '=', statementKey)
        .orderBy('id', 'desc')
        .execute();
      return rows.map(answer);
    },
  };
}
