import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markNotUtf8, NAME_NOT_UTF8, NOT_UTF8, notUtf8Fields } from './not-utf8.js';

const fields = (value: unknown, marker: string) => {
  const found: Array<[string, string]> = [];
  notUtf8Fields(value, marker, (path, message) => found.push([path, message]));
  return found;
};

/** Text of any code points with stray bytes between (lone leads, continuations, cut sequences). */
const bodies = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'binary', maxLength: 8 }).map((t) => Buffer.from(t)),
      fc.uint8Array({ maxLength: 4 }),
    ),
    {
      maxLength: 12,
    },
  )
  .map((parts) => Buffer.concat(parts));

describe('markNotUtf8', () => {
  it('leaves UTF-8 alone, U+FFFD included', () => {
    expect(markNotUtf8(Buffer.from('{"a":"naïra ₦ \ufffd 𝄞"}'))).toBeUndefined();
  });

  it('marks each ill-formed sequence exactly where decoding puts U+FFFD (property)', () => {
    fc.assert(
      fc.property(bodies, (bytes) => {
        const marked = markNotUtf8(bytes);
        const decoded = Buffer.from(bytes).toString();
        if (marked === undefined) {
          expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).not.toThrow();
          return;
        }
        const { marker } = marked;
        if (marker === undefined) throw new Error('a 64-byte body holds every mark');
        expect(Buffer.from(decoded).includes(Buffer.from(marker))).toBe(false);
        expect(marked.bytes.toString().replaceAll(marker, '\ufffd')).toBe(decoded);
      }),
      { numRuns: 2000 },
    );
  });

  it('takes a mark the body holds neither as UTF-8 nor as an escape', () => {
    const body = Buffer.concat([
      Buffer.from('["\ufdd0","\\ufdd1","\\uFDD2","'),
      Buffer.from([0xff]),
      Buffer.from('"]'),
    ]);
    const marked = markNotUtf8(body);
    expect(marked?.marker).toBe('\ufdd3');
  });
});

describe('notUtf8Fields', () => {
  it('names each string and member name holding the mark, in the order of the body', () => {
    const m = '\ufdd0';
    const value = { a: [`x${m}`, 'ok', { [`k${m}`]: `v${m}` }], b: 'fine', [`c${m}`]: 1, 'd/e': `${m}` };
    expect(fields(value, m)).toEqual([
      ['/a/0', NOT_UTF8],
      ['/a/2/k\ufffd', NAME_NOT_UTF8],
      ['/a/2/k\ufffd', NOT_UTF8],
      ['/c\ufffd', NAME_NOT_UTF8],
      ['/d~1e', NOT_UTF8],
    ]);
  });
});
