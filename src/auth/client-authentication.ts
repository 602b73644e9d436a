import { OAuthError } from './oauth-error.js';

/** Who a token request says it is, and the secret that proves it. */
export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

const BASIC = /^Basic +([A-Za-z0-9+/]+={0,2}) *$/i;

/**
 * The client's credentials from the one way of the two RFC 6749 §2.3.1 allows that the request
 * uses: HTTP Basic, or `client_id` and `client_secret` in the body. A request using both is refused
 * (§2.3: one method per request); a `client_id` in the body beside Basic must name the same client.
 */
export function clientCredentials(
  authorization: string | undefined,
  body: { client_id?: string | undefined; client_secret?: string | undefined },
): ClientCredentials {
  if (authorization === undefined) {
    if (!body.client_id || !body.client_secret) {
      throw new OAuthError(
        401,
        'invalid_client',
        'client_id and client_secret are required, in the body or as HTTP Basic authentication',
      );
    }
    return { clientId: body.client_id, clientSecret: body.client_secret };
  }
  const basic = basicCredentials(authorization);
  if (body.client_secret !== undefined) {
    throw new OAuthError(
      400,
      'invalid_request',
      'the client authenticated twice: send HTTP Basic authentication or client_secret in the body, not both',
    );
  }
  if (body.client_id !== undefined && body.client_id !== basic.clientId) {
    throw new OAuthError(
      400,
      'invalid_request',
      'client_id in the body names another client than the Authorization header',
    );
  }
  return basic;
}

/** `Basic base64(id:secret)`, where id and secret were each form-url-encoded first (§2.3.1). */
function basicCredentials(header: string): ClientCredentials {
  const encoded = BASIC.exec(header)?.[1];
  if (!encoded) {
    throw new OAuthError(
      401,
      'invalid_client',
      'the token endpoint takes HTTP Basic client authentication, or client_id and client_secret in the body',
    );
  }
  const pair = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = pair.indexOf(':');
  if (colon < 0) throw new OAuthError(401, 'invalid_client', 'the Basic credentials are not client_id:client_secret');
  return { clientId: formDecoded(pair.slice(0, colon)), clientSecret: formDecoded(pair.slice(colon + 1)) };
}

/** `application/x-www-form-urlencoded` decoding: `+` is a space, `%XX` a byte of UTF-8. */
function formDecoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    throw new OAuthError(401, 'invalid_client', 'the Basic credentials are not form-url-encoded');
  }
}
