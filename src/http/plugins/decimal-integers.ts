import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../domain/errors.js';
import { shown } from '../../statements/problems.js';

/** What an integer in a URL must look like: decimal digits, no sign, no spaces, no exponent. */
const DECIMAL = /^[0-9]{1,20}$/;

type Schema = { properties?: Record<string, { type?: unknown }> } | undefined;

/** Where integer query and path values sit in a route's schemas, worked out once per schema. */
const integerNames = new WeakMap<object, string[]>();
function integersOf(schema: Schema): string[] {
  if (!schema) return [];
  let names = integerNames.get(schema);
  if (!names) {
    names = Object.entries(schema.properties ?? {})
      .filter(([, p]) => p.type === 'integer')
      .map(([name]) => name);
    integerNames.set(schema, names);
  }
  return names;
}

function check(values: unknown, schema: Schema, prefix: string): void {
  for (const name of integersOf(schema)) {
    const raw = (values as Record<string, unknown> | undefined)?.[name];
    if (typeof raw !== 'string' || DECIMAL.test(raw)) continue;
    const message = `expected a whole number in decimal digits, got ${shown(raw)}`;
    throw new AppError('VALIDATION_FAILED', `${prefix}/${name}: ${message}`, [{ path: `${prefix}/${name}`, message }]);
  }
}

/**
 * Integers in query strings and paths are decimal digits. The schema validator converts any text
 * JavaScript reads as a number (`0x10`, `1e3`, ` 5`), so `?page=0x10` would be page 16: such text is
 * refused at its field before validation, in the catalogue's shape.
 */
async function decimalIntegers(app: FastifyInstance): Promise<void> {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const schema = request.routeOptions.schema as { querystring?: Schema; params?: Schema } | undefined;
    if (!schema) return;
    check(request.query, schema.querystring, '/query');
    check(request.params, schema.params, '/params');
  });
}

export default fp(decimalIntegers, { name: 'decimal-integers' });
