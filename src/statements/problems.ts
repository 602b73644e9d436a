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

  add(path: string, message: string): void {
    this.count++;
    if (this.list.length < MAX_PROBLEMS) this.list.push({ path, message });
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
        : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
