import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { listReportsForStatement } from './credit-repository.js';

/**
 * The credit references linked to a statement, shown as `creditReports: [{reference, kind, state,
 * createdDate}]` on `GET /statements/{key}` (registered in `statements/links.ts`).
 */
export const creditReportsLink = {
  field: 'creditReports',
  none: [],
  load: (db: Kysely<Database> | Transaction<Database>, statementKey: number, clientId: number) =>
    listReportsForStatement(db, clientId, statementKey),
};
