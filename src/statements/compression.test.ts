import { describe, expect, it } from 'vitest';
import { compressJson, decompressJson } from './compression.js';

describe('compressed JSON', () => {
  it('gives back the text, whatever its characters', () => {
    for (const text of ['', '{}', '"café"', '{"n":"₦50 — “top-up” 😀"}']) {
      expect(decompressJson(compressJson(text))).toBe(text);
    }
  });

  it('gives back each text when a short one follows a long one (the bytes buffer is reused)', () => {
    const long = JSON.stringify({ rows: Array.from({ length: 5000 }, (_, i) => `row ${i} ₦${i}`) });
    const short = '{"a":1}';
    const stored = [compressJson(long), compressJson(short)];
    expect(stored.map(decompressJson)).toEqual([long, short]);
  });

  it('gives back texts larger than the reused buffer', () => {
    const huge = JSON.stringify('x'.repeat((1 << 20) + 10));
    expect(decompressJson(compressJson(huge))).toBe(huge);
    expect(decompressJson(compressJson(huge, '\n', 'tail ₦'))).toBe(`${huge}\ntail ₦`);
  });

  it('gives back parts as the one text they make, characters of every width included', () => {
    const parts = ['{"n":"₦50"}', '\n', '', 'café 😀\nline two', '“top-up”'];
    expect(decompressJson(compressJson(...parts))).toBe(parts.join(''));
    expect(decompressJson(compressJson())).toBe('');
  });
});
