import type { FieldProblem } from '../domain/errors.js';

/** How many offending fields an answer lists; the count says how many there were in all. */
export const MAX_PROBLEMS = 100;

/**
 * Collects what is wrong with a body in one pass: every offending field with its JSON pointer
 * (relative to the body) and the reason, keeping the first hundred and counting the rest.
 */
export class Problems {
  readonly list: FieldProblem[] = [];
  count = 0;
  private replaced: Set<string> | undefined;

  add(path: string, message: string): void {
    if (this.replaced !== undefined && this.isReplaced(path)) return;
    this.count++;
    if (this.list.length < MAX_PROBLEMS) this.list.push({ path, message });
  }

  /**
   * From now on, drops what is reported at these paths or inside them: their values were already
   * reported and replaced by placeholders, whose complaints would only repeat or mislead.
   */
  ignoreAt(paths: readonly string[]): void {
    this.replaced = new Set(paths);
  }

  private isReplaced(path: string): boolean {
    const replaced = this.replaced as Set<string>;
    if (replaced.has(path)) return true;
    for (let i = path.lastIndexOf('/'); i >= 0; i = i > 0 ? path.lastIndexOf('/', i - 1) : -1) {
      if (replaced.has(path.slice(0, i))) return true;
    }
    return false;
  }

  get empty(): boolean {
    return this.count === 0;
  }
}

/** A value as it appears in a reason: `got "31/02/2021"`, shortened when long. */
export function shown(value: unknown): string {
  const text =
    value === undefined
      ? 'nothing'
      : typeof value === 'number' && !Number.isFinite(value)
        ? String(value)
        : preview(value, SHOWN_CHARS);
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS - 3)}...` : text;
}

const SHOWN_CHARS = 60;

/**
 * What a value is, for a type error: `a number`, `a string`, `an object`, never the value itself
 * (a BVN sent as a number, a name where an object goes). A number JSON cannot hold (`1e999`) is
 * shown as it was read: `Infinity`.
 */
export function kindOf(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? 'a number' : String(value);
    case 'string':
      return 'a string';
    case 'boolean':
      return 'a boolean';
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}

/**
 * The JSON of a value, stopped once it is longer than `budget`: a list nested 100,000 deep or a
 * 50 MB object is shown from its first characters without walking the rest (JSON.stringify of
 * the first overflows the stack).
 */
function preview(value: unknown, budget: number): string {
  if (typeof value === 'string') return JSON.stringify(value.length > budget ? value.slice(0, budget) : value);
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null';
  const list = Array.isArray(value);
  let out = list ? '[' : '{';
  let first = true;
  for (const key of list ? value.keys() : Object.keys(value)) {
    const item = (value as Record<string | number, unknown>)[key];
    if (!list && item === undefined) continue;
    if (out.length > budget) return out;
    out += `${first ? '' : ','}${list ? '' : `${JSON.stringify(key)}:`}`;
    out += preview(item, budget - out.length);
    first = false;
  }
  return out + (list ? ']' : '}');
}
