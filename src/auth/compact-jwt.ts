/** Value of a base64url character (RFC 4648 section 5), -1 for any other. */
function sextet(code: number): number {
  if (code >= 65 && code <= 90) return code - 65; // A-Z
  if (code >= 97 && code <= 122) return code - 71; // a-z
  if (code >= 48 && code <= 57) return code + 4; // 0-9
  if (code === 45) return 62; // -
  if (code === 95) return 63; // _
  return -1;
}

/**
 * A segment as a base64url encoder writes it: only its alphabet, no padding, no length that leaves
 * a lone character, and the unused low bits of the last character zero (RFC 4648 section 3.5).
 * Decoders ignore those bits, so `...Q` and `...R` spell the same bytes: only the canonical spelling
 * is taken, so a token has one text.
 */
export function isCanonicalBase64url(segment: string): boolean {
  for (let i = 0; i < segment.length; i++) if (sextet(segment.charCodeAt(i)) < 0) return false;
  const tail = segment.length % 4;
  if (tail === 0) return true;
  if (tail === 1) return false;
  // Two characters carry one byte (4 bits unused), three carry two (2 bits unused).
  const unused = tail === 2 ? 0b1111 : 0b11;
  return (sextet(segment.charCodeAt(segment.length - 1)) & unused) === 0;
}

/** A JWS in compact form: three dot-separated segments, each canonical base64url. */
export const isCanonicalCompactJwt = (token: string): boolean => {
  const segments = token.split('.');
  return segments.length === 3 && segments.every(isCanonicalBase64url);
};
