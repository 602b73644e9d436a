import { describe, expect, it } from 'vitest';
import { contextOf } from '../../../test/helpers/context-of.js';
import type { Row } from '../../../test/helpers/statement-builder.js';
import { dayNumber } from './calendar.js';
import type { Verdict } from './categorise/categorise.js';
import { type AnalysisContext, relabel } from './context.js';
import { indexAfterIncome, isPayCandidate, partiesIndex, rowsOf, streamsIndex } from './streams-index.js';

const rows: Row[] = [
  ['2023-01-05', 'C', 100_000, 'NIP CR/JOHN DOE/GTB'], // 0 JOHN DOE, credit, transfer_in
  ['2023-01-06', 'D', 30_000, 'NIBSS Instant Payment Outward TO UBA/JOHN DOE'], // 1 JOHN DOE, debit, transfer
  ['2023-01-07', 'C', 5_000, 'CR'], // 2 no counterparty
  ['2023-01-08', 'C', 200_000, 'NIP CR/JOHN DOE/SALARY'], // 3 JOHN DOE, credit, salary
  ['2023-01-09', 'D', 9_900, 'WEB PMT QUICKTELLER DSTV SUBSCRIPTION'], // 4 entity DStv, debit, utilities
  ['2023-01-10', 'C', 50_000, 'NIP CR/JOHN DOE/GTB'], // 5 JOHN DOE, credit, transfer_in
  ['2023-01-11', 'C', 80_000, 'NIP CR/FAIRMONEY MFB/LOAN'], // 6 entity FairMoney, credit, loan_disbursement
  ['2023-01-12', 'C', 10_000, 'TRANSFER from ADAEZE CHIOMA NWANKWO to ADAEZE NWANKWO'], // 7 self_transfer
  ['2023-01-13', 'D', 1_000, '12345'], // 8 a debit without counterparty: in no bucket, not loose
  ['2023-01-14', 'C', 2_000, '12345'], // 9 no counterparty
  ['2023-01-15', 'C', 70_000, 'NIP CR/JOHN DOE/GTB'], // 10 JOHN DOE, credit, transfer_in
];
const ctx = contextOf(rows, { openingNaira: 1_000 });
const index = streamsIndex(ctx);
const summary = index.buckets.map((b) => [b.who, b.credit ? 'C' : 'D', b.category, rowsOf(index, b)]);

describe('isPayCandidate', () => {
  it('salary, transfers in and other credits may be pay', () => {
    for (const c of ['salary', 'transfer_in', 'other']) expect(isPayCandidate(c)).toBe(true);
  });
  it('self-transfers, loans, gambling winnings, reversals and interest never are', () => {
    for (const c of ['self_transfer', 'loan_disbursement', 'gambling', 'reversal', 'interest', 'other_income'])
      expect(isPayCandidate(c)).toBe(false);
  });
});

describe('streamsIndex', () => {
  it('groups rows by counterparty (the entity when named), direction and category, in order of first row', () => {
    expect(summary).toEqual([
      ['JOHN DOE', 'C', 'transfer_in', [0, 5, 10]],
      ['JOHN DOE', 'D', 'transfer', [1]],
      ['JOHN DOE', 'C', 'salary', [3]],
      ['DStv', 'D', 'utilities', [4]],
      ['FairMoney', 'C', 'loan_disbursement', [6]],
      ['ADAEZE CHIOMA NWANKWO', 'C', 'self_transfer', [7]],
    ]);
  });

  it('each bucket knows its first and last row and how many', () => {
    expect(index.buckets[0]).toMatchObject({ first: 0, last: 10, count: 3 });
    expect(index.buckets[2]).toMatchObject({ first: 3, last: 3, count: 1 });
  });

  it('maps each counterparty to its first bucket by direction; its other categories follow by `next`', () => {
    expect([...index.credit.keys()]).toEqual(['JOHN DOE', 'FairMoney', 'ADAEZE CHIOMA NWANKWO']);
    expect([...index.debit.keys()]).toEqual(['JOHN DOE', 'DStv']);
    const john = index.credit.get('JOHN DOE');
    expect(john).toBe(index.buckets[0]);
    expect(john?.next).toBe(index.buckets[2]);
    expect(john?.next?.next).toBeNull();
    expect(index.debit.get('JOHN DOE')?.next).toBeNull();
  });

  it('links each row to the bucket’s row before it (-1 for the first)', () => {
    expect(index.before[0]).toBe(-1);
    expect(index.before[5]).toBe(0);
    expect(index.before[10]).toBe(5);
    expect(index.before[3]).toBe(-1);
  });

  it('keeps each row’s day and the credits without a counterparty', () => {
    expect(Array.from(index.day)).toEqual(rows.map((r) => dayNumber(r[0])));
    expect(index.looseCredits).toEqual([2, 9]);
    expect(index.salary).toBeNull();
  });

  it('numbers each direction’s counterparties in order of first row, and gives each row its number', () => {
    expect(index.parties).toEqual({
      credit: ['JOHN DOE', 'FairMoney', 'ADAEZE CHIOMA NWANKWO'],
      debit: ['JOHN DOE', 'DStv'],
    });
    // JOHN DOE's salary credit (row 3) is another bucket but the same party; rows 2, 8, 9 have none.
    expect(Array.from(index.partyOf)).toEqual([0, 0, -1, 0, 1, 0, 1, 2, -1, -1, 0]);
    expect(index.buckets.map((b) => b.party)).toEqual([0, 0, 0, 1, 1, 2]);
  });

  it('marks the credit buckets that may hold pay, with their counterparty', () => {
    expect(index.buckets.map((b) => b.payCandidate)).toEqual([true, false, true, false, false, false]);
    expect(index.buckets[0]).toMatchObject({ counterparty: 'JOHN DOE', counterpartyIsWho: true, mixed: false });
  });

  it('a named entity’s pay bucket is mixed when its rows name different counterparties', () => {
    const depositRows: Row[] = [
      ['2023-01-05', 'C', 10_000, 'CASH DEPOSIT'],
      ['2023-01-06', 'C', 10_000, 'CASH DEPOSIT'],
      ['2023-01-07', 'C', 10_000, 'CASH DEPOSIT'],
    ];
    const deposits = contextOf(depositRows);
    const plain = streamsIndex(deposits).buckets;
    expect(plain).toHaveLength(1);
    expect(plain[0]).toMatchObject({ who: 'Cash deposit', category: 'other', payCandidate: true, mixed: false });
    expect(plain[0]?.counterpartyIsWho).toBe(false);
    // The same rows, the last naming another counterparty under the same entity.
    const relabelled = contextOf(depositRows);
    relabel(relabelled, [2], { ...(relabelled.labels[2] as Verdict), counterparty: 'KEMI ALABI' });
    const mixed = streamsIndex(relabelled).buckets;
    expect(mixed).toHaveLength(1);
    expect(mixed[0]).toMatchObject({ counterparty: 'CASH DEPOSIT', mixed: true, count: 3 });
  });

  it('a statement without transactions: no buckets', () => {
    const empty = streamsIndex(contextOf([]));
    expect(empty.buckets).toEqual([]);
    expect(empty.looseCredits).toEqual([]);
    expect(empty.day).toHaveLength(0);
  });
});

describe('streamsIndex and indexAfterIncome: one index per analysis', () => {
  const fresh = (): AnalysisContext => contextOf(rows);

  it('the same context gets the same index; another context its own', () => {
    const c = fresh();
    const first = streamsIndex(c);
    expect(streamsIndex(c)).toBe(first);
    const other = streamsIndex(fresh());
    expect(other).not.toBe(first);
    expect(other.buckets.map((b) => [b.who, b.category, rowsOf(other, b)])).toEqual(
      first.buckets.map((b) => [b.who, b.category, rowsOf(first, b)]),
    );
  });

  it('no index after income until the income analysis records its streams, then only for those streams', () => {
    const c = fresh();
    const streams: object[] = [{}];
    expect(indexAfterIncome(c, streams)).toBeNull();
    const held = streamsIndex(c);
    expect(indexAfterIncome(c, streams)).toBeNull();
    held.salary = { streams, rows: [[3]] };
    expect(indexAfterIncome(c, streams)).toBe(held);
    expect(indexAfterIncome(c, [{}])).toBeNull();
  });

  it('once rows are re-labelled, other callers get a new index of the rows as they are', () => {
    const c = fresh();
    const held = streamsIndex(c);
    const streams: object[] = [];
    held.salary = { streams, rows: [] };
    const after = streamsIndex(c);
    expect(after).not.toBe(held);
    expect(after.salary).toBeNull();
    expect(indexAfterIncome(c, streams)).toBe(held);
  });

  it('partiesIndex: the held index even once rows are re-labelled (parties do not change), else a new one', () => {
    const c = fresh();
    const held = streamsIndex(c);
    held.salary = { streams: [], rows: [] };
    expect(partiesIndex(c)).toBe(held);
    const other = fresh();
    const built = partiesIndex(other);
    expect(built.parties).toEqual(held.parties);
    expect(streamsIndex(other)).toBe(built);
  });

  it('a context whose rows were replaced is indexed afresh', () => {
    const c = fresh();
    const held = streamsIndex(c);
    c.rows = c.rows.slice(0, 3);
    c.labels = c.labels.slice(0, 3);
    c.day = c.day.slice(0, 3);
    const again = streamsIndex(c);
    expect(again).not.toBe(held);
    expect(again.day).toHaveLength(3);
  });
});
