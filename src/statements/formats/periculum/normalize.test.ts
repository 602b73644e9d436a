import { describe, expect, it } from 'vitest';
import { NAMES, normalised, refused, rowsOf, sample } from '../testing.js';
import { periculum } from './normalize.js';

describe('periculum (F1)', () => {
  it('normalises the published example exactly', () => {
    expect(normalised(periculum, { ...NAMES, ...sample('periculum-f1-request.json') })).toMatchInlineSnapshot(`
      {
        "account": {},
        "clientFullName": "Test Client",
        "closingBalance": 6965087,
        "currency": "NGN",
        "format": "periculum",
        "holder": {},
        "openingBalance": 1616202,
        "statementName": "Mandatory Statement Name",
        "timeZone": "Africa/Lagos",
        "transactions": [
          {
            "amount": 501075,
            "balance": 1115127,
            "date": "2020-06-19",
            "direction": "debit",
            "id": "4eb79f61877dedc0",
            "narration": "vansouser trf//frm oladipupo david bello to oladipupo",
            "postedAt": undefined,
            "reference": undefined,
            "valueDate": undefined,
          },
          {
            "amount": 1502688,
            "balance": 14227989,
            "date": "2020-07-31",
            "direction": "debit",
            "id": "087fffd4210cff8e",
            "narration": "vansouser trf//frm bbbbbb to aaaaaa",
            "postedAt": undefined,
            "reference": undefined,
            "valueDate": undefined,
          },
          {
            "amount": 100000,
            "balance": 14327989,
            "date": "2020-08-03",
            "direction": "credit",
            "id": "4f390886f2303c6f",
            "narration": "accessdev cccccccc/mob/uto/123456789/000001/",
            "postedAt": undefined,
            "reference": undefined,
            "valueDate": undefined,
          },
          {
            "amount": 301075,
            "balance": 14026914,
            "date": "2020-08-03",
            "direction": "debit",
            "id": "cd483cfdc50527cc",
            "narration": "vansouser trf//frm bbbbbb to aaaaaa",
            "postedAt": undefined,
            "reference": undefined,
            "valueDate": undefined,
          },
          {
            "amount": 191075,
            "balance": 13835839,
            "date": "2020-08-03",
            "direction": "debit",
            "id": "55b879109ef82a19",
            "narration": "vansouser trf//frm bbbbbb to aaaaaa",
            "postedAt": undefined,
            "reference": undefined,
            "valueDate": undefined,
          },
          {
            "amount": 962688,
            "balance": 12873151,
            "date": "2020-08-04",
            "direction": "debit",
            "id": "0d3d67e3224cd41f",
            "narration": "vansouser trf//frm bbbbbb to aaaaaa",
            "postedAt": undefined,
            "reference": undefined,
            "valueDate": undefined,
          },
          {
            "amount": 3402688,
            "balance": 9470463,
            "date": "2020-08-05",
            "direction": "debit",
            "id": "8883e07415b452bd",
            "narration": "vansouser trf//frm bbbbbb to aaaaaa",
            "postedAt": undefined,
            "reference": undefined,
            "valueDate": undefined,
          },
          {
            "amount": 1502688,
            "balance": 7967775,
            "date": "2020-08-07",
            "direction": "debit",
            "id": "db2e86a3268fc142",
            "narration": "vansouser trf//frm bbbbbb to aaaaaa",
            "postedAt": undefined,
            "reference": undefined,
            "valueDate": undefined,
          },
          {
            "amount": 1002688,
            "balance": 6965087,
            "date": "2020-08-07",
            "direction": "debit",
            "id": "8225e80690f39113",
            "narration": "vansouser trf//frm bbbbbb to aaaaaa",
            "postedAt": undefined,
            "reference": undefined,
            "valueDate": undefined,
          },
        ],
      }
    `);
  });

  it('takes the opening-balance row as the opening balance, not a transaction', () => {
    const s = normalised(periculum, { ...NAMES, ...sample('periculum-f1-request.json') });
    expect(s.openingBalance).toBe(1616202);
    expect(s.transactions).toHaveLength(9);
    expect(s.transactions.some((t) => /opening/i.test(t.narration))).toBe(false);
  });

  it('reads unpadded M/D/YYYY dates, any-case types and numeric-string amounts', () => {
    const s = normalised(periculum, {
      ...NAMES,
      transactions: [
        { date: '1/5/2021', description: 'a', balance: '1,000.50', amount: '1000.50', type: 'CREDIT' },
        { date: '01/06/2021', description: 'b', balance: 900.5, amount: 100, type: 'debit' },
      ],
    });
    expect(rowsOf(s)).toEqual([
      ['2021-01-05', 'credit', 100050, 100050, 'a'],
      ['2021-01-06', 'debit', 10000, 90050, 'b'],
    ]);
  });

  it('refuses impossible dates, unknown types and non-decimal amounts with their paths', () => {
    const { problems } = refused(periculum, {
      ...NAMES,
      transactions: [
        { date: '2/31/2021', description: 'a', balance: 1, amount: 1, type: 'Debit' },
        { date: '3/1/2021', description: 'b', balance: 1, amount: '1e3', type: 'Transfer' },
        { date: '3/1/2021', description: 'c', balance: 1, amount: -5, type: 'Debit' },
      ],
    });
    expect(problems).toEqual([
      { path: '/transactions/0/date', message: 'not a calendar date, got "2/31/2021"' },
      { path: '/transactions/1/type', message: 'expected "debit" or "credit", got "Transfer"' },
      { path: '/transactions/1/amount', message: 'expected a decimal amount, got "1e3"' },
      { path: '/transactions/2/amount', message: 'must not be negative' },
    ]);
  });

  it('says why a date of the M/D/YYYY form is refused, and names the form for any other text', () => {
    const row = (date: string) => ({ date, description: 'a', balance: 1, amount: 1, type: 'Debit' });
    const { problems } = refused(periculum, {
      ...NAMES,
      transactions: ['2/30/2020', '8/3/9999', '1/1/1800', '2020-02-01'].map(row),
    });
    expect(problems).toEqual([
      { path: '/transactions/0/date', message: 'not a calendar date, got "2/30/2020"' },
      { path: '/transactions/1/date', message: 'year out of range (1900 to 2999), got "8/3/9999"' },
      { path: '/transactions/2/date', message: 'year out of range (1900 to 2999), got "1/1/1800"' },
      { path: '/transactions/3/date', message: 'expected a M/D/YYYY date, got "2020-02-01"' },
    ]);
  });

  it('says which field is missing or of the wrong type', () => {
    const { problems } = refused(periculum, { ...NAMES, transactions: [{ date: 5, type: 'Debit' }] });
    expect(problems).toEqual([
      { path: '/transactions/0/amount', message: 'is required' },
      { path: '/transactions/0/date', message: 'expected string, got a number' },
    ]);
  });

  it('takes an opening row with an amount as the opening balance, ignoring the amount', () => {
    const body = sample('periculum-f1-request.json') as { transactions: Array<Record<string, unknown>> };
    body.transactions[0] = { ...body.transactions[0], amount: 100 };
    const s = normalised(periculum, { ...NAMES, ...body });
    expect(s.openingBalance).toBe(1616202);
    expect(s.transactions).toHaveLength(9);
  });

  it('drops an opening row without a balance and invents none: no balance anywhere stays unknown', () => {
    const s = normalised(periculum, {
      ...NAMES,
      transactions: [
        { date: '1/1/2024', description: 'opb opening balance', amount: 0, type: 'Debit' },
        { date: '1/2/2024', description: 'a', amount: 1500, type: 'Credit' },
        { date: '1/3/2024', description: 'b', amount: 12.5, type: 'Debit' },
      ],
    });
    expect(rowsOf(s).map(([, , amount, , narration]) => [amount, narration])).toEqual([
      [150000, 'a'],
      [1250, 'b'],
    ]);
    expect([s.openingBalance, s.closingBalance]).toEqual([undefined, undefined]);
  });

  it('a first row that only mentions an opening balance is a transaction: the line must begin so', () => {
    const s = normalised(periculum, {
      ...NAMES,
      transactions: [
        { date: '1/1/2024', description: 'TRF FOR OPENING BALANCE OF NEW ACCT', amount: 5000, type: 'Credit' },
        { date: '1/2/2024', description: 'a', amount: 1500, type: 'Credit' },
      ],
    });
    expect(rowsOf(s).map(([, , amount]) => amount)).toEqual([500000, 150000]);
  });

  it('carries the opening row’s balance forward to the closing balance when no other row states one', () => {
    const s = normalised(periculum, {
      ...NAMES,
      transactions: [
        { date: '1/1/2024', description: 'opb opening balance', balance: 50000, amount: 0, type: 'Debit' },
        { date: '1/2/2024', description: 'a', amount: 1500, type: 'Credit' },
        { date: '1/3/2024', description: 'b', amount: 12.5, type: 'Debit' },
      ],
    });
    expect([s.openingBalance, s.closingBalance]).toEqual([5000000, 5148750]);
  });
});
