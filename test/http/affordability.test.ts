import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

// Jan 25 .. Mar 31 (7/31 of January, February, March: 69/31 months): salary ₦300,000 (25th, paid on
// the Friday before a weekend), ₦300 interest (₦134.78 a month), expenses ₦162,100 (₦72,827.54 a
// month) and one ₦30,000 Carbon repayment (₦13,478.26 a month); each is the total x 31 / 69.
const rows: Array<[string, 'Credit' | 'Debit', number, string]> = [
  ['1/25/2023', 'Credit', 300_000, 'NIP CR/ACME LTD/JAN 2023 SALARY'],
  ['1/28/2023', 'Debit', 60_000, 'POS PURCHASE SHOPRITE LEKKI'],
  ['1/30/2023', 'Debit', 1_000, 'Airtime Purchase MTN 08031234567'],
  ['2/10/2023', 'Debit', 90_000, 'NIBSS Instant Payment Outward TO UBA/KEMI ALABI'],
  ['2/15/2023', 'Debit', 1_000, 'Airtime Purchase MTN 08031234567'],
  ['2/24/2023', 'Credit', 300_000, 'NIP CR/ACME LTD/FEB 2023 SALARY'],
  ['3/1/2023', 'Debit', 30_000, 'MONNIFY/CARBON LOAN REPAYMENT'],
  ['3/10/2023', 'Debit', 9_000, 'WEB PMT QUICKTELLER DSTV SUBSCRIPTION'],
  ['3/15/2023', 'Debit', 1_000, 'Airtime Purchase MTN 08031234567'],
  ['3/24/2023', 'Credit', 300_000, 'NIP CR/ACME LTD/MAR 2023 SALARY'],
  ['3/28/2023', 'Debit', 100, 'SMS ALERT CHARGES'],
  ['3/31/2023', 'Credit', 300, 'INTEREST PAID ON SAVINGS MAR 2023'],
];

function body(name: string) {
  let balance = 50_000;
  return {
    statementName: name,
    clientFullName: 'ADAEZE CHIOMA NWANKWO',
    transactions: rows.map(([date, type, amount, description]) => {
      balance += type === 'Credit' ? amount : -amount;
      return { date, type, amount, description, balance };
    }),
  };
}

describe('affordability', () => {
  let t: TestApp;
  let writer: { authorization: string };
  let key: number;
  beforeAll(async () => {
    t = await createTestApp();
    writer = await t.auth(['statements:write', 'statements:read']);
    const res = await t.app.inject({
      method: 'POST',
      url: '/statements/analytics?format=periculum&statementType=consumer',
      headers: writer,
      payload: body('affordability-1'),
    });
    expect(res.statusCode).toBe(200);
    key = res.json().key;
  });
  afterAll(async () => {
    await t.close();
  });

  it('POST answers the real fields with the formula worked out', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/affordability',
      headers: writer,
      payload: { statementKey: key, dti: 0.4, loanTenure: 6 },
    });
    expect(res.statusCode).toBe(200);
    // income 300,134.78; 0.4 x 300,134.78 - 13,478.26 = 106,575.65 (to the kobo) < disposable
    // 300,134.78 - 72,827.54 - 13,478.26 = 213,828.98; over 6 months 639,453.90
    expect(res.json()).toMatchObject({
      statementKey: key,
      dti: 0.4,
      loanTenure: 6,
      'monthly_disposable_income/monthly_affordability_amount': 106_575.65,
      affordability_amount: 639_453.9,
      average_predicted_salary: 300_000,
      average_other_income: 134.78,
      average_monthly_total_expenses: 72_827.54,
      average_monthly_loan_repayment_amount: 13_478.26,
      monthly_disposable_income: 213_828.98,
      maximum_recommended_monthly_repayment: 106_575.65,
    });
  });

  it('a larger known repayment floors the result at 0; GET lists results newest first', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/affordability',
      headers: writer,
      payload: { statementKey: key, dti: 0.4, loanTenure: 6, averageMonthlyLoanRepaymentAmount: 150_000 },
    });
    expect(res.json()).toMatchObject({
      'monthly_disposable_income/monthly_affordability_amount': 0,
      affordability_amount: 0,
      average_monthly_loan_repayment_amount: 150_000,
    });
    const list = await t.app.inject({ method: 'GET', url: `/affordability/${key}`, headers: writer });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((r: { affordability_amount: number }) => r.affordability_amount)).toEqual([0, 639_453.9]);
  });

  it("another client's statement is 404 for both routes", async () => {
    const other = await t.auth(['statements:write', 'statements:read']);
    const post = await t.app.inject({
      method: 'POST',
      url: '/affordability',
      headers: other,
      payload: { statementKey: key, dti: 0.4, loanTenure: 6 },
    });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({
      message: `no statement ${key}`,
      errors: [{ path: '/body/statementKey', message: 'no statement with this key' }],
    });
    const get = await t.app.inject({ method: 'GET', url: `/affordability/${key}`, headers: other });
    expect(get.statusCode).toBe(404);
    expect(get.json().message).toBe(`no statement ${key}`);
  });

  it('bad terms are a 400 naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/affordability',
      headers: writer,
      payload: { statementKey: key, dti: 1.5, loanTenure: 6 },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().errors)).toContain('/body/dti');
  });

  it('a misspelt or unknown field is a 400 at its path listing the fields, never ignored', async () => {
    const before = await t.app.inject({ method: 'GET', url: `/affordability/${key}`, headers: writer });
    // The snake_case name of the known repayment would have been ignored: 135,000 instead of 15,000.
    for (const [payload, field] of [
      [
        { statementKey: key, dti: 0.3, loanTenure: 6, average_monthly_loan_repayment_amount: 20_000 },
        'average_monthly_loan_repayment_amount',
      ],
      [{ statementKey: key, DTI: 0.9, dti: 0.3, loanTenure: 6 }, 'DTI'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/affordability', headers: writer, payload });
      expect(res.statusCode).toBe(400);
      const message =
        'unknown field; expected one of: statementKey, dti, loanTenure, averageMonthlyLoanRepaymentAmount';
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: `/body/${field}: ${message}`,
        errors: [{ path: `/body/${field}`, message }],
      });
    }
    const after = await t.app.inject({ method: 'GET', url: `/affordability/${key}`, headers: writer });
    expect(after.json()).toEqual(before.json());
  });

  it('scopes: POST needs statements:write, GET statements:read', async () => {
    const reader = await t.auth(['statements:read']);
    const post = await t.app.inject({
      method: 'POST',
      url: '/affordability',
      headers: reader,
      payload: { statementKey: key, dti: 0.4, loanTenure: 6 },
    });
    expect(post.statusCode).toBe(403);
    const writerOnly = await t.auth(['statements:write']);
    const get = await t.app.inject({ method: 'GET', url: `/affordability/${key}`, headers: writerOnly });
    expect(get.statusCode).toBe(403);
  });
});

describe('affordability of a salary paid with the holder named as beneficiary', () => {
  // The employer's monthly credit carries the holder's name after its own, as Nigerian inflows do;
  // it is her salary, not money moved between her accounts.
  const holder = 'IBRAHIM SANI DANJUMA';
  const rows: Array<[string, 'Credit' | 'Debit', number, string]> = [
    ['4/26/2024', 'Credit', 410_000, 'NIP/ZENITH/KORAMA FOODS LTD/DANJUMA IBRAHIM S/APR'],
    ['5/3/2024', 'Debit', 120_000, 'NIP TRF TO HAUWA SULE/UPKEEP'],
    ['5/12/2024', 'Debit', 2_000, 'AIRTIME/MTN/08031234567'],
    ['5/27/2024', 'Credit', 410_000, 'NIP/ZENITH/KORAMA FOODS LTD/DANJUMA IBRAHIM S/MAY'],
    ['6/4/2024', 'Debit', 120_000, 'NIP TRF TO HAUWA SULE/UPKEEP'],
    ['6/12/2024', 'Debit', 2_000, 'AIRTIME/MTN/08031234567'],
    ['6/26/2024', 'Credit', 410_000, 'NIP/ZENITH/KORAMA FOODS LTD/DANJUMA IBRAHIM S/JUN'],
    ['7/3/2024', 'Debit', 120_000, 'NIP TRF TO HAUWA SULE/UPKEEP'],
    ['7/12/2024', 'Debit', 2_000, 'AIRTIME/MTN/08031234567'],
    ['7/26/2024', 'Credit', 410_000, 'NIP/ZENITH/KORAMA FOODS LTD/DANJUMA IBRAHIM S/JUL'],
  ];
  let t: TestApp;
  let writer: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    writer = await t.auth(['statements:write', 'statements:read']);
  });
  afterAll(async () => {
    await t.close();
  });

  it('is a salary earner with a salary to lend on', async () => {
    let balance = 20_000;
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/statements/analytics?format=periculum&statementType=consumer',
      headers: writer,
      payload: {
        statementName: 'holder-named-pay',
        clientFullName: holder,
        transactions: rows.map(([date, type, amount, description]) => {
          balance += type === 'Credit' ? amount : -amount;
          return { date, type, amount, description, balance };
        }),
      },
    });
    expect(submitted.statusCode).toBe(200);
    const income = submitted.json().incomeAnalysis;
    expect(income.isSalaryEarner).toBe('Yes');
    expect(income.numberOfSalaryPayments).toBe(4);
    expect(income.averagePredictedSalary).toBe(410_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/affordability',
      headers: writer,
      payload: { statementKey: submitted.json().key, dti: 0.33, loanTenure: 6 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().average_predicted_salary).toBe(410_000);
    expect(res.json().affordability_amount).toBeGreaterThan(0);
  });
});
