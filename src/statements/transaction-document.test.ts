import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CanonicalTransaction } from '../domain/statement.js';
import { compressJson, decompressJson } from './compression.js';
import { assignIds } from './ids.js';
import {
  categoryAt,
  channelAt,
  confidenceAt,
  decodeTransactions,
  encodeTransactions,
  evidenceAt,
  type TransactionLabel,
} from './transaction-document.js';

const txs: CanonicalTransaction[] = [
  {
    id: 'a1',
    date: '2023-01-02',
    postedAt: '2023-01-02T08:00:00Z',
    valueDate: '2023-01-02',
    direction: 'credit',
    amount: 25_000_000,
    balance: 25_100_000,
    narration: 'SALARY JAN ACME LTD',
    reference: 'FT001',
  },
  { id: 'b2', date: '2023-01-03', direction: 'debit', amount: 5_000, narration: 'MTN AIRTIME ₦50 — “top-up”' },
  { id: 'c3', date: '2023-01-03', direction: 'debit', amount: 5_000, balance: 25_090_000, narration: 'MTN AIRTIME' },
];

const labels: TransactionLabel[] = [
  { category: 'salary', channel: 'transfer', confidence: 0.95, evidence: 'income:Salary matched "SALARY"' },
  {
    category: 'airtime_and_data',
    channel: 'ussd',
    confidence: 0.8,
    evidence: 'airtime:Airtime or data word matched "AIRTIME"',
  },
  {
    category: 'airtime_and_data',
    channel: 'ussd',
    confidence: 0.8,
    evidence: 'airtime:Airtime or data word matched "AIRTIME"',
  },
];

/** The JSON part of a stored document (narration lines may follow it). */
const storedJson = (stored: Uint8Array) => JSON.parse(decompressJson(stored).split('\n')[0] as string);

/** The unlabelled columns of `rows` as every version reads them back. */
const plainColumns = (rows: readonly CanonicalTransaction[]) => ({
  date: rows.map((t) => t.date),
  postedAt: rows.map((t) => t.postedAt ?? null),
  valueDate: rows.map((t) => t.valueDate ?? null),
  direction: rows.map((t) => (t.direction === 'credit' ? 'C' : 'D')).join(''),
  amount: rows.map((t) => t.amount),
  balance: rows.map((t) => t.balance ?? null),
  narration: rows.map((t) => t.narration),
  reference: rows.map((t) => t.reference ?? null),
});

/**
 * A document as versions 1 and 2 were written before confidence and evidence were kept: the
 * columns the old encoder built, ids only in version 1.
 */
function oldDocument(v: 1 | 2, rows: readonly CanonicalTransaction[], rowLabels: readonly TransactionLabel[]) {
  const categories: string[] = [];
  const channels: string[] = [];
  const indexOf = (values: string[], value: string) =>
    values.includes(value) ? values.indexOf(value) : values.push(value) - 1;
  const columns = {
    ...plainColumns(rows),
    categories,
    category: rowLabels.map((l) => indexOf(categories, l.category)),
    channels,
    channel: rowLabels.map((l) => indexOf(channels, l.channel)),
  };
  return compressJson(JSON.stringify(v === 1 ? { v, id: rows.map((t) => t.id), ...columns } : { v, ...columns }));
}

describe('transaction documents', () => {
  it('give back every field in order, absent ones as null, labels through their dictionaries', () => {
    const doc = decodeTransactions(encodeTransactions(txs, labels));
    expect(doc).toEqual({
      v: 3,
      id: ['a1', 'b2', 'c3'],
      date: ['2023-01-02', '2023-01-03', '2023-01-03'],
      postedAt: ['2023-01-02T08:00:00Z', null, null],
      valueDate: ['2023-01-02', null, null],
      direction: 'CDD',
      amount: [25_000_000, 5_000, 5_000],
      balance: [25_100_000, null, 25_090_000],
      narration: ['SALARY JAN ACME LTD', 'MTN AIRTIME ₦50 — “top-up”', 'MTN AIRTIME'],
      reference: ['FT001', null, null],
      categories: ['salary', 'airtime_and_data'],
      category: [0, 1, 1],
      channels: ['transfer', 'ussd'],
      channel: [0, 1, 1],
      confidence: [0.95, 0.8, 0.8],
      evidences: ['income:Salary matched "SALARY"', 'airtime:Airtime or data word matched "AIRTIME"'],
      evidence: [0, 1, 1],
    });
    expect(
      [0, 1, 2].map((i) => [categoryAt(doc, i), channelAt(doc, i), confidenceAt(doc, i), evidenceAt(doc, i)]),
    ).toEqual([
      ['salary', 'transfer', 0.95, 'income:Salary matched "SALARY"'],
      ['airtime_and_data', 'ussd', 0.8, 'airtime:Airtime or data word matched "AIRTIME"'],
      ['airtime_and_data', 'ussd', 0.8, 'airtime:Airtime or data word matched "AIRTIME"'],
    ]);
  });

  it('store null confidence and evidence for labels without them (migration 0007 keeps only category and channel)', () => {
    const doc = decodeTransactions(
      encodeTransactions(txs, [
        labels[0] as TransactionLabel,
        { category: 'other', channel: 'other' },
        labels[2] as TransactionLabel,
      ]),
    );
    expect([0, 1, 2].map((i) => [confidenceAt(doc, i), evidenceAt(doc, i)])).toEqual([
      [0.95, 'income:Salary matched "SALARY"'],
      [null, null],
      [0.8, 'airtime:Airtime or data word matched "AIRTIME"'],
    ]);
  });

  it('have null labels when the analysis failed, and hold no transactions for an empty list', () => {
    const doc = decodeTransactions(encodeTransactions(txs, undefined));
    expect([categoryAt(doc, 0), channelAt(doc, 2), confidenceAt(doc, 1), evidenceAt(doc, 1)]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(decodeTransactions(encodeTransactions([], undefined))).toMatchObject({ id: [], direction: '' });
  });

  it('are compressed, and refuse a document of an unknown version', () => {
    const many = Array.from({ length: 1000 }, (_, i) => ({ ...(txs[i % 3] as CanonicalTransaction), id: `t${i}` }));
    const stored = encodeTransactions(many, undefined);
    expect(stored.byteLength).toBeLessThan(JSON.stringify(many).length / 4);
    expect(() => decodeTransactions(compressJson('{"v":4}'))).toThrow(/version 4/);
    const short = storedJson(encodeTransactions(txs, undefined, 'derived'));
    expect(() => decodeTransactions(compressJson(JSON.stringify({ ...short, direction: 'CD' })))).toThrow(
      /3 labels and 2 directions for 3 rows/,
    );
  });

  it('give back any rows and labels, with given or derived ids', () => {
    const text = fc.oneof(
      fc.constantFrom('FGN STAMP DUTY', 'SALARY', ''),
      fc.string({ unit: fc.constantFrom('A', ' ', '\n', '\uD800', '\uDC00', '😀', '"', '₦') }),
    );
    const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
    const day = fc.constantFrom('2023-01-02', '2023-01-03', '2023-02-01');
    const money = fc.integer({ min: 0, max: 10 ** 13 });
    const row = fc.record({
      date: day,
      postedAt: optional(fc.constantFrom('2023-01-02T08:00:00Z', '2023-01-02T09:00:00Z')),
      valueDate: optional(day),
      direction: fc.constantFrom('credit' as const, 'debit' as const),
      amount: money,
      // `chained`: the previous balance plus or minus the amount, as most statements have.
      balance: fc.oneof(fc.constant('chained' as const), optional(money)),
      narration: text,
      reference: optional(fc.constantFrom('FT001', 'FT002', '')),
    });
    const label = fc.record(
      {
        category: fc.constantFrom('salary', 'airtime_and_data'),
        channel: fc.constantFrom('transfer', 'ussd'),
        confidence: fc.constantFrom(0.3, 0.6, 0.95),
        evidence: text,
      },
      { requiredKeys: ['category', 'channel'] },
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(row, label), { maxLength: 40 }), fc.boolean(), (generated, labelled) => {
        let previous: number | undefined;
        const rows: CanonicalTransaction[] = generated.map(([r], i) => {
          const balance =
            r.balance !== 'chained'
              ? r.balance
              : previous === undefined
                ? undefined
                : previous + (r.direction === 'credit' ? r.amount : -r.amount);
          previous = balance;
          const t: CanonicalTransaction = {
            id: `t${i}`,
            date: r.date,
            direction: r.direction,
            amount: r.amount,
            narration: r.narration,
          };
          if (r.postedAt !== undefined) t.postedAt = r.postedAt;
          if (r.valueDate !== undefined) t.valueDate = r.valueDate;
          if (balance !== undefined) t.balance = balance;
          if (r.reference !== undefined) t.reference = r.reference;
          return t;
        });
        const rowLabels = labelled ? generated.map(([, l]) => l) : undefined;
        const plain = {
          v: 3,
          id: rows.map((t) => t.id),
          ...plainColumns(rows),
        };
        const doc = decodeTransactions(encodeTransactions(rows, rowLabels));
        expect(doc).toMatchObject(plain);
        rows.forEach((_, i) => {
          const l = rowLabels?.[i];
          expect([categoryAt(doc, i), channelAt(doc, i), confidenceAt(doc, i), evidenceAt(doc, i)]).toEqual([
            l?.category ?? null,
            l?.channel ?? null,
            l?.confidence ?? null,
            l?.evidence ?? null,
          ]);
        });
        assignIds(rows);
        expect(decodeTransactions(encodeTransactions(rows, rowLabels, 'derived'))).toEqual({
          ...doc,
          id: rows.map((t) => t.id),
        });
      }),
    );
  });

  describe('with derived ids (version 2)', () => {
    // Rows as `assembleStatement` leaves them: ids from `assignIds`, identical rows numbered.
    // Copies: `assignIds` sets the ids in place.
    const rows: CanonicalTransaction[] = [...txs, txs[2], { ...txs[1], reference: '' }].map((t) => ({
      ...(t as CanonicalTransaction),
    }));
    assignIds(rows);
    const labels = rows.map(() => ({
      category: 'airtime_and_data',
      channel: 'ussd',
      confidence: 0.6,
      evidence: 'no category word; default for ussd:USSD "USSD"',
    }));

    it('leave the ids out of what is stored and give back the same columns as given ids', () => {
      const stored = encodeTransactions(rows, labels, 'derived');
      expect(storedJson(stored)).not.toHaveProperty('id');
      expect(storedJson(stored)).toHaveProperty('v', 3);
      expect(storedJson(encodeTransactions(rows, labels))).toHaveProperty('id');
      expect(decodeTransactions(stored)).toEqual(decodeTransactions(encodeTransactions(rows, labels)));
      expect(decodeTransactions(stored).id).toEqual(rows.map((r) => r.id));
      expect(decodeTransactions(stored).id[3]).toMatch(/-2$/);
    });

    it('give back the ids of rows without labels and of an empty list', () => {
      expect(decodeTransactions(encodeTransactions(rows, undefined, 'derived')).id).toEqual(rows.map((r) => r.id));
      expect(decodeTransactions(encodeTransactions([], undefined, 'derived'))).toMatchObject({
        v: 3,
        id: [],
        direction: '',
      });
    });
  });

  describe('stored before confidence and evidence were kept (versions 1 and 2)', () => {
    const rows: CanonicalTransaction[] = [...txs, txs[2]].map((t) => ({ ...(t as CanonicalTransaction) }));
    assignIds(rows);
    const rowLabels = [...labels, labels[2] as TransactionLabel];
    const now = decodeTransactions(encodeTransactions(rows, rowLabels, 'derived'));
    const unrated = { confidence: [null, null, null, null], evidences: [], evidence: [null, null, null, null] };

    it('read a version 2 document with its ids derived, and null confidence and evidence', () => {
      const doc = decodeTransactions(oldDocument(2, rows, rowLabels));
      expect(doc).toEqual({ ...now, ...unrated });
      expect(doc.id).toEqual(rows.map((r) => r.id));
      expect(doc.id[3]).toMatch(/-2$/);
      expect([categoryAt(doc, 0), channelAt(doc, 0), confidenceAt(doc, 0), evidenceAt(doc, 0)]).toEqual([
        'salary',
        'transfer',
        null,
        null,
      ]);
    });

    it('read a version 1 document with its stored ids', () => {
      const given = rows.map((r, i) => ({ ...r, id: `given-${i}` }));
      const doc = decodeTransactions(oldDocument(1, given, rowLabels));
      expect(doc).toEqual({ ...now, ...unrated, id: ['given-0', 'given-1', 'given-2', 'given-3'] });
    });
  });
});
