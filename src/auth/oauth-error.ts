/** An OAuth 2.0 error (RFC 6749 §5.2) from the token endpoint. */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error:
      | 'invalid_request'
      | 'invalid_client'
      | 'unsupported_grant_type'
      | 'invalid_scope'
      | 'invalid_target',
    readonly description: string,
  ) {
    super(description);
  }
}
