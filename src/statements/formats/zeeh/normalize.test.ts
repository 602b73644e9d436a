import { describe, expect, it } from 'vitest';
import { fixture, NAMES, normalised, refused, rowsOf, sample } from '../testing.js';
import { zeeh } from './normalize.js';

describe('zeeh (F6)', () => {
  it("normalises Zeeh's raw statement exactly (text amounts, empty closing balances)", () => {
    expect(normalised(zeeh, { ...NAMES, ...sample('f6-zeeh-statement.json') })).toMatchInlineSnapshot(`
      {
        "account": {
          "bankName": undefined,
          "name": undefined,
          "number": undefined,
        },
        "clientFullName": "Test Client",
        "closingBalance": undefined,
        "currency": "NGN",
        "format": "zeeh",
        "holder": {
          "bvn": undefined,
          "name": undefined,
          "nin": undefined,
        },
        "openingBalance": undefined,
        "statementName": "Test statement",
        "timeZone": "Africa/Lagos",
        "transactions": [
          {
            "amount": 239674,
            "balance": undefined,
            "date": "2021-12-27",
            "direction": "debit",
            "id": "ddd5f6ca77c6cc59",
            "narration": "3RD QUARTER 2021 CARD MAINT FEE-VERVE/VAT",
            "postedAt": undefined,
            "reference": "099MJRL211835002",
            "valueDate": undefined,
          },
          {
            "amount": 234303,
            "balance": undefined,
            "date": "2021-12-27",
            "direction": "debit",
            "id": "b656365a85cb332c",
            "narration": "4TH QUARTER 2021 CARD MAINT FEE-VERVE/VAT",
            "postedAt": undefined,
            "reference": "099MJRL212780003",
            "valueDate": undefined,
          },
          {
            "amount": 234279,
            "balance": undefined,
            "date": "2021-12-31",
            "direction": "debit",
            "id": "0f0e424f4e29e1d5",
            "narration": "WHT ON CREDIT INTEREST",
            "postedAt": undefined,
            "reference": "221ICPSNGN 00003",
            "valueDate": undefined,
          },
          {
            "amount": 234516,
            "balance": undefined,
            "date": "2021-12-31",
            "direction": "credit",
            "id": "e99ff102eab68417",
            "narration": "CREDIT INTEREST CAPITALIZATION",
            "postedAt": undefined,
            "reference": "221ICPSNGN 00002",
            "valueDate": undefined,
          },
          {
            "amount": 133441,
            "balance": undefined,
            "date": "2022-01-08",
            "direction": "debit",
            "id": "6cd5aabe0c8a7fb1",
            "narration": "TRF/This gospel tv cloth. Black color/FRM AYOMIDE TEMITAYO BAMIGBOYE TO OKEEGBE OLUWATOBILOBA ISAAC- 058",
            "postedAt": undefined,
            "reference": "099MJKL220087vN1",
            "valueDate": undefined,
          },
        ],
      }
    `);
  });

  it("normalises Zeeh's raw transactions page exactly", () => {
    expect(normalised(zeeh, { ...NAMES, ...sample('f6-zeeh-transactions.json') })).toMatchInlineSnapshot(`
      {
        "account": {
          "bankName": undefined,
          "name": undefined,
          "number": undefined,
        },
        "clientFullName": "Test Client",
        "closingBalance": 42557,
        "currency": "NGN",
        "format": "zeeh",
        "holder": {
          "bvn": undefined,
          "name": undefined,
          "nin": undefined,
        },
        "openingBalance": 3347932,
        "statementName": "Test statement",
        "timeZone": "Africa/Lagos",
        "transactions": [
          {
            "amount": 5375,
            "balance": 3342557,
            "date": "2021-05-31",
            "direction": "debit",
            "id": "9752cd76e5d996ed",
            "narration": "Transfer Charges",
            "postedAt": undefined,
            "reference": "NIP-DCO-1833962182",
            "valueDate": undefined,
          },
          {
            "amount": 3300000,
            "balance": 42557,
            "date": "2021-06-01",
            "direction": "debit",
            "id": "47d8effe75756ff8",
            "narration": "NIP CR/DOE OKAFOR NGOZI/GTB",
            "postedAt": undefined,
            "reference": "NIP-DCO-1835532466",
            "valueDate": undefined,
          },
        ],
      }
    `);
  });

  it("normalises the spec's shape exactly: negative debits, top-level nin and bvn", () => {
    expect(normalised(zeeh, fixture('zeeh-spec-shape.json'))).toMatchInlineSnapshot(`
      {
        "account": {
          "bankName": undefined,
          "name": undefined,
          "number": undefined,
        },
        "clientFullName": "Okafor Ngozi",
        "closingBalance": 10137508,
        "currency": "NGN",
        "format": "zeeh",
        "holder": {
          "bvn": "22298765432",
          "name": undefined,
          "nin": "12345678901",
        },
        "openingBalance": 347932,
        "statementName": "Ngozi Okafor Zeeh Jun 2021",
        "timeZone": "Africa/Lagos",
        "transactions": [
          {
            "amount": 25000000,
            "balance": 25347932,
            "date": "2021-05-31",
            "direction": "credit",
            "id": "1cbea23a58f5ecda",
            "narration": "SALARY MAY 2021 ZEEH TECHNOLOGIES LTD",
            "postedAt": undefined,
            "reference": "FT21151ABC001",
            "valueDate": undefined,
          },
          {
            "amount": 5375,
            "balance": 25342557,
            "date": "2021-05-31",
            "direction": "debit",
            "id": "5c776aaa44097ab4",
            "narration": "Transfer Charges",
            "postedAt": undefined,
            "reference": "NIP-DCO-1833962182",
            "valueDate": undefined,
          },
          {
            "amount": 3300000,
            "balance": 22042557,
            "date": "2021-06-01",
            "direction": "debit",
            "id": "b233b4934af99731",
            "narration": "NIP CR/DOE OKAFOR NGOZI/GTB",
            "postedAt": undefined,
            "reference": "NIP-DCO-1835532466",
            "valueDate": undefined,
          },
          {
            "amount": 150000,
            "balance": 21892557,
            "date": "2021-06-02",
            "direction": "debit",
            "id": "fb35090324861a18",
            "narration": "AIRTIME PURCHASE GLO 08051234567",
            "postedAt": undefined,
            "reference": "VAS-210602-0091",
            "valueDate": undefined,
          },
          {
            "amount": 1250050,
            "balance": 20642507,
            "date": "2021-06-03",
            "direction": "debit",
            "id": "756539340645529c",
            "narration": "POS SPAR ABUJA NG",
            "postedAt": undefined,
            "reference": "POS-2106031122",
            "valueDate": undefined,
          },
          {
            "amount": 500000,
            "balance": 20142507,
            "date": "2021-06-05",
            "direction": "debit",
            "id": "686de4c2bfa9d83c",
            "narration": "BET9JA WALLET FUNDING",
            "postedAt": undefined,
            "reference": "NIP-DCO-1836600001",
            "valueDate": undefined,
          },
          {
            "amount": 1500000,
            "balance": 21642507,
            "date": "2021-06-08",
            "direction": "credit",
            "id": "efcba375794b21cf",
            "narration": "NIP CR/ADEBAYO TUNDE/SPLIT BILL",
            "postedAt": undefined,
            "reference": "NIP-CR-1837700412",
            "valueDate": undefined,
          },
          {
            "amount": 2000000,
            "balance": 19642507,
            "date": "2021-06-10",
            "direction": "debit",
            "id": "13c6d404595e14c3",
            "narration": "ATM WDL FIRST BANK WUSE 2",
            "postedAt": undefined,
            "reference": "ATM-2106101800",
            "valueDate": undefined,
          },
          {
            "amount": 8500000,
            "balance": 11142507,
            "date": "2021-06-15",
            "direction": "debit",
            "id": "8175d24f5ddc7ca5",
            "narration": "RENT JUNE 2021 TO MR IBRAHIM MUSA",
            "postedAt": undefined,
            "reference": "NIP-DCO-1839900123",
            "valueDate": undefined,
          },
          {
            "amount": 5000,
            "balance": 11137507,
            "date": "2021-06-20",
            "direction": "debit",
            "id": "06c27f078e600001",
            "narration": "FGN STAMP DUTY",
            "postedAt": undefined,
            "reference": "SD-210620",
            "valueDate": undefined,
          },
          {
            "amount": 999999,
            "balance": 10137508,
            "date": "2021-06-28",
            "direction": "debit",
            "id": "9f19b652a680657a",
            "narration": "DSTV SUBSCRIPTION COMPACT PLUS",
            "postedAt": undefined,
            "reference": "BP-2106280042",
            "valueDate": undefined,
          },
        ],
      }
    `);
  });

  it('trusts type for the direction, not the sign', () => {
    const s = normalised(zeeh, {
      ...NAMES,
      transactions: [
        { type: 'debit', amount: 50, date: '2021-06-01', narration: 'a' },
        { type: 'credit', amount: -20, date: '2021-06-02', narration: 'b' },
      ],
    });
    expect(rowsOf(s)).toEqual([
      ['2021-06-01', 'debit', 5000, null, 'a'],
      ['2021-06-02', 'credit', 2000, null, 'b'],
    ]);
  });

  it('needs transactions or data', () => {
    expect(refused(zeeh, NAMES).problems).toEqual([
      { path: '/transactions', message: 'is required (or data, as Zeeh sends it)' },
    ]);
  });

  it('refuses a BVN or NIN that is not 11 digits at its path, trimming surrounding spaces', () => {
    const rows = [{ type: 'credit', amount: 5, date: '2021-06-01', narration: 'a' }];
    const refusal = (ids: object) => refused(zeeh, { ...NAMES, ...ids, transactions: rows }).problems;
    expect(refusal({ bvn: '123', nin: '123456789012' })).toEqual([
      { path: '/bvn', message: 'must be 11 digits' },
      { path: '/nin', message: 'must be 11 digits' },
    ]);
    expect(refusal({ bvn: 'abcdefghijk' })).toEqual([{ path: '/bvn', message: 'must be 11 digits' }]);
    expect(refusal({ bvn: '2'.repeat(100_000) })).toEqual([{ path: '/bvn', message: 'must be 11 digits' }]);
    expect(refusal({ bvn: '2229876543\u0663' })).toEqual([{ path: '/bvn', message: 'must be 11 digits' }]);
    const s = normalised(zeeh, { ...NAMES, bvn: ' 22298765432 ', nin: '', transactions: rows });
    expect(s.holder).toEqual({ name: undefined, bvn: '22298765432', nin: undefined });
  });

  it('refuses a body with both transactions and data: which one is the statement is not ours to guess', () => {
    const rows = [{ type: 'credit', amount: 5, date: '2021-06-01', narration: 'a' }];
    expect(refused(zeeh, { ...NAMES, transactions: rows, data: rows }).problems).toEqual([
      { path: '/data', message: 'give one of transactions or data, not both' },
    ]);
  });

  it('refuses a raw date whose clock time names no time of day, at its path', () => {
    const row = (date: string) => ({ type: 'credit', amount: '5.00', date, narration: 'a', closingBalance: '' });
    const { problems } = refused(zeeh, {
      ...NAMES,
      data: [row('02/01/2024 25:61:00'), row('02/01/2024 24:00:00'), row('02/01/2024 23:59:59')],
    });
    expect(problems).toEqual([
      { path: '/data/0/date', message: 'not a time of day, got "02/01/2024 25:61:00"' },
      { path: '/data/1/date', message: 'not a time of day, got "02/01/2024 24:00:00"' },
    ]);
  });

  it('refuses an unknown currency code at /currency', () => {
    const rows = [{ type: 'credit', amount: 5, date: '2021-06-01', narration: 'a' }];
    expect(refused(zeeh, { ...NAMES, currency: 'NAIRA', transactions: rows }).problems).toEqual([
      { path: '/currency', message: 'expected an ISO 4217 currency code, got "NAIRA"' },
    ]);
  });
});
