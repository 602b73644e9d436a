import { describe, expect, it } from 'vitest';
import type { CanonicalTransaction } from '../domain/statement.js';
import { assignIds, transactionHash } from './ids.js';

const row = (fields: Omit<CanonicalTransaction, 'id'>): CanonicalTransaction => ({ id: '', ...fields });

describe('transactionHash', () => {
  // Ids are public and stored: these values were computed by the first implementation and must never change.
  it('gives the ids it always gave', () => {
    const pos = 'POS PURCHASE 5399XXXXXXXX9490 TID85003202 HUBMART IKOYI LA NG';
    expect(
      transactionHash(
        row({ date: '2023-01-01', narration: pos, direction: 'debit', amount: 401100, balance: 31987100 }),
      ),
    ).toBe('a3206b7adf4a21ae');
    expect(
      transactionHash(
        row({
          date: '2023-01-01',
          narration: 'TRF FROM ADA OBI',
          reference: 'mono0',
          direction: 'credit',
          amount: 5000000,
        }),
      ),
    ).toBe('99e405d0954edb3e');
    expect(
      transactionHash(
        row({ date: '2023-01-01', narration: 'odd', direction: 'credit', amount: 2 ** 52, balance: -(2 ** 40) }),
      ),
    ).toBe('7dc3223bf1efe306');
    expect(
      transactionHash(
        row({ date: '2023-01-01', narration: 'Café 😀', reference: '', direction: 'debit', amount: 1, balance: 0 }),
      ),
    ).toBe('b658323430c6425f');
  });

  it('tells apart fields that only differ in where a text splits, and the direction', () => {
    const base = { date: '2023-01-01', direction: 'debit', amount: 100 } as const;
    const a = transactionHash(row({ ...base, narration: 'ab', reference: 'c' }));
    const b = transactionHash(row({ ...base, narration: 'a', reference: 'bc' }));
    const credit = transactionHash(row({ ...base, direction: 'credit', narration: 'ab', reference: 'c' }));
    expect(new Set([a, b, credit]).size).toBe(3);
  });
});

describe('assignIds', () => {
  it('numbers the repeats of an identical row from -2, in order, and nothing else', () => {
    const fields = { date: '2023-01-01', narration: 'AIRTIME', direction: 'debit', amount: 100 } as const;
    const rows = [row(fields), row({ ...fields, amount: 200 }), row(fields), row(fields)];
    assignIds(rows);
    const base = transactionHash(rows[0] as CanonicalTransaction);
    expect(rows.map((r) => r.id)).toEqual([
      base,
      transactionHash(rows[1] as CanonicalTransaction),
      `${base}-2`,
      `${base}-3`,
    ]);
  });

  it('gives each row the id transactionHash gives it, across batches, days and odd or unusual texts', () => {
    // assignIds hashes batches from the texts' units written together; transactionHash one row at a
    // time: the two must agree on every row, or stored documents would read back other ids.
    let seed = 7;
    const next = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    const pieces = ['POS ', 'TRF FRM ', 'Café', '😀', '\ud800', 'x', '', 'ADA OBI ', '1234567890', ' / '];
    const text = (parts: number) => Array.from({ length: parts }, () => pieces[next(pieces.length)]).join('');
    const rows: CanonicalTransaction[] = [];
    for (let i = 0; i < 2600; i++) {
      rows.push(
        row({
          date: `2024-0${1 + Math.floor(i / 400)}-1${next(3)}`,
          narration: i === 1500 ? 'N'.repeat(40_001) : text(next(12)),
          ...(next(3) === 0 ? {} : { reference: text(next(4)) }),
          direction: next(2) === 0 ? 'debit' : 'credit',
          amount: next(1_000_000),
          ...(next(4) === 0 ? {} : { balance: next(2 ** 31) - 2 ** 30 }),
        }),
      );
    }
    rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    assignIds(rows);
    const counts = new Map<string, number>();
    const expected = rows.map((r) => {
      const base = transactionHash(r);
      const n = (counts.get(base) ?? 0) + 1;
      counts.set(base, n);
      return n === 1 ? base : `${base}-${n}`;
    });
    expect(rows.map((r) => r.id)).toEqual(expected);
  });
});
