import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { type Static, Type } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';
import { expectation, problem, readValue, type VariableSchema } from './config-values.js';

/** A 32-byte key as 64 hex digits or base64. */
const KEY = '([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)';
const KEY_EXPECTED = 'a 32-byte key: 64 hex digits or base64';
const keyBytes = (text: string): Buffer => Buffer.from(text, text.length === 64 ? 'hex' : 'base64');

// Node fires a timer longer than 2^31-1 ms after 1 ms: every *_MS setting stays far below it.
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const GIB = 1024 * 1024 * 1024;
const HTTP_URL = { protocols: ['http:', 'https:'], expected: 'an absolute http(s) URL' };

/**
 * Every environment variable the service reads, with its default and range. Parsed once at start
 * (`loadConfig`); nothing else in the code base reads `process.env`.
 */
const EnvSchema = Type.Object({
  NODE_ENV: Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')], {
    default: 'development',
  }),
  HOST: Type.String({ default: '0.0.0.0', host: true, expected: 'an IP address or a host name' }),
  PORT: Type.Integer({ default: 3000, minimum: 0, maximum: 65535 }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { default: 'info' },
  ),
  DATA_DIR: Type.String({ default: './data', minLength: 1 }),
  // Secret: a password may sit in it in forms the URL mask does not know (`password=...`).
  DATABASE_URL: Type.Optional(
    Type.String({ protocols: ['postgres:', 'postgresql:'], expected: 'a postgres:// URL', secret: true }),
  ),
  DATABASE_POOL_SIZE: Type.Integer({ default: 10, minimum: 1, maximum: 200 }),
  PUBLIC_BASE_URL: Type.Optional(Type.String(HTTP_URL)),
  TOKEN_ISSUER: Type.String({ default: 'lendsight', minLength: 1 }),
  /** Audiences a token may be asked for, comma-separated; the first when a request names none. */
  TOKEN_AUDIENCE: Type.String({
    default: 'lendsight-api',
    pattern: '^[^,]*[^,\\s][^,]*(,[^,]*[^,\\s][^,]*)*$',
    expected: 'an audience, or several separated by commas',
  }),
  /** Unset: an audience TOKEN_AUDIENCE does not list gets a token for its first; true refuses it (400). */
  TOKEN_AUDIENCE_STRICT: Type.Boolean({ default: false }),
  TOKEN_TTL_SECONDS: Type.Integer({ default: 86400, minimum: 60, maximum: 2_592_000 }),
  AUTH_CLIENT_CACHE_MS: Type.Integer({ default: 2000, minimum: 0, maximum: 300_000 }),
  EXTERNAL_JWKS_URL: Type.Optional(Type.String(HTTP_URL)),
  EXTERNAL_ISSUER: Type.Optional(Type.String({ minLength: 1 })),
  EXTERNAL_AUDIENCE: Type.Optional(Type.String({ minLength: 1 })),
  BODY_LIMIT_BYTES: Type.Integer({ default: 80 * 1024 * 1024, minimum: 1024, maximum: GIB }),
  RATE_LIMIT_MAX: Type.Integer({ default: 600, minimum: 1, maximum: 1_000_000_000 }),
  RATE_LIMIT_WINDOW_MS: Type.Integer({ default: 60_000, minimum: 1000, maximum: DAY_MS }),
  /** 15 min: an 80 MiB body (BODY_LIMIT_BYTES' default) arrives at 0.75 Mbit/s, a slow mobile uplink. */
  REQUEST_TIMEOUT_MS: Type.Integer({ default: 900_000, minimum: 1000, maximum: HOUR_MS }),
  /** Unset: `GET /metrics` needs a token with `metrics:read`; true opens it (a private network's scraper). */
  METRICS_PUBLIC: Type.Boolean({ default: false }),
  SHUTDOWN_TIMEOUT_MS: Type.Integer({ default: 15_000, minimum: 0, maximum: HOUR_MS }),
  /** Unset: on, except with NODE_ENV=production (a secret printed there would land in collected logs). */
  DEV_CLIENT_ON_FIRST_START: Type.Optional(Type.Boolean()),
  STATEMENT_TIME_ZONE: Type.String({ default: 'Africa/Lagos', minLength: 1 }),
  STATEMENT_MIN_TRANSACTIONS: Type.Integer({ default: 10, minimum: 1, maximum: 1_000_000 }),
  /** 0: statements are kept until deleted. */
  STATEMENT_RETENTION_DAYS: Type.Integer({ default: 0, minimum: 0, maximum: 36_500 }),
  /** 0: credit reports are kept. */
  CREDIT_REPORT_RETENTION_DAYS: Type.Integer({ default: 0, minimum: 0, maximum: 36_500 }),
  /** 0: liveness results are kept (those of a statement go with it). */
  LIVENESS_RETENTION_DAYS: Type.Integer({ default: 0, minimum: 0, maximum: 36_500 }),
  RETENTION_SWEEP_MS: Type.Integer({ default: HOUR_MS, minimum: 10, maximum: DAY_MS }),
  ANALYSIS_WORKERS: Type.Integer({ default: 2, minimum: 0, maximum: 64 }),
  ANALYSIS_INLINE_BELOW_BYTES: Type.Integer({ default: 32_768, minimum: 0, maximum: GIB }),
  ANALYSIS_TIMEOUT_MS: Type.Integer({ default: 120_000, minimum: 100, maximum: HOUR_MS }),
  CREDIT_BUREAU: Type.Union([Type.Literal('sandbox'), Type.Literal('firstcentral')], { default: 'sandbox' }),
  CREDIT_ENCRYPTION_KEY: Type.Optional(Type.String({ pattern: `^${KEY}$`, expected: KEY_EXPECTED, secret: true })),
  /** Keys replaced by CREDIT_ENCRYPTION_KEY, comma-separated: they still open data until `lendsight keys rotate`. */
  CREDIT_ENCRYPTION_PREVIOUS_KEYS: Type.Optional(
    Type.String({
      pattern: `^${KEY}(,${KEY})*$`,
      expected: `${KEY_EXPECTED}, or several separated by commas`,
      secret: true,
    }),
  ),
  CREDIT_FRESHNESS_DAYS: Type.Integer({ default: 30, minimum: 0, maximum: 365 }),
  CREDIT_PULLS_PER_DAY: Type.Integer({ default: 0, minimum: 0, maximum: 1_000_000 }),
  CREDIT_CALL_TIMEOUT_MS: Type.Integer({ default: 30_000, minimum: 10, maximum: 300_000 }),
  CREDIT_MAX_ATTEMPTS: Type.Integer({ default: 6, minimum: 1, maximum: 50 }),
  CREDIT_BACKOFF_BASE_MS: Type.Integer({ default: 2_000, minimum: 1, maximum: DAY_MS }),
  CREDIT_BACKOFF_MAX_MS: Type.Integer({ default: 300_000, minimum: 1, maximum: DAY_MS }),
  CREDIT_POLL_INTERVAL_MS: Type.Integer({ default: 1_000, minimum: 5, maximum: 600_000 }),
  CREDIT_WORKER_CONCURRENCY: Type.Integer({ default: 4, minimum: 0, maximum: 64 }),
  CREDIT_BREAKER_THRESHOLD: Type.Integer({ default: 5, minimum: 1, maximum: 1000 }),
  CREDIT_BREAKER_COOLDOWN_MS: Type.Integer({ default: 60_000, minimum: 1, maximum: DAY_MS }),
  CREDIT_SANDBOX_DELAY_MS: Type.Integer({ default: 5_000, minimum: 0, maximum: HOUR_MS }),
  FIRSTCENTRAL_BASE_URL: Type.String({
    default: 'https://online.firstcentralcreditbureau.com/firstcentralrestv2',
    ...HTTP_URL,
  }),
  FIRSTCENTRAL_USERNAME: Type.Optional(Type.String({ minLength: 1 })),
  FIRSTCENTRAL_PASSWORD: Type.Optional(Type.String({ minLength: 1, secret: true })),
  FIRSTCENTRAL_TICKET_TTL_MS: Type.Integer({ default: 16_200_000, minimum: 1_000, maximum: DAY_MS }),
  FIRSTCENTRAL_ENQUIRY_REASON: Type.String({ default: 'Application for credit by a borrower', minLength: 1 }),
  WEBHOOK_TIMEOUT_MS: Type.Integer({ default: 10_000, minimum: 100, maximum: 120_000 }),
  WEBHOOK_MAX_ATTEMPTS: Type.Integer({ default: 24, minimum: 1, maximum: 100 }),
  WEBHOOK_BACKOFF_BASE_MS: Type.Integer({ default: 10_000, minimum: 1, maximum: DAY_MS }),
  WEBHOOK_BACKOFF_MAX_MS: Type.Integer({ default: HOUR_MS, minimum: 1, maximum: DAY_MS }),
  WEBHOOK_POLL_INTERVAL_MS: Type.Integer({ default: 1_000, minimum: 10, maximum: 600_000 }),
  /** 0: this instance sends no webhooks (another one does). */
  WEBHOOK_CONCURRENCY: Type.Integer({ default: 4, minimum: 0, maximum: 64 }),
  WEBHOOK_CLIENT_CONCURRENCY: Type.Integer({ default: 1, minimum: 1, maximum: 64 }),
  WEBHOOK_KEEP_DAYS: Type.Integer({ default: 30, minimum: 1, maximum: 36_500 }),
  LIVENESS_WORKERS: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 64, description: 'default: the number of cores' }),
  ),
  LIVENESS_THRESHOLD: Type.Number({ default: 50, minimum: 0, maximum: 100 }),
  LIVENESS_MAX_BYTES: Type.Integer({ default: 10 * 1024 * 1024, minimum: 1024, maximum: GIB }),
  LIVENESS_MAX_PIXELS: Type.Integer({ default: 40_000_000, minimum: 10_000, maximum: 1_000_000_000 }),
  LIVENESS_MAX_SIDE: Type.Integer({ default: 800, minimum: 128, maximum: 4096 }),
  LIVENESS_TIMEOUT_MS: Type.Integer({ default: 30_000, minimum: 100, maximum: HOUR_MS }),
});

export type Env = Static<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  logLevel: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  publicBaseUrl: string | undefined;
  auth: {
    issuer: string;
    /** Accepted in tokens; the first is the default. Never empty. */
    audiences: [string, ...string[]];
    /** An audience not listed is refused at the token endpoint (otherwise its token gets the first). */
    strictAudience: boolean;
    tokenTtlSeconds: number;
    clientCacheMs: number;
    external: { jwksUrl: string; issuer: string; audience: string } | undefined;
  };
  limits: { bodyBytes: number; rateMax: number; rateWindowMs: number; requestTimeoutMs: number };
  shutdownTimeoutMs: number;
  /** `GET /metrics` without a token. */
  metricsPublic: boolean;
  devClientOnFirstStart: boolean;
  cpuCount: number;
  credit: CreditConfig;
  statements: StatementsConfig;
  retention: RetentionConfig;
  analysis: AnalysisConfig;
  liveness: LivenessConfig;
  webhooks: WebhookConfig;
}

export interface WebhookConfig {
  timeoutMs: number;
  maxAttempts: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  pollIntervalMs: number;
  /** Deliveries sent at once; 0 sends none from this instance. */
  concurrency: number;
  /** Deliveries of one client in flight at once, across every instance. */
  clientConcurrency: number;
}

export interface LivenessConfig {
  /** Worker threads, one face-model instance each. */
  workers: number;
  /** `liveness_check` is true when `liveness_probability` (0..100) is above this. */
  threshold: number;
  maxBytes: number;
  /** Most decoded pixels an upload may declare (checked from its header before decoding). */
  maxPixels: number;
  /** Images are resized so their longest side is at most this before detection. */
  maxSide: number;
  timeoutMs: number;
}

export interface AnalysisConfig {
  /** Worker threads for statement analytics; 0 analyses on the event loop. */
  workers: number;
  /** Statement bodies smaller than this are processed on the event loop (a thread's round trip costs more). */
  inlineBelowBytes: number;
  /** An analysis running longer is stopped and the submission refused. */
  timeoutMs: number;
}

export interface StatementsConfig {
  /** IANA zone of accounts whose currency names none; transaction dates are days in it. */
  defaultTimeZone: string;
  /** Fewer transactions than this are refused (the real API's rule is 10). */
  minTransactions: number;
}

/** Days each kind of record is kept; 0 keeps it until deleted. */
export interface RetentionConfig {
  statementDays: number;
  /** Bureau pulls that ended longer ago, with their references and reports. */
  creditReportDays: number;
  livenessDays: number;
  /** Finished webhook deliveries (always pruned). */
  webhookDeliveryDays: number;
  sweepIntervalMs: number;
}

export interface CreditConfig {
  bureau: Env['CREDIT_BUREAU'];
  /** 32 bytes; undefined means a development key generated once and kept in the database. */
  encryptionKey: Buffer | undefined;
  /** Keys the encryption key replaced: they open data sealed before, and never seal. */
  previousKeys: Buffer[];
  freshnessMs: number;
  /** New bureau pulls one client may start in any 24 hours; 0 sets no cap. */
  pullsPerDay: number;
  callTimeoutMs: number;
  maxAttempts: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  pollIntervalMs: number;
  /** Jobs one instance works on at once; 0 runs no worker in this instance (API only). */
  workerConcurrency: number;
  breaker: { threshold: number; cooldownMs: number };
  sandbox: { delayMs: number };
  firstCentral: { baseUrl: string; username: string; password: string; ticketTtlMs: number; enquiryReason: string };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

const checker = Compile(EnvSchema);
const variables = EnvSchema.properties as Record<string, VariableSchema>;

/** The variables set (an empty one is unset), each read as its type; a bad one is a problem. */
function readEnv(source: Record<string, string | undefined>): Env {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, schema] of Object.entries(variables)) {
    const text = source[name];
    if (text === undefined || text === '') continue;
    const value = readValue(text, schema);
    if (value === undefined) problems.push(problem(name, text, schema));
    else values[name] = value;
  }
  const env = Value.Default(EnvSchema, values);
  const outOfRange = new Set(checker.Errors(env).map((e) => e.instancePath.slice(1)));
  for (const name of outOfRange) problems.push(problem(name, source[name] ?? '', variables[name] ?? {}));
  if (problems.length > 0) throw new ConfigError(problems);
  return env as Env;
}

/** Settings that are each valid but not together. */
function crossProblems(env: Env): string[] {
  const problems: string[] = [];
  for (const kind of ['CREDIT', 'WEBHOOK'] as const) {
    if (env[`${kind}_BACKOFF_BASE_MS`] > env[`${kind}_BACKOFF_MAX_MS`]) {
      problems.push(
        `${kind}_BACKOFF_BASE_MS: must be at most ${kind}_BACKOFF_MAX_MS (${env[`${kind}_BACKOFF_MAX_MS`]})`,
      );
    }
  }
  return problems;
}

/** Parses the environment once; a bad value throws a ConfigError naming the variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const env = readEnv(source);
  const mismatched = crossProblems(env);
  if (mismatched.length > 0) throw new ConfigError(mismatched);
  const externalParts = [env.EXTERNAL_JWKS_URL, env.EXTERNAL_ISSUER, env.EXTERNAL_AUDIENCE];
  const externalSet = externalParts.filter((p) => p !== undefined).length;
  if (externalSet !== 0 && externalSet !== 3) {
    throw new ConfigError(['EXTERNAL_JWKS_URL, EXTERNAL_ISSUER and EXTERNAL_AUDIENCE: set all three or none']);
  }
  if (env.CREDIT_BUREAU === 'firstcentral' && !(env.FIRSTCENTRAL_USERNAME && env.FIRSTCENTRAL_PASSWORD)) {
    throw new ConfigError(['CREDIT_BUREAU=firstcentral needs FIRSTCENTRAL_USERNAME and FIRSTCENTRAL_PASSWORD']);
  }
  if (env.CREDIT_REPORT_RETENTION_DAYS > 0 && env.CREDIT_REPORT_RETENTION_DAYS < env.CREDIT_FRESHNESS_DAYS) {
    // A report would be deleted while it could still be reused.
    throw new ConfigError([
      `CREDIT_REPORT_RETENTION_DAYS: must be at least CREDIT_FRESHNESS_DAYS (${env.CREDIT_FRESHNESS_DAYS}), or 0 to keep reports`,
    ]);
  }
  if (env.NODE_ENV === 'production' && !env.CREDIT_ENCRYPTION_KEY) {
    // Without it the key sealing BVNs and reports is generated into the same database it protects.
    throw new ConfigError(['CREDIT_ENCRYPTION_KEY: required when NODE_ENV=production']);
  }
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    logLevel: env.LOG_LEVEL,
    dataDir: resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    // The server entry of the OpenAPI document, and printed before paths: no trailing slash.
    publicBaseUrl: env.PUBLIC_BASE_URL?.replace(/\/+$/, ''),
    auth: {
      issuer: env.TOKEN_ISSUER,
      audiences: env.TOKEN_AUDIENCE.split(',').map((a) => a.trim()) as [string, ...string[]],
      strictAudience: env.TOKEN_AUDIENCE_STRICT,
      tokenTtlSeconds: env.TOKEN_TTL_SECONDS,
      clientCacheMs: env.AUTH_CLIENT_CACHE_MS,
      external:
        env.EXTERNAL_JWKS_URL && env.EXTERNAL_ISSUER && env.EXTERNAL_AUDIENCE
          ? { jwksUrl: env.EXTERNAL_JWKS_URL, issuer: env.EXTERNAL_ISSUER, audience: env.EXTERNAL_AUDIENCE }
          : undefined,
    },
    limits: {
      bodyBytes: env.BODY_LIMIT_BYTES,
      rateMax: env.RATE_LIMIT_MAX,
      rateWindowMs: env.RATE_LIMIT_WINDOW_MS,
      requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    },
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    metricsPublic: env.METRICS_PUBLIC,
    devClientOnFirstStart: env.DEV_CLIENT_ON_FIRST_START ?? env.NODE_ENV !== 'production',
    cpuCount: cpus().length,
    credit: creditConfig(env),
    statements: { defaultTimeZone: timeZone(env.STATEMENT_TIME_ZONE), minTransactions: env.STATEMENT_MIN_TRANSACTIONS },
    retention: {
      statementDays: env.STATEMENT_RETENTION_DAYS,
      creditReportDays: env.CREDIT_REPORT_RETENTION_DAYS,
      livenessDays: env.LIVENESS_RETENTION_DAYS,
      webhookDeliveryDays: env.WEBHOOK_KEEP_DAYS,
      sweepIntervalMs: env.RETENTION_SWEEP_MS,
    },
    analysis: {
      workers: env.ANALYSIS_WORKERS,
      inlineBelowBytes: env.ANALYSIS_INLINE_BELOW_BYTES,
      timeoutMs: env.ANALYSIS_TIMEOUT_MS,
    },
    liveness: {
      workers: env.LIVENESS_WORKERS ?? cpus().length,
      threshold: env.LIVENESS_THRESHOLD,
      maxBytes: env.LIVENESS_MAX_BYTES,
      maxPixels: env.LIVENESS_MAX_PIXELS,
      maxSide: env.LIVENESS_MAX_SIDE,
      timeoutMs: env.LIVENESS_TIMEOUT_MS,
    },
    webhooks: {
      timeoutMs: env.WEBHOOK_TIMEOUT_MS,
      maxAttempts: env.WEBHOOK_MAX_ATTEMPTS,
      backoffBaseMs: env.WEBHOOK_BACKOFF_BASE_MS,
      backoffMaxMs: env.WEBHOOK_BACKOFF_MAX_MS,
      pollIntervalMs: env.WEBHOOK_POLL_INTERVAL_MS,
      concurrency: env.WEBHOOK_CONCURRENCY,
      clientConcurrency: env.WEBHOOK_CLIENT_CONCURRENCY,
    },
  };
}

function creditConfig(env: Env): CreditConfig {
  const key = env.CREDIT_ENCRYPTION_KEY;
  return {
    bureau: env.CREDIT_BUREAU,
    encryptionKey: key ? keyBytes(key) : undefined,
    previousKeys: env.CREDIT_ENCRYPTION_PREVIOUS_KEYS?.split(',').map(keyBytes) ?? [],
    freshnessMs: env.CREDIT_FRESHNESS_DAYS * DAY_MS,
    pullsPerDay: env.CREDIT_PULLS_PER_DAY,
    callTimeoutMs: env.CREDIT_CALL_TIMEOUT_MS,
    maxAttempts: env.CREDIT_MAX_ATTEMPTS,
    backoffBaseMs: env.CREDIT_BACKOFF_BASE_MS,
    backoffMaxMs: env.CREDIT_BACKOFF_MAX_MS,
    pollIntervalMs: env.CREDIT_POLL_INTERVAL_MS,
    workerConcurrency: env.CREDIT_WORKER_CONCURRENCY,
    breaker: { threshold: env.CREDIT_BREAKER_THRESHOLD, cooldownMs: env.CREDIT_BREAKER_COOLDOWN_MS },
    sandbox: { delayMs: env.CREDIT_SANDBOX_DELAY_MS },
    firstCentral: {
      baseUrl: env.FIRSTCENTRAL_BASE_URL.replace(/\/+$/, ''),
      username: env.FIRSTCENTRAL_USERNAME ?? '',
      password: env.FIRSTCENTRAL_PASSWORD ?? '',
      ticketTtlMs: env.FIRSTCENTRAL_TICKET_TTL_MS,
      enquiryReason: env.FIRSTCENTRAL_ENQUIRY_REASON,
    },
  };
}

/** An IANA time zone the runtime knows, or a ConfigError naming the variable. */
function timeZone(zone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    throw new ConfigError([`STATEMENT_TIME_ZONE: not an IANA time zone (got ${JSON.stringify(zone)})`]);
  }
}

/** The variables, their defaults and the values they take, for the README. */
export const configVariables = Object.entries(variables).map(([name, schema]) => ({
  name,
  default: (schema as { default?: unknown }).default,
  expected: expectation(schema),
  maximum: schema.maximum,
}));
