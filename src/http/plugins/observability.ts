import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Histogram, type Registry } from 'prom-client';

/** The request id and the security headers every answer carries. */
export function setAnswerHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('x-request-id', request.id);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('x-frame-options', 'DENY');
  reply.header('referrer-policy', 'no-referrer');
  reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  reply.header('cross-origin-resource-policy', 'same-origin');
  if (!request.url.startsWith('/docs')) {
    reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  }
}

/** Request counters and latency by route template, the answer headers, and the process's default metrics. */
export default fp(
  async (app: FastifyInstance, opts: { registry: Registry }) => {
    collectDefaultMetrics({ register: opts.registry });
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests by route template, method and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [opts.registry],
    });
    const latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency by route template',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [opts.registry],
    });
    app.addHook('onResponse', async (request, reply) => {
      const route = request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched');
      requests.inc({ method: request.method, route, status: String(reply.statusCode) });
      latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    });
    app.addHook('onSend', async (request, reply) => setAnswerHeaders(request, reply));
  },
  { name: 'observability' },
);
