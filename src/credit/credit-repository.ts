import { type Kysely, sql, type Transaction } from 'kysely';
import { runPrepared } from '../db/prepared.js';
import type { CreditJobState, CreditReportKind, Database } from '../db/schema.js';
import { isForeignKeyViolation } from '../db/sql-state.js';
import type { CreditFailureCode } from '../domain/credit-failures.js';
import { statementNotFound } from '../domain/errors.js';
import { WEBHOOK_EVENTS } from '../webhooks/events.js';
import { enqueueCreditReportEvents } from '../webhooks/webhooks-repository.js';
import type { ReferenceCount } from './usage.js';

type Db = Kysely<Database> | Transaction<Database>;

const IN_FLIGHT: CreditJobState[] = ['pending', 'processing'];

export interface JobKey {
  clientId: number;
  bureau: string;
  kind: CreditReportKind;
  subjectHash: string;
}

export interface ClaimedJob {
  id: number;
  clientId: number;
  kind: CreditReportKind;
  subjectHash: string;
  subjectEnc: string;
  ticket: string | null;
  attempts: number;
  createdAt: Date;
  /** The client was revoked since it asked: the bureau must not be called for it any more. */
  clientRevoked: boolean;
  /**
   * When this job's billed bureau call was sent, if it was and the job was not queued again since:
   * on a job claimed again, its instance died waiting for that call's answer.
   */
  billedCallSentAt: Date | null;
}

/**
 * The pull a new request can share instead of paying again: one in flight, or (unless a refresh
 * was asked for) one completed within the freshness window. Newest first.
 */
export async function findReusableJob(
  db: Db,
  key: JobKey,
  /** Reuse a completed pull this recent; undefined reuses only a pull in flight. */
  freshForMs: number | undefined,
): Promise<{ id: number; state: CreditJobState } | undefined> {
  return db
    .selectFrom('credit_jobs')
    .select(['id', 'state'])
    .where('client_id', '=', key.clientId)
    .where('bureau', '=', key.bureau)
    .where('kind', '=', key.kind)
    .where('subject_hash', '=', key.subjectHash)
    .where((eb) =>
      freshForMs !== undefined
        ? eb.or([
            eb('state', 'in', IN_FLIGHT),
            eb.and([
              eb('state', '=', 'completed'),
              eb('completed_at', '>=', sql<Date>`now() - ${freshForMs} * interval '1 millisecond'`),
            ]),
          ])
        : eb('state', 'in', IN_FLIGHT),
    )
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Inserts a pending job, or answers undefined when another one for the subject is already in flight. */
export async function insertJobUnlessInFlight(db: Db, key: JobKey, subjectEnc: string): Promise<number | undefined> {
  const row = await db
    .insertInto('credit_jobs')
    .values({
      client_id: key.clientId,
      bureau: key.bureau,
      kind: key.kind,
      subject_hash: key.subjectHash,
      subject_enc: subjectEnc,
      state: 'pending',
    })
    .onConflict((oc) =>
      oc
        .columns(['client_id', 'bureau', 'kind', 'subject_hash'])
        .where(sql<boolean>`state in ('pending', 'processing')`)
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Makes a client's requests that may start a bureau pull wait for each other until this
 * transaction ends, so that counting its recent pulls and adding one is not raced by a twin.
 */
export async function lockClientPulls(db: Transaction<Database>, clientId: number): Promise<void> {
  await db.selectFrom('clients').select('id').where('id', '=', clientId).forUpdate().execute();
}

/** The bureau pulls a client started in the last `windowMs`, and when the oldest of them started. */
export async function recentPulls(
  db: Db,
  clientId: number,
  windowMs: number,
): Promise<{ count: number; oldest: Date | null }> {
  const row = await db
    .selectFrom('credit_jobs')
    .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('client_id', '=', clientId)
    .where('created_at', '>', sql<Date>`now() - ${windowMs} * interval '1 millisecond'`)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest === null ? null : new Date(row.oldest) };
}

export async function insertReport(
  db: Db,
  values: {
    reference: string;
    clientId: number;
    jobId: number;
    statementKey: number | undefined;
    requestEnc: string;
    reused: boolean;
  },
): Promise<void> {
  await db
    .insertInto('credit_reports')
    .values({
      reference: values.reference,
      client_id: values.clientId,
      job_id: values.jobId,
      statement_key: values.statementKey ?? null,
      request_enc: values.requestEnc,
      reused: values.reused,
    })
    .execute()
    .catch((err: unknown) => {
      // The statement was checked in this transaction, then deleted by another before this write.
      if (isForeignKeyViolation(err)) throw statementNotFound(values.statementKey, '/body/statementKey');
      throw err;
    });
}

export interface StoredReport {
  reference: string;
  kind: CreditReportKind;
  requestEnc: string;
  createdAt: Date;
  jobId: number;
  clientId: number;
  state: CreditJobState;
  reportEnc: string | null;
  failureCode: CreditFailureCode | null;
  failureMessage: string | null;
}

/**
 * One client's reference of one kind with the state of the pull behind it; another client's, or
 * one of the other kind, is not found.
 */
export async function findReport(
  db: Db,
  clientId: number,
  kind: CreditReportKind,
  reference: string,
): Promise<StoredReport | undefined> {
  // PostgreSQL text cannot hold U+0000, so no reference has one (and the query would fail).
  if (reference.includes('\u0000')) return undefined;
  const query = db
    .selectFrom('credit_reports as r')
    .innerJoin('credit_jobs as j', 'j.id', 'r.job_id')
    .select([
      'r.reference',
      'r.request_enc',
      'r.created_at',
      'r.client_id',
      'j.id as job_id',
      'j.kind',
      'j.state',
      'j.report_enc',
      'j.failure_code',
      'j.failure_message',
    ])
    .where('r.client_id', '=', clientId)
    .where('r.reference', '=', reference)
    .where('j.kind', '=', kind);
  // Polled by clients until the bureau answers.
  const [row] = await runPrepared(db, 'find_credit_report', query);
  if (!row) return undefined;
  return {
    reference: row.reference,
    kind: row.kind,
    requestEnc: row.request_enc,
    createdAt: row.created_at,
    jobId: row.job_id,
    clientId: row.client_id,
    state: row.state,
    reportEnc: row.report_enc,
    failureCode: row.failure_code,
    failureMessage: row.failure_message,
  };
}

/** The references linked to one of a client's statements, oldest first. */
export async function listReportsForStatement(
  db: Db,
  clientId: number,
  statementKey: number,
): Promise<Array<{ reference: string; kind: CreditReportKind; state: CreditJobState; createdDate: string }>> {
  const query = db
    .selectFrom('credit_reports as r')
    .innerJoin('credit_jobs as j', 'j.id', 'r.job_id')
    .select(['r.reference', 'j.kind', 'j.state', 'r.created_at'])
    .where('r.client_id', '=', clientId)
    .where('r.statement_key', '=', statementKey)
    .orderBy('r.id');
  const rows = await runPrepared(db, 'credit_reports_for_statement', query);
  return rows.map((r) => ({
    reference: r.reference,
    kind: r.kind,
    state: r.state,
    createdDate: r.created_at.toISOString(),
  }));
}

/** Which of a client's references to list or count. Days are UTC calendar days, both ends included. */
export interface ReportFilter {
  kind?: CreditReportKind;
  state?: CreditJobState;
  statementKey?: number;
  /** `YYYY-MM-DD`: references asked for on or after this day. */
  from?: string;
  /** `YYYY-MM-DD`: references asked for on or before this day. */
  to?: string;
}

export interface ListedReport {
  reference: string;
  kind: CreditReportKind;
  state: CreditJobState;
  /** True when the reference was served by an earlier pull: no bureau charge. */
  reused: boolean;
  statementKey: number | null;
  createdDate: string;
  /** When the pull behind it ended (completed or failed). */
  endedDate: string | null;
}

/** The start of a UTC day (`YYYY-MM-DD`), or of the day `plus` days later. */
const dayStart = (day: string, plus = 0) => sql<Date>`(${day}::date + ${plus}::int)::timestamp at time zone 'UTC'`;

/** References with the pulls behind them, of one client or (`null`) of every client, as filtered. */
export function filteredReports(db: Db, clientId: number | null, filter: ReportFilter) {
  let q = db.selectFrom('credit_reports as r').innerJoin('credit_jobs as j', 'j.id', 'r.job_id');
  if (clientId !== null) q = q.where('r.client_id', '=', clientId);
  if (filter.kind) q = q.where('j.kind', '=', filter.kind);
  if (filter.state) q = q.where('j.state', '=', filter.state);
  if (filter.statementKey !== undefined) q = q.where('r.statement_key', '=', filter.statementKey);
  if (filter.from) q = q.where('r.created_at', '>=', dayStart(filter.from));
  if (filter.to) q = q.where('r.created_at', '<', dayStart(filter.to, 1));
  return q;
}

/** One client's references, newest first, with the state of the pulls behind them. */
export async function listReports(
  db: Db,
  clientId: number,
  filter: ReportFilter,
  page: { offset: number; limit: number },
): Promise<ListedReport[]> {
  const rows = await filteredReports(db, clientId, filter)
    .select(['r.reference', 'j.kind', 'j.state', 'r.reused', 'r.statement_key', 'r.created_at', 'j.completed_at'])
    .orderBy('r.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return rows.map((r) => ({
    reference: r.reference,
    kind: r.kind,
    state: r.state,
    reused: r.reused,
    statementKey: r.statement_key,
    createdDate: r.created_at.toISOString(),
    endedDate: r.completed_at ? new Date(r.completed_at).toISOString() : null,
  }));
}

/** How many of a client's references match, by kind, by whether a new pull served them, and by state. */
export async function countReports(db: Db, clientId: number, filter: ReportFilter): Promise<ReferenceCount[]> {
  const rows = await filteredReports(db, clientId, filter)
    .select((eb) => ['j.kind', 'r.reused', 'j.state', eb.fn.countAll<string>().as('count')])
    .groupBy(['j.kind', 'r.reused', 'j.state'])
    .execute();
  return rows.map((r) => ({ kind: r.kind, reused: r.reused, state: r.state, count: Number(r.count) }));
}

/**
 * Claims due jobs for this bureau: each claimed row is leased until `leaseMs` from now, so another
 * instance (or this one after a crash) takes it over only when the lease has run out. Each says
 * whether its client has been revoked since.
 * `FOR UPDATE SKIP LOCKED` lets several instances poll one table without waiting on each other.
 */
export async function claimDueJobs(db: Db, bureau: string, limit: number, leaseMs: number): Promise<ClaimedJob[]> {
  const result = await sql<{
    id: number;
    client_id: number;
    kind: CreditReportKind;
    subject_hash: string;
    subject_enc: string;
    bureau_ticket: string | null;
    attempts: number;
    created_at: Date;
    client_revoked: boolean;
    billed_call_sent_at: Date | null;
  }>`
    update credit_jobs j set state = 'processing', locked_until = now() + ${leaseMs} * interval '1 millisecond',
      updated_at = now()
    from clients c
    where c.id = j.client_id and j.id in (
      select id from credit_jobs
      where bureau = ${bureau} and state in ('pending', 'processing') and run_after <= now()
        and (locked_until is null or locked_until < now())
      order by run_after, id
      limit ${limit}
      for update skip locked
    )
    returning j.id, j.client_id, j.kind, j.subject_hash, j.subject_enc, j.bureau_ticket, j.attempts, j.created_at,
      c.revoked_at is not null as client_revoked, j.billed_call_sent_at`.execute(db);
  return result.rows.map((r) => ({
    id: r.id,
    clientId: r.client_id,
    kind: r.kind,
    subjectHash: r.subject_hash,
    subjectEnc: r.subject_enc,
    ticket: r.bureau_ticket,
    attempts: r.attempts,
    createdAt: new Date(r.created_at),
    clientRevoked: r.client_revoked,
    billedCallSentAt: r.billed_call_sent_at === null ? null : new Date(r.billed_call_sent_at),
  }));
}

/** Stores, before the billed bureau call goes out, that it was sent (so a crash cannot lead to sending it twice). */
export async function markBilledCallSent(db: Db, id: number): Promise<void> {
  await db
    .updateTable('credit_jobs')
    .set({ billed_call_sent_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/**
 * Ends a pull (`completed` with its report, or `failed` with why) and, in the same transaction,
 * queues `credit_report.completed` or `.failed` for each reference it serves whose client has a
 * webhook endpoint.
 */
async function endJob(
  db: Kysely<Database>,
  id: number,
  end:
    | { state: 'completed'; report_enc: string }
    | { state: 'failed'; failure_code: CreditFailureCode; failure_message: string; attempts: number },
): Promise<void> {
  const event = end.state === 'completed' ? WEBHOOK_EVENTS.creditReportCompleted : WEBHOOK_EVENTS.creditReportFailed;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('credit_jobs')
      .set({ ...end, completed_at: sql<Date>`now()`, updated_at: sql<Date>`now()`, locked_until: null })
      .where('id', '=', id)
      .execute();
    await enqueueCreditReportEvents(trx, id, event, end.state);
  });
}

export const completeJob = (db: Kysely<Database>, id: number, reportEnc: string): Promise<void> =>
  endJob(db, id, { state: 'completed', report_enc: reportEnc });

export const failJob = (db: Kysely<Database>, id: number, code: CreditFailureCode, message: string, attempts: number) =>
  endJob(db, id, { state: 'failed', failure_code: code, failure_message: message, attempts });

/**
 * Puts a job back in the queue to run again in `delayMs` (a retry, or a bureau that said "later").
 * A job is queued again only when no billed call is awaiting an answer (none sent, the bureau
 * refused it, or it answered "later"), so the billed-call mark is cleared.
 */
export async function rescheduleJob(
  db: Db,
  id: number,
  delayMs: number,
  changes: { attempts?: number; ticket?: string | null },
): Promise<void> {
  await db
    .updateTable('credit_jobs')
    .set({
      run_after: sql<Date>`now() + ${Math.max(0, Math.round(delayMs))} * interval '1 millisecond'`,
      locked_until: null,
      billed_call_sent_at: null,
      updated_at: sql<Date>`now()`,
      ...(changes.attempts !== undefined ? { attempts: changes.attempts } : {}),
      ...(changes.ticket !== undefined ? { bureau_ticket: changes.ticket } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** Gives back the lease of jobs this instance was working on when it stopped. */
export async function releaseJobs(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('credit_jobs').set({ locked_until: null }).where('id', 'in', ids).execute();
}
