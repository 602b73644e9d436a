import { describe, expect, it } from 'vitest';
import { NAMES, normalised, refused, sample } from '../testing.js';
import { dojah } from './normalize.js';

describe('dojah (F4)', () => {
  it('normalises the published example exactly (newest first in, oldest first out)', () => {
    expect(normalised(dojah, { ...NAMES, ...sample('dojah-transactions.json') })).toMatchInlineSnapshot(`
      {
        "account": {
          "bankName": "Guaranty Trust Bank",
        },
        "clientFullName": "Test Client",
        "closingBalance": undefined,
        "currency": "NGN",
        "format": "dojah",
        "holder": {},
        "openingBalance": undefined,
        "statementName": "Test statement",
        "timeZone": "Africa/Lagos",
        "transactions": [
          {
            "amount": 187,
            "balance": undefined,
            "date": "2020-09-26",
            "direction": "credit",
            "id": "721498ed3c0990f7",
            "narration": "FAILED NIBSS INSTANT PAYMENT 000013200926151310000180305048 NIP Reversal: (ZBN returned: Beneficiary Bank not available) REF:000013200926151310000180305048",
            "postedAt": undefined,
            "reference": undefined,
            "valueDate": "2020-09-26",
          },
          {
            "amount": 1450000,
            "balance": undefined,
            "date": "2020-09-26",
            "direction": "debit",
            "id": "c35ccc81e588b13e",
            "narration": "NIBSS Instant Payment Outward 000013200926153958000180345243 USSD NIP Transfer from 08068810228 TO ZBN/OLALEKAN MOSES ADEYEMI /26.875/REF:000013200926153958000180345243",
            "postedAt": undefined,
            "reference": undefined,
            "valueDate": "2020-09-26",
          },
          {
            "amount": 2500,
            "balance": undefined,
            "date": "2020-09-26",
            "direction": "debit",
            "id": "7f555fb352614ece",
            "narration": "COMMISSION 000013200926153958000180345243 USSD NIP RECOVERY CHARGE ReF:000013200926153958000180345243",
            "postedAt": undefined,
            "reference": undefined,
            "valueDate": "2020-09-26",
          },
          {
            "amount": 187,
            "balance": undefined,
            "date": "2020-09-26",
            "direction": "debit",
            "id": "c68e60c39aa61083",
            "narration": "VALUE ADDED TAX 000013200926153958000180345243 VAT ON USSD NIP RECOVERY CHARGE ReF:000013200926153958000180345243",
            "postedAt": undefined,
            "reference": undefined,
            "valueDate": "2020-09-26",
          },
          {
            "amount": 5000,
            "balance": undefined,
            "date": "2020-09-26",
            "direction": "debit",
            "id": "e1689ff4ad3aa6dd",
            "narration": "STAMP DUTY CHARGE 26092020 STAMP DUTY CHARGE - 26/09/2020",
            "postedAt": undefined,
            "reference": undefined,
            "valueDate": "2020-09-26",
          },
          {
            "amount": 50000,
            "balance": undefined,
            "date": "2020-09-28",
            "direction": "debit",
            "id": "30c49c9f12a51258",
            "narration": "Airtime Purchase USSD-101CT0000000002033042235-2348068810228",
            "postedAt": undefined,
            "reference": undefined,
            "valueDate": "2020-09-28",
          },
          {
            "amount": 2000000,
            "balance": undefined,
            "date": "2020-09-28",
            "direction": "credit",
            "id": "857ef8c44f42194f",
            "narration": "TRANSFER BETWEEN CUSTOMERS via GAPS 637368962161801700-1 from ELTA SOLUTIONS LIMITED to OLOLADE OLUWATOBILOBA REF:215824649000374669592809201323",
            "postedAt": undefined,
            "reference": undefined,
            "valueDate": "2020-09-28",
          },
          {
            "amount": 1000000,
            "balance": undefined,
            "date": "2020-09-28",
            "direction": "debit",
            "id": "cd0ae9860c13bcaf",
            "narration": "NIBSS Instant Payment Outward 000013200928140356000182528304 via GTWORLD TO KMB/OLUWATOBILOBA OLOLADE /26.875/REF:GW4924402650000001000020092814 f",
            "postedAt": undefined,
            "reference": undefined,
            "valueDate": "2020-09-28",
          },
          {
            "amount": 2500,
            "balance": undefined,
            "date": "2020-09-28",
            "direction": "debit",
            "id": "fae9f9cd468cf5c5",
            "narration": "COMMISSION 000013200928140356000182528304 NIP TRANSFER COMMISSION FOR 000013200928140356000182528304 via GTWORLD TO KMB/OLUWATOBILOBA OLOLADE ReF:GW492440265000000100002009281402",
            "postedAt": undefined,
            "reference": undefined,
            "valueDate": "2020-09-28",
          },
          {
            "amount": 187,
            "balance": undefined,
            "date": "2020-09-28",
            "direction": "debit",
            "id": "c31e012f80c0b2f2",
            "narration": "VALUE ADDED TAX 000013200928140356000182528304 VAT ON NIP TRANSFER FOR 000013200928140356000182528304 via GTWORLD TO KMB/OLUWATOBILOBA OLOLADE ReF:GW492440265000000100002009281402",
            "postedAt": undefined,
            "reference": undefined,
            "valueDate": "2020-09-28",
          },
        ],
      }
    `);
  });

  it('reads decimal-text amounts and balances, missing balances stay missing', () => {
    const s = normalised(dojah, {
      ...NAMES,
      entity: {
        transactions: [
          {
            id: 2,
            transaction_date: '2020-09-28',
            trans_type: 'credit',
            amount: '10000.00',
            available_balance: '10001.87',
          },
          { id: 1, transaction_date: '2020-09-27', trans_type: 'debit', amount: '1.87' },
        ],
        next_page: '',
      },
    });
    expect(s.transactions.map((t) => [t.date, t.amount, t.balance])).toEqual([
      ['2020-09-27', 187, undefined],
      ['2020-09-28', 1000000, 1000187],
    ]);
  });

  it('refuses a bad date with its path', () => {
    const { problems } = refused(dojah, {
      ...NAMES,
      entity: { transactions: [{ transaction_date: '28-09-2020', trans_type: 'debit', amount: '1.00' }] },
    });
    expect(problems).toEqual([
      { path: '/entity/transactions/0/transaction_date', message: 'expected a YYYY-MM-DD date, got "28-09-2020"' },
    ]);
  });

  it('refuses a value date that is not a date at its path, and keeps a good one as a local day', () => {
    const { problems } = refused(dojah, {
      ...NAMES,
      entity: {
        transactions: [
          { transaction_date: '2020-09-28', value_date: 'next week', trans_type: 'debit', amount: '1.00' },
          { transaction_date: '2020-09-28', value_date: '2020-09-27', trans_type: 'debit', amount: '1.00' },
        ],
      },
    });
    expect(problems).toEqual([
      { path: '/entity/transactions/0/value_date', message: 'expected a YYYY-MM-DD date, got "next week"' },
    ]);
  });

  it('refuses a negative amount at its path (trans_type gives the direction), and keeps a negative balance', () => {
    const { problems } = refused(dojah, {
      ...NAMES,
      entity: { transactions: [{ transaction_date: '2020-09-28', trans_type: 'debit', amount: '-1.00' }] },
    });
    expect(problems).toEqual([{ path: '/entity/transactions/0/amount', message: 'must not be negative' }]);
    const overdrawn = normalised(dojah, {
      ...NAMES,
      entity: {
        transactions: [
          { transaction_date: '2020-09-28', trans_type: 'debit', amount: '1.00', available_balance: '-1.00' },
        ],
      },
    });
    expect(overdrawn.transactions.map((t) => [t.direction, t.amount, t.balance])).toEqual([['debit', 100, -100]]);
  });

  it('works the opening balance back from the newest row when only it states a balance', () => {
    const s = normalised(dojah, {
      ...NAMES,
      entity: {
        transactions: [
          {
            id: 3,
            transaction_date: '2020-09-29',
            trans_type: 'debit',
            amount: '500.00',
            available_balance: '20000.00',
          },
          { id: 2, transaction_date: '2020-09-28', trans_type: 'credit', amount: '10000.00' },
          { id: 1, transaction_date: '2020-09-27', trans_type: 'debit', amount: '1.87' },
        ],
        next_page: '',
      },
    });
    expect([s.openingBalance, s.closingBalance]).toEqual([1050187, 2000000]);
  });
});
