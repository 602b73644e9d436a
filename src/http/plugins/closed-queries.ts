import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';

type SchemaNode = Record<string, unknown>;

/** The query of a route that takes no parameters. */
const NO_PARAMETERS = Type.Object({}, { additionalProperties: false });

/**
 * Every route refuses query parameters it does not name: a misspelt or bracketed one
 * (`?bvnuuid=`, `?bvnUuid[]=`, `?kind[]=commercial`) is a 400 at `/query/<name>` saying which
 * parameters the route takes, never the answer to a request without that filter. A route without a
 * query schema takes none; one whose schema sets `additionalProperties` keeps its choice (the token
 * endpoint keeps the query of its URL: RFC 6749 §3.2). Checked by the route's validator, as bodies
 * are (`closed-bodies.ts`), and answered by the error handler.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      const schema = (route.schema ?? {}) as SchemaNode & { querystring?: SchemaNode };
      const query = schema.querystring;
      if (query === undefined) {
        route.schema = { ...schema, querystring: NO_PARAMETERS };
        return;
      }
      if (Object.hasOwn(query, 'additionalProperties')) return;
      if (query.type !== 'object') {
        throw new Error(`route ${route.method} ${route.url}: its query schema must be an object`);
      }
      // A copy, with the schema's hidden members (TypeBox's kind, which conversion reads): the
      // schema object may be shared by other routes.
      const closed: SchemaNode = Object.defineProperties({}, Object.getOwnPropertyDescriptors(query));
      closed.additionalProperties = false;
      route.schema = { ...schema, querystring: closed };
    });
  },
  { name: 'closed-queries' },
);
