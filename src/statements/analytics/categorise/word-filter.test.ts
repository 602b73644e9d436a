import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WordFilter } from './word-filter.js';

describe('WordFilter', () => {
  const filter = new WordFilter(['NIP', 'TRANSFER', 'FROM', 'TO', 'GTB']);

  it('says yes for every member', () => {
    for (const word of ['NIP', 'TRANSFER', 'FROM', 'TO', 'GTB']) expect(filter.mayHave(word)).toBe(true);
  });

  it('says no for a word whose first two characters or whose length no member shares', () => {
    expect(filter.mayHave('ADAEZE')).toBe(false); // no member starts "AD"
    expect(filter.mayHave('NI')).toBe(false); // "NI", but no member of length 2 does
    expect(filter.mayHave('TRANSFERS')).toBe(false); // "TR", length 9
    expect(filter.mayHave('TOO')).toBe(false); // "TO", length 3
  });

  it('may say yes for a non-member with a member’s first two characters and length', () => {
    expect(filter.mayHave('NIX')).toBe(true);
    expect(filter.mayHave('FROG')).toBe(true);
  });

  it('an empty set says no to everything, the empty word included', () => {
    const empty = new WordFilter([]);
    for (const word of ['', 'A', 'NIP', 'TRANSFER']) expect(empty.mayHave(word)).toBe(false);
  });

  it('one- and zero-character words: a member is found, its neighbours of other lengths are not', () => {
    const short = new WordFilter(['', 'A']);
    expect(short.mayHave('')).toBe(true);
    expect(short.mayHave('A')).toBe(true);
    expect(short.mayHave('AB')).toBe(false);
    expect(new WordFilter(['A']).mayHave('')).toBe(false);
  });

  it('words of 31 characters or more share one length: still never a no for a member', () => {
    const long = 'X'.repeat(40);
    const f = new WordFilter([long]);
    expect(f.mayHave(long)).toBe(true);
    expect(f.mayHave('X'.repeat(31))).toBe(true);
    expect(f.mayHave('X'.repeat(30))).toBe(false);
  });

  it('takes any iterable, a Set included', () => {
    expect(new WordFilter(new Set(['LAGOS'])).mayHave('LAGOS')).toBe(true);
  });

  it('never says no for a member, whatever the words (any characters, any length)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme', maxLength: 40 })), (words) => {
        const f = new WordFilter(words);
        for (const word of words) expect(f.mayHave(word)).toBe(true);
      }),
    );
  });

  it('says no whenever no member has the word’s length (below 31) and low bits of its first two characters', () => {
    const slot = (w: string) => `${w.charCodeAt(0) & 63}:${w.charCodeAt(1) & 63}:${Math.min(w.length, 31)}`;
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 8 })), fc.string({ maxLength: 8 }), (words, probe) => {
        const f = new WordFilter(words);
        const seen = new Set(words.map(slot));
        if (!seen.has(slot(probe))) expect(f.mayHave(probe)).toBe(false);
      }),
    );
  });
});
