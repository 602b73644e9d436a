import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMATS } from '../../src/domain/statement.js';
import { processSubmission } from '../../src/statements/processing.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { rawHttp } from '../helpers/raw-http.js';
import { bodyFor, generateRows } from './bodies.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const rows = generateRows(40);
const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/statements/${name}`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;

type Headers = Record<string, string>;
const both = () => t.auth(['statements:write', 'statements:read']);

function submit(headers: Headers, format: string, body: unknown, query = '', path = '/statements/analytics') {
  return t.app.inject({
    method: 'POST',
    url: `${path}?format=${format}&statementType=consumer${query}`,
    headers,
    payload: body as object,
  });
}

const uuid = () => crypto.randomUUID();

describe('POST /statements/analytics', () => {
  it.each(FORMATS)('stores a %s statement and GET answers the same envelope', async (format) => {
    const headers = await both();
    const res = await submit(headers, format, bodyFor(format, rows, `stmt ${format}`));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      name: `stmt ${format}`,
      source: format,
      statementType: 'CONSUMER',
      processingStatus: 'PROCESSED',
      transactionCount: 40,
      startDate: '2022-01-01',
      currency: 'NGN',
    });
    expect(body.integrity.verdict).toBe('INTACT');
    expect(Object.keys(body).slice(0, 4)).toEqual(['key', 'name', 'source', 'clientFullName']);
    expect(body).toMatchObject({ creditReports: [], livenessResults: [] });
    const again = await t.app.inject({ method: 'GET', url: `/statements/${body.key}`, headers });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(body);
  });

  it('shows BVN and NIN masked, never whole, and stores them sealed', async () => {
    const headers = await both();
    const res = await submit(headers, 'zeeh', fixture('zeeh-spec-shape.json'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().clientIdentification).toEqual([
      { identifierName: 'bvn', identifierValue: '*******5432' },
      { identifierName: 'nin', identifierValue: '*******8901' },
    ]);
    expect(res.body).not.toContain('22298765432');
    expect(res.body).not.toContain('12345678901');
    const row = await t.database.db
      .selectFrom('statements')
      .select(['bvn_sealed', 'nin_sealed', 'bvn_masked'])
      .where('key', '=', res.json().key)
      .executeTakeFirstOrThrow();
    expect(row.bvn_masked).toBe('*******5432');
    expect(row.bvn_sealed).toMatch(/^v1\./);
    expect(row.bvn_sealed).not.toContain('22298765432');
  });

  it('answers the name match between clientFullName and the provider holder name', async () => {
    const headers = await both();
    const res = await submit(headers, 'mbs', fixture('mbs-full-month.json'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().nameMatch).toEqual({ score: 1, passed: true, threshold: 0.7 });
    const okra = fixture('okra-realistic.json');
    const other = await submit(headers, 'okra', { ...okra, clientFullName: 'Emeka Nwosu' });
    expect(other.json().nameMatch).toEqual({ score: 0, passed: false, threshold: 0.7 });
  });

  it('refuses an unknown format with 400 listing the valid ones', async () => {
    const res = await submit(await both(), 'plaid', bodyFor('mono', rows));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'UNKNOWN_FORMAT',
      message: '/query/format: must be one of periculum, mono, okra, dojah, mbs, zeeh; got "plaid"',
      validFormats: ['periculum', 'mono', 'okra', 'dojah', 'mbs', 'zeeh'],
    });
  });

  it('reads format in any case, as statementType, and stores it in its own spelling', async () => {
    const headers = await both();
    const res = await t.app.inject({
      method: 'POST',
      url: '/statements/analytics?format=PERICULUM&statementType=Business',
      headers,
      payload: bodyFor('periculum', rows, 'upper case format') as object,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ source: 'periculum', statementType: 'BUSINESS' });
    const mixed = await submit(headers, 'Mono', bodyFor('mono', rows, 'mixed case format'));
    expect(mixed.statusCode, mixed.body).toBe(200);
    expect(mixed.json().source).toBe('mono');
    // A retry in another case is the same request.
    const key = { ...headers, 'idempotency-key': 'format-case' };
    const first = await submit(key, 'dojah', bodyFor('dojah', rows, 'case retry'));
    const again = await submit(key, 'DOJAH', bodyFor('dojah', rows, 'case retry'));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().key).toBe(first.json().key);
  });

  it('refuses an unknown statementType', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/statements/analytics?format=mono&statementType=personal',
      headers: await both(),
      payload: bodyFor('mono', rows) as object,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: '/query/statementType', message: 'must be consumer or business' }]);
  });

  it('says which format a body looks like when it was sent as another', async () => {
    const res = await submit(await both(), 'mono', fixture('okra-realistic.json'));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'FORMAT_MISMATCH',
      message: 'the body looks like the okra format (F3), not mono (F2): send format=okra',
      looksLike: 'okra',
    });
  });

  it('lists every offending field by path with the reason (first 100)', async () => {
    const body = bodyFor('mono', generateRows(150)) as { data: Array<Record<string, unknown>> };
    body.data.forEach((r, i) => {
      if (i % 1 === 0) r.date = '31/02/2021';
    });
    (body.data[17] as Record<string, unknown>).type = 'transfer';
    const res = await submit(await both(), 'mono', body);
    expect(res.statusCode).toBe(422);
    const answer = res.json();
    expect(answer.code).toBe('STATEMENT_INVALID');
    expect(answer.message).toBe('/body/data/0/date: expected an ISO 8601 timestamp, got "31/02/2021" (and 150 more)');
    expect(answer.problemCount).toBe(151);
    expect(answer.errors).toHaveLength(100);
    expect(answer.errors).toContainEqual({
      path: '/body/data/17/type',
      message: 'expected "debit" or "credit", got "transfer"',
    });
  });

  it('refuses a missing statement name at its path', async () => {
    const body = bodyFor('mbs', rows) as { bankStatement: { mbs: { jsonData: Record<string, unknown> } } };
    delete body.bankStatement.mbs.jsonData.statementName;
    const res = await submit(await both(), 'mbs', body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { path: '/body/bankStatement/mbs/jsonData/statementName', message: 'is required' },
    ]);
  });

  it('refuses fewer than 10 transactions with NOT ENOUGH TRANSACTIONS, and none with NO TRANSACTIONS', async () => {
    const headers = await both();
    // The published example, with the clientFullName the spec makes mandatory (the example omits it).
    const example = { ...fixture('samples/periculum-f1-request.json'), clientFullName: 'Oladipupo David Bello' };
    const few = await submit(headers, 'periculum', example);
    expect(few.statusCode).toBe(422);
    expect(few.json()).toMatchObject({
      code: 'NOT_ENOUGH_TRANSACTIONS',
      processingStatus: 'NOT ENOUGH TRANSACTIONS',
      transactionCount: 9,
      errors: [{ path: '/body/transactions', message: 'has 9 transactions; at least 10 are needed' }],
    });
    const none = await submit(headers, 'mono', { statementName: 'empty', clientFullName: 'Funke Ojo', data: [] });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({
      code: 'NO_TRANSACTIONS',
      processingStatus: 'NO TRANSACTIONS',
      errors: [{ path: '/body/data', message: 'is empty' }],
    });
    const count = await t.database.db
      .selectFrom('statements')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('name', 'in', ['empty', 'Mandatory Statement Name'])
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('analyses a statement without balances and notes NO BALANCE', async () => {
    const body = bodyFor('dojah', rows, 'no balances') as { entity: { transactions: Array<Record<string, unknown>> } };
    for (const r of body.entity.transactions) delete r.available_balance;
    const res = await submit(await both(), 'dojah', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ processingStatus: 'NO BALANCE', openingBalance: null });
    expect(res.json().integrity.verdict).toBe('UNVERIFIABLE');
    // No balance figure is made up from an opening of 0.
    const { cashFlowAnalysis: cf, monthlySummary, transactionPatternAnalysis: p, riskSignals } = res.json();
    expect([cf.closingBalance, cf.averageMonthlyBalance, cf.averageWeeklyBalance]).toEqual([null, null, null]);
    expect(p.percentNumberOfDaysBalanceWasLessThan10ThousandNaira).toBeNull();
    for (const month of monthlySummary) expect([month.openingBalance, month.lowestBalance]).toEqual([null, null]);
    const low = riskSignals.find((s: { code: string }) => s.code === 'LOW_BALANCE_DAYS');
    expect(low).toMatchObject({ assessed: false, triggered: false });
  });

  it('marks a statement with an edited balance ALTERED', async () => {
    const body = bodyFor('periculum', rows, 'edited') as { transactions: Array<Record<string, unknown>> };
    (body.transactions[10] as Record<string, unknown>).balance = 99999999.99;
    const res = await submit(await both(), 'periculum', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().processingStatus).toBe('ALTERED');
    expect(res.json().integrity.breaks[0]).toMatchObject({ position: 9, kind: 'edited', field: 'balance' });
  });

  it('refuses a duplicate statement name with 409 and the existing key', async () => {
    const headers = await both();
    const first = await submit(headers, 'mono', bodyFor('mono', rows, 'dup name'));
    const second = await submit(headers, 'dojah', bodyFor('dojah', rows, 'dup name'));
    expect(second.statusCode).toBe(409);
    const key = first.json().key;
    expect(second.json()).toMatchObject({
      code: 'STATEMENT_NAME_TAKEN',
      // The real API's text.
      message: 'A statement with the same name has already been analyzed',
      statementKey: key,
      errors: [{ path: '/body/statementName', message: `is taken by statement ${key}` }],
    });
    const mbs = await submit(headers, 'mbs', bodyFor('mbs', rows, 'dup name'));
    expect(mbs.statusCode).toBe(409);
    expect(mbs.json().errors).toEqual([
      { path: '/body/bankStatement/mbs/jsonData/statementName', message: `is taken by statement ${key}` },
    ]);
    // Another client may use the same name.
    const elsewhere = await submit(await both(), 'mono', bodyFor('mono', rows, 'dup name'));
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('bodies over a real socket', () => {
  it('reads a statement that arrives in many chunks, and refuses bodies over the limit or short of their length', async () => {
    const small = await createTestApp({ env: { BODY_LIMIT_BYTES: '300000' } });
    try {
      const { authorization } = await small.auth(['statements:write']);
      const address = await small.app.listen({ host: '127.0.0.1', port: 0 });
      const url = `${address}/statements/analytics?format=periculum&statementType=consumer`;
      const body = JSON.stringify(bodyFor('periculum', generateRows(1_500), 'over the wire'));
      expect(body.length).toBeGreaterThan(150_000);
      const headers = { authorization, 'content-type': 'application/json' };
      const res = await fetch(url, { method: 'POST', headers, body });
      expect(res.status, await res.clone().text()).toBe(200);
      expect(await res.json()).toMatchObject({ name: 'over the wire', transactionCount: 1_500 });

      const tooLarge = await fetch(url, { method: 'POST', headers, body: `${body}${' '.repeat(200_000)}` });
      expect(tooLarge.status).toBe(413);
      expect((await tooLarge.json()).code).toBe('BODY_TOO_LARGE');
      // Without a Content-Length (chunked), the limit holds on the bytes as they come.
      const streamed = new ReadableStream({
        start(controller) {
          for (let i = 0; i < 8; i++) controller.enqueue(new TextEncoder().encode(' '.repeat(50_000)));
          controller.close();
        },
      });
      const chunked = await fetch(url, { method: 'POST', headers, body: streamed, duplex: 'half' } as RequestInit);
      expect(chunked.status).toBe(413);

      const head = (length: number) =>
        `POST /statements/analytics?format=periculum HTTP/1.1\r\nHost: x\r\nAuthorization: ${authorization}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`;
      const short = await rawHttp(address, `${head(body.length + 10)}${body}`);
      expect(Number(short.split(' ')[1])).toBe(400);
    } finally {
      await small.close();
    }
  });
});

describe('never a 5xx', () => {
  it('refuses a non-finite amount (1e999 parses to Infinity) at its path', async () => {
    const body = JSON.stringify(bodyFor('periculum', rows, 'infinite')).replace('"amount":0,', '"amount":1e999,');
    const res = await t.app.inject({
      method: 'POST',
      url: '/statements/analytics?format=periculum&statementType=consumer',
      headers: { ...(await both()), 'content-type': 'application/json' },
      payload: body,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { path: '/body/transactions/0/amount', message: 'expected number or string, got Infinity' },
    ]);
  });

  it('answers any JSON body with a 200 or a 4xx', async () => {
    const headers = await both();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...FORMATS), fc.jsonValue(), async (format, body) => {
        const res = await t.app.inject({
          method: 'POST',
          url: `/statements/analytics?format=${format}`,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expect([200, 400, 409, 422]).toContain(res.statusCode);
      }),
      { numRuns: 40 },
    );
  });
});

describe('POST /statements/bvn-first/analytics', () => {
  it('links the statement to the BVN record and refuses a second one naming the first', async () => {
    const headers = await both();
    const bvnUuid = uuid();
    const first = await submit(
      headers,
      'okra',
      fixture('okra-realistic.json'),
      `&bvnUuid=${bvnUuid}`,
      '/statements/bvn-first/analytics',
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().bvnUuid).toBe(bvnUuid);
    const second = await submit(
      headers,
      'mono',
      bodyFor('mono', rows, 'second'),
      `&bvnUuid=${bvnUuid}`,
      '/statements/bvn-first/analytics',
    );
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'BVN_RECORD_HAS_STATEMENT',
      statementKey: first.json().key,
      errors: [{ path: '/query/bvnUuid', message: `already has statement ${first.json().key}` }],
    });
    const list = await t.app.inject({ method: 'GET', url: `/statements?bvnUuid=${bvnUuid}`, headers });
    expect(list.json()).toMatchObject({ page: 1, pageSize: 100, total: 1, statements: [{ key: first.json().key }] });
    // A UUID is read in any case.
    const upper = await t.app.inject({ method: 'GET', url: `/statements?bvnUuid=${bvnUuid.toUpperCase()}`, headers });
    expect(upper.json()).toMatchObject({ total: 1, statements: [{ key: first.json().key }] });
  });

  it('needs a UUID bvnUuid', async () => {
    const res = await submit(
      await both(),
      'mono',
      bodyFor('mono', rows),
      '&bvnUuid=123',
      '/statements/bvn-first/analytics',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('/query/bvnUuid');
  });
});

describe('Idempotency-Key', () => {
  it('returns the first answer for a retry and creates nothing', async () => {
    const headers = { ...(await both()), 'idempotency-key': 'retry-1' };
    const body = bodyFor('zeeh', rows, 'idem');
    const first = await submit(headers, 'zeeh', body);
    const again = await submit(headers, 'zeeh', body);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const n = await t.database.db
      .selectFrom('statements')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('name', '=', 'idem')
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(1);
  });

  it('refuses the same key with a different body', async () => {
    const headers = { ...(await both()), 'idempotency-key': 'retry-2' };
    await submit(headers, 'zeeh', bodyFor('zeeh', rows, 'idem 2'));
    const other = await submit(headers, 'zeeh', bodyFor('zeeh', rows, 'idem 3'));
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('refuses the same key with the same body but another query, saying the request differs', async () => {
    const headers = { ...(await both()), 'idempotency-key': 'retry-query' };
    const body = bodyFor('zeeh', rows, 'idem query');
    expect((await submit(headers, 'zeeh', body)).statusCode).toBe(200);
    const business = await t.app.inject({
      method: 'POST',
      url: '/statements/analytics?format=zeeh&statementType=business',
      headers,
      payload: body as object,
    });
    expect(business.statusCode).toBe(422);
    expect(business.json()).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: 'This Idempotency-Key was already used with a different request (its query or its body)',
      errors: [{ path: '/headers/idempotency-key', message: 'was already used with a different request' }],
    });
  });

  it('keeps the request hash stored keys were made with: the lowercased query, then the body bytes', async () => {
    const auth = await both();
    const storedHash = async (key: string) =>
      (
        await t.database.db
          .selectFrom('statement_idempotency')
          .select('request_hash')
          .where('key', '=', key)
          .executeTakeFirstOrThrow()
      ).request_hash;
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    const post = (url: string, key: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...auth, 'idempotency-key': key, 'content-type': 'application/json' },
        payload,
      });

    const record = uuid().toUpperCase();
    const linked = JSON.stringify(bodyFor('mono', rows, 'hash linked'));
    const first = await post(
      `/statements/bvn-first/analytics?format=MONO&statementType=Business&bvnUuid=${record}`,
      'hash-linked',
      linked,
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().bvnUuid).toBe(record.toLowerCase());
    expect(await storedHash('hash-linked')).toBe(sha256(`mono\nbusiness\n${record.toLowerCase()}\n${linked}`));

    // No statementType: consumer. The other route takes no bvnUuid: it is refused, never read.
    const plain = JSON.stringify(bodyFor('periculum', rows, 'hash plain'));
    const refused = await post(`/statements/analytics?format=Periculum&bvnUuid=${uuid()}`, 'hash-refused', plain);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors[0].path).toBe('/query/bvnUuid');
    const second = await post('/statements/analytics?format=Periculum', 'hash-plain', plain);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().bvnUuid).toBeNull();
    expect(await storedHash('hash-plain')).toBe(sha256(`periculum\nconsumer\n\n${plain}`));
  });

  it('lets concurrent requests with one key create one statement', async () => {
    const headers = { ...(await both()), 'idempotency-key': 'race' };
    const body = bodyFor('mono', rows, 'race');
    const answers = await Promise.all([
      submit(headers, 'mono', body),
      submit(headers, 'mono', body),
      submit(headers, 'mono', body),
    ]);
    const keys = new Set(answers.filter((a) => a.statusCode === 200).map((a) => a.json().key));
    expect(keys.size).toBe(1);
    for (const a of answers) expect([200, 409]).toContain(a.statusCode);
  });
});

describe('reading statements', () => {
  let headers: Headers;
  let key: number;
  beforeAll(async () => {
    headers = await both();
    const res = await submit(headers, 'mono', bodyFor('mono', generateRows(250), 'paged'));
    key = res.json().key;
  });

  it('pages transactions from 1, oldest first, with the total', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/statements/${key}/transactions?page=2&pageSize=100`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ page: 2, pageSize: 100, total: 250 });
    expect(page.transactions).toHaveLength(100);
    expect(page.transactions[0].position).toBe(100);
    const dates = page.transactions.map((x: { date: string }) => x.date);
    expect([...dates].sort()).toEqual(dates);
    const third = await t.app.inject({ method: 'GET', url: `/statements/${key}/transactions?page=3`, headers });
    expect(third.json().transactions).toHaveLength(50);
  });

  it('filters by direction and date range', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/statements/${key}/transactions?direction=credit&from=2022-03-01&to=2022-03-31&pageSize=1000`,
      headers,
    });
    const page = res.json();
    expect(page.total).toBeGreaterThan(0);
    for (const x of page.transactions) {
      expect(x.direction).toBe('credit');
      expect(x.date >= '2022-03-01' && x.date <= '2022-03-31').toBe(true);
    }
  });

  it('refuses a day that is no calendar day at its query field', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/statements/${key}/transactions?from=2022-13-01`, headers });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('/query/from: must be a day as YYYY-MM-DD');
  });

  it('refuses a day of the right form that is not on the calendar, naming the query parameter', async () => {
    for (const [query, path] of [
      ['from=2020-02-30', '/query/from'],
      ['to=2021-02-29', '/query/to'],
      ['from=2020-02-29&to=2020-04-31', '/query/to'],
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/statements/${key}/transactions?${query}`, headers });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: `${path}: not a calendar date`,
        errors: [{ path, message: 'not a calendar date' }],
      });
    }
  });

  it('refuses a direction in another case with one message naming the allowed values', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/statements/${key}/transactions?direction=CREDIT`, headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: '/query/direction', message: 'must be one of "credit", "debit"' }]);
  });

  it('filters by the category the analytics gave', async () => {
    const all = await t.app.inject({ method: 'GET', url: `/statements/${key}/transactions?pageSize=1000`, headers });
    const category = all.json().transactions[0].category as string;
    expect(typeof category).toBe('string');
    const res = await t.app.inject({
      method: 'GET',
      url: `/statements/${key}/transactions?category=${category}&pageSize=1000`,
      headers,
    });
    expect(res.json().total).toBe(
      all.json().transactions.filter((x: { category: string }) => x.category === category).length,
    );
    const none = await t.app.inject({
      method: 'GET',
      url: `/statements/${key}/transactions?category=no_such_category`,
      headers,
    });
    expect(none.json()).toMatchObject({ total: 0, transactions: [] });
  });

  it("answers each transaction's confidence and the evidence that decided its category", async () => {
    const res = await submit(headers, 'mbs', fixture('mbs-full-month.json'));
    expect(res.statusCode, res.body).toBe(200);
    const page = await t.app.inject({
      method: 'GET',
      url: `/statements/${res.json().key}/transactions?pageSize=1000`,
      headers,
    });
    expect(page.statusCode).toBe(200);
    const txs = page.json().transactions as Array<Record<string, unknown>>;
    // The words that decided, not the lexicon's rule names (which the lexicon may rename).
    const salary = txs.find((x) => x.narration === 'NIP CR/MOB/ACME NIGERIA LTD/SALARY APRIL 2021');
    expect(salary).toMatchObject({
      category: 'salary',
      channel: 'transfer',
      evidence: expect.stringMatching(/"SALARY"/),
    });
    expect(salary?.confidence).toBeGreaterThanOrEqual(0.8);
    const airtime = txs.find((x) => x.narration === 'AIRTIME/MTN/08031234567');
    // The telco, a named company, decides over the generic word AIRTIME.
    expect(airtime).toMatchObject({ category: 'airtime_and_data', evidence: 'airtime:MTN matched "MTN"' });
    expect(airtime?.confidence).toBeGreaterThanOrEqual(0.8);
    for (const x of txs) {
      expect(x.confidence as number).toBeGreaterThan(0);
      expect(x.confidence as number).toBeLessThanOrEqual(1);
      expect(typeof x.evidence).toBe('string');
    }
  });

  it('refuses a page size over 1000', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/statements/${key}/transactions?pageSize=1001`, headers });
    expect(res.statusCode).toBe(400);
  });

  it("answers 404 for another client's statement", async () => {
    const stranger = await both();
    for (const url of [`/statements/${key}`, `/statements/${key}/transactions`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: stranger });
      expect(res.statusCode).toBe(404);
    }
    const del = await t.app.inject({ method: 'DELETE', url: `/statements/${key}`, headers: stranger });
    expect(del.statusCode).toBe(404);
  });

  it('needs statements:read to read and statements:write to submit or delete', async () => {
    const readOnly = await t.auth(['statements:read']);
    expect((await submit(readOnly, 'mono', bodyFor('mono', rows))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/statements/${key}`, headers: readOnly })).statusCode).toBe(
      403,
    );
    const writeOnly = await t.auth(['statements:write']);
    expect((await t.app.inject({ method: 'GET', url: `/statements/${key}`, headers: writeOnly })).statusCode).toBe(403);
  });
});

describe('processing that overruns its time', () => {
  it('answers 503 and stores nothing', async () => {
    // 100 ms (the least allowed): a fresh worker's start-up alone takes longer.
    const slow = await createTestApp({
      env: { ANALYSIS_WORKERS: '1', ANALYSIS_INLINE_BELOW_BYTES: '0', ANALYSIS_TIMEOUT_MS: '100' },
    });
    try {
      const { token } = await slow.client(['statements:write', 'statements:read']);
      const res = await slow.app.inject({
        method: 'POST',
        url: '/statements/analytics?format=mono&statementType=consumer',
        headers: { authorization: `Bearer ${token}` },
        payload: bodyFor('mono', generateRows(5_000), 'too slow') as object,
      });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().code).toBe('STATEMENT_PROCESSING_UNAVAILABLE');
      const list = await slow.app.inject({
        method: 'GET',
        url: '/statements',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(list.json().total).toBe(0);
    } finally {
      await slow.close();
    }
  });
});

describe('analytics failure', () => {
  it('stores the statement as FAILED rather than losing it or answering 5xx', async () => {
    // The statement is processed as always, except that its analysis throws.
    const failing = await createTestApp({
      overrides: {
        processStatement: (request, config) =>
          processSubmission(request, config, () => {
            throw new Error('analysis bug');
          }),
      },
    });
    try {
      const { token } = await failing.client(['statements:write', 'statements:read']);
      const headers = { authorization: `Bearer ${token}` };
      const res = await failing.app.inject({
        method: 'POST',
        url: '/statements/analytics?format=mono&statementType=consumer',
        headers,
        payload: bodyFor('mono', rows, 'analysis fails') as object,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ processingStatus: 'FAILED', transactionCount: 40 });
      expect(res.json().integrity.verdict).toBe('INTACT');
      const page = await failing.app.inject({
        method: 'GET',
        url: `/statements/${res.json().key}/transactions?pageSize=1`,
        headers,
      });
      expect(page.json()).toMatchObject({
        total: 40,
        transactions: [{ position: 0, category: null, channel: null, confidence: null, evidence: null }],
      });
    } finally {
      await failing.close();
    }
  });
});

describe('metrics', () => {
  it('counts stored and refused statements', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: await t.auth(['metrics:read']) });
    expect(res.body).toMatch(/statements_stored_total\{format="mono",status="PROCESSED"\} \d+/);
    expect(res.body).toMatch(/statements_refused_total\{code="UNKNOWN_FORMAT"\} 1/);
    expect(res.body).toMatch(/statement_ingest_duration_seconds_bucket/);
  });
});

describe('OpenAPI', () => {
  it('documents the statement routes with a valid example body', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    for (const path of [
      '/statements/analytics',
      '/statements/bvn-first/analytics',
      '/statements',
      '/statements/{key}',
      '/statements/{key}/transactions',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    const example = doc.paths['/statements/analytics'].post.requestBody.content['application/json'].example;
    const res = await submit(await both(), 'periculum', example);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ transactionCount: 10, integrity: { verdict: 'INTACT' } });
    // The answer documents the analytics sections, not only the envelope.
    const answer = doc.paths['/statements/{key}'].get.responses['200'].content['application/json'].schema;
    for (const section of Object.keys(res.json()).filter((k) => k.endsWith('Analysis'))) {
      expect(answer.properties, section).toHaveProperty(section);
    }
    expect(answer.properties.behavioralAnalysis.properties.gamblingRate.description).toMatch(/over inflow/);
  });
});

describe('DELETE /statements/{key}', () => {
  it('erases the statement, its results with its transactions, and idempotency answers', async () => {
    const headers = { ...(await both()), 'idempotency-key': 'to-delete' };
    const res = await submit(headers, 'dojah', bodyFor('dojah', rows, 'to delete'));
    const key = res.json().key as number;
    const del = await t.app.inject({ method: 'DELETE', url: `/statements/${key}`, headers });
    expect(del.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/statements/${key}`, headers })).statusCode).toBe(404);
    const db = t.database.db;
    for (const table of ['statement_results', 'statement_idempotency'] as const) {
      const n = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('statement_key', '=', key)
        .executeTakeFirstOrThrow();
      expect(Number(n.n)).toBe(0);
    }
  });
});
