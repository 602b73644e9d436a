import { USSD_CODE } from './tokenise.js';
import { numberWord, ROOT, WORD, wordTrie } from './words.js';

/**
 * A narration's words as `tokenise` gives them, read in one pass over its characters: where each
 * is in `text` and its number (`words.ts`, found along the trie of numbered words while reading). A word's string is made only when asked for (`token`).
 * The arrays are reused by the next `readWords`: read what you need before calling it again.
 */
export interface NarrationWords {
  /** The narration, or for one `tokenise` rewrites beyond upper-casing ASCII, that rewrite (`asScannable`). */
  text: string;
  count: number;
  start: Int32Array;
  end: Int32Array;
  number: Int32Array;
  /** Bit 1: the word has a digit; bit 2: a lower-case letter (in `text`). */
  kind: Uint8Array;
  /**
   * The first word `FROM` or `FRM`, and the first `TO` after it (after none, the first `TO`): -1
   * when there is none. Where the other party is named (`holder.ts` `counterpartySide`), noted
   * while reading (two loops over the numbers after it cost ~250 instructions a judged shape).
   */
  from: number;
  to: number;
}

const HAS_DIGIT = 1;
const HAS_LOWER = 2;

/**
 * Room for the words of a narration of up to 2,000 characters (`NARRATION_MAX_CHARS` is 1,000),
 * so that the arrays are never replaced: see `lookup`.
 */
const WORDS = 1024;

const read: NarrationWords = {
  text: '',
  count: 0,
  start: new Int32Array(WORDS),
  end: new Int32Array(WORDS),
  number: new Int32Array(WORDS),
  kind: new Uint8Array(WORDS),
  from: -1,
  to: -1,
};

/**
 * What `scan` reads by: the trie of numbered words (`wordTrie`), its offsets and the numbers of
 * the words it notes, as fields of an object of this module's own that are written once. TurboFan
 * takes such a field for a constant and folds the trie's data and length into the loop (`read`'s
 * arrays likewise), where a module's `let`, an import or a parameter is loaded and checked again
 * on every character or word (scan 12.0 M -> 9.9 M instructions in 10 categorisings of
 * bench/http's 1,000 rows). `trie` is replaced only if it grows (a lexicon larger than the
 * built-in one): the code is then compiled again without the constant.
 */
const lookup = {
  trie: wordTrie(),
  root: ROOT,
  wordSlot: WORD,
  fromWord: numberWord('FROM'),
  frmWord: numberWord('FRM'),
  toWord: numberWord('TO'),
};

/** The words of a narration (shared arrays: see `NarrationWords`). */
export function readWords(narration: string): NarrationWords {
  // Outside plain ASCII (`*` starts a USSD code; upper-casing may change other text's letters),
  // the text is read as `tokenise` would read it.
  if (!scan(narration)) scan(asScannable(narration));
  return read;
}

const USSD_OR_PAST_ASCII = /[*\u0080-\uffff]/g;

/**
 * The narration as `tokenise` reads it (upper-cased, USSD codes as the word USSD) with its
 * separators kept, but for `*` and characters past ASCII, which become spaces: its words are
 * `tokenise`'s, and a `/` or ` - ` between a name and a remark is still there (`endsName`).
 */
const asScannable = (narration: string): string =>
  narration.toUpperCase().replace(USSD_CODE, ' USSD ').replace(USSD_OR_PAST_ASCII, ' ');

/** Reads `text` into `read`; false, having stopped, at a `*` or a character past ASCII. */
function scan(text: string): boolean {
  const n = text.length;
  // Every word but the last is followed by a separator.
  if (read.start.length <= n >> 1) {
    read.start = new Int32Array(n);
    read.end = new Int32Array(n);
    read.number = new Int32Array(n);
    read.kind = new Uint8Array(n);
  }
  const { start, end, number, kind } = read;
  if (lookup.trie !== wordTrie()) lookup.trie = wordTrie();
  const trie = lookup.trie;
  const root = lookup.root;
  let count = 0;
  let fromAt = -1;
  let toAt = -1;
  let i = 0;
  let c = n > 0 ? text.charCodeAt(0) : 32;
  while (i < n) {
    if (!((c - 48) >>> 0 < 10 || ((c | 32) - 97) >>> 0 < 26)) {
      // A separator: anything but a letter or digit.
      if (c === 42 || c > 127) return false;
      c = ++i < n ? text.charCodeAt(i) : 32;
      continue;
    }
    const from = i;
    let state = root | 0;
    let k = 0;
    // Per character nothing is stored (`upperCodeAt` reads `text` again), called or imported: the
    // test for a letter or digit and the trie's step (`wordTrie`) are written out, and the kinds
    // are literals (`HAS_LOWER` 2, `HAS_DIGIT` 1), as a module's constant is read from its context
    // and checked on every use. `| 0` keeps the state a 32-bit integer (it is kept tagged, and
    // untagged on every step, otherwise). Past the end, the next character reads as a space.
    do {
      if ((c - 97) >>> 0 < 26) {
        k |= 2;
        c -= 32;
      } else if ((c - 48) >>> 0 < 10) k |= 1;
      state = trie[(state + c - 48) | 0] as number;
      c = ++i < n ? text.charCodeAt(i) : 32;
    } while (state !== 0 && ((c - 48) >>> 0 < 10 || ((c | 32) - 97) >>> 0 < 26));
    // Past a dead state no word is found: the rest of the word (most often a reference's digits)
    // is read in a loop of its own that only notes its kinds of character.
    while ((c - 48) >>> 0 < 10 || ((c | 32) - 97) >>> 0 < 26) {
      if ((c - 97) >>> 0 < 26) k |= 2;
      else if ((c - 48) >>> 0 < 10) k |= 1;
      c = ++i < n ? text.charCodeAt(i) : 32;
    }
    start[count] = from;
    end[count] = i;
    const word = trie[state + lookup.wordSlot] as number;
    number[count] = word;
    kind[count] = k;
    if (word === lookup.fromWord || word === lookup.frmWord) {
      if (fromAt < 0) {
        fromAt = count;
        toAt = -1;
      }
    } else if (word === lookup.toWord && toAt < 0) toAt = count;
    count++;
  }
  read.text = text;
  read.count = count;
  read.from = fromAt;
  read.to = toAt;
  return true;
}

/** Word i of the last narration read, upper-cased. */
export function token(words: NarrationWords, i: number): string {
  const s = words.text.slice(words.start[i], words.end[i]);
  return ((words.kind[i] as number) & HAS_LOWER) === 0 ? s : s.toUpperCase();
}

export const hasDigit = (words: NarrationWords, i: number): boolean => ((words.kind[i] as number) & HAS_DIGIT) !== 0;

export const hasLower = (words: NarrationWords, i: number): boolean => ((words.kind[i] as number) & HAS_LOWER) !== 0;

/** The code of the character at `at` of the last narration read, upper-cased (ASCII: `scan`). */
export function upperCodeAt(words: NarrationWords, at: number): number {
  const c = words.text.charCodeAt(at);
  return (c - 97) >>> 0 < 26 ? c - 32 : c;
}

/** Whether word i of the last narration read, upper-cased, is `word`. */
export function spelt(words: NarrationWords, i: number, word: string): boolean {
  const start = words.start[i] as number;
  if ((words.end[i] as number) - start !== word.length) return false;
  for (let j = 0; j < word.length; j++) if (upperCodeAt(words, start + j) !== word.charCodeAt(j)) return false;
  return true;
}

/**
 * Whether the separator before word i ends a name: bank grammars put `/`, `|`, `:`, `,` or a
 * spaced hyphen (`TOLU ADEBAYO - GTBank`, `WICK- 035`) between a name and a remark or bank; a
 * bare hyphen joins a name (`ADE-JOHNSON`).
 */
export function endsName(words: NarrationWords, i: number): boolean {
  const text = words.text;
  let hyphen = false;
  let space = false;
  for (let j = words.end[i - 1] as number; j < (words.start[i] as number); j++) {
    const c = text.charCodeAt(j);
    if (c === 47 || c === 124 || c === 58 || c === 44) return true;
    if (c === 45) hyphen = true;
    else if (c === 32) space = true;
  }
  return hyphen && space;
}
