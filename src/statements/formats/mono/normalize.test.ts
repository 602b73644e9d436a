import { describe, expect, it } from 'vitest';
import { NAMES, normalised, refused, rowsOf, sample } from '../testing.js';
import { mono } from './normalize.js';

describe('mono (F2)', () => {
  it('normalises the published transactions example exactly', () => {
    expect(normalised(mono, { ...NAMES, ...sample('mono-transactions.json') })).toMatchInlineSnapshot(`
      {
        "account": {
          "bankName": undefined,
          "name": undefined,
          "number": undefined,
          "type": undefined,
        },
        "clientFullName": "Test Client",
        "closingBalance": undefined,
        "currency": "NGN",
        "format": "mono",
        "holder": {
          "bvn": undefined,
          "name": undefined,
        },
        "openingBalance": undefined,
        "statementName": "Test statement",
        "timeZone": "Africa/Lagos",
        "transactions": [
          {
            "amount": 10000,
            "balance": undefined,
            "date": "2020-07-21",
            "direction": "credit",
            "id": "802f16129e24c033",
            "narration": "TRANSFER from HASSAN ABDULHAMID TOMIWA to OGUNGBEFUN OLADUNNI KHADIJAH",
            "postedAt": "2020-07-21T00:00:00.000Z",
            "reference": "5f171a540295e231abca1154",
            "valueDate": undefined,
          },
          {
            "amount": 20000,
            "balance": undefined,
            "date": "2020-07-21",
            "direction": "debit",
            "id": "fe7f1520e9162157",
            "narration": "TRANSFER from HASSAN ABDULHAMID TOMIWA to UMAR ABDULLAHI",
            "postedAt": "2020-07-21T00:00:00.000Z",
            "reference": "5e171a540295e231abca3377",
            "valueDate": undefined,
          },
        ],
      }
    `);
  });

  it('normalises the paging example exactly (newest first in, oldest first out)', () => {
    expect(normalised(mono, { ...NAMES, ...sample('mono-transactions-paging.json') })).toMatchInlineSnapshot(`
      {
        "account": {
          "bankName": undefined,
          "name": undefined,
          "number": undefined,
          "type": undefined,
        },
        "clientFullName": "Test Client",
        "closingBalance": 1021841,
        "currency": "NGN",
        "format": "mono",
        "holder": {
          "bvn": undefined,
          "name": undefined,
        },
        "openingBalance": 868917,
        "statementName": "Test statement",
        "timeZone": "Africa/Lagos",
        "transactions": [
          {
            "amount": 300009,
            "balance": 1168926,
            "date": "2022-05-30",
            "direction": "credit",
            "id": "6f33ec29b54fbd28",
            "narration": "NIP/FCMB/DANIEL AFOLABI/App food o To Zenith Bank FUNKE OJO",
            "postedAt": "2022-05-30T15:44:00.000Z",
            "reference": "62a05bc04112ea670bd13465",
            "valueDate": undefined,
          },
          {
            "amount": 147085,
            "balance": 1021841,
            "date": "2022-05-30",
            "direction": "debit",
            "id": "14e90befe6c7cfaf",
            "narration": "VC POS Loc-215016609012--BOLA NURAT YUSUFF OY NG",
            "postedAt": "2022-05-30T16:03:00.000Z",
            "reference": "62a05bc04112ea670bd09812",
            "valueDate": undefined,
          },
        ],
      }
    `);
  });

  it('orders same-day rows along the balance chain (Indicina statement example)', () => {
    const s = normalised(mono, { ...NAMES, ...sample('mono-statement-via-indicina.json') });
    expect(rowsOf(s)).toEqual([
      ['2022-01-01', 'debit', 5000, 7446442, 'FGN STAMP DUTY/S10754935 ON 31-DEC-21 FOR ACCOUNT'],
      ['2022-01-01', 'debit', 5000, 7441442, 'FGN STAMP DUTY/S10761279 ON 31-DEC-21 FOR ACCOUNT'],
    ]);
    expect(s.openingBalance).toBe(7451442);
    expect(s.closingBalance).toBe(7441442);
  });

  it('keeps kobo as kobo and converts 23:30Z to the next Lagos day', () => {
    const s = normalised(mono, {
      ...NAMES,
      data: [
        {
          id: 'b',
          type: 'credit',
          amount: 40000000,
          narration: 'SALARY',
          date: '2022-03-31T23:30:00.000Z',
          balance: null,
        },
        { _id: 'a', type: 'debit', amount: '150', narration: 'SMS', date: '2022-03-31T22:59:59.999Z' },
      ],
    });
    expect(s.transactions.map((t) => [t.date, t.amount, t.reference, t.balance])).toEqual([
      ['2022-03-31', 150, 'a', undefined],
      ['2022-04-01', 40000000, 'b', undefined],
    ]);
  });

  it('refuses fractional kobo, bad timestamps and unknown types with their paths', () => {
    const { problems } = refused(mono, {
      ...NAMES,
      data: [
        { type: 'debit', amount: 1.5, date: '2022-01-01T00:00:00.000Z' },
        { type: 'credit', amount: 100, date: '31/02/2021' },
        { type: 'transfer', amount: 100, date: '2022-13-01T00:00:00Z' },
      ],
    });
    expect(problems).toEqual([
      { path: '/data/0/amount', message: 'expected a whole number of minor units, got 1.5' },
      { path: '/data/1/date', message: 'expected an ISO 8601 timestamp, got "31/02/2021"' },
      { path: '/data/2/date', message: 'not a calendar date, got "2022-13-01T00:00:00Z"' },
      { path: '/data/2/type', message: 'expected "debit" or "credit", got "transfer"' },
    ]);
  });

  it('refuses a negative amount at its path (type gives the direction), and keeps a negative balance', () => {
    const { problems } = refused(mono, {
      ...NAMES,
      data: [
        { _id: 'a', type: 'debit', amount: -5000, date: '2022-01-01T10:00:00.000Z', balance: -5000 },
        { _id: 'b', type: 'credit', amount: '-1', date: '2022-01-02T10:00:00.000Z' },
      ],
    });
    expect(problems).toEqual([
      { path: '/data/0/amount', message: 'must not be negative' },
      { path: '/data/1/amount', message: 'must not be negative' },
    ]);
    const overdrawn = normalised(mono, {
      ...NAMES,
      data: [{ _id: 'a', type: 'debit', amount: 5000, date: '2022-01-01T10:00:00.000Z', balance: -5000 }],
    });
    expect(rowsOf(overdrawn)).toEqual([['2022-01-01', 'debit', 5000, -5000, '']]);
  });

  it('refuses an account BVN that is not 11 digits at /account/bvn', () => {
    const data = [{ _id: 'a', type: 'debit', amount: 5000, date: '2022-01-01T10:00:00.000Z' }];
    const { problems } = refused(mono, { ...NAMES, account: { name: 'FUNKE OJO', bvn: '2221234567X' }, data });
    expect(problems).toEqual([{ path: '/account/bvn', message: 'must be 11 digits' }]);
    const s = normalised(mono, { ...NAMES, account: { name: 'FUNKE OJO', bvn: '22212345678' }, data });
    expect(s.holder).toEqual({ name: 'FUNKE OJO', bvn: '22212345678' });
  });

  it("refuses a row in another currency than the statement's at the row's currency", () => {
    const row = (currency: string | null, i: number) => ({
      _id: `r${i}`,
      type: 'credit',
      amount: 100,
      date: '2022-01-01T10:00:00.000Z',
      currency,
    });
    const data = ['NGN', 'USD', 'ngn', null].map(row);
    expect(refused(mono, { ...NAMES, data }).problems).toEqual([
      { path: '/data/1/currency', message: 'expected NGN, the statement\'s currency, got "USD"' },
    ]);
    const account = { currency: 'GHS' };
    expect(refused(mono, { ...NAMES, account, data: [row('GHS', 0), row('NGN', 1)] }).problems).toEqual([
      { path: '/data/1/currency', message: 'expected GHS, the statement\'s currency, got "NGN"' },
    ]);
  });

  it('carries the closing balance forward through the newest rows whose balance is null', () => {
    const row = (id: string, type: string, amount: number, date: string, balance: number | null) => ({
      _id: id,
      type,
      amount,
      narration: `row ${id}`,
      date,
      balance,
      currency: 'NGN',
    });
    const s = normalised(mono, {
      ...NAMES,
      data: [
        row('4', 'debit', 33333, '2024-02-29T12:00:00.000Z', null),
        row('3', 'credit', 100000000, '2024-02-20T12:00:00.000Z', null),
        row('2', 'debit', 1010, '2024-02-14T12:00:00.000Z', 22365633),
        row('1', 'credit', 15000000, '2024-01-02T12:00:00.000Z', 22366643),
      ],
    });
    expect([s.openingBalance, s.closingBalance]).toEqual([7366643, 122332300]);
  });

  it('reads a timestamp written without an offset as UTC, as Mono writes them, not as Lagos time', () => {
    const s = normalised(mono, {
      ...NAMES,
      data: [{ _id: 'a', type: 'debit', amount: 100, date: '2024-01-02T23:00:00.000' }],
    });
    expect(s.transactions.map((t) => [t.date, t.postedAt])).toEqual([['2024-01-03', '2024-01-02T23:00:00.000Z']]);
  });

  it('orders a zone-less timestamp among zoned ones as the UTC instant it is, whatever the server’s zone', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Africa/Lagos';
    try {
      const s = normalised(mono, {
        ...NAMES,
        data: [
          { _id: 'later', type: 'debit', amount: 100, date: '2024-01-02T10:45:00' },
          { _id: 'earlier', type: 'debit', amount: 200, date: '2024-01-02T10:30:00Z' },
        ],
      });
      expect(s.transactions.map((t) => t.amount)).toEqual([200, 100]);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('refuses a currency that is not an ISO 4217 code, at the field it came from', () => {
    const row = (currency: string | undefined, i: number) => ({
      _id: `r${i}`,
      type: 'credit',
      amount: 100,
      date: '2022-01-01T10:00:00.000Z',
      currency,
    });
    expect(refused(mono, { ...NAMES, account: { currency: 'FOO' }, data: [row('FOO', 0)] }).problems).toEqual([
      { path: '/account/currency', message: 'expected an ISO 4217 currency code, got "FOO"' },
    ]);
    expect(refused(mono, { ...NAMES, data: [row('FOO', 0), row('FOO', 1)] }).problems).toEqual([
      { path: '/data/0/currency', message: 'expected an ISO 4217 currency code, got "FOO"' },
    ]);
    const s = normalised(mono, { ...NAMES, account: { currency: ' kes ' }, data: [row('KES', 0)] });
    expect([s.currency, s.timeZone]).toEqual(['KES', 'Africa/Nairobi']);
  });

  it('refuses a currency whose amounts do not have two decimal places rather than divide them by 100', () => {
    const data = [{ _id: 'a', type: 'credit', amount: 5000, date: '2022-01-01T10:00:00.000Z', currency: 'XOF' }];
    expect(refused(mono, { ...NAMES, data }).problems).toEqual([
      { path: '/data/0/currency', message: 'XOF amounts have no decimal places; only currencies with 2 are accepted' },
    ]);
    expect(refused(mono, { ...NAMES, account: { currency: 'TND' }, data: [] }).problems).toEqual([
      { path: '/account/currency', message: 'TND amounts have 3 decimal places; only currencies with 2 are accepted' },
    ]);
  });

  it('says an amount beyond 2^53 - 1 kobo is too large, with the most', () => {
    const data = [
      { _id: 'a', type: 'credit', amount: JSON.parse('9007199254740993'), date: '2022-01-01T10:00:00.000Z' },
    ];
    expect(refused(mono, { ...NAMES, data }).problems).toEqual([
      { path: '/data/0/amount', message: 'too large: at most ±9007199254740991 minor units, got 9007199254740992' },
    ]);
  });
});
