import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer } from '../helpers/server-process.js';

const dataDir = mkdtempSync(join(tmpdir(), 'lendsight-e2e-'));
const running: ServerProcess[] = [];
const agent = new Agent({ keepAlive: true, keepAliveMsecs: 60_000 });
afterAll(() => {
  agent.destroy();
  for (const p of running) p.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('SIGTERM with a keep-alive client', () => {
  it('answers the request in flight with Connection: close, then exits 0 having closed the database', async () => {
    const server = startServer({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' });
    running.push(server);
    const [, clientId] = await server.waitFor(/client_id:\s+(\S+)/);
    const [, secret] = await server.waitFor(/client_secret:\s+(\S+)/);
    const [, base] = await server.waitFor(/curl -s -X POST (http:\/\/[^/]+)\/oauth\/token/);

    const body = JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret });
    const req = request(`${base}/oauth/token`, {
      agent,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const answer = new Promise<{ status?: number; connection?: string }>((resolve, reject) => {
      req.on('error', reject);
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection }));
      });
    });
    // The body is still arriving when the signal comes.
    req.flushHeaders();
    req.write(body.slice(0, 10));
    await server.waitFor(/"incoming request"/);
    server.child.kill('SIGTERM');
    await server.waitFor(/draining in-flight requests/);
    req.end(body.slice(10));

    expect(await answer).toEqual({ status: 200, connection: 'close' });
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('"stopped"');
    expect(server.output()).not.toContain('shutdown timed out');
  }, 120_000);
});
