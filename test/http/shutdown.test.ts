import { once } from 'node:events';
import { Agent, type IncomingHttpHeaders, request } from 'node:http';
import type { Socket } from 'node:net';
import { Type } from 'typebox';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { rawConnection } from '../helpers/raw-http.js';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** Resolves once the connection the answer came on is closed. */
  socketClosed: Promise<void>;
}

/** A request through a keep-alive agent, as a client library with connection reuse sends it. */
function send(agent: Agent, url: string, opts: { method?: string; body?: string[] } = {}) {
  const req = request(url, {
    agent,
    method: opts.method ?? 'GET',
    headers: opts.body ? { 'content-type': 'application/json', 'content-length': opts.body.join('').length } : {},
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      const socketClosed = res.socket.closed ? Promise.resolve() : once(res.socket, 'close').then(() => undefined);
      let body = '';
      res.on('data', (d) => {
        body += String(d);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, socketClosed }));
    });
  });
  return { req, answer };
}

function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

let t: TestApp | undefined;
const agent = new Agent({ keepAlive: true, keepAliveMsecs: 60_000 });
afterEach(async () => {
  agent.destroy();
  await t?.close();
  t = undefined;
});

/** The app, listening, with a route that answers once `release` opens. */
async function listeningApp() {
  const entered = gate();
  const release = gate();
  t = await createTestApp({
    extend(app) {
      app.get('/test/slow', { config: { public: true } }, async () => {
        entered.open();
        await release.opened;
        return { ok: true };
      });
      app.post(
        '/test/echo',
        {
          config: { public: true },
          schema: { body: Type.Object({ n: Type.Integer() }, { additionalProperties: false }) },
        },
        async (req) => req.body,
      );
    },
  });
  const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const app = t.app;
  /** Starts closing the app, resolving once it takes no new connections; `closed` once it has closed. */
  const beginClose = async () => {
    const closed = app.close();
    await vi.waitFor(() => expect(app.server.listening).toBe(false));
    return { closed };
  };
  return { address, server: app.server, entered: entered.opened, release: release.open, beginClose };
}

describe('closing with keep-alive clients', () => {
  it('an answer in flight when close begins says Connection: close, its socket is closed, and close completes', async () => {
    const { address, entered, release, beginClose } = await listeningApp();
    const { req, answer } = send(agent, `${address}/test/slow`);
    req.end();
    await entered;
    const { closed } = await beginClose();
    release();
    const res = await answer;
    expect(res.status).toBe(200);
    expect(res.headers.connection).toBe('close');
    await res.socketClosed;
    await closed;
  });

  it('a body still arriving when close begins is read and answered, then its connection is closed', async () => {
    const { address, server, beginClose } = await listeningApp();
    const arrived = once(server, 'request');
    const { req, answer } = send(agent, `${address}/test/echo`, { method: 'POST', body: ['{"n":', '7}'] });
    req.flushHeaders();
    req.write('{"n":');
    await arrived;
    const { closed } = await beginClose();
    req.end('7}');
    const res = await answer;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ n: 7 });
    expect(res.headers.connection).toBe('close');
    await res.socketClosed;
    await closed;
  });

  it('a request that arrives during the drain is 503 SHUTTING_DOWN from the catalogue, with its request id and Retry-After', async () => {
    const { address, server, beginClose } = await listeningApp();
    const accepted = once(server, 'connection');
    const connection = rawConnection(address);
    connection.write('GET /test/slow HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n');
    const [socket] = (await accepted) as [Socket];
    // Once the server has read the request's first bytes, Node counts the connection as active
    // (not idle), and closing leaves it open for the rest of the request.
    await vi.waitFor(() => expect(socket.bytesRead).toBeGreaterThan(0));
    const { closed } = await beginClose();
    connection.write('X-Request-Id: drain-1\r\n\r\n');
    const answer = await connection.answer;
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 503 /);
    expect(head).toMatch(/\r\nconnection: close/i);
    expect(head).toMatch(/\r\nx-request-id: drain-1/i);
    expect(head).toMatch(/\r\nretry-after: \d+/i);
    expect(JSON.parse(body)).toMatchObject({ statusCode: 503, code: 'SHUTTING_DOWN', requestId: 'drain-1' });
    await closed;
  });
});
