import { type FieldProblem, pointerToken } from '../domain/errors.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

interface Container {
  /** JSON pointer of the container, from `/body`. */
  path: string;
  /** An object's member names, each with how many times it was given; undefined for an array. */
  names: Map<string, number> | undefined;
  /** An array's next index. */
  index: number;
  /** An object: the next string is a member's name. */
  expectName: boolean;
  /** An object: the name of the member whose value comes next. */
  name: string;
}

/** The index after the string whose opening quote is at `i` (the text is valid JSON). */
function stringEnd(text: string, i: number): number {
  for (let j = text.indexOf('"', i + 1); j > 0; j = text.indexOf('"', j + 1)) {
    let slashes = 0;
    while (text.charCodeAt(j - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return j + 1;
  }
  return text.length;
}

/**
 * The members of `text` (a JSON text `JSON.parse` accepted) given more than once in the same
 * object, each at its path with how many times: `JSON.parse` keeps the last copy, where another
 * reader of the same bytes may take the first. Names are compared as parsed (`"d\u0074i"` is
 * `dti`). Walks with its own stack: a body may be nested deeper than the call stack.
 */
export function repeatedMembers(text: string): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const stack: Container[] = [];
  const valuePath = (top: Container | undefined) =>
    top === undefined ? '/body' : `${top.path}/${top.names ? pointerToken(top.name) : top.index}`;
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    const top = stack[stack.length - 1];
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      if (top?.names && top.expectName) {
        const raw = text.slice(i + 1, end - 1);
        const name = raw.includes('\\') ? (JSON.parse(text.slice(i, end)) as string) : raw;
        top.names.set(name, (top.names.get(name) ?? 0) + 1);
        top.name = name;
        top.expectName = false;
      }
      i = end;
      continue;
    }
    if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      const path = valuePath(top);
      stack.push({ path, names: c === 0x7b ? new Map() : undefined, index: 0, expectName: true, name: '' });
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      const closed = stack.pop();
      for (const [name, times] of closed?.names ?? []) {
        if (times > 1)
          problems.push({
            path: `${closed?.path}/${pointerToken(name)}`,
            message: `is given ${times} times; give it once`,
          });
      }
    } else if (c === 0x2c /* , */ && top) {
      if (top.names) top.expectName = true;
      else top.index++;
    }
    i++;
  }
  return problems;
}
