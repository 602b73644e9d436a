import type { Logger } from 'pino';
import { Registry } from 'prom-client';
import { type AffordabilityService, createAffordabilityService } from './affordability/affordability-service.js';
import { loadOrCreateSigningKey } from './auth/signing-keys.js';
import { createTokenService, type TokenService } from './auth/token-service.js';
import type { ReadinessProbe } from './check-readiness.js';
import type { Config, RetentionConfig } from './config.js';
import type { Bureau } from './credit/bureau.js';
import type { CreditService } from './credit/credit-service.js';
import { loadReportCipher } from './credit/report-cipher.js';
import { startCredit } from './credit/start-credit.js';
import { purgeCreditPullsOlderThan } from './credit/usage-repository.js';
import type { DatabaseHandle } from './db/database.js';
import { type RetentionRule, startRetention } from './jobs/retention.js';
import { createFacePool, type FaceAnalyzer } from './liveness/face-pool.js';
import { purgeLivenessResultsOlderThan } from './liveness/liveness-repository.js';
import { createLivenessService, type LivenessService } from './liveness/liveness-service.js';
import { createLogger } from './logger.js';
import { createStatementMetrics } from './statements/statement-metrics.js';
import { createStatementService, type StatementService } from './statements/statement-service.js';
import { purgeStatementsOlderThan } from './statements/statements-repository.js';
import {
  createStatementProcessor,
  type ProcessInline,
  type StatementProcessor,
} from './statements/worker/processing-pool.js';
import { createWebhookDispatcher } from './webhooks/dispatcher.js';
import { pruneDeliveries } from './webhooks/webhooks-repository.js';

/**
 * Everything the HTTP layer needs, built once at start and passed into `buildApp`. Each area adds
 * its port here (bureau, face analysis, ...); tests build the same container with fakes only at
 * outside boundaries.
 */
export interface Services {
  config: Config;
  database: DatabaseHandle;
  /** The process logger (redacting); the HTTP layer logs through it too. */
  log: Logger;
  tokens: TokenService;
  metrics: Registry;
  readiness: ReadinessProbe[];
  credit: CreditService;
  /** Processing of a submitted statement (parse, analyse, check, encode): on worker threads, a small body in process. */
  statementProcessor: StatementProcessor;
  affordability: AffordabilityService;
  statements: StatementService;
  /** Face detection and measurements on worker threads (the face-model port). */
  faces: FaceAnalyzer;
  liveness: LivenessService;
  /** Background work started with the services, stopped after the HTTP server has drained. */
  stop(): Promise<void>;
}

export interface ServiceOverrides {
  now?: () => number;
  /** Where logs go (tests capture them). */
  log?: Logger;
  /** A credit bureau adapter to use instead of the configured one (tests). */
  bureau?: Bureau;
  /** Statement processing on the calling thread with another analysis (tests of a failing one). */
  processStatement?: ProcessInline;
}

/** What the retention sweep deletes: each kind of record whose setting is not 0. */
function retentionRules(config: RetentionConfig): RetentionRule[] {
  const rules: RetentionRule[] = [
    {
      record: 'statements',
      setting: 'STATEMENT_RETENTION_DAYS',
      days: config.statementDays,
      purge: purgeStatementsOlderThan,
    },
    {
      record: 'credit_reports',
      setting: 'CREDIT_REPORT_RETENTION_DAYS',
      days: config.creditReportDays,
      purge: purgeCreditPullsOlderThan,
    },
    {
      record: 'liveness_results',
      setting: 'LIVENESS_RETENTION_DAYS',
      days: config.livenessDays,
      purge: purgeLivenessResultsOlderThan,
    },
    {
      record: 'webhook_deliveries',
      setting: 'WEBHOOK_KEEP_DAYS',
      days: config.webhookDeliveryDays,
      purge: pruneDeliveries,
    },
  ];
  return rules.filter((r) => r.days > 0);
}

export async function createServices(
  config: Config,
  database: DatabaseHandle,
  overrides: ServiceOverrides = {},
): Promise<Services> {
  const log = overrides.log ?? createLogger(config.logLevel);
  // One AES-GCM key (CREDIT_ENCRYPTION_KEY, or the stored development key) seals credit data,
  // identity numbers and the token signing key.
  const sealer = await loadReportCipher(database.db, config.credit.encryptionKey, config.credit.previousKeys);
  const key = await loadOrCreateSigningKey(database.db, sealer);
  const metrics = new Registry();
  const stoppers: Array<() => Promise<void>> = [];
  const credit = await startCredit({
    db: database.db,
    cipher: sealer,
    config: config.credit,
    metrics,
    bureau: overrides.bureau,
    log: log.child({ area: 'credit-jobs' }),
  });
  stoppers.push(credit.stop);
  // Statement processing on worker threads, so a 50,000-row statement does not stall the server.
  const statementProcessor = createStatementProcessor(config.analysis, config.statements, {
    registry: metrics,
    inline: overrides.processStatement,
    // Tests start many services and process few statements: their threads start on first need.
    warm: config.env !== 'test',
  });
  stoppers.push(statementProcessor.stop);
  const faces = createFacePool({
    workers: config.liveness.workers,
    maxSide: config.liveness.maxSide,
    timeoutMs: config.liveness.timeoutMs,
    lazy: config.env === 'test',
  });
  stoppers.push(faces.stop);
  const statementLog = log.child({ area: 'statements' });
  const statements = createStatementService({
    db: database.db,
    processor: statementProcessor,
    sealer,
    metrics: createStatementMetrics(metrics),
    onAnalysisError: (err) => statementLog.error({ err }, 'statement analytics failed; stored as FAILED'),
    onProcessingError: (err) => statementLog.error({ err }, 'statement processing failed; nothing stored'),
  });
  // Webhooks queued with the changes they tell of, sent from here (any instance may send any).
  const webhooks = createWebhookDispatcher({
    db: database.db,
    cipher: sealer,
    settings: config.webhooks,
    metrics,
    log: log.child({ area: 'webhooks' }),
  });
  webhooks.start();
  stoppers.push(webhooks.stop);
  const retention = startRetention({
    db: database.db,
    rules: retentionRules(config.retention),
    sweepIntervalMs: config.retention.sweepIntervalMs,
    log: log.child({ area: 'retention' }),
    metrics,
  });
  stoppers.push(retention.stop);
  return {
    config,
    database,
    log,
    tokens: createTokenService(database.db, key, config.auth, overrides.now),
    metrics,
    credit: credit.service,
    statementProcessor,
    affordability: createAffordabilityService(database.db),
    statements,
    faces,
    liveness: createLivenessService({
      db: database.db,
      faces,
      limits: {
        maxBytes: config.liveness.maxBytes,
        maxPixels: config.liveness.maxPixels,
        maxSide: config.liveness.maxSide,
      },
      threshold: config.liveness.threshold,
    }),
    readiness: [
      credit.probe,
      { name: 'face-models', check: async () => faces.status() },
      { name: 'statement-processing', check: async () => statementProcessor.status() },
      {
        name: 'database',
        async check() {
          await database.ping();
          return { ok: true };
        },
      },
    ],
    async stop() {
      for (const stop of stoppers.reverse()) await stop();
    },
  };
}
