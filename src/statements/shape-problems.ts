import type { TSchema } from 'typebox';
import type { Validator } from 'typebox/compile';
import type { TLocalizedValidationError } from 'typebox/error';
import { Settings } from 'typebox/system';
import { Value } from 'typebox/value';
import type { FieldProblem } from '../domain/errors.js';
import { characterCount } from './formats/fields.js';
import { kindOf, MAX_PROBLEMS } from './problems.js';

/**
 * How many errors the schema check reads from a body (TypeBox stops at 8 unless told): ten
 * answers' worth. A body with more has its count stop there, and its rows are not read further.
 */
export const SCHEMA_ERRORS_READ = MAX_PROBLEMS * 10;

/** A field whose value does not have the shape its schema says, with that schema. */
export interface ShapeProblem extends FieldProblem {
  /** The schema the value at `path` must match (a placeholder of it stands in for the value). */
  schema: TSchema | undefined;
}

export interface ShapeReading {
  problems: ShapeProblem[];
  /** False when the check stopped at SCHEMA_ERRORS_READ errors: there may be more. */
  complete: boolean;
}

/**
 * What is wrong with the shape of a body its schema refused: one problem per field, a choice of
 * alternatives folded into one reason (`expected number or string, got an object`), or, when the
 * value has the type of one alternative, that alternative's own complaint (a text too long, a
 * member of the wrong type), one line per missing member. A reason names the type of the value it
 * refuses, never the value: it may be a BVN or a name sent in the wrong type.
 */
export function shapeProblems(checker: Validator, schema: TSchema, body: unknown): ShapeReading {
  const errors = errorsOf(checker, body);
  const out: ShapeProblem[] = [];
  const seen = new Set<string>();
  const add = (path: string, message: string, at: string) => {
    const key = `${path}\u0000${message}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ path, message, schema: Value.Pointer.Get(schema, at) as TSchema | undefined });
  };
  // Backwards: TypeBox gives a choice's error after the errors of its alternatives.
  const choices: Choice[] = [];
  for (let k = errors.length - 1; k >= 0; k--) {
    const e = errors[k] as TLocalizedValidationError;
    while (choices.length > 0 && !within(e, choices[choices.length - 1] as Choice)) choices.pop();
    const inside = choices[choices.length - 1];
    if (inside && !inMeant(e, inside)) continue;
    const at = e.schemaPath.slice(1);
    if (e.keyword === 'anyOf') {
      const choice = readChoice(errors, k, schema);
      choices.push(choice);
      if (choice.meant !== undefined) continue;
      add(e.instancePath, `expected ${choice.types.join(' or ') || 'another shape'}, got ${kindAt(body, e)}`, at);
    } else if (e.keyword === 'required') {
      const props = (e.params as { requiredProperties?: string[] }).requiredProperties ?? [];
      for (const p of props.toReversed()) add(`${e.instancePath}/${p}`, 'is required', `${at}/properties/${p}`);
    } else add(e.instancePath, reason(e, body), at);
  }
  return { problems: out.reverse(), complete: errors.length < SCHEMA_ERRORS_READ };
}

/** The schema's errors for a body, up to SCHEMA_ERRORS_READ (the setting is TypeBox's, shared: restored). */
function errorsOf(checker: Validator, body: unknown): TLocalizedValidationError[] {
  const before = Settings.Get().maxErrors;
  Settings.Set({ maxErrors: SCHEMA_ERRORS_READ });
  try {
    return checker.Errors(body);
  } finally {
    Settings.Set({ maxErrors: before });
  }
}

/** A failed choice of alternatives (`anyOf`) at one field. */
interface Choice {
  at: string;
  /** Schema path prefix of its alternatives: `#/.../amount/anyOf/`. */
  alternatives: string;
  /** The alternative whose type the value has (its schema path), if one has. */
  meant: string | undefined;
  /** The types of the alternatives the value is not, in order. */
  types: string[];
}

const within = (e: TLocalizedValidationError, c: Choice) =>
  e.schemaPath.startsWith(c.alternatives) && (e.instancePath === c.at || e.instancePath.startsWith(`${c.at}/`));

const inMeant = (e: TLocalizedValidationError, c: Choice) =>
  c.meant !== undefined && (e.schemaPath === c.meant || e.schemaPath.startsWith(`${c.meant}/`));

/** The choice whose error is `errors[k]`, from the errors of its alternatives just before it. */
function readChoice(errors: TLocalizedValidationError[], k: number, schema: TSchema): Choice {
  const e = errors[k] as TLocalizedValidationError;
  const choice: Choice = { at: e.instancePath, alternatives: `${e.schemaPath}/anyOf/`, meant: undefined, types: [] };
  const missed = new Set<string>();
  for (let j = k - 1; j >= 0; j--) {
    const a = errors[j] as TLocalizedValidationError;
    if (!within(a, choice)) break;
    const alternative = a.schemaPath.slice(choice.alternatives.length);
    if (a.keyword === 'type' && a.instancePath === choice.at && /^\d+$/.test(alternative)) {
      missed.add(alternative);
      choice.types.unshift((a.params as { type?: string }).type ?? 'another type');
    }
  }
  const count = (Value.Pointer.Get(schema, e.schemaPath.slice(1)) as { anyOf?: unknown[] } | undefined)?.anyOf?.length;
  for (let i = 0; i < (count ?? 0); i++) {
    if (!missed.has(String(i))) {
      choice.meant = `${choice.alternatives}${i}`;
      break;
    }
  }
  return choice;
}

function reason(e: TLocalizedValidationError, body: unknown): string {
  if (e.keyword === 'type')
    return `expected ${(e.params as { type?: string }).type ?? 'another type'}, got ${kindAt(body, e)}`;
  if (e.keyword === 'maxLength') {
    const value = Value.Pointer.Get(body, e.instancePath);
    const chars = typeof value === 'string' ? characterCount(value) : 0;
    return `must be at most ${(e.params as { limit?: number }).limit} characters, got ${chars}`;
  }
  return `${e.message}, got ${kindAt(body, e)}`;
}

const kindAt = (body: unknown, e: TLocalizedValidationError) => kindOf(Value.Pointer.Get(body, e.instancePath));

/**
 * The body with a placeholder of the right shape (`Value.Create` of its schema) at each of these
 * paths, so that the format's normaliser can read everything else and report what it finds. The
 * containers along the paths are copied: the body itself is not changed. Undefined when a
 * problem has no schema to make a placeholder of.
 */
export function withPlaceholders(body: unknown, problems: readonly ShapeProblem[]): unknown {
  const copies = new WeakSet<object>();
  const own = (v: object): Record<string, unknown> => {
    if (copies.has(v)) return v as Record<string, unknown>;
    const copy = Array.isArray(v) ? v.slice() : { ...v };
    copies.add(copy);
    return copy as Record<string, unknown>;
  };
  let root = body;
  for (const p of problems) {
    if (p.schema === undefined) return undefined;
    const placeholder = Value.Create(p.schema);
    const keys = Value.Pointer.Indices(p.path);
    const last = keys.pop();
    if (last === undefined) {
      root = placeholder;
      continue;
    }
    if (typeof root !== 'object' || root === null) return undefined;
    root = own(root);
    let node = root as Record<string, unknown>;
    for (const key of keys) {
      const child = node[key];
      if (typeof child !== 'object' || child === null) return undefined;
      node = node[key] = own(child);
    }
    node[last] = placeholder;
  }
  return root;
}
