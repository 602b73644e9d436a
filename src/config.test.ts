import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

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
