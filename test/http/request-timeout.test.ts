import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

// A client that sends its headers and the start of a body, then stalls: the server must answer and
// close rather than hold the connection (the auditor's was still open after 340 s).

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ env: { REQUEST_TIMEOUT_MS: '1000' } });
  port = Number(new URL(await t.app.listen({ host: '127.0.0.1', port: 0 })).port);
});
afterAll(async () => t.close());

/** Writes `head` and keeps the connection open, sending nothing more; resolves with all the server sent once it closes. */
function stall(head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let got = '';
    socket.on('data', (d) => {
      got += String(d);
    });
    socket.on('close', () => resolve(got));
    socket.on('error', reject);
    socket.write(head);
  });
}

const answer = (raw: string) => {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim();
  return { status: Number(head.split(' ')[1]), header, body: JSON.parse(body) };
};

describe('a body that does not arrive in time', () => {
  it('an anonymous token request is answered 408 in the OAuth shape, with a request id, and closed', async () => {
    const raw = await stall(
      'POST /oauth/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n{"a":',
    );
    const res = answer(raw);
    expect(res.status).toBe(408);
    expect(res.header('connection')).toBe('close');
    expect(res.header('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body).toEqual({
      error: 'invalid_request',
      error_description: 'the request body was not received within 1000 ms',
    });
  });

  it('an authenticated request is answered 408 REQUEST_TIMEOUT in the catalogue, naming the body', async () => {
    const { authorization } = await t.auth(['statements:write']);
    const raw = await stall(
      `POST /affordability HTTP/1.1\r\nHost: x\r\nAuthorization: ${authorization}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"statementKey":',
    );
    const res = answer(raw);
    expect(res.status).toBe(408);
    expect(res.body).toEqual({
      statusCode: 408,
      code: 'REQUEST_TIMEOUT',
      message: 'the request body was not received within 1000 ms',
      errors: [{ path: '/body', message: 'not received in time' }],
      requestId: res.header('x-request-id'),
    });
  });

  it('a statement upload, read by its own parser, is answered the same way', async () => {
    const { authorization } = await t.auth(['statements:write']);
    const raw = await stall(
      `POST /statements/analytics?format=mono HTTP/1.1\r\nHost: x\r\nAuthorization: ${authorization}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"data":[',
    );
    const res = answer(raw);
    expect(res.status).toBe(408);
    expect(res.body.code).toBe('REQUEST_TIMEOUT');
  });

  it('a body that arrives in time is read as always, also in several pieces', async () => {
    const { authorization } = await t.auth(['statements:write']);
    const body = '{"statementKey":1,"dti":0.4,"loanTenure":6}';
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let got = '';
      socket.on('data', (d) => {
        got += String(d);
        if (got.includes('\r\n\r\n')) socket.end();
      });
      socket.on('close', () => resolve(got));
      socket.on('error', reject);
      socket.write(
        `POST /affordability HTTP/1.1\r\nHost: x\r\nAuthorization: ${authorization}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
      );
      setImmediate(() => socket.write(body.slice(10)));
    });
    // No such statement: the body was read and validated, not timed out.
    expect(raw).toMatch(/^HTTP\/1\.1 404/);
  });
});

describe('requests Node refuses before any route', () => {
  it('are answered in the catalogue with a request id, not in Node bare words', async () => {
    const malformed = answer(await stall('GET /health HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0001b\r\n\r\n'));
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({
      statusCode: 400,
      code: 'MALFORMED_REQUEST',
      message: 'The request is not well-formed HTTP',
      requestId: malformed.header('x-request-id'),
    });
    const huge = answer(await stall(`GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(huge.status).toBe(431);
    expect(huge.body).toMatchObject({ code: 'HEADERS_TOO_LARGE', requestId: huge.header('x-request-id') });
  });
});
