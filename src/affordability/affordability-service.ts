import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { AppError, statementNotFound } from '../domain/errors.js';
import { numberToMinor, toMajor } from '../domain/money.js';
import { getResults, ownsStatement } from '../statements/statements-repository.js';
import { type AffordabilityInputs, computeAffordability } from './affordability.js';
import {
  type AffordabilityRow,
  listAffordabilityResults,
  saveAffordabilityResult,
} from './affordability-repository.js';
import type { AffordabilityRequest, AffordabilityResult } from './affordability-schemas.js';

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

function answer(row: AffordabilityRow): AffordabilityResult {
  return {
    id: row.id,
    statementKey: row.statement_key,
    dti: row.dti,
    loanTenure: row.loan_tenure,
    'monthly_disposable_income/monthly_affordability_amount': toMajor(row.monthly_affordability),
    affordability_amount: toMajor(row.affordability_amount),
    average_predicted_salary: toMajor(row.average_predicted_salary),
    average_other_income: toMajor(row.average_other_income),
    average_monthly_total_expenses: toMajor(row.average_monthly_total_expenses),
    average_monthly_loan_repayment_amount: toMajor(row.average_monthly_loan_repayment),
    monthly_disposable_income: toMajor(row.monthly_disposable_income),
    maximum_recommended_monthly_repayment: toMajor(row.monthly_affordability),
    createdDate: new Date(row.created_at).toISOString(),
  };
}

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
      const row = await saveAffordabilityResult(db, {
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
      });
      return answer(row);
    },
    async list(clientId, statementKey) {
      await ownStatement(clientId, statementKey);
      const rows = await listAffordabilityResults(db, clientId, statementKey);
      return rows.map(answer);
    },
  };
}
