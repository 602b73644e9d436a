import { describe, expect, it } from 'vitest';
import { fixture, normalised, refused, sample } from '../testing.js';
import { mbs } from './normalize.js';

/** MBS output as a lender submits it: wrapped, with the statement's name in jsonData. */
const wrap = (jsonData: object) => ({
  bankStatement: { mbs: { jsonData: { statementName: 'MBS sample', ...jsonData }, bank: 'GTB' } },
});

describe('mbs (F5)', () => {
  it('normalises the published first rows exactly', () => {
    expect(normalised(mbs, wrap(sample('mbs-statement.json')))).toMatchInlineSnapshot(`
      {
        "account": {
          "bankName": "GTB",
          "name": "John Doe",
          "number": "0825902262",
          "type": "SAVINGS",
        },
        "clientFullName": "John Doe",
        "closingBalance": 6757680,
        "currency": "NGN",
        "format": "mbs",
        "holder": {
          "bvn": undefined,
          "name": "John Doe",
        },
        "openingBalance": 10010905,
        "statementName": "MBS sample",
        "timeZone": "Africa/Lagos",
        "transactions": [
          {
            "amount": 251075,
            "balance": 9759830,
            "date": "2021-05-03",
            "direction": "debit",
            "id": "78c9c3305f915179",
            "narration": "ADMGENUS TRF/Okay/FRM John Doe TO Doe John- 058",
            "postedAt": undefined,
            "reference": undefined,
            "valueDate": "2021-04-30",
          },
          {
            "amount": 301075,
            "balance": 9458755,
            "date": "2021-05-03",
            "direction": "debit",
            "id": "3708657298760f8d",
            "narration": "ADMGENUS TRF/April workers due/FRM John Doe TO ADMG CHAPEL OF LOVE PARISH- 058",
            "postedAt": undefined,
            "reference": undefined,
            "valueDate": "2021-04-30",
          },
          {
            "amount": 401075,
            "balance": 9057680,
            "date": "2021-05-03",
            "direction": "debit",
            "id": "33303afeefc2de7f",
            "narration": "ADMGENUS TRF/Nepa money/FRM John Doe TO Admoll Wick - 035",
            "postedAt": undefined,
            "reference": undefined,
            "valueDate": "2021-04-30",
          },
          {
            "amount": 2300000,
            "balance": 6757680,
            "date": "2021-05-03",
            "direction": "debit",
            "id": "fbca17d6351f1b62",
            "narration": "ADMGENUS TRF/Manage the 3k/FRM John Doe TO Mary Doe robinson",
            "postedAt": undefined,
            "reference": undefined,
            "valueDate": "2021-04-30",
          },
        ],
      }
    `);
  });

  it('normalises a full month exactly', () => {
    expect(normalised(mbs, fixture('mbs-full-month.json'))).toMatchInlineSnapshot(`
      {
        "account": {
          "bankName": "GTB",
          "name": "John Doe",
          "number": "0825902262",
          "type": "SAVINGS",
        },
        "clientFullName": "John Doe",
        "closingBalance": 17323055,
        "currency": "NGN",
        "format": "mbs",
        "holder": {
          "bvn": "22212345678",
          "name": "John Doe",
        },
        "openingBalance": 10010905,
        "statementName": "John Doe GTB May 2021",
        "timeZone": "Africa/Lagos",
        "transactions": [
          {
            "amount": 251075,
            "balance": 9759830,
            "date": "2021-05-03",
            "direction": "debit",
            "id": "78c9c3305f915179",
            "narration": "ADMGENUS TRF/Okay/FRM John Doe TO Doe John- 058",
            "postedAt": undefined,
            "reference": undefined,
            "valueDate": "2021-04-30",
          },
          {
            "amount": 301075,
            "balance": 9458755,
            "date": "2021-05-03",
            "direction": "debit",
            "id": "3708657298760f8d",
            "narration": "ADMGENUS TRF/April workers due/FRM John Doe TO ADMG CHAPEL OF LOVE PARISH- 058",
            "postedAt": undefined,
            "reference": undefined,
            "valueDate": "2021-04-30",
          },
          {
            "amount": 401075,
            "balance": 9057680,
            "date": "2021-05-03",
            "direction": "debit",
            "id": "33303afeefc2de7f",
            "narration": "ADMGENUS TRF/Nepa money/FRM John Doe TO Admoll Wick - 035",
            "postedAt": undefined,
            "reference": undefined,
            "valueDate": "2021-04-30",
          },
          {
            "amount": 2300000,
            "balance": 6757680,
            "date": "2021-05-03",
            "direction": "debit",
            "id": "fbca17d6351f1b62",
            "narration": "ADMGENUS TRF/Manage the 3k/FRM John Doe TO Mary Doe robinson",
            "postedAt": undefined,
            "reference": undefined,
            "valueDate": "2021-04-30",
          },
          {
            "amount": 15000000,
            "balance": 21757680,
            "date": "2021-05-05",
            "direction": "credit",
            "id": "62b71cd1c7e8a4ad",
            "narration": "NIP CR/MOB/ACME NIGERIA LTD/SALARY APRIL 2021",
            "postedAt": undefined,
            "reference": undefined,
            "valueDate": "2021-05-05",
          },
          {
            "amount": 5375,
            "balance": 21752305,
            "date": "2021-05-05",
            "direction": "debit",
            "id": "f6e3345e21024848",
            "narration": "COMMISSION ON TRANSFER/VAT",
            "postedAt": undefined,
            "reference": undefined,
            "valueDate": "2021-05-05",
          },
          {
            "amount": 1845050,
            "balance": 19907255,
            "date": "2021-05-07",
            "direction": "debit",
            "id": "31764b5621aef9f8",
            "narration": "POS PURCHASE SHOPRITE LEKKI LA NG",
            "postedAt": undefined,
            "reference": undefined,
            "valueDate": "2021-05-07",
          },
          {
            "amount": 200000,
            "balance": 19707255,
            "date": "2021-05-10",
            "direction": "debit",
            "id": "ac38c491d45c75cf",
            "narration": "AIRTIME/MTN/08031234567",
            "postedAt": undefined,
            "reference": undefined,
            "valueDate": "2021-05-10",
          },
          {
            "amount": 2000000,
            "balance": 17707255,
            "date": "2021-05-14",
            "direction": "debit",
            "id": "01053f95bd5e4d75",
            "narration": "ATM WDL GTB ALLEN AVENUE IKEJA",
            "postedAt": undefined,
            "reference": undefined,
            "valueDate": "2021-05-14",
          },
          {
            "amount": 629800,
            "balance": 18337055,
            "date": "2021-05-17",
            "direction": "credit",
            "id": "4415e7180e64c9ee",
            "narration": "NIP CR/JOHN DOE/REFUND",
            "postedAt": undefined,
            "reference": undefined,
            "valueDate": "2021-05-17",
          },
          {
            "amount": 1000000,
            "balance": 17337055,
            "date": "2021-05-20",
            "direction": "debit",
            "id": "36dd0c7ad70061c7",
            "narration": "IKEJA ELECTRIC PREPAID TOKEN 0101234567",
            "postedAt": undefined,
            "reference": undefined,
            "valueDate": "2021-05-20",
          },
          {
            "amount": 4000,
            "balance": 17333055,
            "date": "2021-05-25",
            "direction": "debit",
            "id": "457c00fc2edf8772",
            "narration": "SMS ALERT CHARGES APRIL 2021",
            "postedAt": undefined,
            "reference": undefined,
            "valueDate": "2021-05-25",
          },
          {
            "amount": 5000,
            "balance": 17328055,
            "date": "2021-05-28",
            "direction": "debit",
            "id": "2a62c003ada615c6",
            "narration": "FGN STAMP DUTY",
            "postedAt": undefined,
            "reference": undefined,
            "valueDate": "2021-05-28",
          },
          {
            "amount": 5000,
            "balance": 17323055,
            "date": "2021-05-28",
            "direction": "debit",
            "id": "fcdff17128946159",
            "narration": "FGN STAMP DUTY",
            "postedAt": undefined,
            "reference": undefined,
            "valueDate": "2021-05-28",
          },
        ],
      }
    `);
  });

  it('takes the name, holder and BVN from jsonData, and the transaction date over the value date', () => {
    const s = normalised(mbs, fixture('mbs-full-month.json'));
    expect(s.statementName).toBe('John Doe GTB May 2021');
    expect(s.holder).toEqual({ name: 'John Doe', bvn: '22212345678' });
    expect(s.transactions[0]).toMatchObject({ date: '2021-05-03', valueDate: '2021-04-30' });
    expect(s.openingBalance).toBe(10010905);
    expect(s.closingBalance).toBe(17323055);
  });

  it('says an unwrapped jsonData looks like MBS but needs its wrapper', () => {
    const r = refused(mbs, sample('mbs-statement.json'));
    expect(r.problems).toEqual([{ path: '/bankStatement', message: 'is required' }]);
  });

  it('refuses a value date that is not a M/D/YYYY date at its path', () => {
    const body = fixture('mbs-full-month.json') as { bankStatement: { mbs: { jsonData: { Details: object[] } } } };
    const details = body.bankStatement.mbs.jsonData.Details;
    details[2] = { ...details[2], PValueDate: '2021-13-45' };
    expect(refused(mbs, body).problems).toEqual([
      {
        path: '/bankStatement/mbs/jsonData/Details/2/PValueDate',
        message: 'expected a M/D/YYYY date, got "2021-13-45"',
      },
    ]);
  });

  it('refuses a negative PCredit or PDebit at its path, and keeps a negative balance', () => {
    const body = fixture('mbs-full-month.json') as { bankStatement: { mbs: { jsonData: { Details: object[] } } } };
    const details = body.bankStatement.mbs.jsonData.Details;
    details[2] = { ...details[2], PCredit: '0', PDebit: '-2510.75' };
    details[3] = { ...details[3], PCredit: -100, PDebit: 0 };
    expect(refused(mbs, body).problems).toEqual([
      { path: '/bankStatement/mbs/jsonData/Details/2/PDebit', message: 'must not be negative' },
      { path: '/bankStatement/mbs/jsonData/Details/3/PCredit', message: 'must not be negative' },
    ]);
    const overdrawn = fixture('mbs-full-month.json') as typeof body;
    const rows = overdrawn.bankStatement.mbs.jsonData.Details;
    rows[1] = { ...rows[1], PBalance: '-97598.30' };
    expect(normalised(mbs, overdrawn).transactions[0]).toMatchObject({ amount: 251075, balance: -9759830 });
  });

  it("refuses a signatory's BVN that is not 11 digits at its path; MBS's own N/A means none", () => {
    expect(normalised(mbs, wrap(sample('mbs-statement.json'))).holder.bvn).toBeUndefined(); // "BVN": "N/A"
    const body = fixture('mbs-full-month.json') as { bankStatement: { mbs: { jsonData: Record<string, unknown> } } };
    body.bankStatement.mbs.jsonData.Signatories = [
      { Name: 'N/A', BVN: 'n/a' },
      { Name: 'John Doe', BVN: '22212345678' },
      { Name: 'Jane Doe', BVN: '222123456' },
    ];
    expect(refused(mbs, body).problems).toEqual([
      { path: '/bankStatement/mbs/jsonData/Signatories/2/BVN', message: 'must be 11 digits' },
    ]);
  });

  it('takes an OPB row with a credit as the opening balance, not a transaction (its amount is no income)', () => {
    const body = fixture('mbs-full-month.json') as { bankStatement: { mbs: { jsonData: { Details: object[] } } } };
    const details = body.bankStatement.mbs.jsonData.Details;
    details[0] = { ...details[0], PCredit: '100109.05', PDebit: '0' }; // PBalance 100109.05
    const s = normalised(mbs, body);
    expect(s.openingBalance).toBe(10010905);
    expect(s.closingBalance).toBe(17323055);
    expect(s.transactions).toHaveLength(14);
    expect(s.transactions.some((t) => /opening/i.test(t.narration))).toBe(false);
  });

  it('drops an OPB row without a PBalance: the opening is worked back from the first balance, not read from its amount', () => {
    const body = fixture('mbs-full-month.json') as { bankStatement: { mbs: { jsonData: { Details: object[] } } } };
    const details = body.bankStatement.mbs.jsonData.Details;
    details[0] = { ...details[0], PCredit: '5.00', PBalance: '' };
    const s = normalised(mbs, body);
    expect(s.transactions).toHaveLength(14);
    expect(s.openingBalance).toBe(10010905); // 97,598.30 after the first row's 2,510.75 debit
  });

  it('carries the closing balance forward through newest rows with PBalance ""', () => {
    const body = fixture('mbs-full-month.json') as { bankStatement: { mbs: { jsonData: { Details: object[] } } } };
    const details = body.bankStatement.mbs.jsonData.Details;
    for (let i = 10; i < details.length; i++) details[i] = { ...details[i], PBalance: '' };
    expect(normalised(mbs, body).closingBalance).toBe(17323055);
  });

  it('refuses a Currency that is not an ISO 4217 code, or one without two decimal places', () => {
    const body = fixture('mbs-full-month.json') as { bankStatement: { mbs: { jsonData: Record<string, unknown> } } };
    const path = '/bankStatement/mbs/jsonData/Currency';
    body.bankStatement.mbs.jsonData.Currency = 'XXX1';
    expect(refused(mbs, body).problems).toEqual([{ path, message: 'expected an ISO 4217 currency code, got "XXX1"' }]);
    body.bankStatement.mbs.jsonData.Currency = 'xaf';
    expect(refused(mbs, body).problems).toEqual([
      { path, message: 'XAF amounts have no decimal places; only currencies with 2 are accepted' },
    ]);
    body.bankStatement.mbs.jsonData.Currency = 'usd';
    expect(normalised(mbs, body).currency).toBe('USD');
  });
});
