import { describe, expect, it } from 'vitest';
import type { CanonicalTransaction } from '../domain/statement.js';
import { compressJson, decompressJson } from './compression.js';
import { assignIds } from './ids.js';
import { categoryAt, channelAt, decodeTransactions, encodeTransactions } from './transaction-document.js';

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

describe('transaction documents', () => {
  it('give back every field in order, absent ones as null, labels through their dictionaries', () => {
    const labels = [
      { category: 'salary', channel: 'transfer' },
      { category: 'airtime_and_data', channel: 'ussd' },
      { category: 'airtime_and_data', channel: 'ussd' },
    ];
    const doc = decodeTransactions(encodeTransactions(txs, labels));
    expect(doc).toEqual({
      v: 1,
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
    });
    expect([0, 1, 2].map((i) => [categoryAt(doc, i), channelAt(doc, i)])).toEqual([
      ['salary', 'transfer'],
      ['airtime_and_data', 'ussd'],
      ['airtime_and_data', 'ussd'],
    ]);
  });

  it('have null labels when the analysis failed, and hold no transactions for an empty list', () => {
    const doc = decodeTransactions(encodeTransactions(txs, undefined));
    expect([categoryAt(doc, 0), channelAt(doc, 2)]).toEqual([null, null]);
    expect(decodeTransactions(encodeTransactions([], undefined))).toMatchObject({ id: [], direction: '' });
  });

  it('are compressed, and refuse a document of an unknown version', () => {
    const many = Array.from({ length: 1000 }, (_, i) => ({ ...(txs[i % 3] as CanonicalTransaction), id: `t${i}` }));
    const stored = encodeTransactions(many, undefined);
    expect(stored.byteLength).toBeLessThan(JSON.stringify(many).length / 4);
    expect(() => decodeTransactions(compressJson('{"v":3}'))).toThrow(/version 3/);
  });

  describe('with derived ids (version 2)', () => {
    // Rows as `assembleStatement` leaves them: ids from `assignIds`, identical rows numbered.
    // Copies: `assignIds` sets the ids in place.
    const rows: CanonicalTransaction[] = [...txs, txs[2], { ...txs[1], reference: '' }].map((t) => ({
      ...(t as CanonicalTransaction),
    }));
    assignIds(rows);
    const labels = rows.map(() => ({ category: 'airtime_and_data', channel: 'ussd' }));

    it('leave the ids out of what is stored and give back the same columns as version 1', () => {
      const stored = encodeTransactions(rows, labels, 'derived');
      expect(JSON.parse(decompressJson(stored))).not.toHaveProperty('id');
      expect(JSON.parse(decompressJson(stored))).toHaveProperty('v', 2);
      expect(decodeTransactions(stored)).toEqual(decodeTransactions(encodeTransactions(rows, labels)));
      expect(decodeTransactions(stored).id).toEqual(rows.map((r) => r.id));
      expect(decodeTransactions(stored).id[3]).toMatch(/-2$/);
    });

    it('give back the ids of rows without labels and of an empty list', () => {
      expect(decodeTransactions(encodeTransactions(rows, undefined, 'derived')).id).toEqual(rows.map((r) => r.id));
      expect(decodeTransactions(encodeTransactions([], undefined, 'derived'))).toMatchObject({
        v: 1,
        id: [],
        direction: '',
      });
    });
  });
});
