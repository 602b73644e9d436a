import { endianness } from 'node:os';
import type { CanonicalTransaction } from '../domain/statement.js';

const HEX_CODES = Array.from('0123456789abcdef', (c) => c.charCodeAt(0));
const hexCode = (n: number, shift: number): number => HEX_CODES[(n >>> shift) & 15] as number;

/** Two 32-bit lanes as 16 hex digits, built as one flat string. */
function hex64(h2: number, h1: number): string {
  return String.fromCharCode(
    hexCode(h2, 28),
    hexCode(h2, 24),
    hexCode(h2, 20),
    hexCode(h2, 16),
    hexCode(h2, 12),
    hexCode(h2, 8),
    hexCode(h2, 4),
    hexCode(h2, 0),
    hexCode(h1, 28),
    hexCode(h1, 24),
    hexCode(h1, 20),
    hexCode(h1, 16),
    hexCode(h1, 12),
    hexCode(h1, 8),
    hexCode(h1, 4),
    hexCode(h1, 0),
  );
}

/** An id's length before the `-n` of an identical row: 16 hex digits. */
export const HASH_LENGTH = 16;

/** The low 30 bits of the last hash `transactionHash` computed, for a fast duplicate check. */
let lastHashLowBits = 0;

/** The fields a transaction's id is computed from. */
export type HashedFields = Pick<
  CanonicalTransaction,
  'date' | 'narration' | 'reference' | 'direction' | 'amount' | 'balance'
>;

/**
 * Sets each row's id, in order: the hash of its normalised fields; the n-th identical row gets
 * `-n` (identical rows stay distinct). Depends only on the hashed fields and the order, so a stored
 * statement's ids can be computed again from its rows (`transaction-document.ts`). True when some
 * row got a `-n` id.
 */
export function assignIds(rows: Array<HashedFields & { id: string }>): boolean {
  // Identical rows are rare: rows go into an open-addressing table of 30 bits of their hash; only
  // after two rows share those bits are full ids tracked in a set.
  const size = 2 ** Math.ceil(Math.log2(rows.length * 2 + 2));
  const table = new Uint32Array(size);
  let seen: Set<string> | undefined;
  let repeats: Map<string, number> | undefined;
  for (let from = 0; from < rows.length; ) {
    const to = LITTLE_ENDIAN ? hashBatch(rows, from) : hashOne(rows, from);
    for (let i = from; i < to; i++) {
      const r = rows[i] as HashedFields & { id: string };
      const base = r.id;
      if (!seen) {
        const key = (lowBits[i - from] as number) + 1; // 0 marks an empty slot
        let slot = key & (size - 1);
        while (table[slot] !== 0 && table[slot] !== key) slot = (slot + 1) & (size - 1);
        if (table[slot] === 0) {
          table[slot] = key;
          continue;
        }
        seen = new Set();
        for (let j = 0; j < i; j++) seen.add((rows[j] as { id: string }).id);
      }
      if (!seen.has(base)) {
        seen.add(base);
        continue;
      }
      repeats ??= new Map();
      const n = (repeats.get(base) ?? 1) + 1;
      repeats.set(base, n);
      r.id = `${base}-${n}`;
    }
    from = to;
  }
  return repeats !== undefined;
}

/** Rows per batch, at most: their ids' digits stay one string under V8's 128 KiB large objects. */
const BATCH_ROWS = 1024;

/** The low 30 bits of each hash of the batch `hashBatch` or `hashOne` gave ids, by place in it. */
const lowBits = new Int32Array(BATCH_ROWS);

/** The id of `rows[from]` by `transactionHash` (big-endian hosts): the index after it. */
function hashOne(rows: Array<HashedFields & { id: string }>, from: number): number {
  const r = rows[from] as HashedFields & { id: string };
  r.id = transactionHash(r);
  lowBits[0] = lastHashLowBits;
  return from + 1;
}

/**
 * The ids of a batch of rows from `rows[from]` on, as `transactionHash` gives them: the index
 * after the batch. Their digits are written as bytes and read back as one string, of which each
 * id is a slice (16 characters: V8 keeps a slice of 13 or more as a view of the batch's string),
 * where `String.fromCharCode` of 16 codes took about 360 instructions an id.
 */
function hashBatch(rows: Array<HashedFields & { id: string }>, from: number): number {
  const to = writeTexts(rows, from);
  let at = 0;
  // The lanes after the date, for the rows of one day (in a row: the rows are in order).
  let day: string | undefined;
  let dayLane1 = 0;
  let dayLane2 = 0;
  for (let i = from; i < to; i++) {
    const r = rows[i] as HashedFields;
    if (r.date === day) {
      lane1 = dayLane1;
      lane2 = dayLane2;
    } else {
      lane1 = SEED1;
      lane2 = SEED2;
      text(r.date);
      day = r.date;
      dayLane1 = lane1;
      dayLane2 = lane2;
    }
    at = hashFrom(r, at);
    mix();
    const h1 = lane1;
    const h2 = lane2;
    const k = i - from;
    batch.low[k] = h1 & 0x3fffffff;
    const p = k << 3;
    // `batch`'s fields, not locals: TurboFan folds each array's data and length into the code.
    batch.pairs[p] = batch.hexPairs[h2 >>> 24] as number;
    batch.pairs[p + 1] = batch.hexPairs[(h2 >>> 16) & 255] as number;
    batch.pairs[p + 2] = batch.hexPairs[(h2 >>> 8) & 255] as number;
    batch.pairs[p + 3] = batch.hexPairs[h2 & 255] as number;
    batch.pairs[p + 4] = batch.hexPairs[h1 >>> 24] as number;
    batch.pairs[p + 5] = batch.hexPairs[(h1 >>> 16) & 255] as number;
    batch.pairs[p + 6] = batch.hexPairs[(h1 >>> 8) & 255] as number;
    batch.pairs[p + 7] = batch.hexPairs[h1 & 255] as number;
  }
  const ids = digits.toString('latin1', 0, HASH_LENGTH * (to - from));
  for (let i = from; i < to; i++) {
    const k = HASH_LENGTH * (i - from);
    (rows[i] as { id: string }).id = ids.slice(k, k + HASH_LENGTH);
  }
  return to;
}

/** A byte's two hex digits as the 16-bit word whose bytes they are in memory (little-endian). */
const HEX_PAIRS = Uint16Array.from(
  { length: 256 },
  (_, b) => (HEX_CODES[b >>> 4] as number) | ((HEX_CODES[b & 15] as number) << 8),
);

/** Where a batch's ids are written as hex digits, two to a word. */
const digits = Buffer.allocUnsafeSlow(HASH_LENGTH * BATCH_ROWS);
const digitPairs = new Uint16Array(digits.buffer, digits.byteOffset, digits.byteLength >> 1);

/**
 * Why `assignIds` hashes the narrations and references of a batch of rows from their UTF-16 units
 * in a typed array rather than with `charCodeAt`: V8 finds out a string's kind on every
 * `charCodeAt` (about 11 instructions of each) and does not lift that out of the loop, so two of
 * them made most of the ~50 instructions of each step over two units (1.9 M of the 10.5 M
 * instructions a 1,000-row periculum statement took before its analysis). Joined and written in
 * one call, a step reads one 32-bit word (about 15 instructions). The words are the units in
 * memory order: little-endian hosts only; elsewhere `transactionHash` as before. A day's date is
 * hashed once for its rows.
 */
const LITTLE_ENDIAN = endianness() === 'LE';

/** Units per batch: the joined texts stay one flat string far under V8's 128 KiB large objects. */
const BATCH_UNITS = 16_384;

/** Where a batch's texts are written, each from an even unit (a 32-bit word) on. */
const scratch = Buffer.allocUnsafeSlow(4 * BATCH_UNITS);

/**
 * The arrays a batch is written to and read from, as fields of an object of this module's own,
 * written once: TurboFan takes such a field for a constant and folds the array's data and length
 * into the code, where a module's binding or a local is loaded, its map checked and its data and
 * length loaded again on every step (TurboFan moves nothing out of a loop). As `read-words.ts`
 * does with its trie. The texts' arrays are replaced only for a batch past `BATCH_UNITS` by more
 * than a row (a row longer than a stored narration can be): the code is then compiled again.
 */
const batch = {
  scratch,
  words: new Int32Array(scratch.buffer, scratch.byteOffset, scratch.byteLength >> 2),
  pairs: digitPairs,
  hexPairs: HEX_PAIRS,
  low: lowBits,
};

/** Padding after a text of odd length, so the next starts on a word (never read). */
const PAD = ' ';

/**
 * Joins and writes the narrations and references of `rows[from]` on (the dates are hashed once
 * per day), as many rows as fit a batch (at least
 * one); returns the index after the last row written. Each text starts at an even unit.
 */
function writeTexts(rows: readonly HashedFields[], from: number): number {
  // Joined with `+=` and flattened once by the write: half the instructions of pushing the parts
  // to an array and joining them (measured on shape numbering's batches, ~180 fewer a row).
  let text = '';
  let i = from;
  const last = Math.min(rows.length, from + BATCH_ROWS);
  for (; i < last && text.length < BATCH_UNITS; i++) {
    const r = rows[i] as HashedFields;
    text += r.narration;
    if ((r.narration.length & 1) !== 0) text += PAD;
    if (r.reference !== undefined) {
      text += r.reference;
      if ((r.reference.length & 1) !== 0) text += PAD;
    }
  }
  const units = text.length;
  if (batch.scratch.length < 2 * units) {
    const more = Buffer.allocUnsafeSlow(2 * units);
    batch.scratch = more;
    batch.words = new Int32Array(more.buffer, more.byteOffset, more.byteLength >> 2);
  }
  batch.scratch.write(text, 0, 2 * units, 'utf16le');
  return i;
}

/**
 * `transactionHash`'s lanes, from those after the date on, for a row whose texts were written
 * from unit `at` (`writeTexts`); the unit after them.
 */
function hashFrom(t: HashedFields, at: number): number {
  at = textAt(at, t.narration.length);
  if (t.reference !== undefined) at = textAt(at, t.reference.length);
  number(t.direction === 'credit' ? t.amount : -t.amount - 1);
  number(t.balance === undefined ? -1 : t.balance);
  return at;
}

/** `text` over the `n` units written from unit `at` (even); the (even) unit after them. */
function textAt(at: number, n: number): number {
  // The view is `batch.words` on every step, not a local (see `batch`); `| 0` keeps the lanes and
  // the index 32-bit integers: from a module's `let` they stay tagged, checked and retagged on
  // every step, and `w + 2` is checked for overflow (textAt 0.648 M -> 0.375 M instructions a
  // 1,000-row periculum statement).
  let a = lane1 | 0;
  let b = lane2 | 0;
  let w = at >> 1;
  const end = (w + (n >> 1)) | 0;
  const pairsEnd = (end - 1) | 0;
  // Two words a step: the loop's own instructions are a third of a one-word step.
  for (; w < pairsEnd; w = (w + 2) | 0) {
    const first = batch.words[w] as number;
    const second = batch.words[w + 1] as number;
    a = Math.imul(Math.imul(a ^ first, MUL1) ^ second, MUL1);
    b = Math.imul(Math.imul(b ^ first, MUL2) ^ second, MUL2);
  }
  if (w < end) {
    const unit = batch.words[w] as number;
    a = Math.imul(a ^ unit, MUL1);
    b = Math.imul(b ^ unit, MUL2);
    w++;
  }
  if ((n & 1) !== 0) {
    const unit = (batch.words[w] as number) & 0xffff;
    a = Math.imul(a ^ unit, MUL1);
    b = Math.imul(b ^ unit, MUL2);
    w++;
  }
  lane1 = Math.imul(a ^ (0x1f0000 | n), MUL1);
  lane2 = Math.imul(b ^ (0x1f0000 | n), MUL2);
  return w << 1;
}

const SEED1 = 0xdeadbeef;
const SEED2 = 0x41c6ce57;
const MUL1 = 2654435761;
const MUL2 = 1597334677;

/** The two lanes while a hash is computed (module state, so a step returns nothing to allocate). */
let lane1 = 0;
let lane2 = 0;

/**
 * A fast 64-bit non-cryptographic hash of a transaction's normalised fields (day, narration,
 * reference, direction, amount, balance; not the provider's timestamp) with two 32-bit
 * multiply-xorshift lanes (the cyrb53 construction widened), as 16 hex digits. Ids only need to be
 * stable and unique within one statement; identical rows are told apart by position. Ids are
 * public, and stored documents compute theirs again on reading (`transaction-document.ts`): the
 * result must never change (`ids.test.ts` pins it).
 */
export function transactionHash(t: HashedFields): string {
  lane1 = SEED1;
  lane2 = SEED2;
  text(t.date);
  text(t.narration);
  if (t.reference !== undefined) text(t.reference);
  number(t.direction === 'credit' ? t.amount : -t.amount - 1);
  number(t.balance === undefined ? -1 : t.balance);
  return hashed();
}

/** The id of the lanes as they stand: mixed, as 16 hex digits; its low 30 bits kept. */
function hashed(): string {
  mix();
  lastHashLowBits = lane1 & 0x3fffffff;
  return hex64(lane2, lane1);
}

/** The final mix of both lanes, in place: one place for both paths, whose ids must stay equal. */
function mix(): void {
  let h1 = lane1;
  let h2 = lane2;
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  lane1 = h1;
  lane2 = h2;
}

/**
 * Both lanes over a text, then its length (so ("ab","c") and ("a","bc") differ). The lanes are
 * independent; stepping them together reads each character once instead of twice.
 */
function text(value: string): void {
  const n = value.length;
  let a = lane1;
  let b = lane2;
  let i = 0;
  // Two UTF-16 code units per step.
  for (; i + 1 < n; i += 2) {
    const unit = value.charCodeAt(i) | (value.charCodeAt(i + 1) << 16);
    a = Math.imul(a ^ unit, MUL1);
    b = Math.imul(b ^ unit, MUL2);
  }
  if (i < n) {
    const unit = value.charCodeAt(i);
    a = Math.imul(a ^ unit, MUL1);
    b = Math.imul(b ^ unit, MUL2);
  }
  lane1 = Math.imul(a ^ (0x1f0000 | n), MUL1);
  lane2 = Math.imul(b ^ (0x1f0000 | n), MUL2);
}

/** Both lanes over a safe integer, its low then its high 32 bits. */
function number(n: number): void {
  // `n | 0` is `(n % 2 ** 32) | 0` (ToInt32 takes the remainder too) without the x87 remainder loop
  // V8 compiles a double's `%` to.
  const low = n | 0;
  const high = Math.floor(n / 4294967296) | 0;
  lane1 = Math.imul(Math.imul(lane1 ^ low, MUL1) ^ high, MUL1);
  lane2 = Math.imul(Math.imul(lane2 ^ low, MUL2) ^ high, MUL2);
}
