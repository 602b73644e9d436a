import { randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import pkg from '../package.json' with { type: 'json' };
import { jsonBodyParser } from './http/json-body.js';
import authPlugin from './http/plugins/auth.js';
import charset from './http/plugins/charset.js';
import closedBodies from './http/plugins/closed-bodies.js';
import closedQueries from './http/plugins/closed-queries.js';
import contentEncoding from './http/plugins/content-encoding.js';
import decimalIntegers from './http/plugins/decimal-integers.js';
import docsPlugin from './http/plugins/docs.js';
import drain from './http/plugins/drain.js';
import errorsPlugin, { answerClientError, sendRouterError } from './http/plugins/errors.js';
import observabilityPlugin, { setAnswerHeaders } from './http/plugins/observability.js';
import rateLimit from './http/plugins/rate-limit.js';
import requestTimeout from './http/plugins/request-timeout.js';
import './http/route-config.js';
import { redactLogObject, requestSerializers } from './http/log-redaction.js';
import affordabilityRoutes from './http/routes/affordability.js';
import creditRoutes from './http/routes/credit.js';
import healthRoutes from './http/routes/health.js';
import livenessRoutes from './http/routes/liveness.js';
import oauthRoutes from './http/routes/oauth.js';
import regionRoutes from './http/routes/regions.js';
import statementRoutes from './http/routes/statements.js';
import type { Services } from './services.js';

/** Logger options for a caller-supplied destination (tests), with the same redaction as the process logger. */
function createLoggerOptions(level: string, given: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  return {
    level,
    ...(typeof given === 'object' ? given : {}),
    formatters: { log: redactLogObject },
    serializers: requestSerializers,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
  };
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** Node's default `headersTimeout`: the longest a request's headers may take to arrive. */
const NODE_HEADERS_TIMEOUT_MS = 60_000;

export interface AppOptions {
  logger?: FastifyServerOptions['logger'];
}

/** Builds the HTTP application around its services. Never listens: `server.ts` does. */
export async function buildApp(services: Services, opts: AppOptions = {}): Promise<FastifyInstance> {
  const { config } = services;
  const logging =
    opts.logger === undefined
      ? { loggerInstance: services.log as FastifyBaseLogger }
      : { logger: opts.logger === false ? false : createLoggerOptions(config.logLevel, opts.logger) };
  const app = Fastify({
    ...logging,
    bodyLimit: config.limits.bodyBytes,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // The router refuses an over-long path value or a bad escape before any hook runs.
    frameworkErrors: (error, request, reply) => {
      setAnswerHeaders(request, reply);
      return sendRouterError(error, request, reply);
    },
    // A body is timed by the request-timeout plugin, answered in its route's envelope; Node's own
    // limit is the backstop for what no route reads (the rest of a body refused before it was
    // read), a minute later (its headers timeout) so that it never comes first.
    requestTimeout: config.limits.requestTimeoutMs + NODE_HEADERS_TIMEOUT_MS,
    clientErrorHandler: answerClientError,
    // A request arriving during close is answered by the drain plugin, from the catalogue.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(TypeBoxValidatorCompiler);

  // No route reads plain text (a token request in it is 415, not "must be object"); JSON objects
  // are parsed by one parser that says which member it refuses. Only the token endpoint reads a
  // form (its own parser, in its plugin): any other route answers one 415.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, jsonBodyParser(app));

  await app.register(errorsPlugin);
  await app.register(drain);
  await app.register(closedBodies);
  await app.register(closedQueries);
  await app.register(decimalIntegers);
  await app.register(observabilityPlugin, { registry: services.metrics });
  await app.register(rateLimit, { max: config.limits.rateMax, windowMs: config.limits.rateWindowMs });
  await app.register(authPlugin, { tokens: services.tokens });
  await app.register(contentEncoding);
  await app.register(charset);
  await app.register(requestTimeout, { timeoutMs: config.limits.requestTimeoutMs });
  await app.register(docsPlugin, { version: pkg.version, publicBaseUrl: config.publicBaseUrl });

  await app.register(healthRoutes, { services });
  await app.register(oauthRoutes, { services });
  await app.register(regionRoutes);
  await app.register(creditRoutes, { services });
  await app.register(statementRoutes, { services });
  await app.register(livenessRoutes, { services });
  await app.register(affordabilityRoutes, { services });

  return app;
}
