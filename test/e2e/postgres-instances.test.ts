import { afterAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase, onPostgres } from '../helpers/database.js';
import { type ServerProcess, startServer } from '../helpers/server-process.js';

const running: ServerProcess[] = [];
afterAll(() => {
  for (const p of running) p.child.kill('SIGKILL');
});

describe.runIf(onPostgres)('several instances over one PostgreSQL database', () => {
  it('start together, create one development client, and accept each other tokens', async () => {
    const fresh = await createEmptyPostgresDatabase();
    try {
      const env = { DATABASE_URL: fresh.url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' };
      const a = startServer(env);
      const b = startServer(env);
      running.push(a, b);
      const baseA = (await a.waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/))[1];
      const baseB = (await b.waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/))[1];
      // Exactly one of them created (and printed) the development client.
      const printed = (p: ServerProcess) =>
        p.waitFor(/client_id:\s+(\S+)/, 30_000).then(
          () => p,
          () => new Promise<never>(() => {}), // the other one never prints: never settles
        );
      const printer = await Promise.race([printed(a), printed(b)]);
      const other = printer === a ? b : a;
      const [, clientId] = await printer.waitFor(/client_id:\s+(\S+)/);
      const [, secret] = await printer.waitFor(/client_secret:\s+(\S+)/);
      expect(other.output()).not.toContain('client_secret');

      const issuer = printer === a ? baseA : baseB;
      const verifier = printer === a ? baseB : baseA;
      const tokenRes = await fetch(`${issuer}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: clientId ?? '',
          client_secret: secret ?? '',
        }),
      });
      const { access_token } = (await tokenRes.json()) as { access_token: string };
      const res = await fetch(`${verifier}/verify/regions`, { headers: { authorization: `Bearer ${access_token}` } });
      expect(res.status).toBe(200);
      a.child.kill('SIGTERM');
      b.child.kill('SIGTERM');
      expect(await a.exited).toBe(0);
      expect(await b.exited).toBe(0);
    } finally {
      await fresh.drop();
    }
  }, 120_000);
});
