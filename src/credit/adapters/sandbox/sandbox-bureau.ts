import { type Bureau, BureauError, type BureauResult, type BureauSubject } from '../../bureau.js';
import type { CommercialCreditReport } from '../../commercial-report.js';
import type { CreditReport } from '../../report.js';
import { generateCommercialReport } from './generate-commercial-report.js';
import { generateReport, type Profile } from './generate-report.js';

/**
 * Test BVNs with a fixed outcome. Every other 11-digit BVN gets a deterministic report whose
 * profile (good or mixed history) is derived from the BVN itself.
 */
export const SANDBOX_BVNS = {
  thinFile: '22200000001',
  goodHistory: '22200000002',
  badHistory: '22200000003',
  noRecord: '22200000004',
  timeout: '22200000005',
  delayed: '22200000006',
  unreadable: '22200000007',
} as const;

/**
 * Test registration numbers with a fixed outcome, the business twin of `SANDBOX_BVNS` (no delayed
 * one: commercial reports are answered at once). Every other number gets a deterministic report
 * whose profile is derived from the number itself.
 */
export const SANDBOX_BUSINESSES = {
  thinFile: 'RC0000001',
  goodHistory: 'RC0000002',
  badHistory: 'RC0000003',
  noRecord: 'RC0000004',
  timeout: 'RC0000005',
  unreadable: 'RC0000007',
} as const;

export interface SandboxSettings {
  /** How long the `delayed` BVN stays pending at the bureau. */
  delayMs: number;
  now?: () => number;
}

const fixedProfiles: Record<string, Profile> = {
  [SANDBOX_BVNS.thinFile]: 'thin',
  [SANDBOX_BVNS.goodHistory]: 'good',
  [SANDBOX_BVNS.badHistory]: 'bad',
  [SANDBOX_BVNS.delayed]: 'good',
};

const fixedBusinessProfiles: Record<string, Profile> = {
  [SANDBOX_BUSINESSES.thinFile]: 'thin',
  [SANDBOX_BUSINESSES.goodHistory]: 'good',
  [SANDBOX_BUSINESSES.badHistory]: 'bad',
};

/**
 * A bureau with no account needed, so `npm start` works out of the box: realistic FirstCentral-style
 * consumer and commercial reports in the spec's shape, the same for the same BVN or registration
 * number every time, and one test BVN and registration number per outcome a lender must handle.
 */
export function createSandboxBureau(settings: SandboxSettings): Bureau {
  const now = settings.now ?? Date.now;

  const answer = (subject: BureauSubject): BureauResult => {
    if (subject.bvn === SANDBOX_BVNS.noRecord) {
      throw new BureauError('no_record', 'the bureau holds no record for this BVN');
    }
    if (subject.bvn === SANDBOX_BVNS.unreadable) {
      // What a broken bureau integration looks like: a 200 whose body is not a report.
      return { kind: 'ready', report: { error: 'ORA-01403: no data found' } as unknown as CreditReport };
    }
    return { kind: 'ready', report: generateReport(subject.bvn, fixedProfiles[subject.bvn]) };
  };

  return {
    name: 'sandbox',
    displayName: 'the sandbox bureau',
    localCurrencies: ['NGN'],
    async requestReport(subject, signal) {
      if (subject.bvn === SANDBOX_BVNS.timeout) return hangUntilAborted(signal);
      if (subject.bvn === SANDBOX_BVNS.delayed) {
        return { kind: 'pending', ticket: `sandbox-delay:${now() + settings.delayMs}`, retryAfterMs: settings.delayMs };
      }
      return answer(subject);
    },
    async requestCommercialReport({ registrationNumber }, signal) {
      if (registrationNumber === SANDBOX_BUSINESSES.timeout) return hangUntilAborted(signal);
      if (registrationNumber === SANDBOX_BUSINESSES.noRecord) {
        throw new BureauError('no_record', 'the bureau holds no record for this registration number');
      }
      if (registrationNumber === SANDBOX_BUSINESSES.unreadable) {
        return { error: 'ORA-01403: no data found' } as unknown as CommercialCreditReport;
      }
      return generateCommercialReport(registrationNumber, fixedBusinessProfiles[registrationNumber]);
    },
    async fetchReport(subject, ticket) {
      const m = /^sandbox-delay:(\d+)$/.exec(ticket);
      if (!m) throw new BureauError('rejected', 'the bureau does not know this request ticket');
      const readyAt = Number(m[1]);
      if (now() < readyAt) return { kind: 'pending', ticket, retryAfterMs: readyAt - now() };
      return answer(subject);
    },
    async health() {
      return { ok: true, detail: 'sandbox bureau (no real reports)' };
    },
  };
}

function hangUntilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const fail = () => reject(new BureauError('timeout', 'the bureau did not answer in time'));
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
}
