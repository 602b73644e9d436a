import type { CommercialCreditReport } from './commercial-report.js';
import type { CreditReport, SummaryCurrency } from './report.js';

/** Who a report is asked for. The BVN is the key; name and birth date help the bureau's matching. */
export interface BureauSubject {
  bvn: string;
  name?: string | undefined;
  /** `YYYY-MM-DD` */
  dateOfBirth?: string | undefined;
  /** Why the lender asks (the bureau records it); the adapter's configured default when absent. */
  enquiryReason?: string | undefined;
}

/** Which business a commercial report is asked for: its CAC registration number is the key. */
export interface BusinessSubject {
  /** Normalised (`normaliseRegistrationNumber`): `RC123456`, `BN809081021`. */
  registrationNumber: string;
  businessName?: string | undefined;
  enquiryReason?: string | undefined;
}

/**
 * What a bureau call answers: the report, or "accepted, ask again later" with the bureau's own
 * ticket for the request (kept in the job so the fetch survives a restart).
 */
export type BureauResult<R = CreditReport> =
  | { kind: 'ready'; report: R }
  | { kind: 'pending'; ticket: string; retryAfterMs: number };

/**
 * Why a bureau call failed. `no_record`, `rejected` and `unreadable` are final (asking again would
 * not help, and a garbled full report may already have been billed); `unavailable` and `timeout`
 * are retried with backoff, unless the billed call may have been charged (`mayBeBilled`).
 */
export type BureauFailure = 'no_record' | 'rejected' | 'unreadable' | 'unavailable' | 'timeout';

/** A failure the bureau's answer made final: asking again would not help. */
export type FinalBureauFailure = Exclude<BureauFailure, 'unavailable' | 'timeout'>;

export const isFinalFailure = (kind: BureauFailure): kind is FinalBureauFailure =>
  kind !== 'unavailable' && kind !== 'timeout';

export class BureauError extends Error {
  constructor(
    readonly kind: BureauFailure,
    message: string,
    /** The call failed after its billed request went out and before any answer to it came back. */
    readonly mayBeBilled = false,
  ) {
    super(message);
    this.name = 'BureauError';
  }

  /** The bureau may be back later (`unavailable`, `timeout`). */
  get transient(): boolean {
    return !isFinalFailure(this.kind);
  }

  /** Asking again costs nothing more: a transient failure before any billed request was answered or lost. */
  get retryable(): boolean {
    return this.transient && !this.mayBeBilled;
  }
}

/**
 * Kept by an adapter while a call runs, for the caller that may abandon it (the guarded bureau's
 * timeout): `mayBeBilled` is true from the moment the billed request is sent until the bureau
 * answers it with an error status, which delivers no report and so is not charged.
 */
export interface BillingWatch {
  mayBeBilled: boolean;
  /**
   * Awaited just before the billed request is sent: the caller stores that it went out, so that
   * even a crash during the call does not lead to sending it again. If it throws, nothing is sent.
   */
  beforeSend?: () => Promise<void>;
}

/**
 * The credit bureau port. One adapter per bureau (`adapters/<name>/`), registered in
 * `adapters/index.ts`. Every call takes an AbortSignal; the caller (the guarded bureau) puts a
 * timeout on each one. Adapters get their settings passed in and never read the environment.
 */
export interface Bureau {
  /** Stable name, stored with each job and used as a metrics label. */
  readonly name: string;
  /** Human name for messages to lenders ("FirstCentral Credit Bureau"). */
  readonly displayName: string;
  /** The bureau's local currency column added to the spec's four, if it has one. */
  readonly localCurrencies: readonly SummaryCurrency[];
  /**
   * Asks for a subject's full consumer report. An adapter whose calls take several steps, one of
   * them billed, keeps `billing` (`BillingWatch`) so that an abandoned call is known to be billed.
   */
  requestReport(subject: BureauSubject, signal: AbortSignal, billing?: BillingWatch): Promise<BureauResult>;
  /**
   * Asks for a business's full commercial report. Bureaus answer these at once (FirstCentral's
   * `GetCommercialFullCreditReport` is synchronous), so there is no pending answer to fetch later.
   */
  requestCommercialReport(
    subject: BusinessSubject,
    signal: AbortSignal,
    billing?: BillingWatch,
  ): Promise<CommercialCreditReport>;
  /** Asks again for a report that an earlier call left pending. */
  fetchReport(subject: BureauSubject, ticket: string, signal: AbortSignal): Promise<BureauResult>;
  /** Cheap reachability check (no billable call). */
  health(signal: AbortSignal): Promise<{ ok: boolean; detail?: string }>;
}
