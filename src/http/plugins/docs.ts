import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { SCOPE_DESCRIPTIONS } from '../../auth/scopes.js';
import { webhookDocs } from '../../webhooks/events.js';
import { ErrorResponse } from '../schemas.js';

type OpenApiWebhooks = Extract<
  NonNullable<FastifyDynamicSwaggerOptions['openapi']>,
  { webhooks?: unknown }
>['webhooks'];

/**
 * A route's schema as published: its `config.published` parts in place of the ones Fastify checks
 * (a body the route reads itself, query values read in any case), the security its
 * `config.scope` asks for (an OAuth 2.0 client-credentials token with that scope, or any bearer
 * token, checked the same way; none, said as an empty list, on a public route), and the answers every route of its kind can give.
 */
const published: NonNullable<FastifyDynamicSwaggerOptions['transform']> = ({ schema, url, route }) => {
  const config = route.config as RouteConfig | undefined;
  const own = {
    ...schema,
    ...config?.published,
    security: securityOf(config),
  };
  return { schema: { ...own, response: withCommonAnswers(own, config) }, url };
};

type RouteConfig = { scope?: string; published?: FastifySchema; rateLimit?: unknown };

/** The schemes that let a request in: a token with the route's scope, or none on a public route. */
const securityOf = (config: RouteConfig | undefined): NonNullable<FastifySchema['security']> =>
  config?.scope ? [{ oauth2: [config.scope] }, { bearerAuth: [] }] : [];

/**
 * The statuses a route can answer whatever it does, from the plugins it passes through: an
 * unexpected error (500), the rate limit (429), the token and its scope (401, 403), its path and
 * query (400), and for a body: not JSON (400), not received in time (408), too large (413), of a
 * type it does not read (415).
 */
function commonStatuses(schema: FastifySchema, config: RouteConfig | undefined): number[] {
  const statuses = [500];
  if (config?.rateLimit !== false) statuses.push(429);
  if (config?.scope) statuses.push(401, 403);
  if (schema.params || schema.querystring) statuses.push(400);
  if (schema.body) statuses.push(400, 408, 413, 415);
  return statuses;
}

/**
 * The route's responses with every common status it can answer, in the route's own error
 * envelope (the schema of its first documented error; the default error answer if it has none).
 */
function withCommonAnswers(schema: FastifySchema, config: RouteConfig | undefined): Record<string, unknown> {
  const response = { ...(schema.response as Record<string, unknown> | undefined) };
  const ownError = Object.keys(response)
    .filter((status) => Number(status) >= 400)
    .sort()
    .map((status) => response[status])[0];
  for (const status of commonStatuses(schema, config)) {
    response[status] ??= ownError ?? Type.Ref('ErrorResponse');
  }
  return response;
}

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
        // Without PUBLIC_BASE_URL, the host serving the document (what OpenAPI assumes of none;
        // linters and SDK generators want it said).
        servers: [{ url: opts.publicBaseUrl ?? '/' }],
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
