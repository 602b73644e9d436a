import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /verify/regions', () => {
  it('lists the six regions, home market first', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/verify/regions', headers: await t.auth(['regions:read']) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { key: 1, name: 'Nigeria', code: 'NG' },
      { key: 2, name: 'Ghana', code: 'GH' },
      { key: 3, name: 'Kenya', code: 'KE' },
      { key: 4, name: 'South Africa', code: 'ZA' },
      { key: 5, name: 'Uganda', code: 'UG' },
      { key: 6, name: 'Zambia', code: 'ZM' },
    ]);
  });

  it('needs the regions:read scope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/verify/regions', headers: await t.auth(['credit:read']) });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('INSUFFICIENT_SCOPE');
    expect(res.headers['www-authenticate']).toContain('insufficient_scope');
  });
});
