import { describe, expect, it } from 'vitest';
import type { Direction } from '../../../domain/statement.js';
import { shapeNumbers } from './shape.js';

type Row = { narration: string; direction: Direction };

const debits = (...narrations: string[]): Row[] => narrations.map((narration) => ({ narration, direction: 'debit' }));

/**
 * A narration's shape spelled out, from its characters: the direction, the non-digits, short
 * digit runs by value and long ones (five or more digits, or four not after a `*`) as one marker.
 */
function shapeKey({ narration, direction }: Row): string {
  const tokens: (string | number)[] = [direction];
  let i = 0;
  for (const [run] of narration.matchAll(/\d+|\D/g)) {
    if (/\d/.test(run)) {
      const long = run.length > 4 || (run.length === 4 && narration[i - 1] !== '*');
      tokens.push(long ? -1 : Number(`1${run}`));
    } else {
      tokens.push(run);
    }
    i += run.length;
  }
  return JSON.stringify(tokens);
}

/** Each row's number by `shapeKey`: 0, 1, 2, ... in the order keys first come. */
function expectedNumbers(rows: Row[]): number[] {
  const seen = new Map<string, number>();
  return rows.map((r) => {
    const key = shapeKey(r);
    if (!seen.has(key)) seen.set(key, seen.size);
    return seen.get(key) as number;
  });
}

describe('shapeNumbers', () => {
  it('numbers shapes in the order they first come, long digit runs as one marker', () => {
    const rows: Row[] = [
      { narration: 'NIP CR/ADA/REF:0000123456', direction: 'credit' },
      { narration: 'NIP CR/ADA/REF:9999', direction: 'credit' },
      { narration: 'NIP CR/ADA/REF:0000123456', direction: 'debit' },
      { narration: 'NIP CR/ADA/REF:999', direction: 'credit' },
      { narration: 'NIP CR/ADA/REF:998', direction: 'credit' },
      ...debits('TRANSFER *1234# JOHN', 'TRANSFER *12345# JOHN', 'TRANSFER *1234# JOHN', '', 'A', 'AB', '1'),
    ];
    expect([...shapeNumbers(rows)]).toEqual([0, 0, 1, 2, 3, 4, 5, 4, 6, 7, 8, 9]);
  });

  it('reads a `*` before four digits in the narration only, not the one before it', () => {
    // Written one after another: `1234` follows the first narration's `*`, yet starts its own.
    expect([...shapeNumbers(debits('PAY *', '1234 X', '9999 X', 'PAY *1234 X', 'PAY *9999 X'))]).toEqual([
      0, 1, 1, 2, 3,
    ]);
  });

  it('keeps every number past the table first size and the first batch of narrations', () => {
    const count = 5000;
    // Digit runs of at most three digits: every narration its own shape.
    const narration = (i: number) => `SHOP ${i % 1000} LAGOS ${Math.floor(i / 1000)}`;
    const rows = debits(...Array.from({ length: count }, (_, i) => narration(i)));
    const all = debits(
      ...rows.map((r) => r.narration),
      ...rows.map((r) => r.narration),
      'SHOP 123456 LAGOS',
      'SHOP 654321 LAGOS',
    );
    const numbers = [...shapeNumbers(all)];
    const expected = [...Array.from({ length: count }, (_, i) => i), ...Array.from({ length: count }, (_, i) => i)];
    expect(numbers).toEqual([...expected, count, count]);
  });

  it('gives two narrations one number exactly when their shapes match: two-byte, emoji, lone surrogates, long', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    // Digits and `*` often, so runs of every length and USSD codes come; units above 0xff that a
    // one-byte read would take for digits (U+0130, U+0660) or lose (emoji, lone surrogates).
    const alphabet = [
      '0',
      '1',
      '5',
      '9',
      '9',
      '*',
      '#',
      'A',
      ' ',
      'é',
      '\u0130',
      '\u0660',
      '😀',
      '\ud800',
      '\udc00',
      '\u3030',
    ];
    const rows: Row[] = [];
    for (let r = 0; r < 6000; r++) {
      const length = random(12);
      let narration = '';
      for (let j = 0; j < length; j++) narration += alphabet[random(alphabet.length)];
      rows.push({ narration, direction: random(2) === 0 ? 'credit' : 'debit' });
    }
    // Longer than a batch of narrations (16,384 units), and the same shape with other long runs.
    rows.push(...debits(`X ${'A1234567 '.repeat(3000)}`, `X ${'A7654321 '.repeat(3000)}`));
    const numbers = [...shapeNumbers(JSON.parse(JSON.stringify(rows)))];
    expect(numbers).toEqual(expectedNumbers(rows));
    expect(numbers.at(-1)).toBe(numbers.at(-2));
    expect(new Set(numbers).size).toBeGreaterThan(1000);
  });
});
