import type { Kysely } from 'kysely';
import type { CreditReportKind, Database } from '../db/schema.js';
import type { CreditFailureCode } from '../domain/credit-failures.js';
import { backoffMs } from '../jobs/backoff.js';
import { createQueueWorker, type QueueWorker } from '../jobs/queue-worker.js';
import {
  BureauError,
  type BureauFailure,
  type BureauResult,
  type BureauSubject,
  type BusinessSubject,
  type FinalBureauFailure,
  isFinalFailure,
} from './bureau.js';
import { capitalised } from './capitalised.js';
import { commercialReportProblems } from './commercial-report.js';
import type { CreditMetrics } from './credit-metrics.js';
import {
  type ClaimedJob,
  claimDueJobs,
  completeJob,
  failJob,
  markBilledCallSent,
  releaseJobs,
  rescheduleJob,
} from './credit-repository.js';
import type { GuardedBureau } from './guarded-bureau.js';
import { reportProblems } from './report.js';
import type { ReportCipher } from './report-cipher.js';
import { reportAad, subjectAad } from './sealing.js';

export interface JobRunnerSettings {
  pollIntervalMs: number;
  /** Jobs claimed and worked on at once; 0 disables the worker in this instance. */
  concurrency: number;
  maxAttempts: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  callTimeoutMs: number;
}

/**
 * A bureau call that failed, for the operator's log: what was asked of which bureau, how it
 * failed, and whether the pull is retried (`retryInMs`) or ended (`code`). No subject, no report:
 * nothing personal.
 */
export interface BureauFailureEvent {
  jobId: number;
  kind: CreditReportKind;
  bureau: string;
  failure: BureauFailure;
  attempts: number;
  message: string;
  retryInMs?: number;
  code?: CreditFailureCode;
}

/** Works through the durable queue in `credit_jobs`; started with the services, stopped with them. */
export type JobRunner = QueueWorker;

/** The failure code a bureau's failure ends a pull with. */
const FAILURE_CODES: Record<Exclude<BureauFailure, 'timeout'>, CreditFailureCode> = {
  no_record: 'CREDIT_NO_RECORD',
  rejected: 'CREDIT_BUREAU_REJECTED',
  unreadable: 'CREDIT_BUREAU_UNREADABLE',
  unavailable: 'CREDIT_BUREAU_UNAVAILABLE',
};

/** A bureau that keeps answering "not ready yet" is given up on after this long. */
const MAX_PENDING_MS = 24 * 3_600_000;

export function createJobRunner(deps: {
  db: Kysely<Database>;
  bureau: GuardedBureau;
  cipher: ReportCipher;
  metrics: CreditMetrics;
  settings: JobRunnerSettings;
  random?: () => number;
  onError?: (err: unknown) => void;
  onBureauFailure?: (event: BureauFailureEvent) => void;
  /** A job whose sealed request no configured key opens (it is failed without a bureau call). */
  onRequestUnreadable?: (jobId: number) => void;
}): JobRunner {
  const { db, bureau, cipher, metrics, settings } = deps;
  const name = bureau.bureau.displayName;
  const leaseMs = settings.callTimeoutMs * 2 + 10_000;

  const fail = async (job: ClaimedJob, code: CreditFailureCode, message: string, attempts = job.attempts) => {
    await failJob(db, job.id, code, message, attempts);
    metrics.jobs.inc({ outcome: code });
  };

  const report = (
    job: ClaimedJob,
    failure: BureauFailure,
    message: string,
    attempts: number,
    end: { code: CreditFailureCode } | { retryInMs: number },
  ) =>
    deps.onBureauFailure?.({
      jobId: job.id,
      kind: job.kind,
      bureau: bureau.bureau.name,
      failure,
      attempts,
      message,
      ...end,
    });

  /**
   * A pull the bureau's answer ended: failed for the lender, and told to the operator, unless the
   * subject has no bureau file (an answer about the subject, not about the bureau).
   */
  const failFromBureau = async (
    job: ClaimedJob,
    failure: Exclude<BureauFailure, 'timeout'>,
    message: string,
    attempts = job.attempts,
    detail = message,
  ) => {
    const code = FAILURE_CODES[failure];
    if (failure !== 'no_record') report(job, failure, detail, attempts, { code });
    return fail(job, code, message, attempts);
  };

  /** What identifies the subject of each kind of report, for the lender to check. */
  const subjectWords: Record<CreditReportKind, { key: string; check: string; empty: string }> = {
    consumer: {
      key: 'this BVN',
      check: 'the BVN, name and date of birth',
      empty: 'Check the BVN with the applicant; someone who has never borrowed has no bureau file.',
    },
    commercial: {
      key: 'this registration number',
      check: 'the CAC registration number and business name',
      empty: 'Check the RC or BN number with the applicant; a business that has never borrowed has no bureau file.',
    },
  };
  /**
   * What the lender reads: the code's meaning and what to do, never the bureau's own words or the
   * operator's settings (those go to the log with the failure event).
   */
  const messages: Record<FinalBureauFailure, (kind: CreditReportKind) => string> = {
    no_record: (kind) =>
      `${capitalised(name)} holds no credit record for ${subjectWords[kind].key}. ${subjectWords[kind].empty}`,
    rejected: (kind) =>
      `${capitalised(name)} refused the request. Check ${subjectWords[kind].check}, then request a new report.`,
    unreadable: () =>
      `The answer from ${name} could not be read. Request a new report later; if it persists, contact support with this reference.`,
  };

  /** The lender's message when the billed call went out and no answer came back. */
  const billedUnanswered = `${capitalised(name)} did not answer the report request in time. It may still charge for it, so it was not asked again; request a new report if you need one.`;

  /** The bureau call a job makes, and the schema its report must pass. */
  async function call(
    job: ClaimedJob,
    subject: unknown,
  ): Promise<{ result: BureauResult<unknown>; problems: (r: unknown) => string[] }> {
    // Stored before the billed request goes out: an instance killed during the call leaves it set.
    const billed = () => markBilledCallSent(db, job.id);
    if (job.kind === 'commercial') {
      return {
        result: await bureau.requestCommercialReport(subject as BusinessSubject, billed),
        problems: commercialReportProblems,
      };
    }
    const consumer = subject as BureauSubject;
    return {
      result: job.ticket
        ? await bureau.fetchReport(consumer, job.ticket)
        : await bureau.requestReport(consumer, billed),
      problems: reportProblems,
    };
  }

  async function work(job: ClaimedJob): Promise<void> {
    if (job.billedCallSentAt) {
      // Claimed again with its billed call sent and no result stored: the instance making it died
      // waiting for the answer. The bureau may have charged for the report, so it is not sent again.
      return failFromBureau(
        job,
        'unavailable',
        billedUnanswered,
        job.attempts + 1,
        `the billed request was sent at ${job.billedCallSentAt.toISOString()} by an instance that stopped before its answer (not sent again)`,
      );
    }
    // A leaked client is revoked to stop it: its queued and retrying pulls would still be billed.
    if (job.clientRevoked) {
      return fail(
        job,
        'CREDIT_CLIENT_REVOKED',
        `This client was revoked, so ${name} was not asked for this report after that. A client that is not revoked can request it again.`,
      );
    }
    let subject: unknown;
    try {
      subject = JSON.parse(cipher.open(job.subjectEnc, subjectAad(job.clientId, job.subjectHash)));
    } catch {
      deps.onRequestUnreadable?.(job.id);
      return fail(
        job,
        'CREDIT_REQUEST_UNREADABLE',
        'The stored request could not be opened, so it was not sent to the bureau. Request a new report.',
      );
    }
    try {
      const { result, problems: problemsOf } = await call(job, subject);
      if (result.kind === 'pending') {
        if (Date.now() - job.createdAt.getTime() > MAX_PENDING_MS) {
          return failFromBureau(
            job,
            'unavailable',
            `${capitalised(name)} accepted the request but had no report after 24 hours. Request a new report.`,
          );
        }
        await rescheduleJob(db, job.id, result.retryAfterMs, { ticket: result.ticket });
        return;
      }
      const problems = problemsOf(result.report);
      if (problems.length > 0) {
        metrics.failures.inc({ bureau: bureau.bureau.name, kind: 'unreadable' });
        return failFromBureau(
          job,
          'unreadable',
          messages.unreadable(job.kind),
          job.attempts,
          `not a credit report: ${problems.join('; ')}`,
        );
      }
      await completeJob(db, job.id, cipher.seal(JSON.stringify(result.report), reportAad(job.id)));
      metrics.jobs.inc({ outcome: 'completed' });
    } catch (err) {
      if (!(err instanceof BureauError)) throw err;
      if (err.mayBeBilled) {
        // The bureau may have produced and charged for the report it never delivered: asking
        // again could charge twice, so that is the lender's call.
        return failFromBureau(
          job,
          'unavailable',
          billedUnanswered,
          job.attempts + 1,
          `${err.kind} after the billed request was sent (not sent again): ${err.message}`,
        );
      }
      const { kind } = err;
      if (isFinalFailure(kind)) return failFromBureau(job, kind, messages[kind](job.kind), job.attempts, err.message);
      // Transient, with no billed request awaiting an answer (`err.retryable`): asked again later.
      const attempts = job.attempts + 1;
      if (attempts >= settings.maxAttempts) {
        return failFromBureau(
          job,
          'unavailable',
          `${capitalised(name)} could not be reached after ${attempts} attempts. Request a new report later.`,
          attempts,
          `${kind}: ${err.message}`,
        );
      }
      const reopens = bureau.reopensAt();
      const wait = Math.max(
        backoffMs(attempts, settings.backoffBaseMs, settings.backoffMaxMs, deps.random),
        reopens ? reopens - Date.now() : 0,
      );
      await rescheduleJob(db, job.id, wait, { attempts });
      report(job, kind, err.message, attempts, { retryInMs: Math.round(wait) });
    }
  }

  return createQueueWorker({
    concurrency: settings.concurrency,
    pollIntervalMs: settings.pollIntervalMs,
    claim: (limit) => claimDueJobs(db, bureau.bureau.name, limit, leaseMs),
    work,
    release: (ids) => releaseJobs(db, ids),
    onError: (err) => deps.onError?.(err),
  });
}
