import { describe, expect, it } from 'vitest';
import { holderTokens } from './analytics/categorise/holder.js';
import { matchNames, tokens } from './name-match.js';

describe('matchNames', () => {
  it.each([
    ['Funke Ojo', 'FUNKE OJO', 1, true],
    ['Ngozi Okafor', 'OKAFOR NGOZI', 1, true], // surname first
    ['Okafor Ngozi', 'Mrs. Ngozi Adaeze Okafor', 0.8, true], // title dropped, middle name extra
    ['J. Doe', 'John Doe', 0.9, true], // an initial
    ['Oluwatobiloba Ololade', 'Oluwatobilob Ololade', 0.99, true], // a typo
    ['Emeka Nwosu', 'FUNKE ADUNNI OJO', 0, false],
    ['John', 'John Doe', 0.667, false],
  ])('%s vs %s scores %d', (given, holder, score, passed) => {
    const m = matchNames(given, holder);
    expect(m?.score).toBeCloseTo(score, 2);
    expect(m?.passed).toBe(passed);
  });

  it('has nothing to compare without both names', () => {
    expect(matchNames(undefined, 'John Doe')).toBeNull();
    expect(matchNames('John Doe', '')).toBeNull();
    expect(matchNames('Mr.', 'John Doe')).toBeNull();
  });

  it('reads only the first 255 characters of a name: a provider may send anything as one', () => {
    // 8 + 300 + 7 characters: OKAFOR starts at 309, past the bound; the X run is cut to 247.
    const long = `ADEBAYO ${'X'.repeat(300)} OKAFOR`;
    expect(tokens(long)).toEqual(['adebayo', 'x'.repeat(247)]);
    expect(holderTokens(long)).toEqual(['ADEBAYO', 'X'.repeat(247)]);
    expect(matchNames(long, long)?.score).toBe(1);
  });
});
