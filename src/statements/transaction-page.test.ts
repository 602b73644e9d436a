import { describe, expect, it } from 'vitest';
import type { CanonicalTransaction } from '../domain/statement.js';
import { decodeTransactions, encodeTransactions } from './transaction-document.js';
import { selectTransactions, transactionView } from './transaction-page.js';

// Ten days of one credit (days 1, 3, 5, ...) or debit (days 2, 4, ...), labelled by direction.
const txs: CanonicalTransaction[] = Array.from({ length: 10 }, (_, i) => ({
  id: `t${i}`,
  date: `2023-03-${String(i + 1).padStart(2, '0')}`,
  direction: i % 2 === 0 ? 'credit' : 'debit',
  amount: (i + 1) * 100,
  balance: 1_000_00 + i,
  narration: `ROW ${i}`,
}));
const labels = txs.map((t) =>
  t.direction === 'credit'
    ? { category: 'transfer_in', channel: 'transfer', confidence: 0.6, evidence: 'no lexicon entry matched' }
    : {
        category: 'airtime_and_data',
        channel: 'ussd',
        confidence: 0.95,
        evidence: 'airtime:Airtime or data word matched "AIRTIME"',
      },
);
const doc = decodeTransactions(encodeTransactions(txs, labels));
const all = { offset: 0, limit: 100 };

describe('selectTransactions', () => {
  it('filters by direction, day range and category, counting every match', () => {
    expect(selectTransactions(doc, { direction: 'debit' }, all)).toEqual({ total: 5, positions: [1, 3, 5, 7, 9] });
    expect(selectTransactions(doc, { from: '2023-03-04', to: '2023-03-06' }, all)).toEqual({
      total: 3,
      positions: [3, 4, 5],
    });
    expect(selectTransactions(doc, { category: 'transfer_in', to: '2023-03-03' }, all).positions).toEqual([0, 2]);
    expect(selectTransactions(doc, { category: 'gambling' }, all)).toEqual({ total: 0, positions: [] });
  });

  it('pages after filtering, and answers nothing past the end', () => {
    expect(selectTransactions(doc, { direction: 'credit' }, { offset: 2, limit: 2 })).toEqual({
      total: 5,
      positions: [4, 6],
    });
    expect(selectTransactions(doc, {}, { offset: 10, limit: 5 })).toEqual({ total: 10, positions: [] });
    expect(selectTransactions(undefined, {}, all)).toEqual({ total: 0, positions: [] });
  });
});

describe('transactionView', () => {
  it('shows naira with two decimals, its position, and null for what is absent', () => {
    expect(transactionView(doc, 1)).toEqual({
      id: 't1',
      position: 1,
      date: '2023-03-02',
      postedAt: null,
      valueDate: null,
      direction: 'debit',
      amount: 2,
      balance: 1000.01,
      narration: 'ROW 1',
      reference: null,
      category: 'airtime_and_data',
      channel: 'ussd',
      confidence: 0.95,
      evidence: 'airtime:Airtime or data word matched "AIRTIME"',
    });
  });
});
