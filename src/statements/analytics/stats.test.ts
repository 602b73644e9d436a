import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { median, medianOf } from './stats.js';

/** The oracle: the middle of the values sorted as a Float64Array sorts them (NaN last, -0 before 0). */
function sortedMedian(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

describe('median', () => {
  it('is 0 for no values and the value itself for one', () => {
    expect(median([])).toBe(0);
    expect(median([7])).toBe(7);
    expect(median([-3])).toBe(-3);
  });

  it('an odd count: the middle value (3, 1, 2 -> 2)', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([50, 10, 40, 20, 30])).toBe(30);
  });

  it('an even count: the mean of the two middle values (4, 1, 3, 2 -> 2.5)', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([10, 20])).toBe(15);
    expect(median([300_000, 345_000, 345_000, 120_000])).toBe(322_500);
  });

  it('ties: repeated values count once each (2, 2, 2, 9 -> 2; 1, 9, 9, 1 -> 5)', () => {
    expect(median([2, 9, 2, 2])).toBe(2);
    expect(median([1, 9, 9, 1])).toBe(5);
    expect(median([5, 5, 5, 5, 5, 5])).toBe(5);
  });

  it('leaves its argument as it was', () => {
    const values = [5, 1, 4, 2, 3];
    median(values);
    expect(values).toEqual([5, 1, 4, 2, 3]);
  });

  it('NaN among the values: falls back to sorting, which puts NaN last', () => {
    expect(median([3, Number.NaN, 1])).toBe(3);
    expect(median([Number.NaN, 4, 1, 2])).toBe(3);
    expect(median([Number.NaN, Number.NaN, 1])).toBeNaN();
  });

  it('-0 among the values: sorted before 0, as sorting gives', () => {
    expect(Object.is(median([0, -0, -0]), -0)).toBe(true);
    expect(Object.is(median([0, -0, 0]), 0)).toBe(true);
  });

  it('agrees with the sort-based median on any doubles (NaN, ±0, infinities included)', () => {
    fc.assert(
      fc.property(fc.array(fc.double()), (values) => {
        expect(median(values)).toBe(sortedMedian(values));
      }),
    );
  });

  it('agrees with the sort-based median on long runs of few distinct integers (many ties)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -3, max: 3 }), { minLength: 1, maxLength: 400 }), (values) => {
        expect(median(values)).toBe(sortedMedian(values));
      }),
    );
  });

  it('agrees on sorted, reversed and organ-pipe orders of 1..n', () => {
    for (const n of [2, 3, 10, 101, 1000, 1001]) {
      const up = Array.from({ length: n }, (_, i) => i + 1);
      const pipe = [...up.filter((v) => v % 2 === 1), ...up.filter((v) => v % 2 === 0).reverse()];
      for (const values of [up, up.slice().reverse(), pipe]) expect(median(values)).toBe((n + 1) / 2);
    }
  });
});

describe('medianOf', () => {
  it('is 0 for an empty array', () => {
    expect(medianOf(new Float64Array(0))).toBe(0);
  });

  it('gives what median gives, and keeps the same values (only their order may change)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1_000_000, max: 1_000_000 })), (values) => {
        const a = Float64Array.from(values);
        expect(medianOf(a)).toBe(sortedMedian(values));
        expect(Array.from(a.slice().sort())).toEqual(Array.from(Float64Array.from(values).sort()));
      }),
    );
  });
});
