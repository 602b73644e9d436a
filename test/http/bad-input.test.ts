import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMATS } from '../../src/domain/statement.js';
import { formatByName } from '../../src/statements/formats/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
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

async function storedCount(): Promise<number> {
  const row = await t.database.db
    .selectFrom('statements')
    .select((e) => e.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

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

describe('query and path values at their extremes', () => {
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

  it('a credit reference with a NUL character is an unknown reference (404), not a 5xx', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/statements/get-consumer-credit/perilenda%2600ff%00',
      headers: writer,
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toMatchObject({ status: false, code: 'NOT_FOUND' });
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
