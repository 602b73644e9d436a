import { describe, expect, it } from 'vitest';
import { ConfigError, configVariables, loadConfig } from './config.js';

const KEY = 'a'.repeat(64);

describe('production configuration', () => {
  it('refuses to start without CREDIT_ENCRYPTION_KEY, naming it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/CREDIT_ENCRYPTION_KEY: required/);
    expect(loadConfig({ NODE_ENV: 'production', CREDIT_ENCRYPTION_KEY: KEY }).credit.encryptionKey).toEqual(
      Buffer.alloc(32, 0xaa),
    );
  });

  it('creates no development client unless asked to; elsewhere it does unless told not to', () => {
    expect(loadConfig({ NODE_ENV: 'production', CREDIT_ENCRYPTION_KEY: KEY }).devClientOnFirstStart).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', CREDIT_ENCRYPTION_KEY: KEY, DEV_CLIENT_ON_FIRST_START: 'true' })
        .devClientOnFirstStart,
    ).toBe(true);
    expect(loadConfig({}).devClientOnFirstStart).toBe(true);
    expect(loadConfig({ DEV_CLIENT_ON_FIRST_START: 'false' }).devClientOnFirstStart).toBe(false);
  });
});

describe('previous encryption keys', () => {
  it('reads a comma-separated list of hex and base64 keys, and names the variable when one is malformed', () => {
    const base64 = Buffer.alloc(32, 0xbb).toString('base64');
    expect(loadConfig({ CREDIT_ENCRYPTION_PREVIOUS_KEYS: `${KEY},${base64}` }).credit.previousKeys).toEqual([
      Buffer.alloc(32, 0xaa),
      Buffer.alloc(32, 0xbb),
    ]);
    expect(loadConfig({}).credit.previousKeys).toEqual([]);
    expect(() => loadConfig({ CREDIT_ENCRYPTION_PREVIOUS_KEYS: `${KEY},short` })).toThrow(
      /CREDIT_ENCRYPTION_PREVIOUS_KEYS/,
    );
  });
});

describe('TOKEN_AUDIENCE', () => {
  it('is one audience or several separated by commas, the first the default; an empty one is refused', () => {
    expect(loadConfig({}).auth.audiences).toEqual(['lendsight-api']);
    expect(
      loadConfig({ TOKEN_AUDIENCE: 'lendsight-api, https://api.lender.example ,insights' }).auth.audiences,
    ).toEqual(['lendsight-api', 'https://api.lender.example', 'insights']);
    for (const text of ['a,,b', 'a,', ',a', 'a, ,b']) {
      expect(problemOf({ TOKEN_AUDIENCE: text })).toBe(
        `TOKEN_AUDIENCE: must be an audience, or several separated by commas (got "${text}")`,
      );
    }
  });

  it('accepts an audience it does not list unless TOKEN_AUDIENCE_STRICT is true', () => {
    expect(loadConfig({}).auth.strictAudience).toBe(false);
    expect(loadConfig({ TOKEN_AUDIENCE_STRICT: 'true' }).auth.strictAudience).toBe(true);
  });
});

describe('retention', () => {
  it('keeps everything by default, and a credit report at least as long as it can be reused', () => {
    expect(loadConfig({}).retention).toEqual({
      statementDays: 0,
      creditReportDays: 0,
      livenessDays: 0,
      webhookDeliveryDays: 30,
      sweepIntervalMs: 3_600_000,
    });
    expect(() => loadConfig({ CREDIT_REPORT_RETENTION_DAYS: '29' })).toThrow(
      /CREDIT_REPORT_RETENTION_DAYS: must be at least CREDIT_FRESHNESS_DAYS \(30\)/,
    );
    expect(
      loadConfig({ CREDIT_REPORT_RETENTION_DAYS: '29', CREDIT_FRESHNESS_DAYS: '7' }).retention.creditReportDays,
    ).toBe(29);
  });
});

/** The one problem a configuration has, as printed. */
const problemOf = (env: Record<string, string>): string => {
  try {
    loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) return e.problems.join('\n');
    throw e;
  }
  return 'accepted';
};

describe('numbers', () => {
  it('are decimal digits: text JavaScript also reads as a number stops the start, naming the variable', () => {
    for (const text of ['true', 'false', '1.5', '0x10', '1e3', ' 5', '-1', '+5']) {
      expect(problemOf({ PORT: text })).toBe(`PORT: must be a whole number from 0 to 65535 (got "${text}")`);
    }
    expect(problemOf({ STATEMENT_RETENTION_DAYS: 'true' })).toBe(
      'STATEMENT_RETENTION_DAYS: must be a whole number from 0 to 36500 (got "true")',
    );
    expect(problemOf({ TOKEN_TTL_SECONDS: '3600.9' })).toMatch(/^TOKEN_TTL_SECONDS: must be a whole number/);
    expect(problemOf({ SHUTDOWN_TIMEOUT_MS: 'false' })).toMatch(/^SHUTDOWN_TIMEOUT_MS: must be a whole number/);
    expect(problemOf({ ANALYSIS_WORKERS: 'true' })).toMatch(/^ANALYSIS_WORKERS: must be a whole number/);
    expect(loadConfig({ PORT: '8080', STATEMENT_RETENTION_DAYS: '7' })).toMatchObject({
      port: 8080,
      retention: { statementDays: 7 },
    });
  });

  it('have a maximum: RATE_LIMIT_MAX=1e21 written out in digits is refused too', () => {
    expect(problemOf({ RATE_LIMIT_MAX: '1000000000000000000000' })).toBe(
      'RATE_LIMIT_MAX: must be a whole number from 1 to 1000000000 (got "1000000000000000000000")',
    );
  });

  it('a fraction is read only where the setting is one (LIVENESS_THRESHOLD); days are whole days', () => {
    expect(loadConfig({ LIVENESS_THRESHOLD: '62.5' }).liveness.threshold).toBe(62.5);
    expect(problemOf({ LIVENESS_THRESHOLD: '1e1' })).toBe(
      'LIVENESS_THRESHOLD: must be a number from 0 to 100 (got "1e1")',
    );
    expect(problemOf({ CREDIT_FRESHNESS_DAYS: '0.5' })).toBe(
      'CREDIT_FRESHNESS_DAYS: must be a whole number from 0 to 365 (got "0.5")',
    );
    expect(loadConfig({ CREDIT_FRESHNESS_DAYS: '2' }).credit.freshnessMs).toBe(172_800_000);
  });

  it('every millisecond setting stays below the longest timer Node keeps (2^31-1 ms fires after 1 ms)', () => {
    const milliseconds = configVariables.filter((v) => v.name.endsWith('_MS'));
    expect(milliseconds.length).toBe(18);
    for (const v of milliseconds) expect(v.maximum, v.name).toBeLessThanOrEqual(86_400_000);
    expect(problemOf({ RETENTION_SWEEP_MS: '3000000000' })).toBe(
      'RETENTION_SWEEP_MS: must be a whole number from 10 to 86400000 (got "3000000000")',
    );
  });

  it('a first retry delay longer than the longest one is refused', () => {
    expect(problemOf({ CREDIT_BACKOFF_BASE_MS: '400000' })).toBe(
      'CREDIT_BACKOFF_BASE_MS: must be at most CREDIT_BACKOFF_MAX_MS (300000)',
    );
    expect(problemOf({ WEBHOOK_BACKOFF_BASE_MS: '60000', WEBHOOK_BACKOFF_MAX_MS: '30000' })).toBe(
      'WEBHOOK_BACKOFF_BASE_MS: must be at most WEBHOOK_BACKOFF_MAX_MS (30000)',
    );
    expect(loadConfig({ CREDIT_BACKOFF_BASE_MS: '300000' }).credit.backoffBaseMs).toBe(300_000);
  });
});

describe('booleans and choices', () => {
  it('a boolean is exactly true or false', () => {
    for (const text of ['0', '1', 'FALSE', 'True', 'yes']) {
      expect(problemOf({ DEV_CLIENT_ON_FIRST_START: text })).toBe(
        `DEV_CLIENT_ON_FIRST_START: must be true or false (got "${text}")`,
      );
    }
  });

  it('a choice says its allowed values once', () => {
    expect(problemOf({ LOG_LEVEL: 'INFO' })).toBe(
      'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent (got "INFO")',
    );
  });
});

describe('secrets in problems', () => {
  it('the value of a key or password is never printed, nor the pattern it failed', () => {
    const nearlyKey = 'a'.repeat(63);
    expect(problemOf({ CREDIT_ENCRYPTION_KEY: nearlyKey })).toBe(
      'CREDIT_ENCRYPTION_KEY: must be a 32-byte key: 64 hex digits or base64',
    );
    expect(problemOf({ CREDIT_ENCRYPTION_PREVIOUS_KEYS: `${KEY},${nearlyKey}` })).toBe(
      'CREDIT_ENCRYPTION_PREVIOUS_KEYS: must be a 32-byte key: 64 hex digits or base64, or several separated by commas',
    );
    expect(
      problemOf({
        CREDIT_BUREAU: 'firstcentral',
        FIRSTCENTRAL_USERNAME: 'u',
        FIRSTCENTRAL_PASSWORD: 'hunter2',
        LOG_LEVEL: 'x',
      }),
    ).not.toContain('hunter2');
  });

  it("a URL's password is masked, and DATABASE_URL is never printed: a password may sit in it in any form", () => {
    expect(problemOf({ FIRSTCENTRAL_BASE_URL: 'https://app:s3cret@bad host/x' })).toBe(
      'FIRSTCENTRAL_BASE_URL: must be an absolute http(s) URL (got "https://app:***@bad host/x")',
    );
    expect(problemOf({ DATABASE_URL: 'postgres://app:s3cret@[bad/db' })).toBe(
      'DATABASE_URL: must be a postgres:// URL',
    );
    expect(problemOf({ DATABASE_URL: 'host=db user=app password=hunter2' })).toBe(
      'DATABASE_URL: must be a postgres:// URL',
    );
  });
});

describe('URLs and hosts', () => {
  it('a URL is parsed at start, naming the variable', () => {
    for (const [name, text] of [
      ['FIRSTCENTRAL_BASE_URL', 'https://bad host/x'],
      ['FIRSTCENTRAL_BASE_URL', 'http://'],
      ['PUBLIC_BASE_URL', 'https://a b'],
      ['EXTERNAL_JWKS_URL', 'ftp://idp.example/jwks'],
    ] as const) {
      expect(problemOf({ [name]: text })).toBe(`${name}: must be an absolute http(s) URL (got "${text}")`);
    }
    expect(problemOf({ DATABASE_URL: 'mysql://db/x' })).toBe('DATABASE_URL: must be a postgres:// URL');
    expect(loadConfig({ DATABASE_URL: 'postgresql://u:p@db:5432/x' }).databaseUrl).toBe('postgresql://u:p@db:5432/x');
  });

  it('PUBLIC_BASE_URL loses a trailing slash (paths are joined to it)', () => {
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://lend.example.ng/api/' }).publicBaseUrl).toBe(
      'https://lend.example.ng/api',
    );
    expect(loadConfig({}).publicBaseUrl).toBeUndefined();
  });

  it('HOST is an IP address or a host name', () => {
    expect(problemOf({ HOST: 'not a host!' })).toBe('HOST: must be an IP address or a host name (got "not a host!")');
    for (const host of ['::', '127.0.0.1', 'localhost', 'api.internal.example'])
      expect(loadConfig({ HOST: host }).host).toBe(host);
  });
});
