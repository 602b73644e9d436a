import { type Kysely, sql } from 'kysely';

/**
 * Integrity reports stored before repeated rows were left out listed look-alike rows as groups
 * (`duplicates: [{transactionIds, date, amount, narration}]`) that were still counted in every
 * figure. The report now lists the copies left out (`[{transactionId, date, amount, narration,
 * repeats}]`) and counts them (`duplicateCount`): for those statements nothing was left out, so
 * their true values are an empty list and 0. The look-alike rows stay visible as breaks of kind
 * `duplicate`. Only reports without `duplicateCount` are touched.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update statement_results
    set integrity = (integrity::jsonb || '{"duplicates": [], "duplicateCount": 0}'::jsonb)::text
    where jsonb_typeof(integrity::jsonb) = 'object' and integrity::jsonb -> 'duplicateCount' is null`.execute(db);
}

/** The groups are not recoverable; the reports keep the new shape, which the code before reads as text. */
export async function down(_db: Kysely<unknown>): Promise<void> {}
