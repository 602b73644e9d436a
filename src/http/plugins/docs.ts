import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { webhookDocs } from '../../webhooks/events.js';
import { ErrorResponse } from '../schemas.js';

type OpenApiWebhooks = Extract<
  NonNullable<FastifyDynamicSwaggerOptions['openapi']>,
  { webhooks?: unknown }
>['webhooks'];

/** OpenAPI 3.1 generated from the route schemas, at /openapi.json; a browsable reference at /docs. */
export default fp(
  async (app: FastifyInstance, opts: { version: string }) => {
    app.addSchema(ErrorResponse);
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'lendsight',
          version: opts.version,
          description:
            'Bank statement analytics, consumer credit reports and face liveness for lenders. ' +
            'Compatible with the Periculum Insights API. Get a token at POST /oauth/token.',
        },
        // Plain objects the generator copies as they are; built from TypeBox schemas in one place.
        webhooks: webhookDocs() as OpenApiWebhooks,
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          },
        },
      },
      refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    });
    await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
    app.get('/openapi.json', { config: { public: true, rateLimit: false }, schema: { hide: true } }, async () =>
      app.swagger(),
    );
  },
  { name: 'docs' },
);
