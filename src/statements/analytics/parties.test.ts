import { describe, expect, it } from 'vitest';
import { contextOf } from '../../../test/helpers/context-of.js';
import { PartyTally } from './parties.js';
import { streamsIndex } from './streams-index.js';

// Debit parties of the index, in order of first row: JOHN DOE (0), DStv (1).
const index = streamsIndex(
  contextOf([
    ['2023-01-05', 'C', 100_000, 'NIP CR/KEMI ALABI/GTB'],
    ['2023-01-06', 'D', 30_000, 'NIBSS Instant Payment Outward TO UBA/JOHN DOE'],
    ['2023-01-09', 'D', 9_900, 'WEB PMT QUICKTELLER DSTV SUBSCRIPTION'],
  ]),
);

describe('PartyTally', () => {
  it('counts the index’s parties by number, and names by name, the same party alike', () => {
    const t = new PartyTally(index, false);
    expect(t.addParty(1)).toBe(1);
    expect(t.addName('JOHN DOE')).toBe(0);
    expect(t.addName('SOMEONE ELSE')).toBe(2);
    expect(t.addParty(0)).toBe(0);
    expect(t.addName('SOMEONE ELSE')).toBe(2);
    expect([0, 1, 2].map((p) => t.countOf(p))).toEqual([2, 1, 2]);
    expect([0, 1, 2].map((p) => t.nameOf(p))).toEqual(['JOHN DOE', 'DStv', 'SOMEONE ELSE']);
  });

  it('the most counted party wins; on a tie, the one counted first', () => {
    const t = new PartyTally(index, false);
    t.addName('SOMEONE ELSE');
    t.addParty(1);
    t.addParty(1);
    t.addName('SOMEONE ELSE');
    expect(t.top()).toBe(2);
    t.addParty(0);
    t.addParty(0);
    t.addParty(0);
    expect(t.top()).toBe(0);
  });

  it('a party the index knows in the other direction only is counted by name', () => {
    const t = new PartyTally(index, true);
    expect(t.nameOf(0)).toBe('KEMI ALABI');
    expect(t.addName('JOHN DOE')).toBe(1);
    expect(t.nameOf(1)).toBe('JOHN DOE');
  });

  it('nothing counted: no top party', () => {
    expect(new PartyTally(index, false).top()).toBe(-1);
  });
});
