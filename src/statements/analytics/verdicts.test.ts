import { describe, expect, it } from 'vitest';
import { contextOf } from '../../../test/helpers/context-of.js';
import { rowsOf, rowsOfEither, slotOf, verdictIndex } from './verdicts.js';

// Rows 0..6; categories in order of first appearance: transfer_in, transfer, utilities, bank_charges, reversal.
const ctx = contextOf([
  ['2023-01-05', 'C', 100_000, 'NIP CR/JOHN DOE/GTB'], // 0 transfer_in
  ['2023-01-06', 'D', 30_000, 'NIBSS Instant Payment Outward TO UBA/KEMI ALABI'], // 1 transfer
  ['2023-01-07', 'D', 9_900, 'WEB PMT QUICKTELLER DSTV SUBSCRIPTION'], // 2 utilities
  ['2023-01-08', 'C', 150_000, 'NIP CR/TUNDE BAKARE/GTB'], // 3 transfer_in
  ['2023-01-09', 'D', 1_000, 'DEBIT CARD REQUEST FEE'], // 4 bank_charges, flagged
  ['2023-01-10', 'D', 20_000, 'NIBSS Instant Payment Outward TO GTB/TUNDE BAKARE'], // 5 transfer
  ['2023-01-11', 'C', 1_000, 'NIP CR/CARD REQUEST'], // 6 reversal, flagged
  ['2023-01-12', 'C', 40_000, 'NIP CR/JOHN DOE/GTB'], // 7 transfer_in
]);
const index = verdictIndex(ctx);

describe('verdictIndex', () => {
  it('numbers the categories in order of first appearance; each row carries its category’s number', () => {
    expect(index.categories.map((c) => c.category)).toEqual([
      'transfer_in',
      'transfer',
      'utilities',
      'bank_charges',
      'reversal',
    ]);
    expect(index.categories.map((c) => c.slot)).toEqual([0, 1, 2, 3, 4]);
    expect(Array.from(index.rowCategory)).toEqual([0, 1, 2, 0, 3, 1, 4, 0]);
    expect(index.byName.get('transfer')).toBe(index.categories[1]);
  });

  it('sums each category by direction: counts, totals in kobo, first rows (-1 for none), largest credit', () => {
    expect(index.byName.get('transfer_in')).toMatchObject({
      creditCount: 3,
      debitCount: 0,
      creditTotal: 29_000_000,
      debitTotal: 0,
      firstCredit: 0,
      firstDebit: -1,
      largestCredit: 15_000_000,
    });
    expect(index.byName.get('transfer')).toMatchObject({
      creditCount: 0,
      debitCount: 2,
      creditTotal: 0,
      debitTotal: 5_000_000,
      firstCredit: -1,
      firstDebit: 1,
      largestCredit: 0,
    });
  });

  it('the turnover of all categories is the statement’s', () => {
    const credits = index.categories.reduce((s, c) => s + c.creditTotal, 0);
    const debits = index.categories.reduce((s, c) => s + c.debitTotal, 0);
    expect([credits, debits]).toEqual([ctx.totalCredit, ctx.totalDebit]);
  });

  it('lists the flagged transactions, ascending', () => {
    expect(index.flagged).toEqual([4, 6]);
  });

  it('is built once per context', () => {
    expect(verdictIndex(ctx)).toBe(index);
  });

  it('a statement without transactions: nothing indexed', () => {
    const empty = verdictIndex(contextOf([]));
    expect(empty.categories).toEqual([]);
    expect(empty.rowCategory).toHaveLength(0);
    expect(empty.flagged).toEqual([]);
    expect(slotOf(empty, 'transfer')).toBe(-1);
  });
});

describe('rowsOf, rowsOfEither, slotOf', () => {
  it('rowsOf: a category’s rows, ascending; none for a category absent', () => {
    expect(Array.from(rowsOf(ctx, 'transfer_in'))).toEqual([0, 3, 7]);
    expect(Array.from(rowsOf(ctx, 'transfer'))).toEqual([1, 5]);
    expect(Array.from(rowsOf(ctx, 'reversal'))).toEqual([6]);
    expect(Array.from(rowsOf(ctx, 'gambling'))).toEqual([]);
  });

  it('rowsOf: the rows of all categories together are every row once', () => {
    const all = index.categories.flatMap((c) => Array.from(rowsOf(ctx, c.category)));
    expect(all.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('rowsOfEither: two categories merged in statement order, either way round', () => {
    expect(Array.from(rowsOfEither(ctx, 'transfer_in', 'transfer'))).toEqual([0, 1, 3, 5, 7]);
    expect(Array.from(rowsOfEither(ctx, 'transfer', 'transfer_in'))).toEqual([0, 1, 3, 5, 7]);
    expect(Array.from(rowsOfEither(ctx, 'reversal', 'bank_charges'))).toEqual([4, 6]);
  });

  it('rowsOfEither: with an absent category, the other one’s rows', () => {
    expect(Array.from(rowsOfEither(ctx, 'gambling', 'transfer'))).toEqual([1, 5]);
    expect(Array.from(rowsOfEither(ctx, 'transfer', 'gambling'))).toEqual([1, 5]);
    expect(Array.from(rowsOfEither(ctx, 'gambling', 'crypto'))).toEqual([]);
  });

  it('slotOf: a category’s number, -1 when no transaction has it', () => {
    expect(slotOf(index, 'utilities')).toBe(2);
    expect(slotOf(index, 'gambling')).toBe(-1);
  });
});
