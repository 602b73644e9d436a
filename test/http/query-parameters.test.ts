import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { bodyFor, generateRows } from '../statements/bodies.js';

// A misspelt or bracketed query parameter (`?bvnuuid=`, `?bvnUuid[]=`, `?statementType[]=business`)
// was dropped without a word: the answer was the one to a request without the filter (every
// statement of the client), or a statement stored as the default type. Every route refuses a
// parameter it does not take, at its path.

let t: TestApp;
let headers: { authorization: string };
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MAX: '100000' } });
  headers = await t.auth();
});
afterAll(async () => t.close());

const uuid = '8f9a4c1e-2b3d-4e5f-8a6b-7c8d9e0f1a2b';
const unknown = (name: string) => expect.objectContaining({ path: `/query/${name}` });

describe('a query parameter a route does not take', () => {
  it.each([
    ['/statements?bvnuuid=UUID', 'bvnuuid', 'unknown parameter; expected one of: bvnUuid, page, pageSize'],
    ['/statements?bvn_uuid=UUID', 'bvn_uuid', 'unknown parameter; expected one of: bvnUuid, page, pageSize'],
    ['/statements?bvnUuid[]=UUID', 'bvnUuid[]', 'unknown parameter; expected one of: bvnUuid, page, pageSize'],
    [
      '/credit/reports?statementkey=34',
      'statementkey',
      'unknown parameter; expected one of: kind, state, statementKey, from, to, page, pageSize',
    ],
    [
      '/credit/reports?kind[]=commercial',
      'kind[]',
      'unknown parameter; expected one of: kind, state, statementKey, from, to, page, pageSize',
    ],
    ['/verify/regions?page=2', 'page', 'unknown parameter; this route takes none'],
    ['/statements/1?fields=all', 'fields', 'unknown parameter; this route takes none'],
  ])('GET %s is 400 at /query/<name>', async (url, name, message) => {
    const res = await t.app.inject({ method: 'GET', url: url.replace('UUID', uuid), headers });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: `/query/${name}: ${message}`,
      errors: [{ path: `/query/${name}`, message }],
    });
  });

  it('a statement submitted with statementType[]=business is refused, not stored as consumer', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/statements/analytics?format=zeeh&statementType[]=business',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(bodyFor('zeeh', generateRows(12), 'bracketed type')),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([unknown('statementType[]')]);
  });

  it('a credit pull with refresh[]=true is refused, not pulled from the cache', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/credit/consumer-reports?refresh[]=true',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ bvn: '22200000001' }),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ status: false, errors: [unknown('refresh[]')] });
  });

  it('the parameters a route takes are still read', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/statements?bvnUuid=${uuid}&page=1`, headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total).toBe(0);
  });

  it('the token endpoint keeps the query of its URL, as OAuth asks (RFC 6749 §3.2)', async () => {
    const { clientId, secret } = await t.client(['regions:read']);
    const res = await t.app.inject({
      method: 'POST',
      url: '/oauth/token?tenant=abc',
      payload: { grant_type: 'client_credentials', client_id: clientId, client_secret: secret },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('every published operation without a body refuses one, HEAD too', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json().paths as Record<
      string,
      Record<string, { requestBody?: unknown }>
    >;
    const accepted: string[] = [];
    for (const [template, operations] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(operations)) {
        if (op.requestBody || template === '/oauth/token') continue;
        for (const verb of method === 'get' ? ['GET', 'HEAD'] : [method.toUpperCase()]) {
          const url = `${template.replace(/\{[^}]+\}/g, '1')}?nosuch=1`;
          const res = await t.app.inject({ method: verb as 'GET', url, headers });
          if (res.statusCode !== 400 || (verb !== 'HEAD' && res.json().errors?.[0]?.path !== '/query/nosuch')) {
            accepted.push(`${verb} ${template}: ${res.statusCode}`);
          }
        }
      }
    }
    expect(accepted).toEqual([]);
  });
});
