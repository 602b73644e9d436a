import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatMajor,
  majorToMinor,
  minorToDecimalText,
  minorUnits,
  numberToMinor,
  parseMinor,
  toMajor,
} from './money.js';

const minor = (r: ReturnType<typeof parseMinor>) => (r.ok ? r.minor : r.reason);

describe('parseMinor', () => {
  it.each([
    ['23000', 2300000],
    ['1.87', 187],
    ['-2396.74', -239674],
    ['14007.6300', 1400763],
    ['17,205.00', 1720500],
    ['1,234,567.8', 123456780],
    ['.5', 50],
    ['+12', 1200],
    ['-0', 0],
    [' 42.10 ', 4210],
    ['9007199254740.99', 900719925474099],
  ])('%j is %d minor units', (text, expected) => {
    expect(minor(parseMinor(text))).toBe(expected);
  });

  it.each([
    ['1e3', 'expected a decimal amount, got "1e3"'],
    ['', 'expected a decimal amount, got ""'],
    ['12.', 'expected a decimal amount, got "12."'],
    ['1,23.00', 'expected a decimal amount, got "1,23.00"'],
    ['26.875', 'more than two decimal places in "26.875"'],
    ['NaN', 'expected a decimal amount, got "NaN"'],
    ['99999999999999999', 'too large: at most ±90071992547409.91, got "99999999999999999"'],
  ])('refuses %j', (text, reason) => {
    expect(parseMinor(text)).toEqual({ ok: false, reason });
  });
});

describe('numberToMinor', () => {
  it('reads what the provider wrote, not the float', () => {
    expect(minor(numberToMinor(5010.75))).toBe(501075);
    expect(minor(numberToMinor(0.1 + 0.2))).toBe('more than two decimal places in "0.30000000000000004"');
    expect(minor(numberToMinor(16162.02))).toBe(1616202);
    expect(minor(numberToMinor(-0))).toBe(0);
    expect(minor(numberToMinor(1.005))).toBe('more than two decimal places in "1.005"');
    expect(minor(numberToMinor(Number.POSITIVE_INFINITY))).toBe('expected a finite amount, got Infinity');
    expect(minor(numberToMinor(1e300))).toBe('too large: at most ±90071992547409.91, got 1e+300');
  });

  it('agrees with the exact text path for every two-decimal value', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 50), max: 2 ** 50 }), (m) => {
        const value = Number(minorToDecimalText(m));
        expect(minor(numberToMinor(value))).toBe(m === 0 ? 0 : m);
      }),
    );
  });
});

describe('minorUnits', () => {
  it('takes Mono kobo as numbers or integer text', () => {
    expect(minor(minorUnits(40000000))).toBe(40000000);
    expect(minor(minorUnits('147085'))).toBe(147085);
    expect(minor(minorUnits(1.5))).toBe('expected a whole number of minor units, got 1.5');
    expect(minor(minorUnits('1.5'))).toBe('expected a whole number of minor units, got "1.5"');
  });

  it('refuses an amount beyond 2^53 - 1 as too large, naming the most (a JSON number there is no longer exact)', () => {
    expect(minor(minorUnits(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
    expect(minor(minorUnits(-Number.MAX_SAFE_INTEGER))).toBe(-Number.MAX_SAFE_INTEGER);
    expect(minor(minorUnits(JSON.parse('9007199254740993')))).toBe(
      'too large: at most ±9007199254740991 minor units, got 9007199254740992',
    );
    expect(minor(minorUnits(-1e20))).toBe(
      'too large: at most ±9007199254740991 minor units, got -100000000000000000000',
    );
    expect(minor(minorUnits('9007199254740993'))).toBe(
      'too large: at most ±9007199254740991 minor units, got "9007199254740993"',
    );
    expect(minor(minorUnits('9007199254740991'))).toBe(Number.MAX_SAFE_INTEGER);
    expect(minor(minorUnits('1000000000000000.00'))).toBe(1e15);
  });
});

describe('majorToMinor', () => {
  it('accepts numbers and decimal text', () => {
    expect(minor(majorToMinor('10000.00'))).toBe(1000000);
    expect(minor(majorToMinor(33425.57))).toBe(3342557);
  });
});

describe('round trips', () => {
  const anyMinor = fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });

  it('formatMajor text parses back to the same minor units', () => {
    fc.assert(
      fc.property(anyMinor, (m) => {
        expect(minor(parseMinor(formatMajor(m)))).toBe(m === 0 ? 0 : m);
      }),
    );
  });

  it('plain decimal text parses back to the same minor units', () => {
    fc.assert(
      fc.property(anyMinor, (m) => {
        expect(minor(parseMinor(minorToDecimalText(m)))).toBe(m === 0 ? 0 : m);
      }),
    );
  });

  it('any decimal text with up to two decimals parses to its exact value', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 14n }), fc.integer({ min: 0, max: 4 }), (whole, zeros) => {
        const text = `${whole / 100n}.${String(whole % 100n).padStart(2, '0')}${'0'.repeat(zeros)}`;
        expect(minor(parseMinor(text))).toBe(Number(whole));
      }),
    );
  });

  it('toMajor gives two-decimal naira', () => {
    expect(toMajor(150075)).toBe(1500.75);
    expect(formatMajor(-1234567)).toBe('-12,345.67');
    expect(minorToDecimalText(-5)).toBe('-0.05');
  });

  it('rounds half a kobo away from zero on both sides, so a debit mirrors a credit', () => {
    // An average of 1.505 naira is 150.5 kobo: 151 kobo either way, never 150 for the negative one.
    expect(toMajor(150.5)).toBe(1.51);
    expect(toMajor(-150.5)).toBe(-1.51);
    expect(toMajor(-0.5)).toBe(-0.01);
    expect(toMajor(-0.4)).toBe(0);
    expect(formatMajor(-150.5)).toBe('-1.51');
    expect(minorToDecimalText(-150.5)).toBe('-1.51');
    expect(minorToDecimalText(-0.4)).toBe('0.00');
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (m) => {
        expect(toMajor(-m)).toBe(-toMajor(m) + 0);
      }),
    );
  });
});
