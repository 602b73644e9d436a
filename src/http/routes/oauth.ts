import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../services.js';
import { formParameters } from '../form-body.js';

const TokenRequest = Type.Object(
  {
    grant_type: Type.Optional(Type.String({ examples: ['client_credentials'] })),
    client_id: Type.Optional(Type.String()),
    client_secret: Type.Optional(Type.String()),
    audience: Type.Optional(
      Type.String({
        description:
          'The token’s `aud` when it is one of the audiences TOKEN_AUDIENCE lists; otherwise (or omitted) the first ' +
          'of them, unless TOKEN_AUDIENCE_STRICT refuses it',
      }),
    ),
    scope: Type.Optional(Type.String({ description: 'Space-separated subset of the client scopes' })),
  },
  { additionalProperties: true },
);

/** The endpoint's URL may carry a query of its own, which a client keeps (RFC 6749 §3.2): not read, not refused. */
const TokenQuery = Type.Object({}, { additionalProperties: true });

const OAuthErrorBody = Type.Object({
  error: Type.String({ examples: ['invalid_client'] }),
  error_description: Type.String(),
});

/**
 * A token request is a few short fields, and anyone may send one: a larger body is refused (413)
 * before it is held in memory, rather than up to BODY_LIMIT_BYTES (sized for statements).
 */
export const TOKEN_BODY_LIMIT_BYTES = 4096;

/** 4 KiB arrive in 10 s at 3.3 kbit/s: a token request that takes longer is holding a connection. */
const TOKEN_REQUEST_TIMEOUT_MS = 10_000;

const oauthRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  // OAuth clients send a form (RFC 6749 section 4.4); no other route reads one, so the parser
  // lives in this plugin only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, formParameters(body as string));
    } catch (err) {
      done(err as Error, undefined);
    }
  });

  app.post(
    '/oauth/token',
    {
      config: { public: true, envelope: 'oauth', requestTimeoutMs: TOKEN_REQUEST_TIMEOUT_MS },
      bodyLimit: Math.min(TOKEN_BODY_LIMIT_BYTES, services.config.limits.bodyBytes),
      schema: {
        tags: ['authentication'],
        operationId: 'issueAccessToken',
        summary: 'OAuth 2.0 client credentials: exchange a client id and secret for an access token',
        description:
          'The client authenticates with `client_id` and `client_secret` in the body, or with HTTP Basic ' +
          '(RFC 6749 section 2.3.1), not both. An `audience` the server does not list gets a token for its own ' +
          '(400 `invalid_target` where the operator set TOKEN_AUDIENCE_STRICT). ' +
          'A form parameter sent twice is refused. The body may be at most 4 KiB.',
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        querystring: TokenQuery,
        body: TokenRequest,
        response: {
          200: Type.Object({
            access_token: Type.String(),
            token_type: Type.Literal('Bearer'),
            expires_in: Type.Integer({ examples: [86400] }),
            scope: Type.String({
              examples: ['statements:write statements:read credit:read liveness:write regions:read'],
            }),
          }),
          400: OAuthErrorBody,
          401: OAuthErrorBody,
          413: OAuthErrorBody,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return services.tokens.issue(request.body, request.headers.authorization);
    },
  );
};

export default oauthRoutes;
