import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createReportCipher } from './report-cipher.js';

describe('report cipher', () => {
  const key = randomBytes(32);
  const cipher = createReportCipher(key, 'config');

  it('round-trips and never shows the plain text', () => {
    const sealed = cipher.seal('{"bvn":"22200000002"}', 'job:1');
    expect(sealed).not.toContain('22200000002');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(cipher.open(sealed, 'job:1')).toBe('{"bvn":"22200000002"}');
    expect(cipher.seal('same', 'a')).not.toBe(cipher.seal('same', 'a'));
  });

  it('refuses a ciphertext moved to another row, a tampered one, or one under an unknown key', () => {
    const sealed = cipher.seal('secret', 'job:1');
    expect(() => cipher.open(sealed, 'job:2')).toThrow();
    const parts = sealed.split('.');
    parts[4] = Buffer.from('tampered').toString('base64url');
    expect(() => cipher.open(parts.join('.'), 'job:1')).toThrow();
    expect(() => createReportCipher(randomBytes(32), 'config').open(sealed, 'job:1')).toThrow();
  });

  it('opens data sealed under an older key it was given', () => {
    const old = randomBytes(32);
    const sealed = createReportCipher(old, 'development').seal('x', 'a');
    expect(createReportCipher(key, 'config', [old]).open(sealed, 'a')).toBe('x');
  });

  it('hashes BVNs deterministically under the key, not as a bare digest', () => {
    expect(cipher.subjectHash('22200000002')).toBe(cipher.subjectHash('22200000002'));
    expect(cipher.subjectHash('22200000002')).not.toBe(cipher.subjectHash('22200000003'));
    expect(createReportCipher(randomBytes(32), 'config').subjectHash('22200000002')).not.toBe(
      cipher.subjectHash('22200000002'),
    );
  });
});
