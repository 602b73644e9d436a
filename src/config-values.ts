import { isIP } from 'node:net';
import { shown } from './statements/problems.js';

/** Keywords of the environment schema beyond JSON Schema's: how a variable is read and reported. */
export interface VariableSchema {
  type?: string;
  minimum?: number;
  maximum?: number;
  anyOf?: { const?: unknown }[];
  /** What a valid value looks like, when the type and range do not say it. */
  expected?: string;
  /** Its value is never printed. */
  secret?: boolean;
  /** An absolute URL with one of these schemes. */
  protocols?: string[];
  /** An IP address or a host name. */
  host?: boolean;
}

/** Integers are decimal digits, as in the API's query strings: `0x10`, `1e3`, `1.5`, `true` are refused. */
const DECIMAL_INTEGER = /^[0-9]{1,16}$/;
const DECIMAL_NUMBER = /^[0-9]{1,16}(\.[0-9]{1,16})?$/;
const HOST_NAME =
  /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$/;

/** What the variable must be, said once: `a whole number from 1 to 200`, `one of a, b`. */
export function expectation(schema: VariableSchema): string {
  if (schema.expected) return schema.expected;
  if (schema.type === 'integer') return `a whole number from ${schema.minimum} to ${schema.maximum}`;
  if (schema.type === 'number') return `a number from ${schema.minimum} to ${schema.maximum}`;
  if (schema.type === 'boolean') return 'true or false';
  if (schema.anyOf) return `one of ${schema.anyOf.map((s) => s.const).join(', ')}`;
  return 'not empty';
}

function validUrl(text: string, protocols: string[]): boolean {
  try {
    return protocols.includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

/**
 * The variable's text read as its type, or undefined when it is not one. TypeBox's conversion is
 * too loose for settings (`true` is 1, `1.5` is 1, `0x10` is 16), so each type is read here.
 */
export function readValue(text: string, schema: VariableSchema): unknown {
  switch (schema.type) {
    case 'integer':
      return DECIMAL_INTEGER.test(text) ? Number(text) : undefined;
    case 'number':
      return DECIMAL_NUMBER.test(text) ? Number(text) : undefined;
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : undefined;
  }
  if (schema.protocols && !validUrl(text, schema.protocols)) return undefined;
  if (schema.host && !(isIP(text) || HOST_NAME.test(text))) return undefined;
  return text;
}

/** A URL's password, wherever it sits in a value, is never printed. */
const maskPassword = (text: string): string => text.replace(/(\/\/[^/@:]*:)[^@]*@/, '$1***@');

/** One line per bad variable: its name, what it must be, and its value unless it is a secret. */
export function problem(name: string, text: string, schema: VariableSchema): string {
  const got = schema.secret ? '' : ` (got ${shown(maskPassword(text))})`;
  return `${name}: must be ${expectation(schema)}${got}`;
}
