import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { OAuthError } from '../../auth/token-service.js';
import {
  AppError,
  type ErrorCode,
  errorCatalogue,
  type FieldProblem,
  notJson,
  pointerToken,
  unknownFieldMessage,
  unknownParameterMessage,
} from '../../domain/errors.js';
import type { Envelope } from '../route-config.js';
import { FORM_KEY } from '../schemas.js';

const contextPrefix: Record<string, string> = {
  body: '/body',
  querystring: '/query',
  params: '/params',
  headers: '/headers',
};

/** Fastify's own errors that are the client's fault, mapped into the catalogue. */
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_BODY',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_BODY',
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_BODY',
  FST_ERR_CTP_EMPTY_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
};

interface ValidationProblem {
  keyword?: string;
  schemaPath?: string;
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** The sub-schema a validation problem points at (`#/properties/...`) in the route's schema for that part. */
function schemaAt(root: unknown, schemaPath: string | undefined): Record<string, unknown> | undefined {
  if (!schemaPath?.startsWith('#')) return undefined;
  let node = root;
  for (const segment of schemaPath.slice(1).split('/').filter(Boolean)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node !== null && typeof node === 'object' ? (node as Record<string, unknown>) : undefined;
}

/**
 * What a problem says: `must be <form>` for a `Formatted` string in another form, the allowed
 * values of a choice of constants, else the validator's message.
 */
function problemMessage(v: ValidationProblem, schema: unknown): string {
  if (v.keyword === 'pattern') {
    const form = schemaAt(schema, v.schemaPath)?.[FORM_KEY];
    if (typeof form === 'string') return `must be ${form}`;
  }
  if (v.keyword === 'anyOf') {
    const choices = schemaAt(schema, v.schemaPath)?.anyOf;
    const values = Array.isArray(choices) ? choices.map((c: { const?: unknown }) => c.const) : [];
    if (values.length > 0 && values.every((c) => c !== undefined)) {
      return `must be one of ${values.map((c) => JSON.stringify(c)).join(', ')}`;
    }
  }
  return v.message ?? 'is not valid';
}

/** The refusal of a member (a query parameter) the object's schema does not name, listing those it does. */
function unknownMember(object: Record<string, unknown> | undefined, prefix: string): string {
  const known = Object.keys((object?.properties as Record<string, unknown> | undefined) ?? {});
  return prefix === '/query' ? unknownParameterMessage(known) : unknownFieldMessage(known);
}

/**
 * One problem per offending field: an alternative's own complaints are folded into its choice's
 * (`must be one of "credit", "debit"`, not "must be equal to constant" per alternative), and an
 * object's unknown members are one problem each at their own path, saying which members it takes
 * (the validator's "schema is false" per member and "must not have additional properties" at the
 * object say neither).
 */
function fieldProblems(
  validation: ValidationProblem[],
  schema: unknown,
  prefix: string,
  timesOf: (v: ValidationProblem) => number = () => 1,
): FieldProblem[] {
  const choices = validation.filter((v) => v.keyword === 'anyOf').map((v) => `${v.schemaPath}/anyOf/`);
  return validation
    .filter((v) => !choices.some((choice) => v.schemaPath?.startsWith(choice)))
    .filter((v) => !(v.keyword === 'boolean' && v.schemaPath?.endsWith('/additionalProperties')))
    .flatMap((v): FieldProblem[] => {
      const path = `${prefix}${v.instancePath ?? ''}`;
      const extra = v.keyword === 'additionalProperties' ? v.params?.additionalProperties : undefined;
      if (Array.isArray(extra)) {
        const message = unknownMember(schemaAt(schema, v.schemaPath), prefix);
        return extra.map((key) => ({ path: `${path}/${pointerToken(String(key))}`, message }));
      }
      const missing = v.params?.requiredProperties ?? v.params?.missingProperty;
      if (Array.isArray(missing) && missing.length === 1)
        return [{ path: `${path}/${missing[0]}`, message: 'is required' }];
      const times = timesOf(v);
      if (times > 1) return [{ path, message: `is given ${times} times; give it once` }];
      return [{ path, message: problemMessage(v, schema) }];
    });
}

/**
 * How many times the query parameter of a problem was given: a repeated one (`?format=a&format=b`)
 * arrives as a list, and is refused as repeated, not as "must be string".
 */
function timesGiven(request: FastifyRequest, v: ValidationProblem): number {
  const value = (request.query as Record<string, unknown> | undefined)?.[v.instancePath?.slice(1) ?? ''];
  return Array.isArray(value) ? value.length : 1;
}

function toAppError(error: FastifyError & { validation?: unknown }, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  if (Array.isArray(error.validation)) {
    const context = error.validationContext ?? 'body';
    const prefix = contextPrefix[context] ?? '';
    const schema = (request.routeOptions.schema as Record<string, unknown> | undefined)?.[context];
    const details = fieldProblems(error.validation as ValidationProblem[], schema, prefix, (v) =>
      context === 'querystring' ? timesGiven(request, v) : 1,
    );
    const first = details[0];
    return new AppError('VALIDATION_FAILED', first ? `${first.path}: ${first.message}` : undefined, details);
  }
  if (error.statusCode === 429) return new AppError('RATE_LIMITED', error.message);
  const mapped = error.code ? fastifyCodes[error.code] : undefined;
  if (mapped === 'MALFORMED_BODY' || (!mapped && error instanceof SyntaxError)) return notJson();
  if (mapped === 'UNSUPPORTED_MEDIA_TYPE') return unsupportedType(request);
  if (mapped) return new AppError(mapped);
  const status = error.statusCode ?? 500;
  if (status === 413) return new AppError('BODY_TOO_LARGE');
  if (status === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE');
  if (status >= 400 && status < 500) {
    // A plugin's 4xx (multipart limits and the like): its message is written for clients.
    const err = new AppError('VALIDATION_FAILED', error.message);
    Object.defineProperty(err, 'status', { value: status });
    return err;
  }
  return new AppError('INTERNAL');
}

/** The refusal of a body of a type the route has no parser for, naming the types it consumes. */
function unsupportedType(request: FastifyRequest): AppError {
  const consumes = (request.routeOptions.schema as { consumes?: string[] } | undefined)?.consumes;
  const message = consumes ? `must be ${consumes.join(' or ')}` : 'is not accepted here';
  return new AppError('UNSUPPORTED_MEDIA_TYPE', `/headers/content-type: ${message}`, [
    { path: '/headers/content-type', message },
  ]);
}

/** Shapes an error answer in the envelope the route uses. */
export function errorBody(envelope: Envelope, err: AppError, requestId: string): Record<string, unknown> {
  const errors = err.details && err.details.length > 0 ? { errors: err.details.slice(0, 100) } : {};
  switch (envelope) {
    case 'oauth':
      return { error: err.status === 401 ? 'invalid_client' : 'invalid_request', error_description: err.message };
    case 'credit':
      return { status: false, message: err.message, code: err.code, data: null, ...errors, ...err.extra, requestId };
    case 'liveness':
      return {
        success: false,
        message: err.message,
        code: String(err.status),
        error: err.code,
        ...errors,
        ...err.extra,
        requestId,
      };
    default:
      return { statusCode: err.status, code: err.code, message: err.message, ...errors, ...err.extra, requestId };
  }
}

function authenticateHeader(err: AppError, request: FastifyRequest): string | undefined {
  if (err.status === 401) {
    const error = err.code === 'UNAUTHENTICATED' ? '' : ', error="invalid_token"';
    return `Bearer realm="lendsight"${error}, error_description="${err.message.replace(/"/g, "'")}"`;
  }
  if (err.code === 'INSUFFICIENT_SCOPE') {
    return `Bearer realm="lendsight", error="insufficient_scope", scope="${request.routeOptions.config.scope ?? ''}"`;
  }
  return undefined;
}

export function sendError(request: FastifyRequest, reply: FastifyReply, err: AppError) {
  const envelope = request.routeOptions.config?.envelope ?? 'default';
  const www = authenticateHeader(err, request);
  if (www) reply.header('www-authenticate', www);
  const retryAt = typeof err.extra?.retryAfter === 'string' ? Date.parse(err.extra.retryAfter) : Number.NaN;
  if (Number.isFinite(retryAt))
    reply.header('retry-after', String(Math.max(1, Math.ceil((retryAt - Date.now()) / 1000))));
  return reply
    .code(err.status)
    .type('application/json')
    .send(errorBody(envelope, err, request.id));
}

/**
 * What Fastify's router refuses before any route or hook runs (its `frameworkErrors`), in the
 * catalogue: never Fastify's own answer, which echoes the URL.
 */
export function sendRouterError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const appError =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new AppError('PATH_TOO_LONG')
      : error.code === 'FST_ERR_BAD_URL'
        ? new AppError(
            'VALIDATION_FAILED',
            'the path is not a valid URL: a % must begin an escape of UTF-8, such as %26',
          )
        : new AppError('INTERNAL');
  request.log.info({ code: appError.code, status: appError.status }, 'request refused');
  return sendError(request, reply, appError);
}

/**
 * The methods each registered path answers, to tell a wrong method on a path (405) from a path that
 * does not exist (404). Paths are the router's (`/statements/:key`, `/docs/*`), matched as its
 * parameters and wildcards match; only requests no route took are looked up here.
 */
class RoutePaths {
  private readonly routes: Array<{ pattern: RegExp; methods: Set<string> }> = [];
  private readonly byPath = new Map<string, Set<string>>();

  add(path: string, method: string | string[]): void {
    let methods = this.byPath.get(path);
    if (!methods) {
      methods = new Set();
      this.byPath.set(path, methods);
      const source = path
        .split(/(:[^/]+|\*)/)
        .map((part) =>
          part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
        )
        .join('');
      this.routes.push({ pattern: new RegExp(`^${source}$`), methods });
    }
    for (const m of Array.isArray(method) ? method : [method]) methods.add(m);
  }

  /** The methods some route answers for this request path, in a stable order. */
  methodsOf(path: string): string[] {
    const found = new Set<string>();
    for (const route of this.routes) if (route.pattern.test(path)) for (const m of route.methods) found.add(m);
    return [...found].sort();
  }
}

/**
 * What Node refuses before a request reaches the router (Fastify's `clientErrorHandler`): a request
 * that is not well-formed HTTP (400), headers over Node's limit (431), headers, or a body no route
 * reads, not received in time (408). Answered in the catalogue with a request id of its own, then
 * the connection is closed, as Node does; never Node's bare answer.
 */
export function answerClientError(this: FastifyInstance, err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const appError =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? new AppError('REQUEST_TIMEOUT', 'the request was not received in time')
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? new AppError('HEADERS_TOO_LARGE')
        : new AppError('MALFORMED_REQUEST');
  const requestId = randomUUID();
  // Not the error: Node's parser error carries the request's raw bytes, token included.
  this.log.info({ reqId: requestId, code: appError.code, status: appError.status }, 'client error');
  const body = JSON.stringify(errorBody('default', appError, requestId));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${appError.status} ${STATUS_CODES[appError.status]}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestId}\r\n` +
        `X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

export default fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof OAuthError) {
        reply.header('cache-control', 'no-store');
        if (error.status === 401) reply.header('www-authenticate', 'Basic realm="lendsight"');
        return reply.code(error.status).send({ error: error.error, error_description: error.description });
      }
      const appError = toAppError(error, request);
      // Fastify closes the connection after any body it could not parse, lest the rest of it be
      // read as the next request; a body received whole leaves nothing to misread.
      if (request.raw.readableEnded && reply.getHeader('connection') === 'close') reply.removeHeader('connection');
      if (appError.status >= 500) {
        request.log.error({ err: error }, 'unhandled error');
      } else {
        request.log.info({ code: appError.code, status: appError.status }, 'request refused');
      }
      return sendError(request, reply, appError);
    });

    const paths = new RoutePaths();
    app.addHook('onRoute', (route) => paths.add(route.url, route.method));
    /**
     * No route for the method and path: 405 with `Allow` when the path has routes for other methods,
     * else 404; also 404 when a route for this method found nothing there (a file the docs do not have).
     */
    const noRoute = (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0] ?? '';
      const allowed = paths.methodsOf(path);
      if (allowed.includes(request.method)) {
        return sendError(request, reply, new AppError('ROUTE_NOT_FOUND', `nothing at ${path}`));
      }
      if (allowed.length === 0) {
        return sendError(request, reply, new AppError('ROUTE_NOT_FOUND', `no route ${request.method} ${path}`));
      }
      reply.header('allow', allowed.join(', '));
      return sendError(
        request,
        reply,
        new AppError('METHOD_NOT_ALLOWED', `${request.method} is not allowed on ${path}; use ${allowed.join(', ')}`),
      );
    };
    // Anyone may send a body to a route that does not exist: it is answered before the body is read.
    app.addHook('onRequest', async (request, reply) => {
      if (request.is404) return noRoute(request, reply);
    });
    app.setNotFoundHandler(noRoute);
  },
  { name: 'errors' },
);

export { errorCatalogue };
