import { describe, expect, it } from 'vitest';
import { hasHolderWord, holderTokens } from './holder.js';
import { readWords } from './read-words.js';

describe('hasHolderWord', () => {
  const holder = holderTokens('Mr Adebayo Sani Eze');

  it('finds a word of the holder in the side, in any case', () => {
    const words = readWords('NIP CR/grace eze/GTB/REF:0001');
    expect(hasHolderWord(words, { start: 0, end: words.count }, holder)).toBe(true);
  });

  it('reads only the side: the holder named outside it is not found', () => {
    const words = readWords('ADEBAYO EZE TO UCHE OKORO');
    expect(hasHolderWord(words, { start: 3, end: words.count }, holder)).toBe(false);
    expect(hasHolderWord(words, { start: 0, end: 2 }, holder)).toBe(true);
  });

  it('does not take a word of a holder word length, or a title, for the holder', () => {
    // SANE and EZEKIEL: near the holder's words, none of them; MR is dropped from the name.
    const words = readWords('TRF TO SANE EZEKIEL MR');
    expect(hasHolderWord(words, { start: 0, end: words.count }, holder)).toBe(false);
    expect(hasHolderWord(words, { start: 0, end: words.count }, [])).toBe(false);
  });

  it('compares a holder word longer than 31 characters in full', () => {
    const long = 'A'.repeat(40);
    const words = readWords(`TO ${long} ${'A'.repeat(35)}`);
    expect(hasHolderWord(words, { start: 1, end: 3 }, [long])).toBe(true);
    expect(hasHolderWord(words, { start: 2, end: 3 }, [long])).toBe(false);
  });
});
