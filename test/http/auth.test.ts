import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, revokeClient } from '../../src/auth/clients-repository.js';
import { hashSecret } from '../../src/auth/secret-hash.js';
import { loadOrCreateSigningKey } from '../../src/auth/signing-keys.js';
import { createTokenService } from '../../src/auth/token-service.js';
import { loadConfig } from '../../src/config.js';
import { loadReportCipher } from '../../src/credit/report-cipher.js';
import { TOKEN_BODY_LIMIT_BYTES } from '../../src/http/routes/oauth.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/** A client-credentials token request to `app` for client `c`, naming `audience` when given. */
const askToken = (app: TestApp, c: { client_id: string; client_secret: string }, audience?: string) =>
  app.app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: {
      grant_type: 'client_credentials',
      client_id: c.client_id,
      client_secret: c.client_secret,
      ...(audience === undefined ? {} : { audience }),
    },
  });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const regions = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/verify/regions', headers: authorization ? { authorization } : {} });

describe('POST /oauth/token', () => {
  it('issues a bearer JWT for a JSON client-credentials request', async () => {
    const c = await createClient(t.database.db, { name: 'Kobo Credit', scopes: ['regions:read', 'credit:read'] });
    const res = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'client_credentials', client_id: c.client_id, client_secret: c.client_secret },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 86400, scope: 'regions:read credit:read' });
    expect(body.access_token.split('.')).toHaveLength(3);
    expect((await regions(`Bearer ${body.access_token}`)).statusCode).toBe(200);
  });

  it('accepts a form-encoded body, an audience, and a narrower scope', async () => {
    const c = await createClient(t.database.db, { name: 'Form Lender' });
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: c.client_id,
      client_secret: c.client_secret,
      audience: 'lendsight-api',
      scope: 'credit:read',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().scope).toBe('credit:read');
    // The narrowed token cannot list regions although its client could.
    expect((await regions(`Bearer ${res.json().access_token}`)).statusCode).toBe(403);
  });

  it('refuses wrong credentials with 401 invalid_client', async () => {
    const c = await createClient(t.database.db, { name: 'Wrong Secret' });
    for (const payload of [
      { grant_type: 'client_credentials', client_id: c.client_id, client_secret: 'not-the-secret' },
      { grant_type: 'client_credentials', client_id: 'ls_unknown', client_secret: c.client_secret },
      { grant_type: 'client_credentials', client_id: c.client_id },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/oauth/token', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
    }
  });

  it('refuses other grants and scopes the client lacks', async () => {
    const c = await createClient(t.database.db, { name: 'Narrow', scopes: ['regions:read'] });
    const base = { client_id: c.client_id, client_secret: c.client_secret };
    const cases = [
      [{ ...base, grant_type: 'password' }, 'unsupported_grant_type'],
      [{ ...base }, 'invalid_request'],
      [{ ...base, grant_type: 'client_credentials', scope: 'credit:read' }, 'invalid_scope'],
      [{ ...base, grant_type: 123 }, 'invalid_request'],
    ] as const;
    for (const [payload, error] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/oauth/token', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe(error);
    }
  });

  it('issues a token for its own audience to a client asking for another (Periculum client code, unchanged)', async () => {
    const c = await createClient(t.database.db, { name: 'Periculum Client', scopes: ['regions:read'] });
    for (const audience of ['https://api.insights-periculum.com', '']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/oauth/token',
        payload: { grant_type: 'client_credentials', client_id: c.client_id, client_secret: c.client_secret, audience },
      });
      expect(res.statusCode, res.body).toBe(200);
      const jwt = res.json().access_token as string;
      expect(JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()).aud).toBe('lendsight-api');
      expect((await regions(`Bearer ${jwt}`)).statusCode).toBe(200);
    }
  });

  it('with TOKEN_AUDIENCE_STRICT=true, refuses an audience TOKEN_AUDIENCE does not list (400 invalid_target)', async () => {
    const strict = await createTestApp({ database: t.database, env: { TOKEN_AUDIENCE_STRICT: 'true' } });
    try {
      const c = await createClient(t.database.db, { name: 'Strict Lender', scopes: ['regions:read'] });
      const token = (audience: string) => askToken(strict, c, audience);
      const refused = await token('https://api.insights-periculum.com');
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error: 'invalid_target', error_description: 'audience must be lendsight-api' });
      expect((await token('lendsight-api')).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('with TOKEN_AUDIENCE listing several, issues a token for the one asked (the first by default)', async () => {
    const periculum = 'https://api.insights-periculum.com';
    const several = await createTestApp({
      database: t.database,
      env: { TOKEN_AUDIENCE: `lendsight-api,${periculum}` },
    });
    try {
      const c = await createClient(t.database.db, { name: 'Migrating Lender', scopes: ['regions:read'] });
      const token = (audience?: string) => askToken(several, c, audience);
      const aud = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()).aud;
      for (const [asked, expected] of [
        [periculum, periculum],
        ['lendsight-api', 'lendsight-api'],
        [undefined, 'lendsight-api'],
      ] as const) {
        const res = await token(asked);
        expect(res.statusCode, res.body).toBe(200);
        const jwt = res.json().access_token as string;
        expect(aud(jwt)).toBe(expected);
        const call = await several.app.inject({
          method: 'GET',
          url: '/verify/regions',
          headers: { authorization: `Bearer ${jwt}` },
        });
        expect(call.statusCode).toBe(200);
      }
      // One it does not list gets the first.
      const other = await token('someone-else');
      expect(other.statusCode).toBe(200);
      expect(aud(other.json().access_token)).toBe('lendsight-api');
      // An instance that accepts only the default refuses a token for the other audience.
      const { access_token } = (await token(periculum)).json();
      const elsewhere = await regions(`Bearer ${access_token}`);
      expect(elsewhere.statusCode).toBe(401);
      expect(elsewhere.json().message).toContain('aud');
    } finally {
      await several.close();
    }
  });

  describe('HTTP Basic client authentication (RFC 6749 section 2.3.1)', () => {
    /** The header as the RFC builds it: id and secret form-url-encoded, joined by a colon, base64. */
    const basic = (id: string, secret: string) => {
      const form = (v: string) => new URLSearchParams({ v }).toString().slice(2);
      return `Basic ${Buffer.from(`${form(id)}:${form(secret)}`).toString('base64')}`;
    };
    const token = (authorization: string | undefined, fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(authorization ? { authorization } : {}),
        },
        payload: new URLSearchParams(fields).toString(),
      });

    it('issues a token to a client that authenticates with Basic (curl -u id:secret)', async () => {
      const c = await createClient(t.database.db, { name: 'Basic Lender', scopes: ['regions:read'] });
      const res = await token(basic(c.client_id, c.client_secret), { grant_type: 'client_credentials' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ token_type: 'Bearer', scope: 'regions:read' });
      expect((await regions(`Bearer ${res.json().access_token}`)).statusCode).toBe(200);
      // A client_id in the body beside Basic is allowed when it names the same client.
      const same = await token(basic(c.client_id, c.client_secret), {
        grant_type: 'client_credentials',
        client_id: c.client_id,
      });
      expect(same.statusCode).toBe(200);
    });

    it('form-url-decodes the id and secret before checking them', async () => {
      const c = await createClient(t.database.db, { name: 'Odd Secret' });
      const secret = 'a b+c:d%e/é';
      await t.database.db
        .updateTable('clients')
        .set({ secret_hash: await hashSecret(secret) })
        .where('client_id', '=', c.client_id)
        .execute();
      // `a+b%2Bc%3Ad%25e%2F%C3%A9` on the wire.
      expect(basic(c.client_id, secret)).toBe(
        `Basic ${Buffer.from(`${c.client_id}:a+b%2Bc%3Ad%25e%2F%C3%A9`).toString('base64')}`,
      );
      expect((await token(basic(c.client_id, secret), { grant_type: 'client_credentials' })).statusCode).toBe(200);
      // Not decoded, the same characters are another secret.
      const raw = `Basic ${Buffer.from(`${c.client_id}:a+b`).toString('base64')}`;
      expect((await token(raw, { grant_type: 'client_credentials' })).statusCode).toBe(401);
    });

    it('refuses a wrong Basic secret with 401 invalid_client and WWW-Authenticate: Basic', async () => {
      const c = await createClient(t.database.db, { name: 'Basic Wrong' });
      for (const authorization of [
        basic(c.client_id, 'not-the-secret'),
        basic('ls_unknown', c.client_secret),
        `Basic ${Buffer.from(c.client_id).toString('base64')}`,
        `Basic ${Buffer.from(`${c.client_id}:%zz`).toString('base64')}`,
        'Basic !!!',
        'Bearer a.b.c',
      ]) {
        const res = await token(authorization, { grant_type: 'client_credentials' });
        expect(res.statusCode, authorization).toBe(401);
        expect(res.json()).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
        expect(res.headers['www-authenticate']).toBe('Basic realm="lendsight"');
      }
    });

    it('refuses a request that authenticates two ways at once with 400 invalid_request', async () => {
      const c = await createClient(t.database.db, { name: 'Both Ways' });
      const other = await createClient(t.database.db, { name: 'Other Client' });
      const both = await token(basic(c.client_id, c.client_secret), {
        grant_type: 'client_credentials',
        client_id: c.client_id,
        client_secret: c.client_secret,
      });
      expect(both.statusCode).toBe(400);
      expect(both.json()).toEqual({
        error: 'invalid_request',
        error_description:
          'the client authenticated twice: send HTTP Basic authentication or client_secret in the body, not both',
      });
      const twoClients = await token(basic(c.client_id, c.client_secret), {
        grant_type: 'client_credentials',
        client_id: other.client_id,
      });
      expect(twoClients.statusCode).toBe(400);
      expect(twoClients.json().error).toBe('invalid_request');
    });
  });

  it('refuses a form parameter sent twice with 400 invalid_request naming it (RFC 6749 section 3.2)', async () => {
    const c = await createClient(t.database.db, { name: 'Twice' });
    for (const [payload, name] of [
      [
        `grant_type=client_credentials&client_id=${c.client_id}&client_id=${c.client_id}&client_secret=${c.client_secret}`,
        'client_id',
      ],
      [
        `grant_type=client_credentials&grant_type=client_credentials&client_id=${c.client_id}&client_secret=${c.client_secret}`,
        'grant_type',
      ],
      [
        `grant_type=client_credentials&client_id=${c.client_id}&client_secret=${c.client_secret}&scope=a&scope=b`,
        'scope',
      ],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toEqual({
        error: 'invalid_request',
        error_description: `/body/${name}: is repeated; send each parameter once`,
      });
    }
  });

  it('refuses a body over 4 KiB with 413 before reading it, JSON or form-encoded', async () => {
    const c = await createClient(t.database.db, { name: 'Big Body' });
    const fields = (secretLength: number) => ({
      grant_type: 'client_credentials',
      client_id: c.client_id,
      client_secret: 'y'.repeat(secretLength),
    });
    const json = (secretLength: number) =>
      t.app.inject({ method: 'POST', url: '/oauth/token', payload: fields(secretLength) });
    const form = (secretLength: number) =>
      t.app.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields(secretLength)).toString(),
      });
    for (const send of [json, form]) {
      const over = await send(TOKEN_BODY_LIMIT_BYTES);
      expect(over.statusCode).toBe(413);
      expect(over.json()).toEqual({
        error: 'invalid_request',
        error_description: 'The request body is larger than the limit',
      });
      // Under the limit the body is read, and the (wrong) secret is checked.
      expect((await send(TOKEN_BODY_LIMIT_BYTES - 200)).statusCode).toBe(401);
    }
  });

  it('stores the secret only as a scrypt hash', async () => {
    const c = await createClient(t.database.db, { name: 'Hashed' });
    const row = await t.database.db
      .selectFrom('clients')
      .select('secret_hash')
      .where('client_id', '=', c.client_id)
      .executeTakeFirstOrThrow();
    expect(row.secret_hash.startsWith('scrypt$')).toBe(true);
    expect(row.secret_hash).not.toContain(c.client_secret);
  });

  it('stores the token signing key sealed, and seals one stored in the clear when it is read', async () => {
    const keys = () => t.database.db.selectFrom('signing_keys').select(['kid', 'private_jwk']).execute();
    const [stored] = await keys();
    expect(stored?.private_jwk.startsWith('v1.')).toBe(true);
    expect(stored?.private_jwk).not.toContain('"d"');
    const cipher = await loadReportCipher(t.database.db, undefined);
    const clear = cipher.open(stored?.private_jwk ?? '', `signing key ${stored?.kid}`);
    expect(JSON.parse(clear)).toMatchObject({ kty: 'OKP', crv: 'Ed25519', d: expect.any(String) });
    // A row from before sealing: the private key in the clear.
    await t.database.db.updateTable('signing_keys').set({ private_jwk: clear }).execute();
    const key = await loadOrCreateSigningKey(t.database.db, cipher);
    expect(key.kid).toBe(stored?.kid);
    const [resealed] = await keys();
    expect(resealed?.private_jwk.startsWith('v1.')).toBe(true);
    expect(cipher.open(resealed?.private_jwk ?? '', `signing key ${stored?.kid}`)).toBe(clear);
    // A sealed key does not open under another row's key id.
    await expect(
      loadOrCreateSigningKey(t.database.db, { seal: cipher.seal, open: () => cipher.open(clear, 'elsewhere') }),
    ).rejects.toThrow(/does not open/);
    // The key read back signs tokens the running app accepts.
    const c = await createClient(t.database.db, { name: 'Sealed', scopes: ['regions:read'] });
    const tokens = createTokenService(t.database.db, key, loadConfig({}).auth);
    const { access_token } = await tokens.issue({
      grant_type: 'client_credentials',
      client_id: c.client_id,
      client_secret: c.client_secret,
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/verify/regions',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('bearer tokens on business routes', () => {
  it('401 with WWW-Authenticate when the token is missing or malformed', async () => {
    for (const header of [undefined, 'Bearer', 'Basic abc', 'Bearer not-a-jwt', 'Bearer a.b.c']) {
      const res = await regions(header);
      expect(res.statusCode, String(header)).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer realm="lendsight"/);
      expect(res.json()).toMatchObject({
        statusCode: 401,
        code: expect.stringMatching(/UNAUTHENTICATED|INVALID_TOKEN/),
      });
    }
  });

  it('401 for a token signed by another key', async () => {
    const { token } = await t.client(['regions:read']);
    const { privateKey } = await generateKeyPair('EdDSA');
    const [header, payload] = token.split('.');
    const forged = await new SignJWT(JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()))
      .setProtectedHeader(JSON.parse(Buffer.from(header ?? '', 'base64url').toString()))
      .sign(privateKey);
    const res = await regions(`Bearer ${forged}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_TOKEN');
  });

  it('401 for an expired token and for a token meant for another audience', async () => {
    const c = await createClient(t.database.db, { name: 'Clockwork' });
    const key = await loadOrCreateSigningKey(t.database.db, await loadReportCipher(t.database.db, undefined));
    const auth = loadConfig({}).auth;
    const past = createTokenService(t.database.db, key, auth, () => Date.now() - 2 * 86400_000);
    const expired = await past.issue({
      grant_type: 'client_credentials',
      client_id: c.client_id,
      client_secret: c.client_secret,
    });
    const res = await regions(`Bearer ${expired.access_token}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_EXPIRED');

    const other = createTokenService(t.database.db, key, { ...auth, audiences: ['another-api'] });
    const foreign = await other.issue({
      grant_type: 'client_credentials',
      client_id: c.client_id,
      client_secret: c.client_secret,
    });
    const res2 = await regions(`Bearer ${foreign.access_token}`);
    expect(res2.statusCode).toBe(401);
    expect(res2.json().message).toContain('aud');
  });

  it('a token accepted before still expires, and a copy with another signature is refused', async () => {
    const c = await createClient(t.database.db, { name: 'Remembered', scopes: ['regions:read'] });
    const key = await loadOrCreateSigningKey(t.database.db, await loadReportCipher(t.database.db, undefined));
    const auth = loadConfig({}).auth;
    let clock = Date.now();
    const tokens = createTokenService(t.database.db, key, auth, () => clock);
    const { access_token } = await tokens.issue({
      grant_type: 'client_credentials',
      client_id: c.client_id,
      client_secret: c.client_secret,
    });
    expect((await tokens.verify(access_token)).clientPublicId).toBe(c.client_id);
    expect((await tokens.verify(access_token)).clientPublicId).toBe(c.client_id); // remembered
    const [head, body, signature = ''] = access_token.split('.');
    const forged = `${head}.${body}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    await expect(tokens.verify(forged)).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
    clock += (auth.tokenTtlSeconds + 1) * 1000;
    await expect(tokens.verify(access_token)).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
  });

  it('401 for a token with a segment spelled in non-canonical base64url (the same bytes)', async () => {
    const { token } = await t.client(['regions:read']);
    expect((await regions(`Bearer ${token}`)).statusCode).toBe(200);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const segments = token.split('.');
    let respelled = 0;
    for (const [i, segment] of segments.entries()) {
      // 2 or 3 characters past a multiple of 4 leave 4 or 2 bits of the last one unused: set one.
      if (segment.length % 4 === 0) continue;
      const last = alphabet.indexOf(segment.at(-1) ?? '');
      const other = `${segment.slice(0, -1)}${alphabet[last + 1]}`;
      expect(Buffer.from(other, 'base64url')).toEqual(Buffer.from(segment, 'base64url'));
      const forged = segments.map((s, j) => (j === i ? other : s)).join('.');
      const res = await regions(`Bearer ${forged}`);
      expect(res.statusCode, `segment ${i}`).toBe(401);
      expect(res.json()).toMatchObject({ code: 'INVALID_TOKEN', message: expect.stringContaining('canonical') });
      respelled++;
    }
    // The Ed25519 signature (64 bytes: 86 characters) is always one.
    expect(respelled).toBeGreaterThanOrEqual(1);
  });

  it('403 for a valid token without the route scope', async () => {
    const { token } = await t.client(['statements:read']);
    const res = await regions(`Bearer ${token}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('INSUFFICIENT_SCOPE');
  });

  it('401 once the client is revoked, and no new token for it', async () => {
    const { token, clientId, secret } = await t.client(['regions:read']);
    expect((await regions(`Bearer ${token}`)).statusCode).toBe(200);
    expect(await revokeClient(t.database.db, clientId)).toBe(true);
    const res = await regions(`Bearer ${token}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('CLIENT_REVOKED');
    const again = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'client_credentials', client_id: clientId, client_secret: secret },
    });
    expect(again.statusCode).toBe(401);
  });

  it('a token issued by one instance is accepted by another sharing the database', async () => {
    const second = await createTestApp({ database: t.database });
    try {
      const { token } = await t.client(['regions:read']);
      const res = await second.app.inject({
        method: 'GET',
        url: '/verify/regions',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });
});

describe('tokens from an external identity provider', () => {
  let idp: Server;
  let issuerUrl: string;
  let external: TestApp;
  let idpKey: CryptoKey;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    idpKey = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'idp-1', alg: 'RS256', use: 'sig' };
    idp = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((r) => idp.listen(0, '127.0.0.1', r));
    issuerUrl = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
    external = await createTestApp({
      database: t.database,
      env: { EXTERNAL_JWKS_URL: `${issuerUrl}/jwks.json`, EXTERNAL_ISSUER: issuerUrl, EXTERNAL_AUDIENCE: 'lendsight' },
    });
  });
  afterAll(async () => {
    await external.close();
    idp.close();
  });

  const idpToken = (claims: Record<string, unknown>, audience = 'lendsight') =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'idp-1' })
      .setIssuer(issuerUrl)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(idpKey);

  it('accepts a token from the configured JWKS for a registered client, within its scopes', async () => {
    const c = await createClient(t.database.db, { name: 'SSO Lender', scopes: ['regions:read'] });
    const ok = await idpToken({ client_id: c.client_id, scope: 'regions:read' });
    const res = await external.app.inject({
      method: 'GET',
      url: '/verify/regions',
      headers: { authorization: `Bearer ${ok}` },
    });
    expect(res.statusCode).toBe(200);

    const wrongAud = await idpToken({ client_id: c.client_id, scope: 'regions:read' }, 'other');
    const res2 = await external.app.inject({
      method: 'GET',
      url: '/verify/regions',
      headers: { authorization: `Bearer ${wrongAud}` },
    });
    expect(res2.statusCode).toBe(401);

    const unknown = await idpToken({ client_id: 'ls_nobody', scope: 'regions:read' });
    const res3 = await external.app.inject({
      method: 'GET',
      url: '/verify/regions',
      headers: { authorization: `Bearer ${unknown}` },
    });
    expect(res3.statusCode).toBe(401);
  });
});
