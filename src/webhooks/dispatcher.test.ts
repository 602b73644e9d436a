import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './dispatcher.js';

describe('Retry-After', () => {
  const now = Date.parse('2026-11-26T10:00:00Z');
  it('reads delay-seconds and HTTP dates; anything else is no delay', () => {
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs(' 5 ', now)).toBe(5_000);
    expect(retryAfterMs('Thu, 26 Nov 2026 10:01:30 GMT', now)).toBe(90_000);
    expect(retryAfterMs('Thu, 26 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBe(0);
    expect(retryAfterMs('-5', now)).toBe(0);
  });
});
