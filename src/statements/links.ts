import type { Kysely, Transaction } from 'kysely';
import type { TSchema } from 'typebox';
import { creditReportsLink } from '../credit/statement-link.js';
import type { Database } from '../db/schema.js';
import { livenessResultsLink } from '../liveness/liveness-repository.js';

/**
 * Records of other areas linked to a statement (credit reports, liveness results), shown as one
 * field each in `GET /statements/{key}`. An area exports one loader and adds it to the list here;
 * its table references `statements.key` so deleting the statement erases or unlinks its records.
 */
export interface StatementLink {
  /** The member of the statement answer, e.g. `creditReports`. */
  field: string;
  /** What a statement with no linked records shows (a statement just submitted has none). */
  none: unknown;
  load(db: Kysely<Database> | Transaction<Database>, statementKey: number, clientId: number): Promise<unknown>;
  /** What `load` answers, as OpenAPI publishes it. */
  schema: TSchema;
}

export const statementLinks: StatementLink[] = [creditReportsLink, livenessResultsLink];
