import type { FastifySchema } from 'fastify';
import type { Scope } from '../auth/scopes.js';

/** The error envelope a route answers in, when the spec fixes its success envelope. */
export type Envelope = 'default' | 'credit' | 'liveness' | 'oauth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scope a token must carry to call this route. Every route declares a scope or `public`. */
    scope?: Scope;
    /** No token needed (health, docs, the token endpoint). */
    public?: boolean;
    envelope?: Envelope;
    /**
     * Parts of the route's schema as OpenAPI publishes them, where they differ from what Fastify
     * checks: a body the route reads itself (a statement in its format, a multipart form), query
     * values read in any case (`plugins/docs.ts`).
     */
    published?: Pick<FastifySchema, 'body' | 'querystring'>;
    /** How long the route waits for its body, when less than REQUEST_TIMEOUT_MS (small bodies). */
    requestTimeoutMs?: number;
  }
}
