import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, type FieldProblem, notJson, pointerToken } from '../domain/errors.js';
import { type MarkedBody, markNotUtf8, NOT_UTF8, notUtf8Fields } from '../domain/not-utf8.js';
import { repeatedMembers } from './repeated-members.js';

type Done = (err: Error | null, body?: unknown) => void;

/**
 * The member Fastify's parser refuses in a body that is valid JSON: a `__proto__` key, or a
 * `constructor` holding a `prototype` (either could reach an object's prototype once merged into
 * one). Walks with its own stack: a body may be nested deeper than the call stack.
 */
function forbiddenMember(body: unknown): FieldProblem | undefined {
  const pending: Array<[unknown, string]> = [[body, '/body']];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [value, path] = next;
    if (value === null || typeof value !== 'object') continue;
    if (Object.hasOwn(value, '__proto__')) {
      return { path: `${path}/__proto__`, message: '__proto__ is not accepted as a key' };
    }
    const maker = (value as Record<string, unknown>).constructor;
    if (Object.hasOwn(value, 'constructor') && maker !== null && typeof maker === 'object') {
      if (Object.hasOwn(maker, 'prototype')) {
        return { path: `${path}/constructor/prototype`, message: 'prototype is not accepted as a key of constructor' };
      }
    }
    for (const [key, member] of Object.entries(value)) pending.push([member, `${path}/${pointerToken(key)}`]);
  }
  return undefined;
}

/** Why Fastify's parser refused `text`: not JSON at all, or JSON with a member it will not hold. */
function refusalOf(text: string): AppError {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return notJson();
  }
  const problem = forbiddenMember(value);
  return problem ? refusalAt([problem]) : notJson();
}

/** The refusal of a body with bytes that are not UTF-8: at the strings and names holding them. */
function notUtf8Refusal(marked: MarkedBody): AppError {
  const problems: FieldProblem[] = [];
  if (marked.marker === undefined) problems.push({ path: '/body', message: NOT_UTF8 });
  else {
    let value: unknown;
    try {
      value = JSON.parse(marked.bytes.toString());
    } catch {
      return notJson();
    }
    notUtf8Fields(value, marked.marker, (path, message) => problems.push({ path: `/body${path}`, message }));
  }
  return refusalAt(problems);
}

/** A 400 at each of these fields, its message the first. */
function refusalAt(problems: FieldProblem[]): AppError {
  const [first] = problems;
  return new AppError('VALIDATION_FAILED', first && `${first.path}: ${first.message}`, problems);
}

/**
 * The `application/json` parser of the routes that read a JSON body as an object (statement
 * submissions keep their chunks: `body-chunks.ts`). Fastify's own parser does the parsing; a body
 * it refuses though it is JSON is refused at the offending member, not as "not valid JSON"; so is
 * one with bytes that are not UTF-8 (read as text, they would be U+FFFD), and one with a member
 * given twice in an object (which copy counts would be a guess). Takes the body's bytes.
 * `emptyAllowed`: an empty body is no body, as the credit fetch routes' callers send.
 */
export function jsonBodyParser(app: FastifyInstance, opts: { emptyAllowed?: boolean } = {}) {
  const secure = app.getDefaultJsonParser('error', 'error');
  return (request: FastifyRequest, body: string | Buffer, done: Done) => {
    const marked = typeof body === 'string' ? undefined : markNotUtf8(body);
    if (marked) return done(notUtf8Refusal(marked));
    const text = String(body);
    if (opts.emptyAllowed && text === '') return done(null, undefined);
    secure(request, text, (err: Error | null, value?: unknown) => {
      if (err) return done(refusalOf(text));
      const repeated = repeatedMembers(text);
      // A member given twice: JSON.parse kept the last copy, another reader may take the first.
      return repeated.length > 0 ? done(refusalAt(repeated)) : done(null, value);
    });
  };
}
