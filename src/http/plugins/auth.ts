import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Scope } from '../../auth/scopes.js';
import type { Principal, TokenService } from '../../auth/token-service.js';
import { AppError } from '../../domain/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated caller: set on every route with a scope before its handler runs, null elsewhere. */
    principal: Principal | null;
  }
}

/** pino's request logger can take more bindings; Fastify's no-op logger (logging off) cannot. */
type Bindable = { setBindings?: (bindings: Record<string, unknown>) => void };

const BEARER = /^Bearer\s+([A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]+)\s*$/i;

/** The caller of an authenticated route; a request without one (a public route's) is refused with 401. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('UNAUTHENTICATED');
  return request.principal;
}

/**
 * Default deny: every route must declare `config.scope` or `config.public`; a route that declares
 * neither refuses to register, but for swagger-ui's under /docs, which are public. Authenticated
 * routes check the token in `onRequest`, before the body is read, so an anonymous caller cannot
 * make the server parse a 50 MB statement.
 */
export default fp(
  async (app: FastifyInstance, opts: { tokens: TokenService }) => {
    app.decorateRequest('principal', null);

    app.addHook('onRoute', (route) => {
      const config = route.config as { scope?: string; public?: boolean } | undefined;
      if (!config?.public && !config?.scope && !route.url.startsWith('/docs')) {
        throw new Error(`route ${route.method} ${route.url} declares neither a scope nor public`);
      }
    });

    async function authenticate(request: FastifyRequest, scope: Scope): Promise<void> {
      const header = request.headers.authorization;
      if (!header) throw new AppError('UNAUTHENTICATED', 'missing Authorization: Bearer <token> header');
      const match = BEARER.exec(header);
      if (!match?.[1]) throw new AppError('INVALID_TOKEN', 'the Authorization header is not a bearer JWT');
      const principal = await opts.tokens.verify(match[1]);
      request.principal = principal;
      // The client's id on every later log line of this request (the id, never the client's name).
      (request.log as Bindable).setBindings?.({ clientId: principal.clientPublicId });
      if (!principal.scopes.has(scope)) {
        throw new AppError('INSUFFICIENT_SCOPE', `this route needs the scope ${scope}`);
      }
    }

    app.addHook('onRequest', async (request, reply) => {
      const config = request.routeOptions.config;
      if (!config || config.public || request.is404) return;
      // Only swagger-ui's routes get here without a scope: they declare neither, and are let through
      // at registration by their /docs prefix; they are public.
      if (!config.scope) return;
      try {
        await authenticate(request, config.scope);
      } catch (err) {
        // A refused request never reaches its route's rate limit: it counts against the caller's
        // budget here (its IP's when no token was accepted), so guessing tokens meets a 429 too.
        await app.countRequest(request, reply);
        throw err;
      }
    });
  },
  { name: 'auth', dependencies: ['rate-limit'] },
);
