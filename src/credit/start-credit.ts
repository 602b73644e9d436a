import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { ReadinessProbe } from '../check-readiness.js';
import type { CreditConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import type { CreditFailureCode } from '../domain/credit-failures.js';
import { createBureau } from './adapters/index.js';
import type { Bureau } from './bureau.js';
import { createCreditMetrics } from './credit-metrics.js';
import { type CreditService, createCreditService } from './credit-service.js';
import type { ReportCipher } from './report-cipher.js';

/**
 * Builds the credit area for the service container: the configured bureau (or one passed in by a
 * test), the cipher, the metrics, and the job runner, already polling.
 */
export async function startCredit(deps: {
  db: Kysely<Database>;
  config: CreditConfig;
  /** The service's cipher (`loadReportCipher`), loaded once for every area that seals. */
  cipher: ReportCipher;
  metrics: Registry;
  bureau?: Bureau;
  log: Logger;
}): Promise<{
  service: CreditService;
  probe: ReadinessProbe;
  stop(): Promise<void>;
}> {
  const { cipher } = deps;
  const bureau = deps.bureau ?? createBureau(deps.config);
  // Only the error and its stack: job rows hold no clear personal data, and none is passed here.
  const { log } = deps;
  const service = createCreditService({
    db: deps.db,
    config: deps.config,
    bureau,
    cipher,
    metrics: createCreditMetrics(deps.metrics),
    onError: (err) =>
      log.error({ err }, 'credit job runner: database or internal error; the job is retried when its lease ends'),
    onBureauFailure: (event) =>
      log.warn(
        { credit: event },
        event.code ? `credit bureau: the pull failed (${event.code})` : 'credit bureau: the call failed; it is retried',
      ),
    onRequestUnreadable: (jobId) =>
      log.error(
        { credit: { jobId, code: 'CREDIT_REQUEST_UNREADABLE' satisfies CreditFailureCode } },
        'credit job: its sealed request opens with neither CREDIT_ENCRYPTION_KEY nor CREDIT_ENCRYPTION_PREVIOUS_KEYS (was the key changed without listing the old one?); the pull failed',
      ),
  });
  service.runner.start();
  return {
    service,
    // Reports are queued durably, so a bureau outage does not make this instance unready: the
    // probe is optional, and a failing one makes the instance `degraded` (it says which bureau,
    // and why it does not answer).
    probe: {
      name: 'credit-bureau',
      optional: true,
      async check() {
        const health = await service.bureau.health();
        return {
          ok: health.ok,
          detail: `${bureau.name}: ${health.ok ? 'reachable' : `unreachable (${health.detail ?? ''})`}`,
        };
      },
    },
    stop: () => service.runner.stop(),
  };
}
