import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

const ALG = 'EdDSA';

export interface SigningKey {
  kid: string;
  alg: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
  publicKey: CryptoKey;
}

/**
 * The service's token signing key, generated once and shared by every instance through the
 * database: the first instance inserts it, every other one (or a racing one) reads the same row.
 */
export async function loadOrCreateSigningKey(db: Kysely<Database>): Promise<SigningKey> {
  const existing = await db.selectFrom('signing_keys').selectAll().orderBy('created_at').executeTakeFirst();
  if (!existing) {
    const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
    const kid = randomUUID();
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' };
    await db
      .insertInto('signing_keys')
      .values({
        kid,
        alg: ALG,
        private_jwk: JSON.stringify(await exportJWK(privateKey)),
        public_jwk: JSON.stringify(publicJwk),
      })
      .execute();
  }
  // Read back the oldest key: if two instances raced, both settle on the same one.
  const row = await db
    .selectFrom('signing_keys')
    .selectAll()
    .orderBy('created_at')
    .orderBy('kid')
    .executeTakeFirstOrThrow();
  const publicJwk = JSON.parse(row.public_jwk) as JWK;
  return {
    kid: row.kid,
    alg: row.alg,
    privateKey: (await importJWK(JSON.parse(row.private_jwk) as JWK, row.alg)) as CryptoKey,
    publicKey: (await importJWK(publicJwk, row.alg)) as CryptoKey,
    publicJwk,
  };
}
