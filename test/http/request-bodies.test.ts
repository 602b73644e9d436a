import { connect } from 'node:net';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_BVNS } from '../../src/credit/adapters/sandbox/sandbox-bureau.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { statementCount } from '../helpers/database.js';
import { bodyFor, generateRows } from '../statements/bodies.js';

// Every JSON body refuses the members it does not name, saying which it takes; a statement body
// keeps the provider's fields it does not read; a body is refused for what it is.

let t: TestApp;
let headers: { authorization: string };
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MAX: '100000' } });
  headers = await t.auth();
});
afterAll(async () => t.close());

const typed = (contentType = 'application/json') => ({ ...headers, 'content-type': contentType });

describe('unknown fields', () => {
  it('the credit request bodies name each unknown field once, saying which fields they take', async () => {
    const consumer = await t.app.inject({
      method: 'POST',
      url: '/credit/consumer-reports',
      headers,
      payload: { bvn: SANDBOX_BVNS.goodHistory, foo: 1, Name: 'Ada' },
    });
    expect(consumer.statusCode).toBe(400);
    const expected = 'unknown field; expected one of: bvn, name, dateOfBirth, statementKey, enquiryReason';
    expect(consumer.json()).toMatchObject({
      status: false,
      code: 'VALIDATION_FAILED',
      message: `/body/foo: ${expected}`,
      errors: [
        { path: '/body/foo', message: expected },
        { path: '/body/Name', message: expected },
      ],
    });
    expect(consumer.body).not.toContain('schema is false');
    const business = await t.app.inject({
      method: 'POST',
      url: '/credit/commercial-reports',
      headers,
      payload: { registrationNumber: 'RC1234567', business_name: 'Ade Foods' },
    });
    expect(business.statusCode).toBe(400);
    expect(business.json().errors).toEqual([
      {
        path: '/body/business_name',
        message: 'unknown field; expected one of: registrationNumber, businessName, statementKey, enquiryReason',
      },
    ]);
  });

  it('the fetch routes take no body (as the spec sends), or {}, and refuse a member', async () => {
    const requested = await t.app.inject({
      method: 'POST',
      url: '/credit/consumer-reports',
      headers,
      payload: { bvn: SANDBOX_BVNS.goodHistory },
    });
    const url = `/statements/get-consumer-credit/${encodeURIComponent(requested.json().data.reference)}`;
    const none = await t.app.inject({ method: 'POST', url, headers: typed() });
    const empty = await t.app.inject({ method: 'POST', url, headers: typed(), payload: '{}' });
    const bare = await t.app.inject({ method: 'POST', url, headers });
    expect([none.statusCode, empty.statusCode, bare.statusCode]).toEqual([200, 200, 200]);
    const member = await t.app.inject({ method: 'POST', url, headers: typed(), payload: '{"reference":"x"}' });
    expect(member.statusCode).toBe(400);
    expect(member.json().errors).toEqual([{ path: '/body/reference', message: 'unknown field; this body takes none' }]);
    // The reference says so: the body is optional there, and closed; required where it has required fields.
    const paths = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json().paths;
    const fetchBody = paths['/statements/get-consumer-credit/{reference}'].post.requestBody;
    expect(fetchBody.required).toBe(false);
    expect(fetchBody.content['application/json'].schema).toMatchObject({ properties: {}, additionalProperties: false });
    expect(paths['/affordability'].post.requestBody.required).toBe(true);
    expect(paths['/affordability'].post.requestBody.content['application/json'].schema.additionalProperties).toBe(
      false,
    );
  });

  it('a token request keeps unknown parameters, as OAuth asks (RFC 6749 section 3.2)', async () => {
    const client = await t.client(['regions:read']);
    const res = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: {
        grant_type: 'client_credentials',
        client_id: client.clientId,
        client_secret: client.secret,
        resource: 'https://api.example',
      },
    });
    expect(res.statusCode).toBe(200);
  });

  it('a statement body keeps the provider fields it does not read', async () => {
    const body = bodyFor('mono', generateRows(12), 'provider extras') as { data: Array<Record<string, unknown>> };
    const extended = { ...body, paging: { total: 12 }, data: body.data.map((row) => ({ ...row, channel: 'pos' })) };
    const res = await t.app.inject({
      method: 'POST',
      url: '/statements/analytics?format=mono',
      headers,
      payload: extended,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a route whose body schema leaves an object open without saying so does not register', async () => {
    let refusal: unknown;
    const other = await createTestApp({
      extend(app) {
        try {
          app.post(
            '/test/open',
            {
              config: { scope: 'regions:read' },
              schema: { body: Type.Object({ a: Type.Object({ b: Type.String() }) }, { additionalProperties: false }) },
            },
            async () => ({}),
          );
        } catch (err) {
          refusal = err;
        }
      },
    });
    await other.close();
    expect(String(refusal)).toContain(
      'route POST /test/open: its body schema at /properties/a must set additionalProperties',
    );
  });
});

describe('bodies refused for what they are', () => {
  it('a __proto__ key is named at its path, and the connection stays open for the next request', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const body = '{"statementKey":1,"dti":0.4,"loanTenure":6,"nested":{"__proto__":{"x":1}}}';
    const request =
      `POST /affordability HTTP/1.1\r\nHost: x\r\nAuthorization: ${headers.authorization}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
    const answers = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(address).port), '127.0.0.1');
      let got = '';
      socket.on('data', (d) => {
        got += String(d);
        // The second answer came on the same connection: it was not closed after the first.
        if ((got.match(/HTTP\/1\.1 /g) ?? []).length === 2) socket.end();
      });
      socket.on('close', () => resolve(got));
      socket.on('error', reject);
      socket.write(request);
      socket.once('data', () => socket.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n'));
    });
    const [first = '', second = ''] = answers.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 400 /);
    expect(first.toLowerCase()).not.toContain('connection: close');
    expect(JSON.parse(first.slice(first.indexOf('\r\n\r\n') + 4))).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: '/body/nested/__proto__: __proto__ is not accepted as a key',
      errors: [{ path: '/body/nested/__proto__', message: '__proto__ is not accepted as a key' }],
    });
    expect(second).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('JSON that is not JSON is still "not valid JSON"', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/affordability', headers: typed(), payload: '{"a":' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('the body is not valid JSON');
  });

  it('plain text to the token endpoint is 415 naming the types it takes', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'text/plain' },
      payload: 'grant_type=client_credentials',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      error: 'invalid_request',
      error_description: '/headers/content-type: must be application/json or application/x-www-form-urlencoded',
    });
  });

  it('a form is 415 on every route but the token endpoint, as plain text is', async () => {
    const consumer = await t.app.inject({
      method: 'POST',
      url: '/credit/consumer-reports',
      headers: typed('application/x-www-form-urlencoded'),
      payload: `bvn=${SANDBOX_BVNS.goodHistory}`,
    });
    expect(consumer.statusCode).toBe(415);
    expect(consumer.json()).toMatchObject({
      status: false,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: '/headers/content-type: must be application/json',
    });
    const paths = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json().paths as Record<
      string,
      Record<string, { requestBody?: { content: Record<string, unknown> } }>
    >;
    const answers: Record<string, number> = {};
    for (const [template, operations] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(operations)) {
        if (!op.requestBody) continue;
        const res = await t.app.inject({
          method: method.toUpperCase() as 'POST',
          url: template.replace(/\{[^}]+\}/g, '1'),
          headers: typed('application/x-www-form-urlencoded'),
          payload: 'statementKey=1&registrationNumber=RC1234567',
        });
        answers[`${method.toUpperCase()} ${template}`] = res.statusCode;
      }
    }
    const formTakers = Object.entries(answers).filter(([, status]) => status !== 415);
    expect(formTakers.map(([route]) => route)).toEqual(['POST /oauth/token']);
    expect(Object.keys(answers)).toEqual(
      expect.arrayContaining(['POST /credit/commercial-reports', 'POST /statements/get-consumer-credit/{reference}']),
    );
  });

  it('a charset other than UTF-8 is 415 on every route that reads text, before the body is read', async () => {
    const before = await statementCount(t.database.db);
    const body = JSON.stringify(bodyFor('mono', generateRows(12), 'utf-16 labelled'));
    const message = '/headers/content-type: charset must be utf-8: bodies are read as UTF-8';
    for (const [url, payload, type] of [
      ['/oauth/token', '{"grant_type":"client_credentials"}', 'application/json; charset=utf-16'],
      ['/oauth/token', 'grant_type=client_credentials', 'application/x-www-form-urlencoded; charset=iso-8859-1'],
      ['/affordability', '{"statementKey":1,"dti":0.4,"loanTenure":6}', 'application/json;charset="UTF-16LE"'],
      ['/statements/analytics?format=mono', body, 'application/json; charset=windows-1252'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, headers: typed(type), payload });
      expect(res.statusCode, `${url} ${type}`).toBe(415);
      expect(res.json().message ?? res.json().error_description).toBe(message);
    }
    expect(await statementCount(t.database.db)).toBe(before);
    for (const type of ['application/json; charset=utf-8', 'application/json; charset="UTF-8"', 'application/json']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/affordability',
        headers: typed(type),
        payload: '{"statementKey":999999,"dti":0.4,"loanTenure":6}',
      });
      expect(res.statusCode, type).toBe(404); // read, and no such statement
    }
  });
});

describe('a member given twice', () => {
  // JSON leaves the meaning of a repeated member open: which copy to read would be a guess (the
  // last one was read, so a credit pull went out for the second BVN).
  const post = (url: string, payload: string, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url, headers: typed(contentType), payload });

  it('a credit request with two BVNs is 400 at the member, and pulls nothing', async () => {
    const res = await post('/credit/consumer-reports', '{"bvn":"22200000001","bvn":"22200000004"}');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      status: false,
      code: 'VALIDATION_FAILED',
      message: '/body/bvn: is given 2 times; give it once',
      errors: [{ path: '/body/bvn', message: 'is given 2 times; give it once' }],
    });
    expect(res.body).not.toContain('2220000000');
  });

  it('an affordability request with dti twice is 400 at it, also when one copy is written with escapes', async () => {
    for (const body of [
      '{"statementKey":1,"dti":0.1,"loanTenure":6,"dti":0.9}',
      '{"statementKey":1,"dti":0.1,"loanTenure":6,"d\\u0074i":0.9,"dti":0.5}',
    ]) {
      const res = await post('/affordability', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual([
        { path: '/body/dti', message: `is given ${body.includes('u0074') ? 3 : 2} times; give it once` },
      ]);
    }
  });

  it('is named at its path inside a nested object, and the same name in two objects is not a repeat', async () => {
    const nested = await post(
      '/credit/commercial-reports',
      '{"registrationNumber":"RC123456","x":{"a":1,"a":2},"y":[{"b":1},{"b":2}]}',
    );
    expect(nested.statusCode).toBe(400);
    expect(nested.json().errors).toContainEqual({ path: '/body/x/a', message: 'is given 2 times; give it once' });
    expect(nested.json().errors.map((e: { path: string }) => e.path)).not.toContain('/body/y/1/b');
  });

  it('a JSON token request with client_id twice is invalid_request, as a form parameter sent twice is', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"grant_type":"client_credentials","client_id":"a","client_id":"b","client_secret":"s"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'invalid_request',
      error_description: '/body/client_id: is given 2 times; give it once',
    });
  });
});
