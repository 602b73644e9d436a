import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../services.js';

const Probe = Type.Object({ name: Type.String(), ok: Type.Boolean(), detail: Type.Optional(Type.String()) });
const Readiness = Type.Object(
  { ready: Type.Boolean(), checks: Type.Array(Probe) },
  {
    examples: [
      {
        ready: true,
        checks: [
          { name: 'database', ok: true },
          { name: 'face-models', ok: true },
          { name: 'credit-bureau', ok: true, detail: 'sandbox: reachable' },
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
        summary: 'Dependencies are reachable and models loaded',
        response: {
          200: Readiness,
          503: Readiness,
        },
      },
    },
    async (_request, reply) => {
      const checks = await Promise.all(
        services.readiness.map(async (probe) => {
          try {
            const result = await probe.check();
            return { name: probe.name, ...result };
          } catch {
            return { name: probe.name, ok: false, detail: 'unreachable' };
          }
        }),
      );
      const ready = checks.every((c) => c.ok);
      return reply.code(ready ? 200 : 503).send({ ready, checks });
    },
  );

  app.get(
    '/metrics',
    { config: ops, schema: { tags: ['operations'], summary: 'Prometheus metrics', hide: true } },
    async (_request, reply) => {
      reply.type(services.metrics.contentType);
      return services.metrics.metrics();
    },
  );
};

export default healthRoutes;
