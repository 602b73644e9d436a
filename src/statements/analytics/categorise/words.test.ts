import { describe, expect, it } from 'vitest';
import { readWords } from './read-words.js';
import { numberWord, UNKNOWN, WordList, wordNumber } from './words.js';

describe('word numbers', () => {
  it('gives a word one number for good, distinct words distinct numbers, never UNKNOWN', () => {
    const a = numberWord('WORDSTEST ALPHA');
    const b = numberWord('WORDSTEST BETA');
    expect(a).not.toBe(b);
    expect([a, b]).not.toContain(UNKNOWN);
    expect(numberWord('WORDSTEST ALPHA')).toBe(a);
    expect(wordNumber('WORDSTEST BETA')).toBe(b);
  });

  it('looking a word up does not number it', () => {
    expect(wordNumber('WORDSTESTNEVERNUMBERED')).toBe(UNKNOWN);
    expect(wordNumber('WORDSTESTNEVERNUMBERED')).toBe(UNKNOWN);
  });

  it('keeps every number as the table grows, and finds each word in a narration by it', () => {
    const words = Array.from({ length: 6000 }, (_, i) => `WT${i.toString(36).toUpperCase()}X`);
    const numbers = words.map(numberWord);
    expect(new Set(numbers).size).toBe(words.length);
    expect(words.map(wordNumber)).toEqual(numbers);
    const read = readWords(`nip/${words[17]?.toLowerCase()} to ${words[5999]} ZZWTNOTAWORD`);
    expect(Array.from(read.number.subarray(0, read.count))).toEqual([
      wordNumber('NIP'),
      numbers[17],
      wordNumber('TO'),
      numbers[5999],
      UNKNOWN,
    ]);
  });
});

describe('reading words along the trie', () => {
  it('tells a word from the words it begins and the words beginning it, in any case, digits too', () => {
    const short = numberWord('WTRIE');
    const long = numberWord('WTRIEPREFIX');
    const digits = numberWord('9WTRIE7');
    const read = readWords('wtrie WTRIEPREFIX WtriePrefi wtrieprefixes 9wtrie7 9WTRIE');
    expect(Array.from(read.number.subarray(0, read.count))).toEqual([short, long, UNKNOWN, UNKNOWN, digits, UNKNOWN]);
  });

  it('never reads a numbered word that has characters a narration word cannot have', () => {
    const spaced = numberWord('WTRIE SPACED');
    const lower = numberWord('wtrielower');
    expect([spaced, lower]).not.toContain(UNKNOWN);
    const read = readWords('WTRIE SPACED wtrielower');
    expect(Array.from(read.number.subarray(0, read.count))).toEqual([numberWord('WTRIE'), UNKNOWN, UNKNOWN]);
  });
});

describe('WordList', () => {
  it('says yes for its words and no for others, numbered before or after it', () => {
    const before = numberWord('WLTEST BEFORE');
    const list = new WordList(['WLTEST ONE', 'WLTEST TWO']);
    const after = numberWord('WLTEST AFTER');
    expect(list.has(numberWord('WLTEST ONE'))).toBe(true);
    expect(list.has(numberWord('WLTEST TWO'))).toBe(true);
    expect([before, after, UNKNOWN].map((n) => list.has(n))).toEqual([false, false, false]);
  });
});
