/** Encryption at rest of an identity number (the AES-GCM sealing the credit area also uses). */
export interface IdentitySealer {
  seal(plain: string, aad: string): string;
}

/** Associated data: a sealed BVN opens only as that client's statement identity of that kind. */
export const identityAad = (clientId: number, kind: 'bvn' | 'nin') => `statement-identity:${clientId}:${kind}`;
