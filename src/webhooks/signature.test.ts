import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signWebhook, verifyWebhook } from './signature.js';

describe('webhook signatures', () => {
  it('are sha512= and the hex HMAC-SHA512 of the body under the secret (a pinned vector a receiver can check against)', () => {
    expect(signWebhook('whsec_test', '{"event":"statement.processed"}')).toBe(
      'sha512=3d165435f4fa667ad8a10430280bde9132a9aaf46b2e177cb9ca04bad83641ee03b63735c4c0205591f1b9ccb44b32a815b79ec5758e8da7ab8928afbface583',
    );
  });

  it('verify only the exact body under the same secret', () => {
    const body = '{"id":"1"}';
    const header = signWebhook('whsec_a', body);
    expect(verifyWebhook('whsec_a', body, header)).toBe(true);
    expect(verifyWebhook('whsec_b', body, header)).toBe(false);
    expect(verifyWebhook('whsec_a', '{"id":"2"}', header)).toBe(false);
    expect(verifyWebhook('whsec_a', body, header.slice(0, -1))).toBe(false);
    expect(verifyWebhook('whsec_a', body, undefined)).toBe(false);
  });

  it('secrets are new each time: 32 random bytes behind a prefix', () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newWebhookSecret()).not.toBe(a);
  });
});
