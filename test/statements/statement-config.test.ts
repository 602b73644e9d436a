import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('statement configuration', () => {
  it('defaults to Lagos days and the real API minimum of 10 transactions', () => {
    expect(loadConfig({}).statements).toEqual({ defaultTimeZone: 'Africa/Lagos', minTransactions: 10 });
  });

  it('refuses a time zone the runtime does not know', () => {
    expect(() => loadConfig({ STATEMENT_TIME_ZONE: 'Mars/Olympus_Mons' })).toThrow(ConfigError);
    expect(loadConfig({ STATEMENT_TIME_ZONE: 'Africa/Accra' }).statements.defaultTimeZone).toBe('Africa/Accra');
  });
});
