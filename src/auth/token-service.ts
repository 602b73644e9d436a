import { randomUUID } from 'node:crypto';
import { createRemoteJWKSet, type JWTPayload, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../domain/errors.js';
import { clientCredentials } from './client-authentication.js';
import { type ClientRecord, findClientByClientId } from './clients-repository.js';
import { isCanonicalCompactJwt } from './compact-jwt.js';
import { OAuthError } from './oauth-error.js';
import { isScope, parseScopes, type Scope } from './scopes.js';
import { DUMMY_HASH, verifySecret } from './secret-hash.js';
import type { SigningKey } from './signing-keys.js';

export { OAuthError };

/** Who is calling: the client (tenant) and the scopes its token grants. */
export interface Principal {
  clientId: number;
  clientPublicId: string;
  slug: string;
  scopes: ReadonlySet<Scope>;
}

export interface IssuedToken {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
}

export interface TokenService {
  /** Client credentials grant: the client authenticates in the body or with `authorization` (HTTP Basic). */
  issue(
    input: {
      grant_type?: string;
      client_id?: string;
      client_secret?: string;
      audience?: string;
      scope?: string;
    },
    authorization?: string,
  ): Promise<IssuedToken>;
  /** Verifies a bearer token and answers the principal, or throws an AppError (401). */
  verify(token: string): Promise<Principal>;
}

/** Checked tokens remembered at once (the oldest goes first). */
const VERIFIED_TOKENS = 10_000;

export function createTokenService(
  db: Kysely<Database>,
  key: SigningKey,
  auth: Config['auth'],
  now: () => number = Date.now,
): TokenService {
  const external = auth.external;
  const remoteJwks = external ? createRemoteJWKSet(new URL(external.jwksUrl)) : undefined;
  const cache = new Map<string, { at: number; client: ClientRecord | undefined }>();
  // Tokens whose signature and claims were checked, by their whole text (a client reuses its
  // token for every call until it expires; an Ed25519 check through WebCrypto costs ~0.5 ms on the
  // event loop). Only expiry can change for a checked token; the client is looked up every time.
  const verified = new Map<string, JWTPayload>();

  async function activeClient(publicId: string): Promise<ClientRecord | undefined> {
    const hit = cache.get(publicId);
    if (hit && now() - hit.at < auth.clientCacheMs) return hit.client;
    const client = await findClientByClientId(db, publicId);
    if (cache.size > 10_000) cache.clear();
    cache.set(publicId, { at: now(), client });
    return client;
  }

  async function principalFrom(payload: JWTPayload): Promise<Principal> {
    const publicId = [payload.client_id, payload.azp, payload.sub].find((v) => typeof v === 'string') as
      | string
      | undefined;
    if (!publicId) throw new AppError('INVALID_TOKEN', 'the token names no client');
    const client = await activeClient(publicId);
    if (!client) throw new AppError('INVALID_TOKEN', 'the token names an unknown client');
    if (client.revokedAt) throw new AppError('CLIENT_REVOKED');
    const granted =
      typeof payload.scope === 'string' ? parseScopes(payload.scope) : Array.isArray(payload.scp) ? payload.scp : [];
    // A token never grants more than its client holds now.
    const scopes = new Set(granted.filter((s): s is Scope => isScope(s) && client.scopes.includes(s)));
    return { clientId: client.id, clientPublicId: client.clientId, slug: client.slug, scopes };
  }

  return {
    async issue(input, authorization) {
      if (input.grant_type !== 'client_credentials') {
        throw new OAuthError(
          400,
          input.grant_type ? 'unsupported_grant_type' : 'invalid_request',
          input.grant_type ? 'only grant_type=client_credentials is supported' : 'grant_type is required',
        );
      }
      const { clientId, clientSecret } = clientCredentials(authorization, input);
      const client = await findClientByClientId(db, clientId);
      const secretOk = await verifySecret(clientSecret, client?.secretHash ?? DUMMY_HASH);
      if (!client || !secretOk || client.revokedAt) {
        throw new OAuthError(401, 'invalid_client', 'client authentication failed');
      }
      const audience = tokenAudience(input.audience, auth);
      let scopes: string[] = client.scopes;
      if (input.scope !== undefined && input.scope.trim() !== '') {
        const asked = parseScopes(input.scope);
        const refused = asked.filter((s) => !client.scopes.includes(s as Scope));
        if (refused.length > 0) {
          throw new OAuthError(400, 'invalid_scope', `scope(s) not granted to this client: ${refused.join(' ')}`);
        }
        scopes = asked;
      }
      const scope = scopes.join(' ');
      const iat = Math.floor(now() / 1000);
      const token = await new SignJWT({ scope, client_id: client.clientId })
        .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'at+jwt' })
        .setIssuer(auth.issuer)
        .setAudience(audience)
        .setSubject(client.clientId)
        .setIssuedAt(iat)
        .setExpirationTime(iat + auth.tokenTtlSeconds)
        .setJti(randomUUID())
        .sign(key.privateKey);
      return { access_token: token, token_type: 'Bearer', expires_in: auth.tokenTtlSeconds, scope };
    },

    async verify(token) {
      let payload = verified.get(token);
      if (payload) {
        if (typeof payload.exp === 'number' && payload.exp * 1000 <= now()) {
          verified.delete(token);
          throw new AppError('TOKEN_EXPIRED');
        }
        return principalFrom(payload);
      }
      // Another spelling of a valid token's bytes is not that token (nor remembered as another one).
      if (!isCanonicalCompactJwt(token)) {
        throw new AppError('INVALID_TOKEN', 'the token is not a compact JWT in canonical base64url');
      }
      try {
        const iss = peekIssuer(token);
        if (external && remoteJwks && iss === external.issuer) {
          ({ payload } = await jwtVerify(token, remoteJwks, {
            issuer: external.issuer,
            audience: external.audience,
            currentDate: new Date(now()),
          }));
        } else {
          ({ payload } = await jwtVerify(token, key.publicKey, {
            issuer: auth.issuer,
            audience: auth.audiences,
            algorithms: [key.alg],
            currentDate: new Date(now()),
          }));
        }
      } catch (e) {
        if (e instanceof joseErrors.JWTExpired) throw new AppError('TOKEN_EXPIRED');
        if (e instanceof joseErrors.JWTClaimValidationFailed) {
          throw new AppError('INVALID_TOKEN', `the token's ${e.claim} claim is not accepted here`);
        }
        throw new AppError('INVALID_TOKEN');
      }
      if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value as string);
      verified.set(token, payload);
      return principalFrom(payload);
    },
  };
}

/**
 * The `aud` of a token asked for `asked`: that one when listed, the first otherwise. Client code
 * written for Periculum sends Periculum's own audience, so an unlisted one is refused only when the
 * operator asks for strictness.
 */
function tokenAudience(asked: string | undefined, auth: Config['auth']): string {
  if (asked !== undefined && auth.audiences.includes(asked)) return asked;
  if (asked !== undefined && auth.strictAudience) {
    const accepted = auth.audiences.length === 1 ? '' : 'one of ';
    throw new OAuthError(400, 'invalid_target', `audience must be ${accepted}${auth.audiences.join(', ')}`);
  }
  return auth.audiences[0];
}

function peekIssuer(token: string): string | undefined {
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as { iss?: unknown };
    return typeof claims.iss === 'string' ? claims.iss : undefined;
  } catch {
    return undefined;
  }
}
