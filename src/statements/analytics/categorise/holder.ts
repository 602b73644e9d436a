import type { Direction } from '../../../domain/statement.js';
import { type NarrationWords, spelt } from './read-words.js';
import { numberWord } from './words.js';

const TITLES = new Set(['MR', 'MRS', 'MISS', 'MS', 'DR', 'CHIEF', 'ALHAJI', 'ALHAJA', 'PROF', 'ENGR', 'PASTOR', 'HON']);

/** The distinct words of the account holder's name, titles dropped. */
export function holderTokens(name: string | undefined): readonly string[] {
  if (!name) return [];
  const words = name
    .toUpperCase()
    .split(/[^A-Z]+/)
    .filter((t) => t.length >= 2 && !TITLES.has(t));
  return [...new Set(words)];
}

const TO = numberWord('TO');
const FROM = numberWord('FROM');
const FRM = numberWord('FRM');

/** Token positions `start` to `end` (exclusive). */
export interface Span {
  start: number;
  end: number;
}

/**
 * Where the other party is named: after `TO` on a debit; between `FROM`/`FRM` and `TO` (or before
 * `TO`) on a credit; the whole narration when it has no such grammar.
 */
export function counterpartySide(words: NarrationWords, direction: Direction): Span {
  const { number, count } = words;
  let from = -1;
  for (let i = 0; i < count; i++) {
    const word = number[i];
    if (word === FROM || word === FRM) {
      from = i;
      break;
    }
  }
  let to = -1;
  for (let i = from + 1; i < count; i++) {
    if (number[i] === TO) {
      to = i;
      break;
    }
  }
  if (direction === 'debit') return { start: to + 1, end: count };
  if (from >= 0) return { start: from + 1, end: to >= 0 ? to : count };
  return { start: 0, end: to >= 0 ? to : count };
}

/**
 * True when at least two words of the holder's name (one for a one-word name) are among the words
 * of `side`. Compared word by word, not looked up: a name has a few words.
 */
export function namesHolder(words: NarrationWords, side: Span, holder: readonly string[]): boolean {
  if (holder.length === 0 || side.start >= side.end) return false;
  let first = -1;
  for (let i = side.start; i < side.end; i++) {
    const k = holderWord(words, i, holder);
    if (k < 0) continue;
    if (holder.length === 1 || (first >= 0 && k !== first)) return true;
    first = k;
  }
  return false;
}

/** Which of the holder's words word i is, or -1. */
function holderWord(words: NarrationWords, i: number, names: readonly string[]): number {
  for (let k = 0; k < names.length; k++) if (spelt(words, i, names[k] as string)) return k;
  return -1;
}
