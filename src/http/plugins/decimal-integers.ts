import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../domain/errors.js';
import { shown } from '../../statements/problems.js';

/** What an integer in a URL must look like: decimal digits, no sign, no spaces, no exponent. */
const DECIMAL = /^[0-9]{1,20}$/;

type Schema = { properties?: Record<string, { type?: unknown }> } | undefined;

/** The fields of a query or path schema that are integers, with the path a refusal names. */
const integerFields = (schema: Schema, part: 'query' | 'params') =>
  Object.entries(schema?.properties ?? {})
    .filter(([, p]) => p.type === 'integer')
    .map(([name]) => ({ name, part, path: `/${part}/${name}` }));

/**
 * Integers in query strings and paths are decimal digits. The schema validator converts any text
 * JavaScript reads as a number (`0x10`, `1e3`, ` 5`), so `?page=0x10` would be page 16: such text is
 * refused at its field before validation, in the catalogue's shape. The check is added, when a
 * route is declared, only to routes with such fields.
 */
async function decimalIntegers(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as { querystring?: Schema; params?: Schema } | undefined;
    const fields = [...integerFields(schema?.querystring, 'query'), ...integerFields(schema?.params, 'params')];
    if (fields.length === 0) return;
    const check = async (request: FastifyRequest) => {
      for (const { name, part, path } of fields) {
        const raw = (request[part] as Record<string, unknown> | undefined)?.[name];
        if (typeof raw !== 'string' || DECIMAL.test(raw)) continue;
        const message = `expected a whole number in decimal digits, got ${shown(raw)}`;
        throw new AppError('VALIDATION_FAILED', `${path}: ${message}`, [{ path, message }]);
      }
    };
    const existing = route.preValidation;
    route.preValidation = existing === undefined ? [check] : [check, ...[existing].flat()];
  });
}

export default fp(decimalIntegers, { name: 'decimal-integers' });
