import { type Kysely, sql } from 'kysely';

/**
 * Affordability results: one row per POST /affordability, kept so GET /affordability/{statementKey}
 * lists earlier results. Money in kobo (bigint); erased with the statement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('affordability_results')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('statement_key', 'integer', (c) => c.notNull().references('statements.key').onDelete('cascade'))
    .addColumn('dti', 'double precision', (c) => c.notNull())
    .addColumn('loan_tenure', 'integer', (c) => c.notNull())
    .addColumn('requested_loan_repayment', 'bigint')
    .addColumn('average_predicted_salary', 'bigint', (c) => c.notNull())
    .addColumn('average_other_income', 'bigint', (c) => c.notNull())
    .addColumn('average_monthly_total_expenses', 'bigint', (c) => c.notNull())
    .addColumn('average_monthly_loan_repayment', 'bigint', (c) => c.notNull())
    .addColumn('monthly_disposable_income', 'bigint', (c) => c.notNull())
    .addColumn('monthly_affordability', 'bigint', (c) => c.notNull())
    .addColumn('affordability_amount', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('affordability_results_statement')
    .on('affordability_results')
    .columns(['client_id', 'statement_key', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('affordability_results').execute();
}
