import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../domain/errors.js';

const seconds = (ms: number) => {
  const n = Math.max(1, Math.ceil(ms / 1000));
  return `${n} second${n === 1 ? '' : 's'}`;
};

/** Counts one request against its caller's budget; throws RATE_LIMITED once the budget is spent. */
export type CountRequest = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts a request that ends before its route's own rate limit runs (a refused token). */
    countRequest: CountRequest;
  }
}

/**
 * Requests per client, counted per instance in a fixed window: an authenticated request against
 * its client, any other against its IP address (the token endpoint, and requests whose token is
 * refused: `countRequest`, called by the auth plugin). Over the limit: 429 with `Retry-After`.
 */
export default fp(
  async (app: FastifyInstance, opts: { max: number; windowMs: number }) => {
    await app.register(rateLimit, {
      max: opts.max,
      timeWindow: opts.windowMs,
      hook: 'preHandler',
      keyGenerator: (request) => (request.principal ? `client:${request.principal.clientId}` : `ip:${request.ip}`),
      errorResponseBuilder: (_request, context) =>
        new AppError(
          'RATE_LIMITED',
          `rate limit of ${context.max} requests per ${seconds(opts.windowMs)} exceeded; retry in ${seconds(context.ttl)}`,
        ),
    });
    const count = app.rateLimit();
    app.decorate('countRequest', (request: FastifyRequest, reply: FastifyReply) => count.call(app, request, reply));
  },
  { name: 'rate-limit' },
);
