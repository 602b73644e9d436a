import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The header carrying a delivery's signature: `sha512=` and the hex HMAC-SHA512 of the raw body. */
export const SIGNATURE_HEADER = 'x-lendsight-signature';

/** A new signing secret: 32 random bytes, base64url, with a prefix that says what it is. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

/** The signature header value of `body` (the exact bytes sent) under `secret`. */
export function signWebhook(secret: string, body: string): string {
  return `sha512=${createHmac('sha512', secret).update(body).digest('hex')}`;
}

/**
 * What a receiver does: whether `header` is the signature of `body` under `secret`, compared in
 * constant time. Exported for the tests and as the reference for lenders' receivers.
 */
export function verifyWebhook(secret: string, body: string, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(signWebhook(secret, body));
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Associated data binding a sealed webhook secret to its client. */
export const webhookSecretAad = (clientId: number) => `webhook-secret:${clientId}`;
