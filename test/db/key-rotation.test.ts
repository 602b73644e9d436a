import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/auth/clients-repository.js';
import { createReportCipher, loadReportCipher, type ReportCipher } from '../../src/credit/report-cipher.js';
import { subjectAad } from '../../src/credit/sealing.js';
import type { DatabaseHandle } from '../../src/db/database.js';
import { resealAll, sealedKeyUsage } from '../../src/db/sealed-columns.js';
import { webhookSecretAad } from '../../src/webhooks/signature.js';
import { setWebhook } from '../../src/webhooks/webhook-admin.js';
import { getEndpoint } from '../../src/webhooks/webhooks-repository.js';
import {
  countingSandbox,
  creditTestEnv,
  fetchReport,
  requestCommercialReport,
  requestReport,
  waitForState,
} from '../credit/helpers.js';
import { createTestApp } from '../helpers/app.js';
import { openTestDatabase } from '../helpers/database.js';

/**
 * Changing CREDIT_ENCRYPTION_KEY on a database holding sealed data, the way an operator does it:
 * the new key with the old one listed as previous, `keys rotate`, then the new key alone.
 */
const oldKey = randomBytes(32);
const newKey = randomBytes(32);
const withKeys = (key: Buffer, previous?: Buffer) => ({
  ...creditTestEnv,
  CREDIT_ENCRYPTION_KEY: key.toString('hex'),
  ...(previous ? { CREDIT_ENCRYPTION_PREVIOUS_KEYS: previous.toString('base64') } : {}),
});
const bvn = '30000000777';
const statementBody = JSON.parse(
  readFileSync(new URL('../fixtures/statements/zeeh-spec-shape.json', import.meta.url), 'utf8'),
) as object;

let database: DatabaseHandle;
let headers: { authorization: string };
let reference: string;
let businessReference: string;
const registrationNumber = 'RC7654321';
let statementKey: number;
let webhookClient: string;
let webhookSecret: string;
const bureau = countingSandbox(50);

beforeAll(async () => {
  database = await openTestDatabase();
  const before = await createTestApp({ database, env: withKeys(oldKey), overrides: { bureau } });
  headers = await before.auth(['credit:read', 'statements:write', 'statements:read']);
  const statement = await before.app.inject({
    method: 'POST',
    url: '/statements/analytics?format=zeeh&statementType=consumer',
    headers,
    payload: statementBody,
  });
  expect(statement.statusCode, statement.body).toBe(200);
  statementKey = statement.json().key;
  const asked = await requestReport(before.app, headers, { bvn, statementKey });
  reference = asked.json().data.reference;
  await waitForState(before.app, headers, reference, ['completed']);
  const business = await requestCommercialReport(before.app, headers, { registrationNumber });
  businessReference = business.json().data.reference;
  await waitForState(before.app, headers, businessReference, ['completed'], 'commercial');
  await before.close();
  const hooked = await createClient(database.db, { name: 'hooked', scopes: ['statements:write'] });
  webhookClient = hooked.client_id;
  const set = await setWebhook(
    database.db,
    await loadReportCipher(database.db, oldKey, []),
    webhookClient,
    'https://hooks.example.ng/lendsight',
  );
  webhookSecret = set.secret;
});
afterAll(async () => database.close());

describe('changing the encryption key', () => {
  it('the new key alone does not start: the signing key does not open with it', async () => {
    await expect(createTestApp({ database, env: withKeys(newKey) })).rejects.toThrow(/signing key .* does not open/);
  });

  it('with the old key listed as previous, everything sealed before still opens, and `keys rotate` seals it all again', async () => {
    const during = await createTestApp({ database, env: withKeys(newKey, oldKey), overrides: { bureau } });
    const report = await fetchReport(during.app, headers, reference);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().data.state).toBe('completed');
    await during.close();

    const cipher = await loadReportCipher(database.db, newKey, [oldKey]);
    const stale = (await sealedKeyUsage(database.db)).filter((u) => u.kid !== cipher.kid);
    expect(stale.map((u) => u.column).sort()).toEqual([
      'credit_jobs.report_enc',
      'credit_jobs.subject_enc',
      'credit_reports.request_enc',
      'signing_keys.private_jwk',
      'statements.bvn_sealed',
      'statements.nin_sealed',
      'webhook_endpoints.secret_sealed',
    ]);
    const counts = await resealAll(database.db, cipher, 2);
    expect(counts.every((c) => c.unreadable.length === 0)).toBe(true);
    expect(counts.reduce((n, c) => n + c.resealed, 0)).toBe(stale.reduce((n, u) => n + u.count, 0));
    expect((await sealedKeyUsage(database.db)).every((u) => u.kid === cipher.kid)).toBe(true);
    // Nothing is left to do: a second run seals nothing.
    expect((await resealAll(database.db, cipher)).every((c) => c.resealed === 0)).toBe(true);
  });

  it('after rotating, the new key alone opens everything, and a completed pull is still reused (its BVN hash was renewed)', async () => {
    const after = await createTestApp({ database, env: withKeys(newKey), overrides: { bureau } });
    try {
      const report = await fetchReport(after.app, headers, reference);
      expect(report.statusCode, report.body).toBe(200);
      const statement = await after.app.inject({ method: 'GET', url: `/statements/${statementKey}`, headers });
      expect(statement.statusCode).toBe(200);
      const again = await requestReport(after.app, headers, { bvn });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().message).toMatch(/reused/);
      expect(bureau.requests.filter((b) => b === bvn)).toHaveLength(1);
      // A business pull's hash is renewed from its registration number, not a BVN.
      expect((await fetchReport(after.app, headers, businessReference, 'commercial')).statusCode).toBe(200);
      const business = await requestCommercialReport(after.app, headers, { registrationNumber });
      expect(business.statusCode, business.body).toBe(200);
      expect(bureau.requests.filter((r) => r === registrationNumber)).toHaveLength(1);
      const { id } = await database.db
        .selectFrom('clients')
        .select('id')
        .where('client_id', '=', webhookClient)
        .executeTakeFirstOrThrow();
      const endpoint = await getEndpoint(database.db, id);
      const cipher = await loadReportCipher(database.db, newKey, []);
      expect(cipher.open(endpoint?.secretSealed ?? '', webhookSecretAad(id))).toBe(webhookSecret);
    } finally {
      await after.close();
    }
  });

  it('a value sealed with a key that is not configured is reported by id and left as it is', async () => {
    const stranger = await loadReportCipher(database.db, randomBytes(32));
    const sealed = stranger.seal('{"name":"x"}', `credit-request:${reference}`);
    await database.db
      .updateTable('credit_reports')
      .set({ request_enc: sealed })
      .where('reference', '=', reference)
      .execute();
    const counts = await resealAll(database.db, await loadReportCipher(database.db, newKey, [oldKey]));
    const requests = counts.find((c) => c.column === 'credit_reports.request_enc');
    expect(requests?.unreadable).toHaveLength(1);
    const row = await database.db
      .selectFrom('credit_reports')
      .select('request_enc')
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(row.request_enc).toBe(sealed);
  });
});

describe('a pull in flight for a subject sealed under both keys', () => {
  it('keeps its old lookup hash (the in-flight index allows one per hash) and is still sealed again', async () => {
    const db = await openTestDatabase();
    try {
      const { client_id } = await createClient(db.db, { name: 'in flight' });
      const { id: clientId } = await db.db
        .selectFrom('clients')
        .select('id')
        .where('client_id', '=', client_id)
        .executeTakeFirstOrThrow();
      const before = createReportCipher(oldKey, 'config');
      const now = await loadReportCipher(db.db, newKey, [oldKey]);
      const subject = JSON.stringify({ bvn });
      const pending = (cipher: ReportCipher) => {
        const hash = cipher.subjectHash(bvn);
        return {
          client_id: clientId,
          bureau: 'sandbox',
          subject_hash: hash,
          subject_enc: cipher.seal(subject, subjectAad(clientId, hash)),
          state: 'pending' as const,
        };
      };
      // One asked before the key changed, one after: both in flight, under different hashes.
      await db.db
        .insertInto('credit_jobs')
        .values([pending(before), pending(now)])
        .execute();

      const counts = await resealAll(db.db, now);
      expect(counts.find((c) => c.column === 'credit_jobs.subject_enc')?.resealed).toBe(1);
      const jobs = await db.db
        .selectFrom('credit_jobs')
        .select(['subject_hash', 'subject_enc'])
        .orderBy('id')
        .execute();
      expect(jobs.map((j) => j.subject_hash)).toEqual([before.subjectHash(bvn), now.subjectHash(bvn)]);
      for (const j of jobs) {
        expect(j.subject_enc.startsWith(`v1.${now.kid}.`)).toBe(true);
        expect(now.open(j.subject_enc, subjectAad(clientId, j.subject_hash))).toBe(subject);
      }
    } finally {
      await db.close();
    }
  });
});
