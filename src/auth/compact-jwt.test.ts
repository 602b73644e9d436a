import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCanonicalBase64url, isCanonicalCompactJwt } from './compact-jwt.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('isCanonicalBase64url', () => {
  it('takes what an encoder writes and no other spelling of the same bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 70 }), (bytes) => {
        const text = Buffer.from(bytes).toString('base64url');
        expect(isCanonicalBase64url(text)).toBe(true);
        if (text.length === 0) return;
        const head = text.slice(0, -1);
        // Every last character that decodes to the same bytes, but the encoder's own, is refused.
        for (const c of ALPHABET) {
          const other = head + c;
          if (c === text.at(-1) || !Buffer.from(other, 'base64url').equals(Buffer.from(bytes))) continue;
          expect(isCanonicalBase64url(other), other).toBe(false);
        }
      }),
    );
  });

  it('refuses padding, the standard alphabet, other characters and a lone last character', () => {
    for (const text of ['YQ==', 'a+b/', 'ab c', 'abcde', 'ab.c']) expect(isCanonicalBase64url(text), text).toBe(false);
  });

  it('a compact JWT has three canonical segments', () => {
    expect(isCanonicalCompactJwt('eyJhbGciOiJFZERTQSJ9.e30.AA')).toBe(true);
    expect(isCanonicalCompactJwt('eyJhbGciOiJFZERTQSJ9.e30.AB')).toBe(false);
    expect(isCanonicalCompactJwt('eyJhbGciOiJFZERTQSJ9.e31.AA')).toBe(false);
    expect(isCanonicalCompactJwt('eyJhbGciOiJFZERTQSJ9.e30')).toBe(false);
  });
});
