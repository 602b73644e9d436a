import { type Kysely, sql } from 'kysely';

/**
 * Liveness results sent without a `statementKey` were stored, yet no route, command or report ever
 * read them, and their answer carried no id to ask for their erasure: face-analysis results kept
 * for no purpose (NDPR: minimisation, erasure on request). They are no longer stored; the ones
 * stored before are deleted. Results of a statement stay (`livenessResults`; deleted with it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from liveness_results where statement_key is null`.execute(db);
}

/** The deleted results are not recoverable, and the code before reads the table as it is. */
export async function down(_db: Kysely<unknown>): Promise<void> {}
