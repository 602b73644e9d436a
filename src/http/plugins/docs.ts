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

type Operation = {
  requestBody?: { required?: boolean; content?: Record<string, { schema?: { required?: unknown } }> };
};

/**
 * A body without required members may be left out (`closed-bodies.ts` reads it as `{}`): its
 * request body is optional in the document, where the generator marks every one required.
 */
function optionalEmptyBodies<T extends { paths?: object }>(document: T): T {
  for (const path of Object.values(document.paths ?? {}) as Array<Record<string, unknown> | undefined>) {
    for (const operation of Object.values(path ?? {}) as Operation[]) {
      const body = operation?.requestBody;
      const schemas = Object.values(body?.content ?? {}).map((media) => media.schema);
      if (body && schemas.every((schema) => !(Array.isArray(schema?.required) && schema.required.length > 0))) {
        body.required = false;
      }
    }
  }
  return document;
}

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
      transformObject: (documents) =>
        'openapiObject' in documents ? optionalEmptyBodies(documents.openapiObject) : documents.swaggerObject,
    });
    await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
    app.get('/openapi.json', { config: { public: true, rateLimit: false }, schema: { hide: true } }, async () =>
      app.swagger(),
    );
  },
  { name: 'docs' },
);
