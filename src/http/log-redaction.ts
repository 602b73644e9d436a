/**
 * Keys whose values never reach a log line, at any depth: credentials, identity numbers, names,
 * dates of birth, images. Matched case-insensitively against the last path segment.
 */
const SENSITIVE = new Set(
  [
    'authorization',
    'cookie',
    'client_secret',
    'secret',
    'access_token',
    'password',
    'bvn',
    'nin',
    'name',
    'fullname',
    'clientfullname',
    'firstname',
    'lastname',
    'surname',
    'othernames',
    'dateofbirth',
    'birthdate',
    'date_of_birth',
    'image',
    'file',
  ].map((k) => k.toLowerCase()),
);

const CENSOR = '[redacted]';

/**
 * An error as its class, message, stack and code. The other members are dropped: drivers and
 * parsers attach the offending data there (PostgreSQL's `detail` quotes a duplicate key's values,
 * Node's HTTP parser error carries the request's raw bytes as `rawPacket`, token and body included).
 * The copy keeps the error's prototype, so the `err` serializer still names its class.
 */
function errorSummary(error: Error, depth: number): Error {
  const code = (error as { code?: unknown }).code;
  return Object.assign(Object.create(Object.getPrototypeOf(error)) as Error, {
    message: error.message,
    stack: error.stack,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(error.cause !== undefined ? { cause: redact(error.cause, depth + 1) } : {}),
  });
}

function redact(value: unknown, depth: number): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return CENSOR;
  if (value instanceof Error) return errorSummary(value, depth);
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  // Class instances (Fastify's request and reply) are left to their serializers, which pick
  // method, url and status: copying their own members here would hide exactly those.
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = SENSITIVE.has(k.toLowerCase()) ? CENSOR : redact(v, depth + 1);
  }
  return out;
}

/** pino `formatters.log`: the merged log object with every sensitive key censored. */
export const redactLogObject = (object: Record<string, unknown>): Record<string, unknown> =>
  redact(object, 0) as Record<string, unknown>;

/** A query parameter name that is a name (`bvnUuid`, `page`), not data sent in the name's place. */
const PARAMETER_NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;

/**
 * A request URL as logged: the path and the query's parameter names, each value censored
 * (`/credit/consumer-reports?bvn=[redacted]`). A client may put a BVN or a name in a query string.
 */
function loggedUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const parameters = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      const shown = PARAMETER_NAME.test(name) || name === '' ? name : CENSOR;
      return equals < 0 ? shown : `${shown}=${CENSOR}`;
    });
  return `${url.slice(0, start)}?${parameters.join('&')}`;
}

/** What a request no route took is logged as, in place of its path. */
const UNMATCHED_PATH = '[unmatched]';

/** The fields of a request that Fastify logs, as its own serializer picks them. */
interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  headers?: Record<string, string | string[] | undefined>;
  socket?: { remotePort?: number };
  /** Fastify's request: the route that took it, if any. */
  is404?: boolean;
  routeOptions?: { url?: string };
}

/**
 * A request's URL as logged: the template of the route that took it (`/statements/:key`, never
 * the key), or `[unmatched]` (none of its segments) when no route did, then the query with its
 * values censored. A client may put a BVN or a name where a path value goes, or in a path that
 * does not exist.
 */
function requestUrl(req: LoggedRequest): string {
  const route = req.is404 === false ? req.routeOptions?.url : undefined;
  const start = req.url.indexOf('?');
  return loggedUrl(`${route ?? UNMATCHED_PATH}${start < 0 ? '' : req.url.slice(start)}`);
}

/**
 * pino serializers for the request logs: Fastify's own `req` fields (method, url, version, host,
 * remote address and port), the URL as `requestUrl` shows it. Every logger the HTTP layer uses
 * gets them (`createLogger`, and the test logger options in `app.ts`).
 */
export const requestSerializers = {
  req: (req: LoggedRequest) => ({
    method: req.method,
    url: requestUrl(req),
    version: typeof req.headers?.['accept-version'] === 'string' ? req.headers['accept-version'] : undefined,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  }),
};
