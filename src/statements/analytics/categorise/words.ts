/**
 * Numbers for the words the categoriser knows, one process-wide table: the lexicon's phrase words
 * and the narration grammar's (`noise.json`) are numbered when compiled, so the phrase trie and the
 * word lists compare numbers. A narration's word is found from a hash of its characters taken while
 * reading them (`read-words.ts`): no string per word, and no Map hashing each fresh one. Only
 * compiled words are numbered (any other word is `UNKNOWN`), so the table does not grow with the
 * narrations read.
 */

/** A word the categoriser does not know. */
export const UNKNOWN = 0;

/** FNV-1a over character codes, a step per character: `wordHash(word)` is `hashStep` over its codes. */
export const HASH_START = 0x811c9dc5 | 0;
export const hashStep = (h: number, c: number): number => Math.imul(h ^ c, 0x01000193);

function wordHash(word: string): number {
  let h = HASH_START;
  for (let i = 0; i < word.length; i++) h = hashStep(h, word.charCodeAt(i));
  return h;
}

/**
 * Open addressing on the hash, growing at a quarter full (most words looked up are not there, and
 * probe on to an empty slot). Word n is `spelling[n]`, its codes also `codes[from[n]]` up to
 * `codes[from[n + 1]]`, to confirm a find against codes read from a narration.
 */
let bits = 12;
let hashes = new Int32Array(1 << bits);
let numbers = new Int32Array(1 << bits);
const spelling: string[] = [''];
let codes = new Uint16Array(1 << 14);
const from: number[] = [0, 0];

const home = (h: number) => Math.imul(h, 0x9e3779b1) >>> (32 - bits);

/** The slot holding the word, else the empty slot where it would go. */
function slotOf(word: string, h: number): number {
  const mask = (1 << bits) - 1;
  let i = home(h);
  while (numbers[i] !== UNKNOWN && (hashes[i] !== h || spelling[numbers[i] as number] !== word)) i = (i + 1) & mask;
  return i;
}

/** The word's number, `UNKNOWN` when no compiled list has it. */
export function wordNumber(word: string): number {
  return numbers[slotOf(word, wordHash(word))] as number;
}

/** The word's number, giving it the next one when it has none: for compiled word lists only. */
export function numberWord(word: string): number {
  const h = wordHash(word);
  const i = slotOf(word, h);
  if (numbers[i] !== UNKNOWN) return numbers[i] as number;
  const n = spelling.length;
  spelling.push(word);
  const at = from[n] as number;
  if (at + word.length > codes.length) {
    const more = new Uint16Array(2 * (at + word.length));
    more.set(codes);
    codes = more;
  }
  for (let j = 0; j < word.length; j++) codes[at + j] = word.charCodeAt(j);
  from.push(at + word.length);
  hashes[i] = h;
  numbers[i] = n;
  if (4 * n > 1 << bits) grow();
  return n;
}

function grow(): void {
  bits++;
  hashes = new Int32Array(1 << bits);
  numbers = new Int32Array(1 << bits);
  for (let n = 1; n < spelling.length; n++) {
    const word = spelling[n] as string;
    const h = wordHash(word);
    const i = slotOf(word, h);
    hashes[i] = h;
    numbers[i] = n;
  }
}

/**
 * The number of the word whose character codes are `chars[start]` up to `chars[end]` and hash
 * (`hashStep`) to `h`; `UNKNOWN` when no list has it.
 */
export function wordAt(chars: Uint8Array, start: number, end: number, h: number): number {
  const mask = (1 << bits) - 1;
  for (let i = home(h); numbers[i] !== UNKNOWN; i = (i + 1) & mask) {
    if (hashes[i] !== h) continue;
    const n = numbers[i] as number;
    const at = from[n] as number;
    if ((from[n + 1] as number) - at === end - start && sameCodes(at, chars, start, end)) return n;
  }
  return UNKNOWN;
}

function sameCodes(at: number, chars: Uint8Array, start: number, end: number): boolean {
  for (let j = start; j < end; j++) if (codes[at + j - start] !== chars[j]) return false;
  return true;
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
