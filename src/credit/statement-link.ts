import type { Kysely, Transaction } from 'kysely';
import { Type } from 'typebox';
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
  schema: Type.Array(
    Type.Object({
      reference: Type.String({ examples: ['perilenda&fcbe874a19544c9ab0f8697c8240b48b'] }),
      kind: Type.Union([Type.Literal('consumer'), Type.Literal('commercial')]),
      state: Type.Union(['pending', 'processing', 'completed', 'failed'].map((s) => Type.Literal(s))),
      createdDate: Type.String({ format: 'date-time' }),
    }),
    { description: 'Credit report references requested with this statementKey, oldest first' },
  ),
};
