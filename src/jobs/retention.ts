import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Logger } from 'pino';
import { Counter, type Registry } from 'prom-client';
import type { Database } from '../db/schema.js';

/**
 * What one kind of record is kept for: records older than `days` days are deleted by `purge`, which
 * answers how many it deleted (in batches, oldest first, so a backlog never holds one long
 * transaction). Each area writes its own purge, next to its repository.
 */
export interface RetentionRule {
  /** The metric label and the log field: `statements`, `credit_reports`, ... */
  record: string;
  /** The setting that gives `days`, for the log. */
  setting: string;
  days: number;
  purge(db: Kysely<Database>, days: number): Promise<number>;
}

/** Deletes with `deleteBatch` (answers how many it deleted, at most `batch`) until a batch comes short. */
export async function inBatches(batch: number, deleteBatch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await deleteBatch();
    total += n;
    if (n < batch) return total;
  }
}

/** A table's records by age: its key column, its time column, and which rows may go at all. */
export interface AgedRecords {
  table: keyof Database & string;
  id: string;
  time: string;
  /** Only rows matching this may be deleted (e.g. pulls that ended). */
  only?: RawBuilder<boolean>;
}

/**
 * Deletes the records whose `time` is more than `days` days ago, oldest first, `batch` at a time
 * (each batch its own statement); answers how many.
 */
export function purgeOlderThan(db: Kysely<Database>, records: AgedRecords, days: number, batch = 500): Promise<number> {
  const table = sql.table(records.table);
  const id = sql.ref(records.id);
  const time = sql.ref(records.time);
  const only = records.only ? sql`and ${records.only}` : sql``;
  return inBatches(batch, async () => {
    const deleted = await sql`
      delete from ${table} where ${id} in (
        select ${id} from ${table}
        where ${time} < now() - ${days} * interval '1 day' ${only}
        order by ${time}, ${id}
        limit ${batch})`.execute(db);
    return Number(deleted.numAffectedRows ?? 0);
  });
}

export interface Retention {
  stop(): Promise<void>;
}

/**
 * The retention sweep of one instance: every rule at start, then every `sweepIntervalMs`. Several
 * instances sweeping one database delete each record once (a delete of a deleted row deletes
 * nothing). A failed rule is logged and tried again at the next sweep; the others still run.
 */
export function startRetention(deps: {
  db: Kysely<Database>;
  rules: readonly RetentionRule[];
  sweepIntervalMs: number;
  log: Logger;
  metrics: Registry;
}): Retention {
  const { db, rules, log } = deps;
  const purged = new Counter({
    name: 'retention_purged_total',
    help: 'Records deleted because they were older than their retention setting, by kind of record',
    labelNames: ['record'] as const,
    registers: [deps.metrics],
  });
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const sweep = async () => {
    for (const rule of rules) {
      if (stopped) break;
      try {
        const n = await rule.purge(db, rule.days);
        purged.inc({ record: rule.record }, n);
        if (n > 0)
          log.info(
            { record: rule.record, purged: n, [rule.setting]: rule.days },
            'deleted records past their retention',
          );
      } catch (err) {
        log.error({ err, record: rule.record }, 'retention sweep failed; trying again at the next interval');
      }
    }
    if (!stopped) timer = setTimeout(next, deps.sweepIntervalMs).unref();
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
