import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app.js';
import { openTestDatabase } from '../helpers/database.js';
import { countingSandbox, creditTestEnv, requestReport, waitForState } from './helpers.js';

describe('two instances on one database', () => {
  it('each queued pull is worked once, and requests for one subject through both share one pull', async () => {
    const database = await openTestDatabase();
    const bureau = countingSandbox();
    const a = await createTestApp({ env: creditTestEnv, database, overrides: { bureau } });
    const b = await createTestApp({ env: creditTestEnv, database, overrides: { bureau } });
    try {
      const { token } = await a.client(['credit:read']);
      const headers = { authorization: `Bearer ${token}` };
      const bvns = Array.from({ length: 12 }, (_, i) => `5000000${String(i).padStart(4, '0')}`);
      const answers = await Promise.all([
        ...bvns.map((bvn, i) => requestReport((i % 2 ? a : b).app, headers, { bvn })),
        ...Array.from({ length: 10 }, (_, i) => requestReport((i % 2 ? a : b).app, headers, { bvn: '50000009999' })),
      ]);
      for (const [i, res] of answers.entries()) {
        const { body } = await waitForState((i % 2 ? b : a).app, headers, res.json().data.reference, [
          'completed',
          'failed',
        ]);
        expect(body.data.state).toBe('completed');
      }
      for (const bvn of bvns) expect(bureau.requests.filter((r) => r === bvn)).toHaveLength(1);
      expect(bureau.requests.filter((r) => r === '50000009999')).toHaveLength(1);
    } finally {
      await a.close();
      await b.close();
      await database.close();
    }
  }, 90_000);
});
