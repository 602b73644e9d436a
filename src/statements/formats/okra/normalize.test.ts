import { describe, expect, it } from 'vitest';
import { fixture, NAMES, normalised, refused, rowsOf, sample } from '../testing.js';
import { okra } from './normalize.js';

describe('okra (F3)', () => {
  it('refuses the published placeholder example: its dates are empty', () => {
    expect(refused(okra, { ...NAMES, ...sample('okra-transactions.json') })).toEqual({
      problems: [{ path: '/data/transaction/0/trans_date', message: 'must not be empty (or unformatted_trans_date)' }],
      looksLike: undefined,
    });
  });

  it('normalises a realistic Okra body exactly', () => {
    expect(normalised(okra, fixture('okra-realistic.json'))).toMatchInlineSnapshot(`
      {
        "account": {
          "bankName": "Access Bank",
          "name": "FUNKE ADUNNI OJO",
          "number": "0690000031",
        },
        "clientFullName": "Funke Ojo",
        "closingBalance": 18193875,
        "currency": "NGN",
        "format": "okra",
        "holder": {
          "bvn": "22233344455",
          "name": "FUNKE ADUNNI OJO",
        },
        "openingBalance": 5000000,
        "statementName": "Funke Ojo Access Jul-Aug 2020",
        "timeZone": "Africa/Lagos",
        "transactions": [
          {
            "amount": 500000,
            "balance": 4500000,
            "date": "2020-07-27",
            "direction": "debit",
            "id": "e9131d52c6c45c62",
            "narration": "NIP TRANSFER TO FUNKE OJO",
            "postedAt": "2020-07-27T00:00:00.000Z",
            "reference": undefined,
            "valueDate": undefined,
          },
          {
            "amount": 1075,
            "balance": 4498925,
            "date": "2020-07-27",
            "direction": "debit",
            "id": "a725b669bc11b602",
            "narration": "COMMISSION/VAT ON NIP",
            "postedAt": "2020-07-27T10:15:00.000Z",
            "reference": "REF0001",
            "valueDate": undefined,
          },
          {
            "amount": 20000000,
            "balance": 24498925,
            "date": "2020-07-29",
            "direction": "credit",
            "id": "61097f935a1068e0",
            "narration": "SALARY JULY 2020 OKRA TECH",
            "postedAt": "2020-07-28T23:30:00.000Z",
            "reference": "REF0002",
            "valueDate": undefined,
          },
          {
            "amount": 150000,
            "balance": 24348925,
            "date": "2020-07-29",
            "direction": "debit",
            "id": "1a63d6ee47831162",
            "narration": "AIRTIME MTN",
            "postedAt": "2020-07-29T08:00:00.000Z",
            "reference": undefined,
            "valueDate": undefined,
          },
          {
            "amount": 2500000,
            "balance": 21848925,
            "date": "2020-07-30",
            "direction": "debit",
            "id": "aa03300455168dae",
            "narration": "POS PURCHASE JUMIA",
            "postedAt": "2020-07-30T12:00:00.000Z",
            "reference": "REF0004",
            "valueDate": undefined,
          },
          {
            "amount": 300000,
            "balance": 22148925,
            "date": "2020-08-01",
            "direction": "credit",
            "id": "9a39c5c5aa49c813",
            "narration": "REVERSAL POS JUMIA",
            "postedAt": "2020-08-01T09:00:00.000Z",
            "reference": "REF0005",
            "valueDate": undefined,
          },
          {
            "amount": 5000,
            "balance": 22143925,
            "date": "2020-08-03",
            "direction": "debit",
            "id": "74883be12e883ac9",
            "narration": "FGN STAMP DUTY",
            "postedAt": "2020-08-03T14:20:00.000Z",
            "reference": undefined,
            "valueDate": undefined,
          },
          {
            "amount": 1200000,
            "balance": 20943925,
            "date": "2020-08-05",
            "direction": "debit",
            "id": "958d0b4d34d3995a",
            "narration": "IKEDC PREPAID",
            "postedAt": "2020-08-05T16:45:00.000Z",
            "reference": "REF0007",
            "valueDate": undefined,
          },
          {
            "amount": 4000000,
            "balance": 16943925,
            "date": "2020-08-10",
            "direction": "debit",
            "id": "847bfdfee43f646d",
            "narration": "ATM WDL ACCESS BANK",
            "postedAt": "2020-08-10T11:00:00.000Z",
            "reference": "REF0008",
            "valueDate": undefined,
          },
          {
            "amount": 1500000,
            "balance": 18443925,
            "date": "2020-08-15",
            "direction": "credit",
            "id": "d4aff4368831806c",
            "narration": "NIP CR FROM ADEBAYO TUNDE",
            "postedAt": "2020-08-15T18:30:00.000Z",
            "reference": undefined,
            "valueDate": undefined,
          },
          {
            "amount": 250050,
            "balance": 18193875,
            "date": "2020-08-20",
            "direction": "debit",
            "id": "a395b5e66758aeb4",
            "narration": "UBER TRIP",
            "postedAt": "2020-08-20T07:05:00.000Z",
            "reference": "REF0010",
            "valueDate": undefined,
          },
        ],
      }
    `);
  });

  it('reads holder and account from the rows that carry them, tolerating bare ids and null nubans', () => {
    const s = normalised(okra, fixture('okra-realistic.json'));
    expect(s.holder).toEqual({ name: 'FUNKE ADUNNI OJO', bvn: '22233344455' });
    expect(s.account).toEqual({ number: '0690000031', name: 'FUNKE ADUNNI OJO', bankName: 'Access Bank' });
    expect(s.transactions.find((t) => t.narration === 'SALARY JULY 2020 OKRA TECH')?.date).toBe('2020-07-29');
  });

  it('falls back to the bank date when trans_date is empty', () => {
    const s = normalised(okra, {
      ...NAMES,
      data: {
        transaction: [{ trans_date: '', unformatted_trans_date: '05-08-2020', debit: '10', notes: { desc: 'x' } }],
      },
    });
    expect(rowsOf(s)).toEqual([['2020-08-05', 'debit', 1000, null, 'x']]);
  });

  it('refuses a row with both a credit and a debit, or neither', () => {
    const { problems } = refused(okra, {
      ...NAMES,
      data: {
        transaction: [
          { trans_date: '2020-08-05T10:00:00Z', credit: 10, debit: '5' },
          { trans_date: '2020-08-05T10:00:00Z', credit: null },
          { trans_date: '2020-08-05T10:00:00Z', credit: 'ten' },
        ],
      },
    });
    expect(problems).toEqual([
      { path: '/data/transaction/0', message: 'has both a credit (10) and a debit ("5")' },
      { path: '/data/transaction/1', message: 'has neither a credit nor a debit' },
      { path: '/data/transaction/2/credit', message: 'expected a decimal amount, got "ten"' },
    ]);
  });

  it('refuses a negative credit or debit at its path, and keeps a negative balance', () => {
    const { problems } = refused(okra, {
      ...NAMES,
      data: {
        transaction: [
          { trans_date: '2020-08-05T10:00:00Z', credit: -10, debit: null },
          { trans_date: '2020-08-05T10:00:00Z', credit: null, debit: '-2.50' },
        ],
      },
    });
    expect(problems).toEqual([
      { path: '/data/transaction/0/credit', message: 'must not be negative' },
      { path: '/data/transaction/1/debit', message: 'must not be negative' },
    ]);
    const overdrawn = normalised(okra, {
      ...NAMES,
      data: { transaction: [{ trans_date: '2020-08-05T10:00:00Z', debit: 10, balance: -10, notes: { desc: 'x' } }] },
    });
    expect(rowsOf(overdrawn)).toEqual([['2020-08-05', 'debit', 1000, -1000, 'x']]);
  });

  it("refuses a customer's BVN that is not 11 digits at its row's path", () => {
    const row = (customer: unknown) => ({ trans_date: '2020-08-05T10:00:00Z', debit: 1, customer });
    const { problems } = refused(okra, {
      ...NAMES,
      data: {
        transaction: [
          row({ name: 'FUNKE OJO', bvn: '22233344455' }),
          row('5f0f0a0b0c0d0e0f00000001'),
          row({ name: 'FUNKE OJO', bvn: '2223334445' }),
          row({ name: 'FUNKE OJO', bvn: null }),
        ],
      },
    });
    expect(problems).toEqual([{ path: '/data/transaction/2/customer/bvn', message: 'must be 11 digits' }]);
  });

  it("refuses a row whose customer's BVN or account number differs from the first row's: two statements joined", () => {
    const row = (bvn: string | null, nuban: string | null) => ({
      trans_date: '2020-08-05T10:00:00Z',
      debit: 1,
      customer: { name: 'FUNKE OJO', bvn },
      account: { nuban },
    });
    const { problems } = refused(okra, {
      ...NAMES,
      data: {
        transaction: [
          row(null, null),
          row('22299999999', '0690000031'),
          row(' 22299999999 ', null),
          row('22212345678', '0690000031'),
          row('22212345678', '0123456789'),
        ],
      },
    });
    // Neither number is echoed: the first row giving one is named instead.
    expect(problems).toEqual([
      { path: '/data/transaction/3/customer/bvn', message: 'differs from /data/transaction/1/customer/bvn' },
      { path: '/data/transaction/4/customer/bvn', message: 'differs from /data/transaction/1/customer/bvn' },
      { path: '/data/transaction/4/account/nuban', message: 'differs from /data/transaction/1/account/nuban' },
    ]);
  });

  it('takes the holder BVN and account number from any row giving them, the same on every row that does', () => {
    const row = (customer: unknown, account: unknown) => ({
      trans_date: '2020-08-05T10:00:00Z',
      debit: 1,
      customer,
      account,
    });
    const s = normalised(okra, {
      ...NAMES,
      data: {
        transaction: [
          row({ name: 'FUNKE OJO' }, { nuban: null }),
          row('5f0f0a0b0c0d0e0f00000001', 'acc'),
          row({ name: 'FUNKE OJO', bvn: ' 22233344455' }, { nuban: ' 0690000031 ' }),
          row({ name: 'FUNKE OJO', bvn: '22233344455' }, { nuban: '0690000031' }),
        ],
      },
    });
    expect(s.holder).toEqual({ name: 'FUNKE OJO', bvn: '22233344455' });
    expect(s.account.number).toBe('0690000031');
  });

  it("refuses a row in another currency than the statement's at the row's currency", () => {
    const row = (currency: string | null) => ({ trans_date: '2020-08-05T10:00:00Z', debit: 1, currency });
    const { problems } = refused(okra, { ...NAMES, data: { transaction: [null, 'NGN', 'usd', ' NGN '].map(row) } });
    expect(problems).toEqual([
      { path: '/data/transaction/2/currency', message: 'expected NGN, the statement\'s currency, got "usd"' },
    ]);
  });

  it('says a missing posting date is required, and an empty one must not be empty', () => {
    const { problems } = refused(okra, {
      ...NAMES,
      data: {
        transaction: [
          { debit: 1 },
          { trans_date: null, debit: 1 },
          { trans_date: '', unformatted_trans_date: '', debit: 1 },
        ],
      },
    });
    expect(problems).toEqual([
      { path: '/data/transaction/0/trans_date', message: 'is required (or unformatted_trans_date)' },
      { path: '/data/transaction/1/trans_date', message: 'is required (or unformatted_trans_date)' },
      { path: '/data/transaction/2/trans_date', message: 'must not be empty (or unformatted_trans_date)' },
    ]);
  });

  it('refuses an unknown currency at the first row that names one, and leaves the other rows unchecked', () => {
    const row = (currency: string | null) => ({ trans_date: '2020-08-05T10:00:00Z', debit: 1, currency });
    const { problems } = refused(okra, { ...NAMES, data: { transaction: [null, 'NGA', 'NGN'].map(row) } });
    expect(problems).toEqual([
      { path: '/data/transaction/1/currency', message: 'expected an ISO 4217 currency code, got "NGA"' },
    ]);
  });
});
