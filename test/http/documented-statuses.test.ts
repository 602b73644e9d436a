import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

// Every status a route answers is in its published responses: each operation of /openapi.json is
// sent the requests every route of its kind can get wrong, and each answer's status is looked up.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { BODY_LIMIT_BYTES: '4096', RATE_LIMIT_MAX: '100000' } });
});
afterAll(async () => t.close());

interface Operation {
  security?: unknown[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, unknown>;
}

describe('the published responses', () => {
  it('list every status each operation answers a missing token, a wrong scope, an unknown query parameter and a wrong body with', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json().paths as Record<
      string,
      Record<string, Operation>
    >;
    const all = await t.auth();
    const lacking = await t.auth(['regions:read']);
    const lackingRegions = await t.auth(['credit:read']);
    const undocumented: string[] = [];
    let probes = 0;
    for (const [template, operations] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const url = template.replace(/\{[^}]+\}/g, '1');
        const send = async (what: string, headers: Record<string, string>, payload?: string, query = '') => {
          const res = await t.app.inject({ method: method.toUpperCase() as 'GET', url: url + query, headers, payload });
          probes += 1;
          if (!(String(res.statusCode) in op.responses)) {
            undocumented.push(
              `${method.toUpperCase()} ${template} ${what}: ${res.statusCode} ${res.body.slice(0, 80)}`,
            );
          }
        };
        if (op.security?.length) {
          await send('without a token', {});
          await send('without its scope', template.startsWith('/verify/regions') ? lackingRegions : lacking);
        }
        await send('an unknown query parameter', all, undefined, '?nosuch=1');
        if (op.requestBody) {
          const takesForm = 'application/x-www-form-urlencoded' in op.requestBody.content;
          await send('plain text', { ...all, 'content-type': 'text/plain' }, 'bvn=22200000009');
          if (!takesForm) await send('a form', { ...all, 'content-type': 'application/x-www-form-urlencoded' }, 'a=1');
          await send('broken JSON', { ...all, 'content-type': 'application/json' }, '{"a":');
          await send('too large', { ...all, 'content-type': 'application/json' }, `{"a":"${'x'.repeat(5000)}"}`);
        }
      }
    }
    expect(probes).toBeGreaterThan(30);
    expect(undocumented).toEqual([]);
  });
});
