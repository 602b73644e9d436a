/** BVNs and NINs are shown only masked: every digit but the last four replaced, `*******5678`. */
export function maskIdentifier(value: string): string {
  const v = value.trim();
  const keep = Math.min(4, Math.max(0, v.length - 4));
  return '*'.repeat(v.length - keep) + v.slice(v.length - keep);
}

/** Encryption at rest of an identity number (the AES-GCM sealing the credit area also uses). */
export interface IdentitySealer {
  seal(plain: string, aad: string): string;
}

/** Associated data: a sealed BVN opens only as that client's statement identity of that kind. */
export const identityAad = (clientId: number, kind: 'bvn' | 'nin') => `statement-identity:${clientId}:${kind}`;
