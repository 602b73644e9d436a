import type { FastifyInstance } from 'fastify';
import { createSandboxBureau } from '../../src/credit/adapters/sandbox/sandbox-bureau.js';
import type { Bureau } from '../../src/credit/bureau.js';

/** Small delays so the queue moves quickly in tests; retries stop after two attempts. */
export const creditTestEnv = {
  CREDIT_POLL_INTERVAL_MS: '10',
  CREDIT_CALL_TIMEOUT_MS: '1000',
  CREDIT_MAX_ATTEMPTS: '2',
  CREDIT_BACKOFF_BASE_MS: '5',
  CREDIT_BACKOFF_MAX_MS: '20',
  CREDIT_BREAKER_THRESHOLD: '1000',
  CREDIT_SANDBOX_DELAY_MS: '1000',
};

/**
 * The sandbox bureau with a count of the report requests that reached it (what the lender pays
 * for): BVNs of consumer requests, registration numbers of business ones.
 */
export function countingSandbox(delayMs = 300): Bureau & { requests: string[] } {
  const inner = createSandboxBureau({ delayMs });
  const requests: string[] = [];
  return {
    ...inner,
    requests,
    requestReport(subject, signal) {
      requests.push(subject.bvn);
      return inner.requestReport(subject, signal);
    },
    requestCommercialReport(subject, signal) {
      requests.push(subject.registrationNumber);
      return inner.requestCommercialReport(subject, signal);
    },
  };
}

export type ReportKind = 'consumer' | 'commercial';

/** POSTs a report request of one kind (`query`: `?refresh=true`, say). */
const requester =
  (kind: ReportKind) =>
  (app: FastifyInstance, headers: Record<string, string>, body: Record<string, unknown>, query = '') =>
    app.inject({ method: 'POST', url: `/credit/${kind}-reports${query}`, headers, payload: body });

export const requestReport = requester('consumer');
export const requestCommercialReport = requester('commercial');

export async function fetchReport(
  app: FastifyInstance,
  headers: Record<string, string>,
  reference: string,
  kind: ReportKind = 'consumer',
) {
  return app.inject({
    method: 'POST',
    url: `/statements/get-${kind}-credit/${encodeURIComponent(reference)}`,
    headers,
  });
}

/**
 * Asks for the reference until its state is one of `states` (bounded: this is waiting for the
 * background worker, not a timing assertion). Answers every state seen on the way, and the last answer.
 */
export async function waitForState(
  app: FastifyInstance,
  headers: Record<string, string>,
  reference: string,
  states: string[],
  kind: ReportKind = 'consumer',
) {
  const seen: string[] = [];
  for (let i = 0; i < 1000; i++) {
    const res = await fetchReport(app, headers, reference, kind);
    if (res.statusCode !== 200) throw new Error(`unexpected ${res.statusCode}: ${res.body}`);
    const body = res.json();
    if (seen.at(-1) !== body.data.state) seen.push(body.data.state);
    if (states.includes(body.data.state)) return { body, seen };
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`reference never reached ${states.join('/')}; states seen: ${seen.join(' -> ')}`);
}
