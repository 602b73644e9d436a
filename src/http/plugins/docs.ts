import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { SCOPE_DESCRIPTIONS } from '../../auth/scopes.js';
import { webhookDocs } from '../../webhooks/events.js';
import { ErrorResponse } from '../schemas.js';

type OpenApiWebhooks = Extract<
  NonNullable<FastifyDynamicSwaggerOptions['openapi']>,
  { webhooks?: unknown }
>['webhooks'];

/**
 * A route's schema as published: its `config.published` parts in place of the ones Fastify checks
 * (a body the route reads itself, query values read in any case), and the security its
 * `config.scope` asks for: an OAuth 2.0 client-credentials token with that scope, or any bearer
 * token (checked the same way).
 */
const published: NonNullable<FastifyDynamicSwaggerOptions['transform']> = ({ schema, url, route }) => {
  const config = route.config as { scope?: string; published?: FastifySchema } | undefined;
  if (!config?.scope && !config?.published) return { schema, url };
  return {
    schema: {
      ...schema,
      ...config.published,
      ...(config.scope ? { security: [{ oauth2: [config.scope] }, { bearerAuth: [] }] } : {}),
    },
    url,
  };
};

/** OpenAPI 3.1 generated from the route schemas, at /openapi.json; a browsable reference at /docs. */
export default fp(
  async (app: FastifyInstance, opts: { version: string; publicBaseUrl?: string }) => {
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
        ...(opts.publicBaseUrl ? { servers: [{ url: opts.publicBaseUrl }] } : {}),
        // Plain objects the generator copies as they are; built from TypeBox schemas in one place.
        webhooks: webhookDocs() as OpenApiWebhooks,
        components: {
          securitySchemes: {
            oauth2: {
              type: 'oauth2',
              description: 'OAuth 2.0 client credentials: POST /oauth/token, then send the token as a bearer token',
              flows: { clientCredentials: { tokenUrl: '/oauth/token', scopes: SCOPE_DESCRIPTIONS } },
            },
            bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          },
        },
      },
      transform: published,
      refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    });
    await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
    app.get('/openapi.json', { config: { public: true, rateLimit: false }, schema: { hide: true } }, async () =>
      app.swagger(),
    );
  },
  { name: 'docs' },
);
