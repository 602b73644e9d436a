import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMATS, type FormatName } from '../../src/domain/statement.js';
import { formatByName } from '../../src/statements/formats/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { statementCount } from '../helpers/database.js';
import { bodyFor, generateRows } from '../statements/bodies.js';

// Requests a lender's QA would send on purpose: each must be refused with a 4xx that names the
// offending field, never a 5xx, and must store nothing.

let t: TestApp;
let writer: { authorization: string };
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MAX: '100000' } });
  writer = await t.auth(['statements:write', 'statements:read', 'credit:read']);
});
afterAll(async () => t.close());

const rows = generateRows(15);

function submit(format: string, payload: string, headers = writer) {
  return t.app.inject({
    method: 'POST',
    url: `/statements/analytics?format=${format}&statementType=consumer`,
    headers: { ...headers, 'content-type': 'application/json' },
    payload,
  });
}

const storedCount = () => statementCount(t.database.db);

const paths = (body: { errors?: Array<{ path: string }> }) => (body.errors ?? []).map((e) => e.path);

describe('statement bodies', () => {
  it.each(FORMATS)('%s: a NUL character in a stored text field is refused at its path, nothing stored', async (f) => {
    const before = await storedCount();
    const res = await submit(f, JSON.stringify(bodyFor(f, rows, `nul\u0000 ${f}`)));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().code).toBe('STATEMENT_INVALID');
    expect(paths(res.json())).toEqual([`/body${formatByName.get(f)?.statementNamePath}`]);
    expect(res.json().errors[0].message).toMatch(/U\+0000/);
    expect(await storedCount()).toBe(before);
  });

  it('a NUL character anywhere is named at its path, also in a body parsed on a worker', async () => {
    const body = bodyFor('mono', generateRows(400), 'nul on a worker') as { clientFullName: string };
    body.clientFullName = 'Funke\u0000Ojo';
    const text = JSON.stringify(body);
    expect(text.length).toBeGreaterThan(32_768); // ANALYSIS_INLINE_BELOW_BYTES: processed on a worker
    const res = await submit('mono', text);
    expect(res.statusCode, res.body).toBe(422);
    expect(paths(res.json())).toEqual(['/body/clientFullName']);
  });

  it('a NUL character is listed with the body’s other problems, not instead of them', async () => {
    const body = bodyFor('periculum', rows, 'nul and more') as {
      clientFullName: string;
      transactions: Array<Record<string, unknown>>;
    };
    body.clientFullName = 'Funke\u0000Ojo';
    (body.transactions[3] as Record<string, unknown>).date = '2/30/2022';
    (body.transactions[5] as Record<string, unknown>).type = 'Transfer';
    const res = await submit('periculum', JSON.stringify(body));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'STATEMENT_INVALID',
      message: '/body/clientFullName: must not contain the NUL character (U+0000) (and 2 more)',
      problemCount: 3,
      errors: [
        { path: '/body/clientFullName', message: 'must not contain the NUL character (U+0000)' },
        { path: '/body/transactions/3/date', message: 'not a calendar date, got "2/30/2022"' },
        { path: '/body/transactions/5/type', message: 'expected "debit" or "credit", got "Transfer"' },
      ],
    });
  });

  it('an escaped backslash before u0000 is text, not a NUL character', async () => {
    const res = await submit('mono', JSON.stringify(bodyFor('mono', rows, 'a \\u0000 b')));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().name).toBe('a \\u0000 b');
  });

  it.each([
    ['inline', 15_000],
    ['on a worker', 100_000],
  ])('deeply nested arrays (%s) are refused as a 4xx naming the path, not a 503', async (_where, depth) => {
    const nested = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    for (const payload of [nested, `{"statementName":"deep","transactions":${nested}}`]) {
      const res = await submit('periculum', payload);
      expect(res.statusCode, res.body).toBe(422);
      expect(paths(res.json()).length).toBeGreaterThan(0);
    }
  });
});

describe('bodies that are not JSON', () => {
  it('are 400 MALFORMED_BODY naming /body, on the statement routes and the others', async () => {
    const big = `{"statementName": "x", "transactions": [${'1,'.repeat(20_000)}`; // parsed on a worker
    const asked = [
      submit('mono', ''),
      submit('mono', '{"data": ['),
      submit('mono', big),
      t.app.inject({
        method: 'POST',
        url: '/affordability',
        headers: { ...writer, 'content-type': 'application/json' },
        payload: '{"statementKey": 1, "dti": NaN, "loanTenure": 6}',
      }),
    ];
    for (const res of await Promise.all(asked)) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'MALFORMED_BODY',
        errors: [{ path: '/body', message: 'is not valid JSON' }],
      });
    }
  });
});

/** `text` as UTF-8 bytes with the bytes 0xFF 0xFE (never UTF-8) put in right after `after`. */
function withBadBytes(text: string, after: string): Buffer {
  const at = Buffer.byteLength(text.slice(0, text.indexOf(after) + after.length));
  const bytes = Buffer.from(text);
  return Buffer.concat([bytes.subarray(0, at), Buffer.from([0xff, 0xfe]), bytes.subarray(at)]);
}

describe('bodies that are not UTF-8', () => {
  it.each([
    ['inline', 20],
    ['on a worker', 1_000],
  ])('bytes that are not UTF-8 in a statement text (%s) are refused at its path, nothing stored', async (_where, n) => {
    const body = bodyFor('periculum', generateRows(n), `not utf-8 ${n}`) as {
      transactions: Array<Record<string, unknown>>;
    };
    (body.transactions[1] as Record<string, unknown>).description = 'POS PURCHASE SHOPRITE LEKKI';
    const payload = withBadBytes(JSON.stringify(body), 'SHOP');
    expect(payload.length > 32_768).toBe(n === 1_000); // ANALYSIS_INLINE_BELOW_BYTES: on a worker or not
    const before = await storedCount();
    const res = await t.app.inject({
      method: 'POST',
      url: '/statements/analytics?format=periculum&statementType=consumer',
      headers: { ...writer, 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'STATEMENT_INVALID',
      errors: [{ path: '/body/transactions/1/description', message: expect.stringMatching(/not UTF-8/) }],
    });
    expect(await storedCount()).toBe(before);
  });

  it('a member name with bytes that are not UTF-8 is refused at that member', async () => {
    const body = { ...(bodyFor('mono', rows, 'bad member name') as object), note: 1 };
    const res = await t.app.inject({
      method: 'POST',
      url: '/statements/analytics?format=mono&statementType=consumer',
      headers: { ...writer, 'content-type': 'application/json' },
      payload: withBadBytes(JSON.stringify(body), '"no'),
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual([
      { path: '/body/no\uFFFD\uFFFDte', message: expect.stringMatching(/name .*not UTF-8/) },
    ]);
  });

  it('U+FFFD sent as UTF-8 or as an escape is text like any other', async () => {
    const text = JSON.stringify(bodyFor('mono', rows, 'replacement \uFFFD and ESCAPED'));
    const res = await submit('mono', text.replace('ESCAPED', '\\ufffd'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().name).toBe('replacement \uFFFD and \uFFFD');
  });

  it('the other JSON routes refuse such bytes with a 400 at their path', async () => {
    const credit = await t.app.inject({
      method: 'POST',
      url: '/credit/consumer-reports',
      headers: { ...writer, 'content-type': 'application/json' },
      payload: withBadBytes('{"bvn":"22212345678","name":"Chiamaka Obi"}', 'Chi'),
    });
    expect(credit.statusCode, credit.body).toBe(400);
    expect(credit.json()).toMatchObject({
      status: false,
      code: 'VALIDATION_FAILED',
      errors: [{ path: '/body/name', message: expect.stringMatching(/not UTF-8/) }],
    });
    const affordability = await t.app.inject({
      method: 'POST',
      url: '/affordability',
      headers: { ...writer, 'content-type': 'application/json' },
      payload: withBadBytes('{"statementKey": 1, "dti": 0.4, "loanTenure": 6}', '"dti'),
    });
    expect(affordability.statusCode, affordability.body).toBe(400);
    expect(affordability.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ path: '/body/dti\uFFFD\uFFFD', message: expect.stringMatching(/name .*not UTF-8/) }],
    });
  });
  it('bytes that are not UTF-8 in a member a later one of the same name replaced still refuse the body', async () => {
    const affordability = await t.app.inject({
      method: 'POST',
      url: '/affordability',
      headers: { ...writer, 'content-type': 'application/json' },
      payload: withBadBytes('{"statementKey": 1, "dti": "x", "loanTenure": 6, "dti": 0.3}', '"x'),
    });
    expect(affordability.statusCode, affordability.body).toBe(400);
    expect(affordability.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ path: '/body', message: expect.stringMatching(/not UTF-8.*replaced/) }],
    });
    const body = bodyFor('mono', rows, 'replaced member') as Record<string, unknown>;
    const text = JSON.stringify(body).replace(/^\{/, '{"name":"first","name":"second",');
    const before = await storedCount();
    const statement = await t.app.inject({
      method: 'POST',
      url: '/statements/analytics?format=mono&statementType=consumer',
      headers: { ...writer, 'content-type': 'application/json' },
      payload: withBadBytes(text, '"first'),
    });
    expect(statement.statusCode, statement.body).toBe(422);
    expect(statement.json().errors).toEqual([{ path: '/body', message: expect.stringMatching(/not UTF-8.*replaced/) }]);
    expect(await storedCount()).toBe(before);
  });
});

describe('query and path values at their extremes', () => {
  it('integers in the query or the path are decimal digits: hex, exponents, signs and spaces are 400 at the field', async () => {
    const refused = [
      ...['0x10', '1e3', '%2B5', '%205', '5.0', '-1'].map((page) => [`/statements?page=${page}`, '/query/page']),
      ...['0x1', '1e0', '%205'].map((key) => [`/statements/${key}`, '/params/key']),
    ];
    for (const [url, path] of refused) {
      const res = await t.app.inject({ method: 'GET', url, headers: writer });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(paths(res.json())).toEqual([path]);
    }
    const fine = await t.app.inject({ method: 'GET', url: '/statements?page=2&pageSize=10', headers: writer });
    expect(fine.statusCode, fine.body).toBe(200);
    expect(fine.json().page).toBe(2);
  });

  it('GET /statements with a page beyond any offset is 400 naming /query/page', async () => {
    for (const page of ['100000000000000000000', '9223372036854775807']) {
      const res = await t.app.inject({ method: 'GET', url: `/statements?page=${page}`, headers: writer });
      expect(res.statusCode, res.body).toBe(400);
      expect(paths(res.json())).toEqual(['/query/page']);
    }
  });

  it('POST /credit/consumer-reports with a statementKey beyond the key range is 400 naming it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/credit/consumer-reports',
      headers: writer,
      payload: { bvn: '22200000002', statementKey: 2_147_483_648 },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(paths(res.json())).toEqual(['/body/statementKey']);
  });

  it.each(['consumer', 'commercial'])(
    'a %s credit reference with a NUL character is an unknown reference (404), not a 5xx',
    async (kind) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/statements/get-${kind}-credit/perilenda%2600ff%00`,
        headers: writer,
      });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ status: false, code: 'NOT_FOUND' });
    },
  );

  it('POST /credit/commercial-reports with a registration number of another shape is 400 naming it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/credit/commercial-reports',
      headers: writer,
      payload: { registrationNumber: 'RC 12\u0000345' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(paths(res.json())).toEqual(['/body/registrationNumber']);
    expect(res.json().message).toBe(
      '/body/registrationNumber: must be a CAC registration number: RC, BN, IT, LP or LLP, then 1 to 10 digits (RC1234567)',
    );
  });

  it.each([
    ['/credit/consumer-reports', { bvn: '2220000000x' }, '/body/bvn', 'must be a BVN: 11 digits'],
    [
      '/credit/consumer-reports',
      { bvn: '22200000002', dateOfBirth: '12/04/1990' },
      '/body/dateOfBirth',
      'must be a date as YYYY-MM-DD',
    ],
    ['/statements/bvn-first/analytics?format=periculum&bvnUuid=not-a-uuid', {}, '/query/bvnUuid', 'must be a UUID'],
  ])(
    'POST %s with %j: the field in the wrong form is named, with the form it must take',
    async (url, payload, path, message) => {
      const res = await t.app.inject({ method: 'POST', url, headers: writer, payload });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toContainEqual({ path, message });
    },
  );

  it('GET /statements/{key}/transactions with a day in another form says which form', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/statements/1/transactions?from=2021-5-1', headers: writer });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([{ path: '/query/from', message: 'must be a day as YYYY-MM-DD' }]);
  });

  it('a client_id with a NUL character fails client authentication (401), not a 5xx', async () => {
    const { clientId, secret } = await t.client(['statements:read']);
    for (const [type, payload] of [
      [
        'application/json',
        JSON.stringify({ grant_type: 'client_credentials', client_id: `${clientId}\u0000`, client_secret: secret }),
      ],
      [
        'application/x-www-form-urlencoded',
        `grant_type=client_credentials&client_id=${clientId}%00&client_secret=${secret}`,
      ],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: { 'content-type': type },
        payload,
      });
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().error).toBe('invalid_client');
    }
  });
});

describe('mutated statement bodies (property)', () => {
  /** Paths to every value of a body, looking into the first two and the last element of each list. */
  function valuePaths(value: unknown, at: string[] = [], out: string[][] = []): string[][] {
    out.push(at);
    if (Array.isArray(value)) {
      for (const i of new Set([0, 1, value.length - 1])) {
        if (i >= 0 && i < value.length) valuePaths(value[i], [...at, String(i)], out);
      }
    } else if (typeof value === 'object' && value !== null) {
      for (const [k, v] of Object.entries(value)) valuePaths(v, [...at, k], out);
    }
    return out;
  }
  const DELETE = Symbol('delete');
  function replaced(body: unknown, at: string[], value: unknown): unknown {
    if (at.length === 0) return value === DELETE ? {} : value;
    const copy = structuredClone(body) as Record<string, unknown>;
    let parent = copy;
    for (const k of at.slice(0, -1)) parent = parent[k] as Record<string, unknown>;
    const last = at[at.length - 1] as string;
    if (value === DELETE) delete parent[last];
    else parent[last] = value;
    return copy;
  }

  const bases = new Map(FORMATS.map((f) => [f, bodyFor(f, rows, 'BASE NAME')]));
  const pathsOf = new Map(FORMATS.map((f) => [f, valuePaths(bases.get(f))]));
  const nasty = fc.oneof(
    fc.constantFrom<unknown>(
      DELETE,
      null,
      '',
      ' ',
      '1e309',
      '-0',
      '₦1,000.00',
      '2021-02-30',
      '30/02/2021',
      '0000-00-00',
      'NaN',
      'Infinity',
      -0,
      -1,
      1.005,
      Number.MAX_SAFE_INTEGER + 2,
      1e308,
      [],
      {},
      true,
      'x'.repeat(10_000),
      `${'['.repeat(5000)}`,
    ),
    fc.string({ unit: 'binary', maxLength: 20 }),
    fc.double(),
    fc.jsonValue({ maxDepth: 3 }),
  );
  let n = 0;

  it('answer < 500; a refusal names /body paths (a taken name too) and stores nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom<FormatName>(...FORMATS), fc.nat(), nasty, async (format, pick, value) => {
        const candidates = pathsOf.get(format) as string[][];
        const at = candidates[pick % candidates.length] as string[];
        const payload = JSON.stringify(replaced(bases.get(format), at, value)) ?? '';
        const before = await storedCount();
        const res = await submit(format, payload.replace('"BASE NAME"', `"property ${n++}"`));
        const after = await storedCount();
        expect(res.statusCode, `${format} /${at.join('/')} ${res.body}`).toBeLessThan(500);
        if (res.statusCode === 200) {
          expect(after).toBe(before + 1);
          return;
        }
        const answer = res.json();
        expect(after, answer.code).toBe(before);
        expect(paths(answer).length, res.body).toBeGreaterThan(0);
        for (const p of paths(answer)) expect(p).toMatch(/^\/body(\/|$)/);
      }),
      { numRuns: 300, seed: 20_240_611 },
    );
  });
});
