import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer } from '../helpers/server-process.js';

const dataDir = mkdtempSync(join(tmpdir(), 'lendsight-e2e-'));
const running: ServerProcess[] = [];
afterAll(() => {
  for (const p of running) p.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start on a fresh data directory', () => {
  it('prints development credentials that get a token over HTTP, and serves /verify/regions', async () => {
    const server = startServer({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
    running.push(server);
    const [, clientId] = await server.waitFor(/client_id:\s+(\S+)/);
    const [, secret] = await server.waitFor(/client_secret:\s+(\S+)/);
    const [, base] = await server.waitFor(/curl -s -X POST (http:\/\/[^/]+)\/oauth\/token/);

    const tokenRes = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }),
    });
    expect(tokenRes.status).toBe(200);
    const { access_token } = (await tokenRes.json()) as { access_token: string };
    const regions = await fetch(`${base}/verify/regions`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(regions.status).toBe(200);
    expect(((await regions.json()) as unknown[]).length).toBe(6);

    // A second process on the same data directory refuses to start.
    const second = startServer({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
    running.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/data directory .* is in use by another lendsight process/);

    // SIGTERM drains and exits cleanly, releasing the lock.
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    // A later start reuses the data and creates no second development client.
    const again = startServer({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' });
    running.push(again);
    await again.waitFor(/Server listening/);
    expect(again.output()).not.toContain('client_secret');
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 120_000);
});
