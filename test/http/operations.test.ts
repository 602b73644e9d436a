import { Writable } from 'node:stream';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/domain/errors.js';
import { principalOf } from '../../src/http/plugins/auth.js';
import { createLogger } from '../../src/logger.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { rawHttp } from '../helpers/raw-http.js';

let t: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({
    logger: { level: 'info', stream },
    extend(app) {
      app.get('/test/boom', { config: { scope: 'regions:read' } }, async () => {
        throw new Error('connection to 10.1.2.3 refused; password=hunter2');
      });
      app.get(
        '/test/validated',
        {
          config: { scope: 'regions:read' },
          schema: { querystring: Type.Object({ page: Type.Integer({ minimum: 1 }), size: Type.Integer() }) },
        },
        async () => ({ ok: true }),
      );
      app.get('/test/conflict', { config: { scope: 'regions:read', envelope: 'credit' } }, async () => {
        throw new AppError('NOT_FOUND', 'no such report');
      });
      app.get('/test/db-detail', { config: { scope: 'regions:read' } }, async () => {
        // What a database driver throws: the offending values ride in `detail`, not in the message.
        throw Object.assign(new Error('duplicate key value violates unique constraint "statements_client_name"'), {
          code: '23505',
          detail: 'Key (client_id, name)=(7, Chiamaka Obi 22212345678) already exists.',
        });
      });
      // A public route has no caller: asking for one is a 401, not a crash on `undefined`.
      app.get('/test/public-caller', { config: { public: true } }, async (request) => ({
        client: principalOf(request).clientPublicId,
      }));
      app.get('/test/log-pii', { config: { scope: 'regions:read' } }, async (request) => {
        request.log.info({ subject: { bvn: '22212345678', name: 'Chiamaka Obi' } }, 'looked up subject');
        return { ok: true };
      });
    },
  });
});
afterAll(async () => t.close());

describe('error answers', () => {
  it('an unexpected exception is a 500 with a stable code and no internal detail', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/boom', headers: await t.auth() });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toEqual({
      statusCode: 500,
      code: 'INTERNAL',
      message: 'An unexpected error occurred',
      requestId: res.headers['x-request-id'],
    });
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('10.1.2.3');
  });

  it('a validation error lists each offending field with its path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/validated?page=0', headers: await t.auth() });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { path: '/query/page', message: expect.stringContaining('>= 1') },
        { path: '/query/size', message: 'is required' },
      ]),
    );
  });

  it('a handler asking for the caller of a request that has none gets 401 UNAUTHENTICATED, not a 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/public-caller' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
  });

  it('an unknown route is a 404 in the same shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/nope?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, code: 'ROUTE_NOT_FOUND', message: 'no route GET /nope' });
  });

  it('a body sent to a route that does not exist is not read: 404, whatever the body', async () => {
    for (const [method, url] of [
      ['POST', '/nope'],
      ['PUT', '/statements/7/nope'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{"not json',
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND', message: `no route ${method} ${url}` });
      expect(res.headers['x-request-id']).toBe(res.json().requestId);
      expect(res.headers.allow).toBeUndefined();
    }
  });

  it('a wrong method on a path that exists is 405 with Allow, from the catalogue, before any token or body', async () => {
    for (const [method, url, allow] of [
      ['PUT', '/health', 'GET, HEAD'],
      ['POST', '/openapi.json', 'GET, HEAD'],
      ['GET', '/oauth/token', 'POST'],
      ['PATCH', '/statements/12', 'DELETE, GET, HEAD'],
      ['PUT', '/statements/get-consumer-credit/perilenda%26fcbe874a19544c9ab0f8697c8240b48b', 'POST'],
      // A static route and a parameter route share the path: both answer it.
      ['PUT', '/statements/analytics', 'DELETE, GET, HEAD, POST'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url: `${url}?x=1`,
        headers: { 'content-type': 'application/json' },
        payload: '{"not json',
      });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.headers.allow, `${method} ${url}`).toBe(allow);
      expect(res.json()).toEqual({
        statusCode: 405,
        code: 'METHOD_NOT_ALLOWED',
        message: `${method} is not allowed on ${url}; use ${allow}`,
        requestId: res.headers['x-request-id'],
      });
    }
  });

  it('a file the docs do not have is 404, not 405 naming the method it was asked with', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await t.app.inject({ method, url: '/docs/static/nope.js' });
      expect(res.statusCode, method).toBe(404);
      expect(res.headers.allow).toBeUndefined();
      if (method === 'GET') {
        expect(res.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND', message: 'nothing at /docs/static/nope.js' });
      }
    }
    const css = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-ui.css' });
    expect(css.statusCode).toBe(200);
  });

  it('a path value over 100 characters is 414 from the catalogue, with the request id and headers, not the URL', async () => {
    const long = '7'.repeat(101);
    for (const [method, url] of [
      ['GET', `/statements/${long}?bvn=98765432102`],
      ['POST', `/statements/get-consumer-credit/perilenda%26${long}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { 'x-request-id': 'long-path-1' } });
      expect(res.statusCode, url).toBe(414);
      expect(res.json()).toEqual({
        statusCode: 414,
        code: 'PATH_TOO_LONG',
        message: 'A value in the path is longer than 100 characters',
        requestId: 'long-path-1',
      });
      expect(res.headers).toMatchObject({
        'x-request-id': 'long-path-1',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'cache-control': 'no-store',
      });
      expect(res.body).not.toContain(long);
    }
    // 100 characters reach the route, whose schema answers.
    const atLimit = await t.app.inject({ method: 'GET', url: `/statements/${'7'.repeat(100)}` });
    expect(atLimit.statusCode).toBe(401);
  });

  it('a path with a broken % escape is 400 from the catalogue, not echoed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/statements/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'the path is not a valid URL: a % must begin an escape of UTF-8, such as %26',
      requestId: res.headers['x-request-id'],
    });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('routes with the credit envelope answer errors with status:false', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/conflict', headers: await t.auth() });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: false, message: 'no such report', code: 'NOT_FOUND', data: null });
  });

  it('malformed JSON is a 400, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"grant_type": ',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('operations', () => {
  it('GET /health and /ready answer without a token', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json().status).toBe('ok');
    const ready = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().checks).toContainEqual({ name: 'database', ok: true });
  });

  it('GET /ready answers 503 when the database is gone', async () => {
    const doomed = await createTestApp();
    try {
      await doomed.database.close();
      const res = await doomed.app.inject({ method: 'GET', url: '/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().ready).toBe(false);
      expect(res.json().checks).toContainEqual({ name: 'database', ok: false, detail: 'unreachable' });
    } finally {
      await doomed.app.close();
    }
  });

  it('GET /ready answers 503 in a few seconds when a check never answers (a stuck database pool)', async () => {
    const stuck = { name: 'stuck-dependency', check: () => new Promise<never>(() => {}) };
    t.services.readiness.push(stuck);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ ready: false, status: 'unready' });
      expect(res.json().checks).toContainEqual({
        name: 'stuck-dependency',
        ok: false,
        detail: expect.stringMatching(/^no answer within \d+ ms$/),
      });
    } finally {
      t.services.readiness.splice(t.services.readiness.indexOf(stuck), 1);
    }
  }, 15_000);

  it('every answer carries a request id (echoing a sane incoming one) and security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    const evil = await t.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'a\u0000b<script>' } });
    expect(evil.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('GET /metrics exposes request counts by route and a latency histogram to a metrics:read token', async () => {
    await t.app.inject({ method: 'GET', url: '/verify/regions', headers: await t.auth() });
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: await t.auth(['metrics:read']) });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/http_requests_total\{method="GET",route="\/verify\/regions",status="200"\} \d+/);
    expect(res.body).toContain('http_request_duration_seconds_bucket');
  });

  it('GET /metrics counts every client together, so it needs metrics:read, which a client gets only when asked for', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('http_requests_total');
    // A client created without a list of scopes holds every business scope, not metrics:read.
    const business = await t.app.inject({ method: 'GET', url: '/metrics', headers: await t.auth() });
    expect(business.statusCode).toBe(403);
    expect(business.json()).toMatchObject({ message: 'this route needs the scope metrics:read' });
  });

  it('METRICS_PUBLIC=true opens GET /metrics to a scraper without a token', async () => {
    const open = await createTestApp({ env: { METRICS_PUBLIC: 'true' } });
    try {
      const res = await open.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('# TYPE http_requests_total counter');
    } finally {
      await open.close();
    }
  });

  it('serves OpenAPI 3.1 and a browsable reference from local packages', async () => {
    const spec = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(spec.statusCode).toBe(200);
    const doc = spec.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/oauth/token', '/verify/regions']));
    expect(doc.components.securitySchemes.bearerAuth.scheme).toBe('bearer');
    const docs = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger-ui');
    expect(docs.body).not.toMatch(/https?:\/\/(cdn|unpkg)/);
  });

  it("publishes each route's security, the query values, the six body schemas and the liveness form", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.components.securitySchemes.oauth2).toMatchObject({
      type: 'oauth2',
      flows: { clientCredentials: { tokenUrl: '/oauth/token', scopes: { 'statements:write': expect.any(String) } } },
    });
    expect(doc.servers).toEqual([{ url: '/' }]); // no PUBLIC_BASE_URL
    // Each authenticated operation names its scope; a bearer token works as well. Public ones need none.
    const submit = doc.paths['/statements/analytics'].post;
    expect(submit.security).toEqual([{ oauth2: ['statements:write'] }, { bearerAuth: [] }]);
    expect(doc.paths['/statements/{key}'].get.security).toEqual([{ oauth2: ['statements:read'] }, { bearerAuth: [] }]);
    expect(doc.paths['/verify/liveness'].post.security).toEqual([{ oauth2: ['liveness:write'] }, { bearerAuth: [] }]);
    expect(doc.paths['/oauth/token'].post.security).toEqual([]);
    for (const path of ['/statements/analytics', '/statements/bvn-first/analytics']) {
      const query = Object.fromEntries(
        doc.paths[path].post.parameters.map((p: { name: string; schema: unknown }) => [p.name, p.schema]),
      );
      expect(query.format.enum, path).toEqual(['periculum', 'mono', 'okra', 'dojah', 'mbs', 'zeeh']);
      expect(query.statementType.enum, path).toEqual(['consumer', 'business']);
      const body = doc.paths[path].post.requestBody.content['application/json'].schema;
      expect(
        body.anyOf.map((f: { title: string }) => f.title),
        path,
      ).toEqual(['F1 periculum', 'F2 mono', 'F3 okra', 'F4 dojah', 'F5 mbs', 'F6 zeeh']);
      expect(body.anyOf[4].properties.bankStatement.properties.mbs.properties.jsonData.required).toEqual(['Details']);
    }
    expect(doc.paths['/verify/liveness'].post.requestBody).toEqual({
      required: true,
      description: expect.stringContaining('Any other part is refused'),
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['file'],
            additionalProperties: false,
            description: expect.stringContaining('Any other part is refused'),
            properties: {
              file: expect.objectContaining({ type: 'string', format: 'binary' }),
              statementKey: expect.objectContaining({ type: 'integer' }),
            },
          },
        },
      },
    });
    const served = await createTestApp({ database: t.database, env: { PUBLIC_BASE_URL: 'https://lend.example.ng' } });
    try {
      const own = (await served.app.inject({ method: 'GET', url: '/openapi.json' })).json();
      expect(own.servers).toEqual([{ url: 'https://lend.example.ng' }]);
    } finally {
      await served.close();
    }
  });

  it('logs carry the request id and never the token, BVN or names', async () => {
    const { authorization } = await t.auth();
    await t.app.inject({ method: 'GET', url: '/test/log-pii', headers: { authorization } });
    const text = logLines.join('');
    expect(text).toContain('looked up subject');
    expect(text).toContain('"reqId"');
    expect(text).not.toContain('22212345678');
    expect(text).not.toContain('Chiamaka');
    expect(text).not.toContain(authorization.slice(7));
  });

  it('a query string is logged with its parameter names and never their values, after a long path too', async () => {
    const { authorization } = await t.auth(['credit:read']);
    const answers = [
      await t.app.inject({
        method: 'POST',
        url: '/credit/consumer-reports?bvn=98765432102&refresh=true&22212345678&page[0]=1',
        headers: { authorization },
        payload: { bvn: '98765432102' },
      }),
      await t.app.inject({ method: 'GET', url: `/statements/${'7'.repeat(101)}?bvn=98765432102` }),
    ];
    const logged = (id: unknown) =>
      logLines
        .map((l) => JSON.parse(l) as { reqId?: string; msg: string; req?: { url?: string } })
        .find((l) => l.reqId === id && l.msg === 'incoming request')?.req?.url;
    expect(logged(answers[0]?.headers['x-request-id'])).toBe(
      '/credit/consumer-reports?bvn=[redacted]&refresh=[redacted]&[redacted]&[redacted]=[redacted]',
    );
    expect(logged(answers[1]?.headers['x-request-id'])).toBe('[unmatched]?bvn=[redacted]');
    const text = logLines.join('');
    expect(text).not.toContain('98765432102');
    expect(text).not.toContain('22212345678');
  });

  it("a path is logged as its route's template, never the values in it; a path no route has, without its segments", async () => {
    const asked = [
      await t.app.inject({ method: 'GET', url: '/nope/22291827364/Chukwuemeka%20Zzyzxbauer?bvn=1' }),
      await t.app.inject({ method: 'GET', url: '/22291827364' }),
      await t.app.inject({ method: 'PUT', url: '/statements/22291827364' }),
      await t.app.inject({ method: 'GET', url: '/statements/22291827364/transactions', headers: await t.auth() }),
      await t.app.inject({ method: 'GET', url: '/docs/static/Chukwuemeka-22291827364' }),
    ];
    const logged = (id: unknown) =>
      logLines
        .map((l) => JSON.parse(l) as { reqId?: string; msg: string; req?: { url?: string } })
        .find((l) => l.reqId === id && l.msg === 'incoming request')?.req?.url;
    expect(asked.map((res) => logged(res.headers['x-request-id']))).toEqual([
      '[unmatched]?bvn=[redacted]',
      '[unmatched]',
      '[unmatched]',
      '/statements/:key/transactions',
      '/docs/static/*',
    ]);
    const text = logLines.join('');
    expect(text).not.toContain('22291827364');
    expect(text).not.toContain('Chukwuemeka');
  });

  it('the process logger censors query values too', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const own = await createTestApp({ overrides: { log: createLogger('info', stream) }, logger: 'services' });
    try {
      const res = await own.app.inject({ method: 'GET', url: '/health?bvn=98765432102' });
      const line = lines.map((l) => JSON.parse(l)).find((l) => l.reqId === res.headers['x-request-id']);
      expect(line?.req?.url).toBe('/health?bvn=[redacted]');
      expect(lines.join('')).not.toContain('98765432102');
    } finally {
      await own.close();
    }
  });

  it('request logs say which method and path was answered with which status', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/verify/regions', headers: await t.auth() });
    const lines = logLines
      .map((l) => JSON.parse(l) as { reqId?: string; msg: string; req?: object; res?: object })
      .filter((l) => l.reqId === res.headers['x-request-id']);
    expect(lines.find((l) => l.msg === 'incoming request')?.req).toMatchObject({
      method: 'GET',
      url: '/verify/regions',
    });
    expect(lines.find((l) => l.msg === 'request completed')?.res).toEqual({ statusCode: 200 });
  });

  it('request logs say which client made the call (its id, never its name) once its token is accepted', async () => {
    const { clientId, token } = await t.client(['regions:read'], 'Zainab Lending Ltd');
    const res = await t.app.inject({
      method: 'GET',
      url: '/verify/regions',
      headers: { authorization: `Bearer ${token}` },
    });
    const lines = logLines
      .map((l) => JSON.parse(l) as { reqId?: string; msg: string; clientId?: string })
      .filter((l) => l.reqId === res.headers['x-request-id']);
    expect(lines.find((l) => l.msg === 'incoming request')?.clientId).toBeUndefined();
    expect(lines.find((l) => l.msg === 'request completed')?.clientId).toBe(clientId);
    expect(logLines.join('\n')).not.toContain('Zainab');
  });

  it("an error's message and code are logged, never the values a driver attaches to it", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/db-detail', headers: await t.auth() });
    expect(res.statusCode).toBe(500);
    const line = logLines.find((l) => l.includes(String(res.headers['x-request-id'])) && l.includes('unhandled error'));
    expect(JSON.parse(line ?? '{}').err).toMatchObject({
      message: 'duplicate key value violates unique constraint "statements_client_name"',
      code: '23505',
    });
    expect(line).not.toContain('Chiamaka');
    expect(line).not.toContain('22212345678');
  });

  it('a malformed HTTP request is logged without its raw bytes (token, body)', async () => {
    const traced: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        traced.push(String(chunk));
        done();
      },
    });
    const tracing = await createTestApp({ logger: { level: 'trace', stream } });
    try {
      const { authorization } = await tracing.auth();
      const address = await tracing.app.listen({ host: '127.0.0.1', port: 0 });
      const body = '{"bvn":"22212345678","clientFullName":"Chiamaka Obi"}';
      const answer = await rawHttp(
        address,
        `POST /statements/analytics?format=zeeh HTTP/1.1\r\nHost: x\r\nAuthorization: ${authorization}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nX-Bad: a\u0001b\r\n\r\n${body}`,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request/);
      // Buffers are logged as byte arrays: read them back as text, as anyone reading the logs could.
      const text = traced
        .map((l) =>
          JSON.stringify(
            JSON.parse(l, (_k, v) =>
              v?.type === 'Buffer' && Array.isArray(v.data) ? Buffer.from(v.data).toString('latin1') : v,
            ),
          ),
        )
        .join('\n');
      expect(text).toContain('client error');
      expect(text).not.toContain(authorization.slice(7));
      expect(text).not.toContain('22212345678');
      expect(text).not.toContain('Chiamaka');
    } finally {
      await tracing.close();
    }
  });
});

describe('limits', () => {
  it('rate-limits each client with 429 and Retry-After', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' } });
    try {
      const a = await limited.auth(['regions:read']);
      const b = await limited.auth(['regions:read']);
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        codes.push((await limited.app.inject({ method: 'GET', url: '/verify/regions', headers: a })).statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 429]);
      const last = await limited.app.inject({ method: 'GET', url: '/verify/regions', headers: a });
      expect(last.json().code).toBe('RATE_LIMITED');
      expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
      // Another client has its own budget.
      expect((await limited.app.inject({ method: 'GET', url: '/verify/regions', headers: b })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('requests whose token is refused count against the IP: guessing tokens meets 429 too', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_MAX: '5', RATE_LIMIT_WINDOW_MS: '60000' } });
    try {
      const client = await limited.auth(['statements:read']); // one request from this IP: its token
      const codes: number[] = [];
      for (const authorization of ['Bearer a.b.c', 'Bearer a.b.c', undefined, 'Basic eDp5', 'Bearer a.b.c']) {
        const headers = authorization ? { authorization } : {};
        codes.push((await limited.app.inject({ method: 'GET', url: '/statements', headers })).statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 401, 429]);
      const last = await limited.app.inject({
        method: 'GET',
        url: '/statements',
        headers: { authorization: 'Bearer a.b.c' },
      });
      expect(last.statusCode).toBe(429);
      const retry = Number(last.headers['retry-after']);
      expect(retry).toBeGreaterThan(0);
      // The window and the time left are two numbers, each named.
      expect(last.json().message).toBe(
        `rate limit of 5 requests per 60 seconds exceeded; retry in ${retry} second${retry === 1 ? '' : 's'}`,
      );
      // A client with an accepted token has its own budget.
      expect((await limited.app.inject({ method: 'GET', url: '/statements', headers: client })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('refuses a body over the limit with 413', async () => {
    const small = await createTestApp({ env: { BODY_LIMIT_BYTES: '2048' } });
    try {
      const res = await small.app.inject({
        method: 'POST',
        url: '/oauth/token',
        payload: { grant_type: 'client_credentials', client_id: 'x'.repeat(4000), client_secret: 'y' },
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().error_description ?? res.json().message).toMatch(/larger than the limit/);
    } finally {
      await small.close();
    }
  });
});
