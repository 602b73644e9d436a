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

/** Encryption at rest for the private key (the service's AES-GCM cipher: `CREDIT_ENCRYPTION_KEY`). */
export interface KeySealer {
  seal(plain: string, aad: string): string;
  open(sealed: string, aad: string): string;
}

/** Binds a sealed private key to its key id: a sealed value copied to another row does not open. */
export const signingKeyAad = (kid: string) => `signing key ${kid}`;

/**
 * The service's token signing key, generated once and shared by every instance through the
 * database: the first instance inserts it, every other one (or a racing one) reads the same row.
 * The private key is stored sealed, so reading the database is not enough to issue tokens; a key
 * stored in the clear (before sealing) is sealed in place when read.
 */
export async function loadOrCreateSigningKey(db: Kysely<Database>, sealer: KeySealer): Promise<SigningKey> {
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
        private_jwk: sealer.seal(JSON.stringify(await exportJWK(privateKey)), signingKeyAad(kid)),
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
  const sealed = !row.private_jwk.startsWith('{');
  const privateJwk = sealed ? openPrivateKey(sealer, row.private_jwk, row.kid) : row.private_jwk;
  if (!sealed) {
    await db
      .updateTable('signing_keys')
      .set({ private_jwk: sealer.seal(privateJwk, signingKeyAad(row.kid)) })
      .where('kid', '=', row.kid)
      .where('private_jwk', '=', row.private_jwk)
      .execute();
  }
  const publicJwk = JSON.parse(row.public_jwk) as JWK;
  return {
    kid: row.kid,
    alg: row.alg,
    privateKey: (await importJWK(JSON.parse(privateJwk) as JWK, row.alg)) as CryptoKey,
    publicKey: (await importJWK(publicJwk, row.alg)) as CryptoKey,
    publicJwk,
  };
}

function openPrivateKey(sealer: KeySealer, sealed: string, kid: string): string {
  try {
    return sealer.open(sealed, signingKeyAad(kid));
  } catch {
    throw new Error(
      `the token signing key ${kid} does not open with the configured CREDIT_ENCRYPTION_KEY (or the stored development key): start with the key it was sealed with, or list that key in CREDIT_ENCRYPTION_PREVIOUS_KEYS`,
    );
  }
}
