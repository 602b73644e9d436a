/**
 * Numbers for the words the categoriser knows, one process-wide table: the lexicon's phrase words
 * and the narration grammar's (`noise.json`) are numbered when compiled, so the phrase trie and the
 * word lists compare numbers. A narration's word is found by walking a trie of the numbered words
 * along its characters while reading them (`read-words.ts`): no string per word, and no hash,
 * probe or comparison of characters per word. Only compiled words are numbered (any other word is
 * `UNKNOWN`), so the table does not grow with the narrations read.
 */

/** A word the categoriser does not know. */
export const UNKNOWN = 0;

/** Numbers by spelling, for compiling lists (not for narrations: `wordTrie`). */
const numbers = new Map<string, number>();

/**
 * The numbered words spelt in digits and upper-case letters, as a trie: a state is the offset of a
 * row of `WIDTH` slots, slot `c - 48` holding the state after character c ('0' to 'Z'), and slot
 * `WORD` (that of ':', never a word's character) the number of the word ending in this state.
 * State `DEAD` is a row of zeros: no numbered word begins with the characters read, whatever follows.
 */
const WIDTH = 43;
export const WORD = 10;
const DEAD = 0;
/** The state before a word's first character. */
export const ROOT = WIDTH;
// Room for the built-in lexicon's words (about 3,600 rows): its trie is never replaced, which lets
// `read-words.ts` take it for a constant (it grew from 1,024 rows to 4,096 before).
let trie = new Int32Array(4096 * WIDTH);
let rows = 2;

/**
 * The trie as it stands: the state after reading character c (a digit or an upper-case letter) in
 * `state` is `trie[state + c - 48]`, written out where it is read (`read-words.ts`). It is replaced
 * when it grows, so ask again after numbering words.
 */
export const wordTrie = (): Int32Array => trie;

/** The word's number, `UNKNOWN` when no compiled list has it. */
export const wordNumber = (word: string): number => numbers.get(word) ?? UNKNOWN;

const TRIE_WORD = /^[0-9A-Z]+$/;

/** The word's number, giving it the next one when it has none: for compiled word lists only. */
export function numberWord(word: string): number {
  const known = numbers.get(word);
  if (known !== undefined) return known;
  const n = numbers.size + 1;
  numbers.set(word, n);
  // A word with other characters is never read from a narration: no state ends it.
  if (TRIE_WORD.test(word)) {
    // After `endState`, which may replace `trie`.
    const state = endState(word);
    trie[state + WORD] = n;
  }
  return n;
}

/** The state the word's characters lead to from `ROOT`, adding the rows it lacks. */
function endState(word: string): number {
  let state = ROOT;
  for (let j = 0; j < word.length; j++) {
    const slot = state + word.charCodeAt(j) - 48;
    if (trie[slot] === DEAD) {
      const row = newRow();
      trie[slot] = row;
    }
    state = trie[slot] as number;
  }
  return state;
}

function newRow(): number {
  if ((rows + 1) * WIDTH > trie.length) {
    const more = new Int32Array(2 * trie.length);
    more.set(trie);
    trie = more;
  }
  return rows++ * WIDTH;
}

/** A fixed list of words, asked about by word number. */
export class WordList {
  private readonly member: Uint8Array;

  constructor(words: Iterable<string>) {
    const ids = [...words].map(numberWord);
    this.member = new Uint8Array(Math.max(0, ...ids) + 1);
    for (const id of ids) this.member[id] = 1;
  }

  /** Numbers past the list's largest belong to words numbered after it: not members. */
  has(word: number): boolean {
    return word < this.member.length && this.member[word] === 1;
  }
}
