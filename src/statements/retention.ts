import { type Kysely, sql } from 'kysely';
import type { Logger } from 'pino';
import { Counter, type Registry } from 'prom-client';
import type { RetentionConfig } from '../config.js';
import type { Database } from '../db/schema.js';

/**
 * Deletes the statements stored more than `days` days ago, with everything that goes with them
 * (transactions, analytics, affordability and liveness results, idempotency records); a credit
 * report linked to one stays, unlinked, like when a client deletes the statement. In batches,
 * oldest first, so a backlog never holds one long transaction. Answers how many were deleted.
 */
export async function purgeStatementsOlderThan(db: Kysely<Database>, days: number, batch = 500): Promise<number> {
  let total = 0;
  for (;;) {
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
    const n = Number(deleted.numDeletedRows);
    total += n;
    if (n < batch) return total;
  }
}

export interface Retention {
  stop(): Promise<void>;
}

/**
 * The retention sweep of one instance: at start, then every `sweepIntervalMs`. Several instances
 * sweeping one database delete each statement once (a delete of a deleted row deletes nothing).
 * A failed sweep is logged and tried again at the next interval.
 */
export function startRetention(deps: {
  db: Kysely<Database>;
  config: RetentionConfig;
  log: Logger;
  metrics: Registry;
}): Retention {
  const { db, config, log } = deps;
  const purged = new Counter({
    name: 'statements_purged_total',
    help: 'Statements deleted because they were older than STATEMENT_RETENTION_DAYS',
    registers: [deps.metrics],
  });
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const sweep = async () => {
    try {
      const n = await purgeStatementsOlderThan(db, config.statementDays);
      purged.inc(n);
      if (n > 0)
        log.info({ purged: n, retentionDays: config.statementDays }, 'deleted statements past their retention');
    } catch (err) {
      log.error({ err }, 'statement retention sweep failed; trying again at the next interval');
    }
    if (!stopped) timer = setTimeout(next, config.sweepIntervalMs).unref();
  };
  let running = sweep();
  function next(): void {
    running = sweep();
  }
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
