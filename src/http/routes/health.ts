import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyContextConfig } from 'fastify';
import { Type } from 'typebox';
import { checkReadiness } from '../../check-readiness.js';
import type { Services } from '../../services.js';

/**
 * How long a readiness check may take before it counts as failed: longer than the bureau's own
 * health call (3 s, so its detail says why), shorter than a load balancer's usual 5 s.
 */
const READINESS_TIMEOUT_MS = 4000;

const Probe = Type.Object({
  name: Type.String(),
  ok: Type.Boolean(),
  optional: Type.Optional(
    Type.Literal(true, { description: 'A failing optional check makes the instance degraded, not unready' }),
  ),
  detail: Type.Optional(Type.String()),
});
const Readiness = Type.Object(
  {
    ready: Type.Boolean({ description: 'Every check but the optional ones is ok: send traffic' }),
    status: Type.Union([Type.Literal('ok'), Type.Literal('degraded'), Type.Literal('unready')], {
      description: '`degraded`: ready, but an optional check fails (credit reports wait in their queue)',
    }),
    checks: Type.Array(Probe),
  },
  {
    examples: [
      {
        ready: true,
        status: 'degraded',
        checks: [
          { name: 'credit-bureau', ok: false, optional: true, detail: 'firstcentral: unreachable (login timed out)' },
          { name: 'face-models', ok: true },
          { name: 'statement-processing', ok: true },
          { name: 'database', ok: true },
        ],
      },
    ],
  },
);

const healthRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const ops = { public: true, rateLimit: false } as const;

  app.get(
    '/health',
    {
      config: ops,
      schema: {
        tags: ['operations'],
        operationId: 'getHealth',
        summary: 'The process is up',
        response: {
          200: Type.Object(
            { status: Type.Literal('ok'), uptimeSeconds: Type.Number() },
            { examples: [{ status: 'ok', uptimeSeconds: 5120 }] },
          ),
        },
      },
    },
    async () => ({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) }),
  );

  app.get(
    '/ready',
    {
      config: ops,
      schema: {
        tags: ['operations'],
        operationId: 'getReadiness',
        summary: 'Dependencies are reachable and models loaded',
        description:
          '200 when every required check is ok (status `ok`, or `degraded` when an optional one fails: the credit ' +
          'bureau, whose pulls wait in their queue); 503 otherwise (status `unready`). A check that has not ' +
          'answered within 4 s is not ok.',
        response: {
          200: Readiness,
          503: Readiness,
        },
      },
    },
    async (_request, reply) => {
      const readiness = await checkReadiness(services.readiness, { timeoutMs: READINESS_TIMEOUT_MS });
      return reply.code(readiness.ready ? 200 : 503).send(readiness);
    },
  );

  // Every client's traffic counted together: an operator's scope, unless the instance opens it.
  const metricsAccess: FastifyContextConfig = services.config.metricsPublic
    ? ops
    : { scope: 'metrics:read', rateLimit: false };
  app.get(
    '/metrics',
    { config: metricsAccess, schema: { tags: ['operations'], summary: 'Prometheus metrics', hide: true } },
    async (_request, reply) => {
      reply.type(services.metrics.contentType);
      return services.metrics.metrics();
    },
  );
};

export default healthRoutes;
