import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Principal } from '../auth/token-service.js';
import type { CreditConfig } from '../config.js';
import type { CreditJobState, CreditReportKind, Database } from '../db/schema.js';
import type { CreditFailureCode } from '../domain/credit-failures.js';
import { AppError, statementNotFound } from '../domain/errors.js';
import { ownsStatement } from '../statements/statements-repository.js';
import type { Bureau, BureauSubject, BusinessSubject } from './bureau.js';
import { capitalised } from './capitalised.js';
import { createCircuitBreaker } from './circuit-breaker.js';
import { type CommercialCreditReport, normaliseRegistrationNumber } from './commercial-report.js';
import type { CreditMetrics } from './credit-metrics.js';
import {
  countReports,
  findReport,
  findReusableJob,
  insertJobUnlessInFlight,
  insertReport,
  type JobKey,
  type ListedReport,
  listReports,
  listReportsForStatement,
  lockClientPulls,
  type ReportFilter,
  recentPulls,
  type StoredReport,
} from './credit-repository.js';
import { type GuardedBureau, guardBureau } from './guarded-bureau.js';
import { maskCommercialReport, maskConsumerReport } from './identity-numbers.js';
import { type BureauFailureEvent, createJobRunner, type JobRunner } from './job-runner.js';
import { type CreditReport, fullName, isoDate } from './report.js';
import type { ReportCipher } from './report-cipher.js';
import { reportAad, requestAad, subjectAad, subjectIdentifier } from './sealing.js';
import { type KindUsage, usageOf } from './usage.js';

export interface ConsumerReportRequest {
  /** 11 digits, maybe with spaces around them (trimmed here). */
  bvn: string;
  name?: string | undefined;
  dateOfBirth?: string | undefined;
  statementKey?: number | undefined;
  enquiryReason?: string | undefined;
}

export interface CommercialReportRequest {
  /** As the lender typed it; normalised here (`RC-123456` is `RC123456`). */
  registrationNumber: string;
  businessName?: string | undefined;
  statementKey?: number | undefined;
  enquiryReason?: string | undefined;
}

/** The spec's envelope data for one consumer reference. */
export interface ConsumerReportView {
  reference: string;
  state: CreditJobState;
  name: string;
  date_of_birth: string;
  report_type: 'basic';
  report: CreditReport | null;
}

/** The real API's envelope data for one business reference. */
export interface CommercialReportView {
  reference: string;
  state: CreditJobState;
  business_registration_number: string;
  report_type: 'basic';
  report: CommercialCreditReport | null;
}

export interface ReportAnswer<View> {
  data: View;
  /** What the lender should read: "Sucessful", "ask again shortly", or why it failed. */
  message: string;
  failureCode: CreditFailureCode | undefined;
}
export type ConsumerReportAnswer = ReportAnswer<ConsumerReportView>;
export type CommercialReportAnswer = ReportAnswer<CommercialReportView>;

export interface RequestedReport {
  reference: string;
  state: CreditJobState;
  reused: boolean;
}

export interface ReportList {
  page: number;
  pageSize: number;
  total: number;
  /** Over every matching reference, not only this page. */
  summary: Record<CreditReportKind, KindUsage>;
  reports: ListedReport[];
}

export interface CreditService {
  readonly bureau: GuardedBureau;
  readonly runner: JobRunner;
  /** Queues a bureau pull, or reuses one in flight or fresh enough; answers the new reference. */
  request(principal: Principal, input: ConsumerReportRequest, opts?: { refresh?: boolean }): Promise<RequestedReport>;
  /** The same for a business, by its CAC registration number. */
  requestCommercial(
    principal: Principal,
    input: CommercialReportRequest,
    opts?: { refresh?: boolean },
  ): Promise<RequestedReport>;
  get(principal: Principal, reference: string): Promise<ConsumerReportAnswer>;
  getCommercial(principal: Principal, reference: string): Promise<CommercialReportAnswer>;
  /** The client's references, newest first, with how many new pulls and reused reports they came to. */
  list(principal: Principal, filter: ReportFilter, page: { page: number; pageSize: number }): Promise<ReportList>;
  /** The references linked to a statement (for `GET /statements/{key}`). */
  reportsForStatement(
    clientId: number,
    statementKey: number,
  ): Promise<Array<{ reference: string; kind: CreditReportKind; state: CreditJobState; createdDate: string }>>;
}

const DAY_MS = 86_400_000;

/** What a reference keeps of its request (sealed): the names the lender gave, for the envelope. */
interface StoredRequest {
  name?: string;
  dateOfBirth?: string;
  registrationNumber?: string;
}

/** A pull to share or queue, and what its reference keeps of the request. */
interface PullRequest {
  kind: CreditReportKind;
  /** The subject as the bureau call needs it (sealed in the job). */
  subject: BureauSubject | BusinessSubject;
  stored: StoredRequest;
  statementKey: number | undefined;
}

/**
 * The pull a request rides on: one in flight or fresh enough, else a new pending one. The unique
 * partial index on in-flight jobs turns a concurrent twin's insert into "do nothing", and the
 * twin's job is then shared. A pull that finished in that instant is looked for again (bounded).
 */
async function shareOrQueue(
  trx: Transaction<Database>,
  key: JobKey,
  freshFor: number | undefined,
  subjectEnc: string,
  /** Runs before a new pull is queued; throws to refuse it. */
  beforeNewPull: () => Promise<void>,
): Promise<{ id: number; state: CreditJobState; reused: boolean }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await findReusableJob(trx, key, freshFor);
    if (existing) return { ...existing, reused: true };
    await beforeNewPull();
    const id = await insertJobUnlessInFlight(trx, key, subjectEnc);
    if (id !== undefined) return { id, state: 'pending', reused: false };
  }
  throw new AppError('CONFLICT', 'requests for this subject keep changing state at the same moment; send it again');
}

export function createCreditService(deps: {
  db: Kysely<Database>;
  config: CreditConfig;
  bureau: Bureau;
  cipher: ReportCipher;
  metrics: CreditMetrics;
  onError?: (err: unknown) => void;
  onBureauFailure?: (event: BureauFailureEvent) => void;
  onRequestUnreadable?: (jobId: number) => void;
}): CreditService {
  const { db, config, cipher, metrics } = deps;
  const breaker = createCircuitBreaker(config.breaker);
  const bureau = guardBureau(deps.bureau, { timeoutMs: config.callTimeoutMs, breaker, metrics });
  const runner = createJobRunner({
    db,
    bureau,
    cipher,
    metrics,
    settings: {
      pollIntervalMs: config.pollIntervalMs,
      concurrency: config.workerConcurrency,
      maxAttempts: config.maxAttempts,
      backoffBaseMs: config.backoffBaseMs,
      backoffMaxMs: config.backoffMaxMs,
      callTimeoutMs: config.callTimeoutMs,
    },
    onError: deps.onError,
    onBureauFailure: deps.onBureauFailure,
    onRequestUnreadable: deps.onRequestUnreadable,
  });
  const displayName = deps.bureau.displayName;

  const pendingMessage: Record<'pending' | 'processing', string> = {
    pending: `The report has been queued for ${displayName}; ask again in a few seconds.`,
    processing: `${capitalised(displayName)} is preparing the report; ask again in a few seconds.`,
  };

  /**
   * Refuses a new bureau pull once the client started CREDIT_PULLS_PER_DAY of them in the last 24
   * hours (a report reused from a recent pull costs nothing and is not counted). The client's
   * requests wait for each other here, so two of them cannot both take the last pull.
   */
  async function withinPullLimit(trx: Transaction<Database>, clientId: number): Promise<void> {
    if (config.pullsPerDay === 0) return;
    await lockClientPulls(trx, clientId);
    const { count, oldest } = await recentPulls(trx, clientId, DAY_MS);
    if (count < config.pullsPerDay) return;
    metrics.pullLimit.inc();
    const nextAt = new Date((oldest ?? new Date()).getTime() + DAY_MS).toISOString();
    throw new AppError(
      'CREDIT_PULL_LIMIT',
      `this client started ${count} new bureau pulls in the last 24 hours, its daily limit; ` +
        `a report reused from a recent pull is not counted; the next pull can start at ${nextAt}`,
      undefined,
      { retryAfter: nextAt },
    );
  }

  async function queuePull(
    principal: Principal,
    pull: PullRequest,
    opts: { refresh?: boolean },
  ): Promise<RequestedReport> {
    const { clientId } = principal;
    const subjectHash = cipher.subjectHash(subjectIdentifier(pull.kind, pull.subject));
    const key = { clientId, bureau: deps.bureau.name, kind: pull.kind, subjectHash };
    const reference = `${principal.slug}&${randomBytes(16).toString('hex')}`;
    const freshFor = opts.refresh ? undefined : config.freshnessMs;
    const subjectEnc = cipher.seal(JSON.stringify(pull.subject), subjectAad(clientId, subjectHash));
    const { statementKey } = pull;
    const outcome = await db.transaction().execute(async (trx) => {
      if (statementKey !== undefined && !(await ownsStatement(trx, clientId, statementKey, { forKeyShare: true }))) {
        throw statementNotFound(statementKey, '/body/statementKey');
      }
      const job = await shareOrQueue(trx, key, freshFor, subjectEnc, () => withinPullLimit(trx, clientId));
      await insertReport(trx, {
        reference,
        clientId,
        jobId: job.id,
        statementKey,
        requestEnc: cipher.seal(JSON.stringify(pull.stored), requestAad(reference)),
        reused: job.reused,
      });
      return { state: job.state, reused: job.reused };
    });
    if (outcome.reused) metrics.reuse.inc({ kind: outcome.state === 'completed' ? 'completed' : 'in_flight' });
    else runner.wake();
    return { reference, ...outcome };
  }

  /**
   * One of the client's references of this kind, with its request and (when completed) its report
   * opened, with its identity numbers masked (`mask`): a report sealed before masking was added holds
   * them in full.
   */
  async function open<R>(principal: Principal, kind: CreditReportKind, reference: string, mask: (report: R) => R) {
    const row = await findReport(db, principal.clientId, kind, reference);
    if (!row) throw new AppError('NOT_FOUND', `no ${kind} credit report with reference ${reference}`);
    const asked = JSON.parse(cipher.open(row.requestEnc, requestAad(row.reference))) as StoredRequest;
    const report =
      row.state === 'completed' && row.reportEnc
        ? mask(JSON.parse(cipher.open(row.reportEnc, reportAad(row.jobId))) as R)
        : null;
    return { row, asked, report };
  }

  function answer<View>(row: StoredReport, data: View): ReportAnswer<View> {
    if (row.state === 'failed') {
      return {
        data,
        message: row.failureMessage ?? 'The report could not be obtained; request a new one.',
        failureCode: row.failureCode ?? 'CREDIT_FAILED',
      };
    }
    return {
      data,
      message: row.state === 'completed' ? 'Sucessful' : pendingMessage[row.state],
      failureCode: undefined,
    };
  }

  return {
    bureau,
    runner,
    request: (principal, input, opts = {}) =>
      queuePull(
        principal,
        {
          kind: 'consumer',
          subject: {
            // Spaces around it are ignored, as in a statement (the schema allows only those).
            bvn: input.bvn.trim(),
            name: input.name,
            dateOfBirth: input.dateOfBirth,
            enquiryReason: input.enquiryReason,
          },
          stored: { name: input.name, dateOfBirth: input.dateOfBirth },
          statementKey: input.statementKey,
        },
        opts,
      ),

    requestCommercial(principal, input, opts = {}) {
      const registrationNumber = normaliseRegistrationNumber(input.registrationNumber);
      return queuePull(
        principal,
        {
          kind: 'commercial',
          subject: { registrationNumber, businessName: input.businessName, enquiryReason: input.enquiryReason },
          stored: { name: input.businessName, registrationNumber },
          statementKey: input.statementKey,
        },
        opts,
      );
    },

    async get(principal, reference) {
      const { row, asked, report } = await open(principal, 'consumer', reference, maskConsumerReport);
      const person = report?.personalDetailsSummary;
      return answer(row, {
        reference: row.reference,
        state: row.state,
        name: (person && fullName(person)) || asked.name || '',
        date_of_birth: (person && isoDate(person.birthDate)) || asked.dateOfBirth || '',
        report_type: 'basic',
        report,
      });
    },

    async getCommercial(principal, reference) {
      const { row, asked, report } = await open(principal, 'commercial', reference, maskCommercialReport);
      return answer(row, {
        reference: row.reference,
        state: row.state,
        business_registration_number: report?.businessData.businessRegistrationNumber || asked.registrationNumber || '',
        report_type: 'basic',
        report,
      });
    },

    async list(principal, filter, { page, pageSize }) {
      const [reports, counts] = await Promise.all([
        listReports(db, principal.clientId, filter, { offset: (page - 1) * pageSize, limit: pageSize }),
        countReports(db, principal.clientId, filter),
      ]);
      return { page, pageSize, total: counts.reduce((n, c) => n + c.count, 0), summary: usageOf(counts), reports };
    },

    reportsForStatement: (clientId, statementKey) => listReportsForStatement(db, clientId, statementKey),
  };
}
