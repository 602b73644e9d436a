import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Encryption at rest for credit data (AES-256-GCM) and the keyed hash of BVNs used for lookups.
 * A sealed value is `v1.<kid>.<iv>.<tag>.<ciphertext>` (base64url parts); the associated data binds
 * it to its purpose and owner, so a ciphertext copied into another row or column does not open.
 */
export interface ReportCipher {
  /** Which key seals new data: the configured one, or the generated development key. */
  readonly keySource: 'config' | 'development';
  /** The id of the key that seals new data; older keys only open. */
  readonly kid: string;
  seal(plain: string, aad: string): string;
  open(sealed: string, aad: string): string;
  /** HMAC-SHA256 of a BVN under a key derived from the primary key: equal BVNs, equal hashes. */
  subjectHash(bvn: string): string;
}

interface Key {
  kid: string;
  enc: Buffer;
  mac: Buffer;
}

const derive = (master: Buffer, info: string) => Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), info, 32));
const kidOf = (master: Buffer) =>
  createHash('sha256').update('lendsight-credit-kid').update(master).digest('hex').slice(0, 16);
const toKey = (master: Buffer): Key => ({
  kid: kidOf(master),
  enc: derive(master, 'lendsight credit report encryption'),
  mac: derive(master, 'lendsight credit subject hash'),
});

export function createReportCipher(
  primary: Buffer,
  keySource: ReportCipher['keySource'],
  others: Buffer[] = [],
): ReportCipher {
  if (primary.length !== 32) throw new Error('the credit encryption key must be 32 bytes');
  const main = toKey(primary);
  const keys = new Map([main, ...others.map(toKey)].map((k) => [k.kid, k]));
  return {
    keySource,
    kid: main.kid,
    seal(plain, aad) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', main.enc, iv);
      cipher.setAAD(Buffer.from(aad));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
      return ['v1', main.kid, ...parts].join('.');
    },
    open(sealed, aad) {
      const [version, kid, iv, tag, body] = sealed.split('.');
      const key = kid ? keys.get(kid) : undefined;
      if (version !== 'v1' || !key || iv === undefined || tag === undefined || body === undefined) {
        throw new Error('sealed credit data uses an unknown key or format');
      }
      const decipher = createDecipheriv('aes-256-gcm', key.enc, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(aad));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
    subjectHash: (bvn) => createHmac('sha256', main.mac).update(bvn).digest('hex'),
  };
}

/**
 * The cipher from configuration. Without CREDIT_ENCRYPTION_KEY, a development key is generated on
 * first start and kept in the `credit_keys` table: that works the same on PGlite and PostgreSQL and
 * every instance on one database shares it (as with the token signing key). A key stored next to
 * the data only protects against leaked dumps of the report columns, so production sets the key.
 * The development key stays readable after a configured key is added, so older rows still open;
 * so do `previous` keys (CREDIT_ENCRYPTION_PREVIOUS_KEYS), until `lendsight keys rotate` has sealed
 * everything again under the configured key.
 */
export async function loadReportCipher(
  db: Kysely<Database>,
  configured: Buffer | undefined,
  previous: Buffer[] = [],
): Promise<ReportCipher> {
  const stored = await db
    .selectFrom('credit_keys')
    .select(['kid', 'key'])
    .orderBy('created_at')
    .orderBy('kid')
    .execute();
  const storedKeys = stored.map((r) => Buffer.from(r.key, 'base64'));
  if (configured) return createReportCipher(configured, 'config', [...previous, ...storedKeys]);
  if (storedKeys.length === 0) {
    const key = randomBytes(32);
    await db
      .insertInto('credit_keys')
      .values({ kid: kidOf(key), key: key.toString('base64') })
      .onConflict((oc) => oc.column('kid').doNothing())
      .execute();
    return loadReportCipher(db, undefined, previous);
  }
  const [first, ...rest] = storedKeys;
  return createReportCipher(first as Buffer, 'development', [...previous, ...rest]);
}
