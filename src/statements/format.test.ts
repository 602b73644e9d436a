import { describe, expect, it } from 'vitest';
import { draftRow } from './format.js';

describe('draftRow', () => {
  it('takes its fields by name, so an amount and a balance cannot be swapped, and gives every row one shape', () => {
    const row = draftRow({
      date: '2024-03-10',
      direction: 'debit',
      amount: 150_00,
      balance: 9_850_00,
      narration: 'POS',
    });
    expect(row).toEqual({
      id: '',
      date: '2024-03-10',
      postedAt: undefined,
      valueDate: undefined,
      direction: 'debit',
      amount: 150_00,
      balance: 9_850_00,
      narration: 'POS',
      reference: undefined,
    });
    // Every key present in one order, given or not: rows built from different fields share a shape.
    const full = draftRow({
      date: '2024-03-10',
      postedAt: '2024-03-10T09:00:00Z',
      valueDate: '2024-03-09',
      direction: 'credit',
      amount: 1,
      balance: 2,
      narration: '',
      reference: 'FT1',
    });
    expect(Object.keys(row)).toEqual(Object.keys(full));
  });
});
