import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { inBatches } from '../jobs/retention.js';

/**
 * Deletes the statements stored more than `days` days ago, with everything that goes with them
 * (transactions, analytics, affordability and liveness results, idempotency records); a credit
 * report linked to one stays, unlinked, like when a client deletes the statement. Answers how many
 * were deleted. STATEMENT_RETENTION_DAYS, swept by `jobs/retention.ts`.
 */
export function purgeStatementsOlderThan(db: Kysely<Database>, days: number, batch = 500): Promise<number> {
  return inBatches(batch, async () => {
    const deleted = await db
      .deleteFrom('statements')
      .where('key', 'in', (eb) =>
        eb
          .selectFrom('statements')
          .select('key')
          .where('created_at', '<', sql<Date>`now() - ${days} * interval '1 day'`)
          .orderBy('created_at')
          .orderBy('key')
          .limit(batch),
      )
      .executeTakeFirst();
    return Number(deleted.numDeletedRows);
  });
}
