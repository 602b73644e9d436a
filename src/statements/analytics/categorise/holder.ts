import type { Direction } from '../../../domain/statement.js';

const TITLES = new Set(['MR', 'MRS', 'MISS', 'MS', 'DR', 'CHIEF', 'ALHAJI', 'ALHAJA', 'PROF', 'ENGR', 'PASTOR', 'HON']);

/** The distinct words of the account holder's name, titles dropped. */
export function holderTokens(name: string | undefined): ReadonlySet<string> {
  if (!name) return new Set();
  return new Set(
    name
      .toUpperCase()
      .split(/[^A-Z]+/)
      .filter((t) => t.length >= 2 && !TITLES.has(t)),
  );
}

/**
 * The tokens naming the other party: after `TO` on a debit; between `FROM`/`FRM` and `TO` (or before
 * `TO`) on a credit; the whole narration when it has no such grammar.
 */
export function counterpartySide(tokens: readonly string[], direction: Direction): readonly string[] {
  let from = -1;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token === 'FROM' || token === 'FRM') {
      from = i;
      break;
    }
  }
  let to = -1;
  for (let i = from + 1; i < tokens.length; i++) {
    if (tokens[i] === 'TO') {
      to = i;
      break;
    }
  }
  if (direction === 'debit') return to >= 0 ? tokens.slice(to + 1) : tokens;
  if (from >= 0) return tokens.slice(from + 1, to >= 0 ? to : tokens.length);
  return to >= 0 ? tokens.slice(0, to) : tokens;
}

/**
 * True when at least two words of the holder's name (one for a one-word name) name the other party.
 * Compared word by word, not looked up: a name has a few words, and a lookup would hash every fresh
 * narration word.
 */
export function namesHolder(side: readonly string[], holder: ReadonlySet<string>): boolean {
  if (holder.size === 0) return false;
  let first: string | undefined;
  for (const token of side) {
    if (!includes(holder, token)) continue;
    if (holder.size === 1 || (first !== undefined && token !== first)) return true;
    first = token;
  }
  return false;
}

function includes(words: ReadonlySet<string>, token: string): boolean {
  for (const word of words) if (word === token) return true;
  return false;
}
