import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import pkg from '../package.json' with { type: 'json' };
import { AppError } from './domain/errors.js';
import { formParameters } from './http/form-body.js';
import authPlugin from './http/plugins/auth.js';
import contentEncoding from './http/plugins/content-encoding.js';
import decimalIntegers from './http/plugins/decimal-integers.js';
import docsPlugin from './http/plugins/docs.js';
import errorsPlugin, { sendRouterError } from './http/plugins/errors.js';
import observabilityPlugin, { setAnswerHeaders } from './http/plugins/observability.js';
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
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(TypeBoxValidatorCompiler);

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, formParameters(body as string));
    } catch (err) {
      done(err as Error, undefined);
    }
  });

  await app.register(errorsPlugin);
  await app.register(decimalIntegers);
  await app.register(observabilityPlugin, { registry: services.metrics });
  await app.register(authPlugin, { tokens: services.tokens });
  await app.register(contentEncoding);
  await app.register(rateLimit, {
    max: config.limits.rateMax,
    timeWindow: config.limits.rateWindowMs,
    hook: 'preHandler',
    keyGenerator: (request) => (request.principal ? `client:${request.principal.clientId}` : `ip:${request.ip}`),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `rate limit of ${context.max} requests per ${context.after} exceeded; retry later`),
  });
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
