import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AffordabilityResultsTable, Database } from '../db/schema.js';
import { isForeignKeyViolation } from '../db/sql-state.js';
import { ownedBy } from '../db/tenant.js';
import { statementNotFound } from '../domain/errors.js';

/** The columns an assessment is answered from (not its client, nor the repayment the request gave). */
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

export type AffordabilityRow = Pick<Selectable<AffordabilityResultsTable>, (typeof COLUMNS)[number]>;

/** Saves one assessment; its statement deleted since it was checked is a NOT_FOUND at `/body/statementKey`. */
export function saveAffordabilityResult(
  db: Kysely<Database>,
  values: Insertable<AffordabilityResultsTable>,
): Promise<AffordabilityRow> {
  return db
    .insertInto('affordability_results')
    .values(values)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow()
    .catch((err: unknown) => {
      if (isForeignKeyViolation(err)) throw statementNotFound(values.statement_key, '/body/statementKey');
      throw err;
    });
}

/** One client's assessments of one statement, newest first. */
export function listAffordabilityResults(
  db: Kysely<Database>,
  clientId: number,
  statementKey: number,
): Promise<AffordabilityRow[]> {
  return ownedBy(db, 'affordability_results', clientId)
    .select(COLUMNS)
    .where('statement_key', '=', statementKey)
    .orderBy('id', 'desc')
    .execute();
}
