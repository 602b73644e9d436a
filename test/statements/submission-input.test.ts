import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMATS, type FormatName } from '../../src/domain/statement.js';
import { formatByName } from '../../src/statements/formats/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { statementCount } from '../helpers/database.js';
import { bodyFor, generateRows } from './bodies.js';

// What a submission's fields may hold, through the HTTP API: each refusal is a 4xx naming the field
// and the reason, and stores nothing.

let t: TestApp;
let headers: { authorization: string };
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MAX: '100000' } });
  headers = await t.auth(['statements:write', 'statements:read']);
});
afterAll(async () => t.close());

const rows = generateRows(12);
const TOP_LEVEL_NAMES = FORMATS.filter((f) => f !== 'mbs');

const submit = (format: string, body: unknown) => t.submitStatement(format, body, headers);

const storedCount = () => statementCount(t.database.db);

/** A valid body of `format` with one top-level member changed (undefined: removed). */
function withTop(format: FormatName, name: string, key: string, value: unknown): unknown {
  const body = bodyFor(format, rows, name) as Record<string, unknown>;
  if (value === undefined) delete body[key];
  else body[key] = value;
  return body;
}

describe('statementName', () => {
  it.each(FORMATS)('%s: 2,700 characters is 422 naming its path and the limit, nothing stored', async (format) => {
    const before = await storedCount();
    const res = await submit(format, bodyFor(format, rows, 'n'.repeat(2_700)));
    expect(res.statusCode, res.body).toBe(422);
    const path = `/body${formatByName.get(format)?.statementNamePath}`;
    expect(res.json()).toMatchObject({
      code: 'STATEMENT_INVALID',
      errors: [{ path, message: 'must be at most 255 characters, got 2700' }],
    });
    expect(await storedCount()).toBe(before);
  });

  it('counts characters, not UTF-16 units, and measures the name trimmed', async () => {
    const longest = '\u1ecc'.repeat(250) + '\u{1f600}'.repeat(5); // 255 characters, 260 UTF-16 units
    const accepted = await submit('mono', bodyFor('mono', rows, `  ${longest}  `));
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().name).toBe(longest);
    const refused = await submit('mono', bodyFor('mono', rows, `${longest}x`));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([
      { path: '/body/statementName', message: 'must be at most 255 characters, got 256' },
    ]);
  });

  it('missing is listed with the body’s other problems', async () => {
    const body = withTop('dojah', 'unnamed', 'statementName', undefined) as {
      entity: { transactions: Array<Record<string, unknown>> };
    };
    (body.entity.transactions[0] as Record<string, unknown>).transaction_date = '2022-02-30';
    const res = await submit('dojah', body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual([
      { path: '/body/statementName', message: 'is required' },
      { path: '/body/entity/transactions/0/transaction_date', message: 'not a calendar date, got "2022-02-30"' },
    ]);
  });
});

describe('clientFullName', () => {
  it.each(TOP_LEVEL_NAMES)('%s: missing, null or blank is 422 at /body/clientFullName', async (format) => {
    const before = await storedCount();
    for (const [value, message] of [
      [undefined, 'is required'],
      [null, 'is required'],
      ['', 'must not be blank'],
      ['  \t ', 'must not be blank'],
    ] as const) {
      const res = await submit(format, withTop(format, `client ${format} ${value}`, 'clientFullName', value));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual([{ path: '/body/clientFullName', message }]);
    }
    expect(await storedCount()).toBe(before);
  });

  it('is held to the same 255 characters as the statement name', async () => {
    const res = await submit('okra', withTop('okra', 'long client', 'clientFullName', 'Ada '.repeat(100)));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { path: '/body/clientFullName', message: 'must be at most 255 characters, got 399' },
    ]);
  });

  it('mbs takes it from jsonData.Name, which may be missing', async () => {
    const body = bodyFor('mbs', rows, 'mbs without Name') as {
      bankStatement: { mbs: { jsonData: Record<string, unknown> } };
    };
    delete body.bankStatement.mbs.jsonData.Name;
    const res = await submit('mbs', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().clientFullName).toBeNull();
  });
});

describe('BVN and NIN', () => {
  it.each([
    ['bvn', 'of 3 digits', '123'],
    ['bvn', 'of 11 letters', 'abcdefghijk'],
    ['nin', 'of 12 digits', '123456789012'],
    ['bvn', 'of 100,000 digits', '2'.repeat(100_000)],
  ])('zeeh %s %s is 422 "must be 11 digits" at its path, nothing sealed or stored', async (key, _what, value) => {
    const before = await storedCount();
    const res = await submit('zeeh', withTop('zeeh', `ids ${key} ${value.length}`, key, value));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual([{ path: `/body/${key}`, message: 'must be 11 digits' }]);
    expect(res.json().message).toBe(`/body/${key}: must be 11 digits`); // the number is not echoed
    expect(await storedCount()).toBe(before);
  });

  it('okra: a row whose customer BVN or account number differs from the first row’s is 422 at its path, nothing stored', async () => {
    const before = await storedCount();
    const body = bodyFor('okra', rows, 'two holders') as {
      statementName: string;
      data: { transaction: Array<Record<string, unknown>> };
    };
    body.data.transaction.forEach((r, i) => {
      r.customer = { _id: 'c1', name: 'FUNKE OJO', bvn: i === 0 ? '22299999999' : '22212345678' };
    });
    (body.data.transaction[5] as { account: { nuban: string } }).account.nuban = '9876543210';
    const res = await submit('okra', body);
    expect(res.statusCode, res.body).toBe(422);
    const errors = res.json().errors as Array<{ path: string; message: string }>;
    expect(errors).toHaveLength(12);
    expect(errors[0]).toEqual({
      path: '/body/data/transaction/1/customer/bvn',
      message: 'differs from /data/transaction/0/customer/bvn',
    });
    expect(errors).toContainEqual({
      path: '/body/data/transaction/5/account/nuban',
      message: 'differs from /data/transaction/0/account/nuban',
    });
    expect(res.body).not.toContain('22212345678');
    expect(await storedCount()).toBe(before);
    // The same BVN on every row (spaces aside) is the holder's, sealed and masked.
    body.data.transaction.forEach((r) => {
      r.customer = { _id: 'c1', name: 'FUNKE OJO', bvn: ' 22212345678' };
      (r.account as { nuban: string }).nuban = '0123456789';
    });
    body.statementName = 'one holder';
    const ok = await submit('okra', body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().clientIdentification).toContainEqual({ identifierName: 'bvn', identifierValue: '*******5678' });
  });

  it('surrounding spaces are trimmed before the number is sealed and masked', async () => {
    const res = await submit('zeeh', withTop('zeeh', 'spaced bvn', 'bvn', ' 22298765432 '));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().clientIdentification).toContainEqual({ identifierName: 'bvn', identifierValue: '*******5432' });
  });
});

describe('currencies', () => {
  it('a currency that is not an ISO 4217 code is 422 at its path, not echoed back in a Lagos calendar', async () => {
    const body = bodyFor('mono', rows, 'bogus currency') as { data: Array<Record<string, unknown>> };
    for (const row of body.data) row.currency = 'FOO';
    const res = await submit('mono', { ...body, account: { currency: 'FOO' } });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual([
      { path: '/body/account/currency', message: 'expected an ISO 4217 currency code, got "FOO"' },
    ]);
  });

  it('a currency without two decimal places (XOF) is 422, not divided by 100', async () => {
    const body = bodyFor('mono', rows, 'cfa francs') as { data: Array<Record<string, unknown>> };
    for (const row of body.data) row.currency = 'XOF';
    const res = await submit('mono', body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual([
      {
        path: '/body/data/0/currency',
        message: 'XOF amounts have no decimal places; only currencies with 2 are accepted',
      },
    ]);
  });

  it('mono: a USD account is analysed with its thresholds in dollars, and says so', async () => {
    const body = bodyFor('mono', rows, 'dollar account') as { data: Array<Record<string, unknown>> };
    for (const row of body.data) row.currency = 'USD';
    const res = await submit('mono', body);
    expect(res.statusCode, res.body).toBe(200);
    const low = res.json().riskSignals.find((s: { code: string }) => s.code === 'LOW_BALANCE_DAYS');
    expect(low.message).toMatch(/^\d+ of \d+ days ended under USD 3\.3$/);
  });

  it("mono: a USD row among NGN rows is 422 at its currency, naming the statement's, not added into naira", async () => {
    const body = bodyFor('mono', rows, 'mixed currencies') as { data: Array<Record<string, unknown>> };
    (body.data[3] as Record<string, unknown>).currency = 'USD';
    const res = await submit('mono', body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual([
      { path: '/body/data/3/currency', message: 'expected NGN, the statement\'s currency, got "USD"' },
    ]);
  });
});

describe('every problem of a body in one answer', () => {
  it('type errors are listed with the problems the format finds, not instead of them', async () => {
    const body = bodyFor('dojah', rows, 'every problem') as {
      entity: { transactions: Array<Record<string, unknown>> };
    };
    for (const row of body.entity.transactions)
      Object.assign(row, { trans_type: 5, amount: 'x', transaction_date: 'bad' });
    const before = await storedCount();
    const res = await submit('dojah', body);
    expect(res.statusCode, res.body).toBe(422);
    const answer = res.json();
    expect(answer.problemCount).toBe(36);
    expect(answer.errors).toHaveLength(36);
    const at = (i: number, field: string) => `/body/entity/transactions/${i}/${field}`;
    for (let i = 0; i < 12; i++) {
      expect(answer.errors).toContainEqual({ path: at(i, 'trans_type'), message: 'expected string, got a number' });
      expect(answer.errors).toContainEqual({ path: at(i, 'amount'), message: 'expected a decimal amount, got "x"' });
      expect(answer.errors).toContainEqual({
        path: at(i, 'transaction_date'),
        message: 'expected a YYYY-MM-DD date, got "bad"',
      });
    }
    expect(await storedCount()).toBe(before);
  });
});

describe('text lengths', () => {
  /** Where generated row `i` of `n` keeps its narration in each format's body. */
  const narrationPath: Record<FormatName, (i: number, n: number) => string> = {
    periculum: (i) => `/body/transactions/${i + 1}/description`,
    mono: (i, n) => `/body/data/${n - 1 - i}/narration`,
    okra: (i) => `/body/data/transaction/${i}/notes/desc`,
    dojah: (i, n) => `/body/entity/transactions/${n - 1 - i}/narration`,
    mbs: (i) => `/body/bankStatement/mbs/jsonData/Details/${i + 1}/PNarration`,
    zeeh: (i) => `/body/data/${i}/narration`,
  };

  it.each(FORMATS)('%s: a narration over 1,000 characters is 422 at its path; 1,000 is taken', async (format) => {
    const long = generateRows(12);
    (long[3] as { narration: string }).narration = 'N'.repeat(1_000);
    (long[5] as { narration: string }).narration = 'N'.repeat(1_000_000);
    const before = await storedCount();
    const res = await submit(format, bodyFor(format, long, `long narration ${format}`));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual([
      { path: narrationPath[format](5, 12), message: 'must be at most 1000 characters, got 1000000' },
    ]);
    expect(await storedCount()).toBe(before);
  });

  it('a reference or provider id over 255 characters is 422 at its path', async () => {
    const body = bodyFor('mono', rows, 'long id') as { data: Array<Record<string, unknown>> };
    (body.data[2] as Record<string, unknown>)._id = 'x'.repeat(100_000);
    const res = await submit('mono', body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual([
      { path: '/body/data/2/_id', message: 'must be at most 255 characters, got 100000' },
    ]);
  });
});

describe('query parameters', () => {
  it.each([
    ['format', 'format=mono&format=okra&statementType=consumer'],
    ['statementType', 'format=mono&statementType=consumer&statementType=business'],
  ])('%s given twice is 400 saying so, not "must be string"', async (name, query) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/statements/analytics?${query}`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(bodyFor('mono', rows, `twice ${name}`)),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([{ path: `/query/${name}`, message: 'is given 2 times; give it once' }]);
  });
});

describe('content type and encoding', () => {
  const post = (extra: Record<string, string>, payload: string | Buffer) =>
    t.app.inject({
      method: 'POST',
      url: '/statements/analytics?format=mono&statementType=consumer',
      headers: { ...headers, ...extra },
      payload,
    });
  const json = (name: string) => JSON.stringify(bodyFor('mono', rows, name));

  it('a body that is not JSON (a form, plain text) is 415 naming the content type accepted', async () => {
    const before = await storedCount();
    for (const [type, payload] of [
      ['application/x-www-form-urlencoded', 'statementName=form&clientFullName=Funke+Ojo'],
      ['text/plain', json('plain text')],
    ] as const) {
      const res = await post({ 'content-type': type }, payload);
      expect(res.statusCode, type).toBe(415);
      expect(res.json()).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: '/headers/content-type: must be application/json',
        errors: [{ path: '/headers/content-type', message: 'must be application/json' }],
      });
    }
    expect(await storedCount()).toBe(before);
  });

  it('a Content-Encoding other than identity is 415 naming the header, whether or not the body is compressed', async () => {
    const before = await storedCount();
    for (const [coding, payload] of [
      ['gzip', gzipSync(json('gzipped'))],
      ['gzip', json('labelled gzip')],
      ['br', json('labelled br')],
    ] as const) {
      const res = await post({ 'content-type': 'application/json', 'content-encoding': coding }, payload);
      expect(res.statusCode, coding).toBe(415);
      expect(res.json()).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        errors: [
          {
            path: '/headers/content-encoding',
            message: 'must be identity: compressed request bodies are not accepted',
          },
        ],
      });
    }
    expect(await storedCount()).toBe(before);
  });

  it('identity and a charset are accepted', async () => {
    const res = await post(
      { 'content-type': 'application/json; charset=utf-8', 'content-encoding': 'Identity' },
      json('identity'),
    );
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('a value of the wrong type', () => {
  // The README promises a BVN is never shown: a BVN sent as a number was echoed in its type error
  // (`got 22287654329`), and so was a name in the wrong place. Type errors say what was received.
  it('a BVN sent as a number is refused naming its type, never its digits', async () => {
    const res = await submit('zeeh', withTop('zeeh', 'bvn as a number', 'bvn', 22287654329));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual([{ path: '/body/bvn', message: 'expected string or null, got a number' }]);
    expect(res.body).not.toContain('22287654329');
  });

  it.each([
    ['clientFullName', { first: 'Zebulon Oghenekaro Adaobi' }, 'an object'],
    ['nin', ['12345678901'], 'an array'],
    ['statementName', true, 'a boolean'],
  ])('%s as %j is refused as %s, without its value', async (key, value, kind) => {
    const res = await submit('zeeh', withTop('zeeh', `wrong type ${key}`, key, value));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toContainEqual({ path: `/body/${key}`, message: `expected string or null, got ${kind}` });
    expect(res.body).not.toMatch(/Zebulon|12345678901/);
  });

  it('a row whose account is a name where an object goes is refused without the name', async () => {
    const body = bodyFor('okra', rows, 'okra account as text') as {
      data: { transaction: Array<Record<string, unknown>> };
    };
    (body.data.transaction[0] as Record<string, unknown>).customer = 42;
    const res = await submit('okra', body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toContainEqual({
      path: '/body/data/transaction/0/customer',
      message: 'expected object or string or null, got a number',
    });
  });
});
