import { type Kysely, sql } from 'kysely';
import type { CreditJobState, Database } from '../db/schema.js';
import { inBatches } from '../jobs/retention.js';
import { filteredReports, type ReportFilter } from './credit-repository.js';
import type { ReferenceCount } from './usage.js';

/**
 * Every client's references asked for between two UTC days, counted by client, kind, reuse and
 * state (the operator's view of one bureau invoice): those still stored and those of pulls the
 * retention sweep deleted, read in one statement. Ordered by client.
 */
export async function countReportsByClient(
  db: Kysely<Database>,
  days: Required<Pick<ReportFilter, 'from' | 'to'>>,
): Promise<Array<ReferenceCount & { clientId: string; name: string }>> {
  const purged = db
    .selectFrom('credit_usage_purged as p')
    .innerJoin('clients as c', 'c.id', 'p.client_id')
    .select((eb) => [
      'c.client_id',
      'c.name',
      'p.kind',
      'p.reused',
      sql<CreditJobState>`p.state`.as('state'),
      eb.fn.sum<string>('p.count').as('count'),
    ])
    .where('p.day', '>=', days.from)
    .where('p.day', '<=', days.to)
    .groupBy(['c.client_id', 'c.name', 'p.kind', 'p.reused', 'p.state']);
  const rows = await filteredReports(db, null, days)
    .innerJoin('clients as c', 'c.id', 'r.client_id')
    .select((eb) => ['c.client_id', 'c.name', 'j.kind', 'r.reused', 'j.state', eb.fn.countAll<string>().as('count')])
    .groupBy(['c.client_id', 'c.name', 'j.kind', 'r.reused', 'j.state'])
    .unionAll(purged)
    .execute();
  return rows
    .map((r) => ({
      clientId: r.client_id,
      name: r.name,
      kind: r.kind,
      reused: r.reused,
      state: r.state,
      count: Number(r.count),
    }))
    .sort((a, b) => (a.clientId < b.clientId ? -1 : a.clientId > b.clientId ? 1 : 0));
}

/**
 * Deletes the bureau pulls that ended (completed or failed) more than `days` days ago, with the
 * references they served and the reports (CREDIT_REPORT_RETENTION_DAYS); answers how many pulls.
 * A pull in flight is never deleted. The same statement counts the references it deletes into
 * `credit_usage_purged` (no personal data), so `credit usage` still shows what the bureau billed.
 */
export function purgeCreditPullsOlderThan(db: Kysely<Database>, days: number, batch = 500): Promise<number> {
  return inBatches(batch, async () => {
    // Every part of one statement reads one snapshot: the references are counted as the delete saw them.
    const { rows } = await sql<{ deleted: string }>`
      with gone as (
        delete from credit_jobs where id in (
          select id from credit_jobs
          where state in ('completed', 'failed') and completed_at < now() - ${days} * interval '1 day'
          order by completed_at, id
          limit ${batch})
        returning id, kind, state
      ), counted as (
        insert into credit_usage_purged as u (client_id, day, kind, reused, state, count)
        select r.client_id, (r.created_at at time zone 'UTC')::date, g.kind, r.reused, g.state, count(*)
        from gone g join credit_reports r on r.job_id = g.id
        group by 1, 2, 3, 4, 5
        on conflict (client_id, day, kind, reused, state) do update set count = u.count + excluded.count
      )
      select count(*) as deleted from gone`.execute(db);
    return Number(rows[0]?.deleted ?? 0);
  });
}
