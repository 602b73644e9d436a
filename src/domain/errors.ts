/**
 * The one error catalogue. Every error a client can see has a stable `code`, a real HTTP status and
 * a default message. Throw `new AppError('CODE', message?, details?)` anywhere; the HTTP error
 * handler shapes the answer. Anything that is not an AppError becomes INTERNAL with no detail.
 */
export const errorCatalogue = {
  VALIDATION_FAILED: { status: 400, message: 'The request is not valid' },
  INVALID_QUERY: { status: 400, message: 'A query parameter is not valid' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'This content type is not accepted here' },
  MALFORMED_BODY: { status: 400, message: 'The request body could not be parsed' },
  MALFORMED_REQUEST: { status: 400, message: 'The request is not well-formed HTTP' },
  HEADERS_TOO_LARGE: { status: 431, message: 'The request headers are larger than the limit' },
  BODY_TOO_LARGE: { status: 413, message: 'The request body is larger than the limit' },
  UNAUTHENTICATED: { status: 401, message: 'A valid bearer token is required' },
  INVALID_TOKEN: { status: 401, message: 'The bearer token is not valid' },
  TOKEN_EXPIRED: { status: 401, message: 'The bearer token has expired' },
  CLIENT_REVOKED: { status: 401, message: 'The client of this token has been revoked' },
  INSUFFICIENT_SCOPE: { status: 403, message: 'The token does not carry the scope this route needs' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  ROUTE_NOT_FOUND: { status: 404, message: 'No such route' },
  PATH_TOO_LONG: { status: 414, message: 'A value in the path is longer than 100 characters' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed' },
  CONFLICT: { status: 409, message: 'The request conflicts with an existing record' },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: 'This Idempotency-Key was already used with a different request (its query or its body)',
  },
  IDEMPOTENCY_IN_PROGRESS: { status: 409, message: 'A request with this Idempotency-Key is still in progress' },
  UNKNOWN_FORMAT: { status: 400, message: 'Unknown statement format' },
  FORMAT_MISMATCH: { status: 422, message: 'The body has the shape of another statement format' },
  STATEMENT_INVALID: { status: 422, message: 'The statement body is not valid' },
  NO_TRANSACTIONS: { status: 422, message: 'The statement has no transactions' },
  NOT_ENOUGH_TRANSACTIONS: { status: 422, message: 'The statement has fewer transactions than analysis needs' },
  STATEMENT_NAME_TAKEN: { status: 409, message: 'A statement with the same name has already been analyzed' },
  STATEMENT_NOT_ANALYSED: { status: 409, message: 'The statement has no analytics to assess' },
  BVN_RECORD_HAS_STATEMENT: { status: 409, message: 'This BVN record already has a statement' },
  IMAGE_MISSING: { status: 400, message: 'The multipart part `file` with an image is required' },
  IMAGE_UNREADABLE: { status: 422, message: 'The file is not a readable image' },
  IMAGE_TOO_LARGE: { status: 413, message: 'The image is larger than the limit' },
  IMAGE_TOO_MANY_PIXELS: { status: 422, message: 'The image has more pixels than the limit' },
  REQUEST_TIMEOUT: { status: 408, message: 'The request was not received in time' },
  RATE_LIMITED: { status: 429, message: 'Too many requests' },
  CREDIT_PULL_LIMIT: {
    status: 429,
    message: 'This client has started as many new bureau pulls in the last 24 hours as it may',
  },
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is not ready' },
  SHUTTING_DOWN: {
    status: 503,
    message: 'This server is shutting down; retry the request on a new connection',
  },
  STATEMENT_PROCESSING_UNAVAILABLE: {
    status: 503,
    message: 'The statement could not be processed now (it took too long or its worker failed); nothing was stored',
  },
  INTERNAL: { status: 500, message: 'An unexpected error occurred' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

/** One offending field: a JSON pointer into the request (`/body/data/17/date`) and the reason. */
export interface FieldProblem {
  path: string;
  message: string;
}

/** A member name as one token of a JSON pointer (RFC 6901): `~` and `/` escaped. */
export const pointerToken = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** The reason given for a body member (or form part) a route does not take, naming those it takes. */
export const unknownFieldMessage = (known: readonly string[]): string =>
  known.length > 0 ? `unknown field; expected one of: ${known.join(', ')}` : 'unknown field; this body takes none';

/** The reason given for a query parameter a route does not take, naming those it takes. */
export const unknownParameterMessage = (known: readonly string[]): string =>
  known.length > 0
    ? `unknown parameter; expected one of: ${known.join(', ')}`
    : 'unknown parameter; this route takes none';

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: FieldProblem[],
    /** Extra machine-readable members merged into the answer (e.g. `{ statementKey }`). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message ?? errorCatalogue[code].message);
    this.name = 'AppError';
    this.status = errorCatalogue[code].status;
  }
}

/** The refusal of a body that does not parse as JSON. */
export const notJson = (): AppError =>
  new AppError('MALFORMED_BODY', 'the body is not valid JSON', [{ path: '/body', message: 'is not valid JSON' }]);

/**
 * A statement the client does not have (or no longer has: deleted since it was checked). `path`
 * names the request field that gave the key, when it came in a body rather than the URL.
 */
export const statementNotFound = (key: number | null | undefined, path?: string): AppError =>
  new AppError(
    'NOT_FOUND',
    `no statement ${key}`,
    path ? [{ path, message: 'no statement with this key' }] : undefined,
  );
