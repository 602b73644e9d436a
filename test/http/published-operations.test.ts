import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

// What an OpenAPI linter (redocly's recommended rules) and an SDK generator ask of every operation:
// a stable, unique operationId (the generated method's name), and its security spelled out, an
// empty list where no token is needed.

let t: TestApp;
let doc: {
  servers?: unknown;
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, Record<string, Operation>>;
};
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
});
afterAll(async () => t.close());

interface Operation {
  operationId?: string;
  security?: unknown[];
}

const operations = () =>
  [
    ...Object.entries(doc.paths).map(([path, ops]) => [path, ops] as const),
    ...Object.entries(doc.webhooks).map(([event, ops]) => [`webhook ${event}`, ops] as const),
  ].flatMap(([where, ops]) => Object.entries(ops).map(([method, op]) => ({ name: `${method} ${where}`, op })));

describe('the published operations', () => {
  it('each has a unique camelCase operationId', () => {
    const all = operations();
    expect(all.length).toBe(22);
    expect(all.filter(({ op }) => !/^[a-z][a-zA-Z]*$/.test(op.operationId ?? '')).map((o) => o.name)).toEqual([]);
    const ids = all.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/statements/analytics']?.post?.operationId).toBe('submitStatement');
    expect(doc.paths['/statements/{key}']?.get?.operationId).toBe('getStatement');
    expect(doc.paths['/statements/{key}/transactions']?.get?.operationId).toBe('listStatementTransactions');
    expect(doc.paths['/statements/get-consumer-credit/{reference}']?.post?.operationId).toBe('getConsumerCreditReport');
  });

  it('each declares its security: an empty list on the public ones (and the webhooks a client receives)', () => {
    const all = operations();
    expect(all.filter(({ op }) => !Array.isArray(op.security)).map((o) => o.name)).toEqual([]);
    const open = all.filter(({ op }) => op.security?.length === 0).map((o) => o.name);
    expect(open.sort()).toEqual(
      [
        'get /health',
        'get /ready',
        'post /oauth/token',
        'post webhook statement.processed',
        'post webhook credit_report.completed',
        'post webhook credit_report.failed',
        'post webhook webhook.ping',
      ].sort(),
    );
  });

  it('names a server without PUBLIC_BASE_URL: the one serving the document', () => {
    expect(doc.servers).toEqual([{ url: '/' }]);
  });
});
