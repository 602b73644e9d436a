import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasDigit, type NarrationWords, readWords, spelt, token } from './read-words.js';
import { tokenise } from './tokenise.js';
import { wordNumber } from './words.js';

const tokensOf = (words: NarrationWords) => Array.from({ length: words.count }, (_, i) => token(words, i));

describe('readWords', () => {
  it('reads the words tokenise gives, upper-cased, with their numbers', () => {
    const words = readWords('NIP Cr/grace ADEWALE/Access/REF:0001199');
    expect(tokensOf(words)).toEqual(['NIP', 'CR', 'GRACE', 'ADEWALE', 'ACCESS', 'REF', '0001199']);
    expect(Array.from(words.number.subarray(0, words.count))).toEqual(tokensOf(words).map(wordNumber));
    expect(Array.from({ length: words.count }, (_, i) => hasDigit(words, i))).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
  });

  it('leaves USSD codes and text outside ASCII to tokenise', () => {
    expect(tokensOf(readWords('gtb *737* trf'))).toEqual(['GTB', 'USSD', 'TRF']);
    // Upper-casing turns the dotless ı into I and ß into SS; é is no letter to tokenise.
    expect(tokensOf(readWords('transfer to bıodun straße josé'))).toEqual([
      'TRANSFER',
      'TO',
      'BIODUN',
      'STRASSE',
      'JOS',
    ]);
  });

  it('notes the first FROM or FRM and the first TO after it', () => {
    const at = (narration: string) => {
      const words = readWords(narration);
      return [words.from, words.to];
    };
    expect(at('NIP FROM ACME LTD TO ADA OBI')).toEqual([1, 4]);
    expect(at('TRF TO ADA FRM OKON')).toEqual([3, -1]);
    expect(at('TRF FRM A TO B TO C')).toEqual([1, 3]);
    expect(at('TRANSFER TO ADA OBI')).toEqual([-1, 1]);
    expect(at('POS PURCHASE SHOPRITE')).toEqual([-1, -1]);
  });

  it('an empty or all-separator narration has no words', () => {
    expect(readWords('').count).toBe(0);
    expect(readWords(' /-- .').count).toBe(0);
  });

  it('tells whether a word, upper-cased, is spelt so', () => {
    const words = readWords('to Adaeze NWANKWO');
    expect([spelt(words, 1, 'ADAEZE'), spelt(words, 2, 'NWANKWO')]).toEqual([true, true]);
    expect([spelt(words, 1, 'ADAEZ'), spelt(words, 1, 'Adaeze'), spelt(words, 2, 'NWANKWA')]).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('always reads the tokens tokenise gives, the word numbers of them and their digits', () => {
    const text = fc.string({
      unit: fc.constantFrom(...'aZ09 /*#-.:|ıßéİ'.split(''), 'NIP', 'to', 'FROM', 'Sportybet', '*737*'),
      maxLength: 30,
    });
    fc.assert(
      fc.property(text, (narration) => {
        const words = readWords(narration);
        const tokens = tokenise(narration);
        expect(tokensOf(words)).toEqual(tokens);
        expect(Array.from(words.number.subarray(0, words.count))).toEqual(tokens.map(wordNumber));
        for (let i = 0; i < words.count; i++) expect(hasDigit(words, i)).toBe(/\d/.test(tokens[i] as string));
      }),
    );
  });
});
