import type { FastifyInstance, preValidationAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';

type SchemaNode = Record<string, unknown>;

/** JSON pointers (into the schema) of the objects that do not say whether they take unknown members. */
function undecidedObjects(schema: unknown, at = ''): string[] {
  if (schema === null || typeof schema !== 'object') return [];
  const node = schema as SchemaNode;
  const own = node.type === 'object' && !Object.hasOwn(node, 'additionalProperties') ? [at || '/'] : [];
  const properties = Object.entries((node.properties as SchemaNode | undefined) ?? {}).flatMap(([key, sub]) =>
    undecidedObjects(sub, `${at}/properties/${key}`),
  );
  const alternatives = (['anyOf', 'allOf', 'oneOf'] as const).flatMap((k) =>
    Array.isArray(node[k]) ? (node[k] as unknown[]).flatMap((sub, i) => undecidedObjects(sub, `${at}/${k}/${i}`)) : [],
  );
  return [...own, ...properties, ...alternatives, ...undecidedObjects(node.items, `${at}/items`)];
}

const noBodyIsEmpty: preValidationAsyncHookHandler = async (request) => {
  request.body ??= {};
};

/**
 * Every JSON body a route reads refuses the members it does not name: a misspelt field
 * (`DTI`, `average_monthly_loan_repayment_amount`) is a 400 at its path saying which fields the
 * body takes, never a silently different answer. A route whose body schema leaves an object
 * without `additionalProperties` fails to register: `false` refuses unknown members; `true` keeps
 * them, where a standard asks for that (the token endpoint: RFC 6749 §3.2). Statement submissions
 * are validated by their format's schema after parsing, not here (`statements/formats/`). A body
 * without required members may be left out: it is read as `{}`.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      const body = (route.schema as { body?: unknown } | undefined)?.body;
      if (body === undefined) return;
      const undecided = undecidedObjects(body);
      if (undecided.length > 0) {
        throw new Error(
          `route ${route.method} ${route.url}: its body schema at ${undecided[0]} must set additionalProperties`,
        );
      }
      const { type, required } = body as SchemaNode;
      if (type === 'object' && !(Array.isArray(required) && required.length > 0)) {
        const given = route.preValidation;
        route.preValidation = [...(Array.isArray(given) ? given : given ? [given] : []), noBodyIsEmpty];
      }
    });
  },
  { name: 'closed-bodies' },
);
