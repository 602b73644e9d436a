import { pointerToken } from '../domain/errors.js';
import { Problems } from './problems.js';

/**
 * Every string value of a parsed body that holds U+0000, by JSON pointer (relative to the body).
 * PostgreSQL text cannot store the character, so such a body is refused at these paths instead of
 * failing its write. Walks with its own stack: a body may be nested deeper than the call stack.
 */
export function nulCharacterProblems(body: unknown): Problems {
  const problems = new Problems();
  const pending: Array<[unknown, string]> = [[body, '']];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) problems.add(path, 'must not contain the NUL character (U+0000)');
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) pending.push([value[i], `${path}/${i}`]);
    } else if (typeof value === 'object' && value !== null) {
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        pending.push([(value as Record<string, unknown>)[key], `${path}/${pointerToken(key)}`]);
      }
    }
  }
  return problems;
}
