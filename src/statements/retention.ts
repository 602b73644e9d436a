import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { purgeOlderThan } from '../jobs/retention.js';

/**
 * Deletes the statements stored more than `days` days ago, with everything that goes with them
 * (transactions, analytics, affordability and liveness results, idempotency records); a credit
 * report linked to one stays, unlinked, like when a client deletes the statement. Answers how many
 * were deleted. STATEMENT_RETENTION_DAYS, swept by `jobs/retention.ts`.
 */
export const purgeStatementsOlderThan = (db: Kysely<Database>, days: number, batch?: number): Promise<number> =>
  purgeOlderThan(db, { table: 'statements', id: 'key', time: 'created_at' }, days, batch);
