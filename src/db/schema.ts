import type { ColumnType, Generated } from 'kysely';
import type { CreditFailureCode } from '../domain/credit-failures.js';

/**
 * The database as Kysely sees it: one interface per table. Each area adds its tables here and its
 * migration in `migrations/`.
 */
export interface Database {
  clients: ClientsTable;
  signing_keys: SigningKeysTable;
  statements: StatementsTable;
  statement_results: StatementResultsTable;
  statement_idempotency: StatementIdempotencyTable;
  credit_keys: CreditKeysTable;
  credit_jobs: CreditJobsTable;
  credit_reports: CreditReportsTable;
  credit_usage_purged: CreditUsagePurgedTable;
  liveness_results: LivenessResultsTable;
  affordability_results: AffordabilityResultsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface ClientsTable {
  id: Generated<number>;
  client_id: string;
  name: string;
  /** Lower-case name fragment used in credit references (`slug&<hex>`); unique. */
  slug: string;
  secret_hash: string;
  scopes: string;
  is_dev: Generated<boolean>;
  created_at: CreatedAt;
  revoked_at: Date | null;
}

export interface SigningKeysTable {
  kid: string;
  alg: string;
  private_jwk: string;
  public_jwk: string;
  created_at: CreatedAt;
}

export interface StatementsTable {
  key: Generated<number>;
  client_id: number;
  name: string;
  format: string;
  statement_type: string;
  bvn_uuid: string | null;
  processing_status: string;
  created_at: CreatedAt;
  client_full_name: string | null;
  account_name: string | null;
  account_number: string | null;
  account_type: string | null;
  bank_name: string | null;
  currency: Generated<string>;
  time_zone: Generated<string>;
  start_date: string | null;
  end_date: string | null;
  /** Minor units. */
  opening_balance: number | null;
  closing_balance: number | null;
  transaction_count: Generated<number>;
  bvn_masked: string | null;
  bvn_sealed: string | null;
  nin_masked: string | null;
  nin_sealed: string | null;
  /** JSON of the name match, or null when there was nothing to compare. */
  name_match: string | null;
  integrity_verdict: Generated<string>;
}

export interface StatementResultsTable {
  statement_key: number;
  /** JSON text of the integrity report. */
  integrity: string;
  /** The analytics sections, compressed JSON (`src/statements/compression.ts`). */
  sections: Uint8Array;
  /** The transactions with their labels, encoded (`src/statements/transaction-document.ts`). */
  transactions: Uint8Array | null;
}

export interface StatementIdempotencyTable {
  client_id: number;
  key: string;
  request_hash: string;
  /** Null while the first request holding the key is still writing (inside its transaction). */
  statement_key: number | null;
  status_code: number | null;
  /** JSON text of the first answer. */
  response: string | null;
  created_at: CreatedAt;
}

export interface CreditKeysTable {
  kid: string;
  key: string;
  created_at: CreatedAt;
}

export type CreditJobState = 'pending' | 'processing' | 'completed' | 'failed';
/** A consumer report is asked for by BVN, a commercial (business) one by CAC registration number. */
export type CreditReportKind = 'consumer' | 'commercial';

export interface CreditJobsTable {
  id: Generated<number>;
  client_id: number;
  bureau: string;
  kind: ColumnType<CreditReportKind, CreditReportKind | undefined, never>;
  subject_hash: string;
  subject_enc: string;
  state: CreditJobState;
  attempts: Generated<number>;
  run_after: ColumnType<Date, Date | string | undefined, Date | string>;
  locked_until: Date | null;
  bureau_ticket: string | null;
  report_enc: string | null;
  failure_code: CreditFailureCode | null;
  failure_message: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  completed_at: Date | null;
  /** When the billed bureau call was sent; cleared when the job is queued again (migration 0019). */
  billed_call_sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface CreditReportsTable {
  id: Generated<number>;
  reference: string;
  client_id: number;
  job_id: number;
  statement_key: number | null;
  request_enc: string;
  reused: Generated<boolean>;
  created_at: CreatedAt;
}

/** References of pulls the retention sweep deleted, counted for `credit usage` (migration 0020). */
export interface CreditUsagePurgedTable {
  client_id: number;
  /** The UTC day the references were asked for. */
  day: ColumnType<string, string, never>;
  kind: CreditReportKind;
  reused: boolean;
  state: 'completed' | 'failed';
  count: number;
}

/** Kobo amounts are bigint columns, read as numbers (the int8 parser in `database.ts`). */
type Kobo = number;

export interface AffordabilityResultsTable {
  id: Generated<number>;
  client_id: number;
  statement_key: number;
  dti: number;
  loan_tenure: number;
  requested_loan_repayment: Kobo | null;
  average_predicted_salary: Kobo;
  average_other_income: Kobo;
  average_monthly_total_expenses: Kobo;
  average_monthly_loan_repayment: Kobo;
  monthly_disposable_income: Kobo;
  monthly_affordability: Kobo;
  affordability_amount: Kobo;
  created_at: CreatedAt;
}

/** One liveness check: the answer given and the image's SHA-256, never the image. */
export interface LivenessResultsTable {
  id: Generated<number>;
  client_id: number;
  statement_key: number | null;
  image_sha256: string;
  /** The JSON answer (`data.entity`) as text. */
  result: string;
  created_at: CreatedAt;
}

export interface WebhookEndpointsTable {
  client_id: number;
  url: string;
  /** The signing secret, sealed with the service's cipher (`webhookSecretAad`). */
  secret_sealed: string;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export type WebhookDeliveryState = 'pending' | 'delivered' | 'failed';

export interface WebhookDeliveriesTable {
  id: ColumnType<number, never, never>;
  client_id: number;
  event: string;
  /** The event's data, JSON text. */
  data: string;
  state: ColumnType<WebhookDeliveryState, WebhookDeliveryState | undefined, WebhookDeliveryState>;
  attempts: Generated<number>;
  run_after: ColumnType<Date, Date | string | undefined, Date | string>;
  locked_until: Date | null;
  last_status: number | null;
  last_error: string | null;
  created_at: CreatedAt;
  finished_at: Date | null;
}
