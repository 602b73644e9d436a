import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Principal } from '../auth/token-service.js';
import type { CreditConfig } from '../config.js';
import type { CreditJobState, Database } from '../db/schema.js';
import { AppError, statementNotFound } from '../domain/errors.js';
import { ownsStatement } from '../statements/statements-repository.js';
import type { Bureau } from './bureau.js';
import { capitalised } from './capitalised.js';
import { createCircuitBreaker } from './circuit-breaker.js';
import type { CreditMetrics } from './credit-metrics.js';
import {
  findReport,
  findReusableJob,
  insertJobUnlessInFlight,
  insertReport,
  type JobKey,
  listReportsForStatement,
} from './credit-repository.js';
import { type GuardedBureau, guardBureau } from './guarded-bureau.js';
import { createJobRunner, type JobRunner } from './job-runner.js';
import { type CreditReport, fullName, isoDate } from './report.js';
import type { ReportCipher } from './report-cipher.js';
import { reportAad, requestAad, subjectAad } from './sealing.js';

export interface ConsumerReportRequest {
  bvn: string;
  name?: string | undefined;
  dateOfBirth?: string | undefined;
  statementKey?: number | undefined;
  enquiryReason?: string | undefined;
}

/** The spec's envelope data for one reference. */
export interface ConsumerReportView {
  reference: string;
  state: CreditJobState;
  name: string;
  date_of_birth: string;
  report_type: 'basic';
  report: CreditReport | null;
}

export interface ConsumerReportAnswer {
  data: ConsumerReportView;
  /** What the lender should read: "Sucessful", "ask again shortly", or why it failed. */
  message: string;
  failureCode: string | undefined;
}

export interface CreditService {
  readonly bureau: GuardedBureau;
  readonly runner: JobRunner;
  /** Queues a bureau pull, or reuses one in flight or fresh enough; answers the new reference. */
  request(
    principal: Principal,
    input: ConsumerReportRequest,
    opts?: { refresh?: boolean },
  ): Promise<{ reference: string; state: CreditJobState; reused: boolean }>;
  get(principal: Principal, reference: string): Promise<ConsumerReportAnswer>;
  /** The references linked to a statement (for `GET /statements/{key}`). */
  reportsForStatement(
    clientId: number,
    statementKey: number,
  ): Promise<Array<{ reference: string; state: CreditJobState; createdDate: string }>>;
}

interface StoredRequest {
  name?: string;
  dateOfBirth?: string;
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
): Promise<{ id: number; state: CreditJobState; reused: boolean }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await findReusableJob(trx, key, freshFor);
    if (existing) return { ...existing, reused: true };
    const id = await insertJobUnlessInFlight(trx, key, subjectEnc);
    if (id !== undefined) return { id, state: 'pending', reused: false };
  }
  throw new AppError('CONFLICT', 'requests for this BVN keep changing state at the same moment; send it again');
}

export function createCreditService(deps: {
  db: Kysely<Database>;
  config: CreditConfig;
  bureau: Bureau;
  cipher: ReportCipher;
  metrics: CreditMetrics;
  onError?: (err: unknown) => void;
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
  });
  const displayName = deps.bureau.displayName;

  const pendingMessage: Record<'pending' | 'processing', string> = {
    pending: `The report has been queued for ${displayName}; ask again in a few seconds.`,
    processing: `${capitalised(displayName)} is preparing the report; ask again in a few seconds.`,
  };

  return {
    bureau,
    runner,
    async request(principal, input, opts = {}) {
      const { clientId } = principal;
      const subjectHash = cipher.subjectHash(input.bvn);
      const key = { clientId, bureau: deps.bureau.name, subjectHash };
      const reference = `${principal.slug}&${randomBytes(16).toString('hex')}`;
      const subject = {
        bvn: input.bvn,
        name: input.name,
        dateOfBirth: input.dateOfBirth,
        enquiryReason: input.enquiryReason,
      };
      const freshFor = opts.refresh ? undefined : config.freshnessMs;
      const subjectEnc = cipher.seal(JSON.stringify(subject), subjectAad(clientId, subjectHash));
      const outcome = await db.transaction().execute(async (trx) => {
        if (
          input.statementKey !== undefined &&
          !(await ownsStatement(trx, clientId, input.statementKey, { forKeyShare: true }))
        ) {
          throw statementNotFound(input.statementKey, '/body/statementKey');
        }
        const job = await shareOrQueue(trx, key, freshFor, subjectEnc);
        await insertReport(trx, {
          reference,
          clientId,
          jobId: job.id,
          statementKey: input.statementKey,
          requestEnc: cipher.seal(
            JSON.stringify({ name: input.name, dateOfBirth: input.dateOfBirth }),
            requestAad(reference),
          ),
          reused: job.reused,
        });
        return { state: job.state, reused: job.reused };
      });
      if (outcome.reused) metrics.reuse.inc({ kind: outcome.state === 'completed' ? 'completed' : 'in_flight' });
      else runner.wake();
      return { reference, ...outcome };
    },

    async get(principal, reference) {
      const row = await findReport(db, principal.clientId, reference);
      if (!row) throw new AppError('NOT_FOUND', `no credit report with reference ${reference}`);
      const asked = JSON.parse(cipher.open(row.requestEnc, requestAad(row.reference))) as StoredRequest;
      const report =
        row.state === 'completed' && row.reportEnc
          ? (JSON.parse(cipher.open(row.reportEnc, reportAad(row.jobId))) as CreditReport)
          : null;
      const person = report?.personalDetailsSummary;
      const data: ConsumerReportView = {
        reference: row.reference,
        state: row.state,
        name: (person && fullName(person)) || asked.name || '',
        date_of_birth: (person && isoDate(person.birthDate)) || asked.dateOfBirth || '',
        report_type: 'basic',
        report,
      };
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
    },

    reportsForStatement: (clientId, statementKey) => listReportsForStatement(db, clientId, statementKey),
  };
}
