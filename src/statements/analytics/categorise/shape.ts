import { endianness } from 'node:os';
import type { CanonicalTransaction, Direction } from '../../../domain/statement.js';

/**
 * Each row's shape number (`ShapeTable`): 0, 1, 2, ... in the order shapes first come.
 *
 * The narrations are hashed from their UTF-16 units in a typed array, joined and written a batch
 * of rows at a time, not with `charCodeAt`: V8 looks up a string's kind (one- or two-byte; flat,
 * cons, sliced or thin) again on every `charCodeAt`, ~11 instructions and a few `nop`s of each,
 * though JSON.parse makes every narration a flat one-byte string. On the 1,000-row periculum body
 * (59 units a narration) the hash took 1,885 instructions a row with `charCodeAt` and 1,430 from
 * the typed array (whose map and fields V8 still reloads on every pass of a loop); numbering a
 * row, writing included, 2,065 -> 1,872.
 */
export function shapeNumbers(rows: readonly Pick<CanonicalTransaction, 'narration' | 'direction'>[]): Int32Array {
  const table = new ShapeTable();
  const numbers = new Int32Array(rows.length);
  for (let from = 0; from < rows.length; ) {
    // At least one row; a narration longer than a batch gets a larger buffer. Joined with `+=`
    // and written as a whole: 187 instructions a row on the 1,000-row periculum body, where
    // `parts.join('')` took 371 and writing each narration on its own 803.
    let text = '';
    let to = from;
    for (; to < rows.length && text.length < BATCH_UNITS; to++) {
      text += (rows[to] as { narration: string }).narration;
    }
    const written = writeUnits(text);
    let at = 0;
    for (let i = from; i < to; i++) {
      const r = rows[i] as { narration: string; direction: Direction };
      const end = at + r.narration.length;
      numbers[i] = table.number(written, at, end, r.direction);
      at = end;
    }
    from = to;
  }
  return numbers;
}

/** Units per batch: the joined narrations stay one string far under V8's 128 KiB large objects. */
const BATCH_UNITS = 16_384;

/** Where a batch's narrations are written, as UTF-16 units. */
let scratch = Buffer.allocUnsafeSlow(2 * BATCH_UNITS);
let units = new Uint16Array(scratch.buffer, scratch.byteOffset, scratch.byteLength >> 1);

/** `utf16le` writes a unit's low byte first: a big-endian host reads them swapped until `swap16`. */
const BIG_ENDIAN = endianness() === 'BE';

/** Writes `text` to the scratch buffer; its units from 0 on. */
function writeUnits(text: string): Uint16Array {
  if (units.length < text.length) {
    scratch = Buffer.allocUnsafeSlow(2 * text.length);
    units = new Uint16Array(scratch.buffer, scratch.byteOffset, text.length);
  }
  scratch.write(text, 0, 2 * text.length, 'utf16le');
  if (BIG_ENDIAN) scratch.subarray(0, 2 * text.length).swap16();
  return units;
}

/**
 * A 64-bit hash of the shape of the narration in `units[from..end)`, in two 32-bit lanes written
 * to `lanes`: the narration with every long digit run (`isLongRun`: references, phone and card
 * numbers) taken as one marker, and the direction. No lexicon phrase has such a run, so narrations
 * of one shape get the same verdict. One pass over the units, no new strings (a string key
 * built per row cost more than the categorising it saved). A step mixes two non-digits at once
 * (half the multiplications to wait on), else one non-digit, a short digit run or the long-run
 * marker (values no character reaches), with other multipliers, so equal shapes take equal steps.
 * The digit test `(c - 48) >>> 0 < 10` is written out: a module's helper called in the loop is
 * loaded from the module's context and checked on every call (6 % of the rows' instructions).
 */
function shapeHash(units: Uint16Array, from: number, end: number, direction: Direction, lanes: Int32Array): void {
  // `| 0`: seeds as 32-bit integers, so the lanes never take a float register.
  let h1 = (direction === 'credit' ? 0x811c9dc5 : 0x050c5d1f) | 0;
  let h2 = (direction === 'credit' ? 0x9747b28c : 0x1b873593) | 0;
  let i = from;
  while (i < end) {
    // Non-digits two at a time, in a loop of their own: a tight loop per kind of run measured ~10%
    // faster than one loop branching on each character's kind.
    for (; i + 1 < end; i += 2) {
      const c = units[i] as number;
      const d = units[i + 1] as number;
      if ((c - 48) >>> 0 < 10 || (d - 48) >>> 0 < 10) break;
      const w = c | (d << 16);
      h1 = Math.imul(h1 ^ w, 0x01000193);
      h2 = Math.imul(((h2 << 13) | (h2 >>> 19)) ^ w, 0x5bd1e995);
    }
    if (i >= end) break;
    // One non-digit alone: the last character, or one before a digit.
    const c = units[i] as number;
    if ((c - 48) >>> 0 >= 10) {
      h1 = Math.imul(h1 ^ c, 0x2127599b);
      h2 = Math.imul(((h2 << 13) | (h2 >>> 19)) ^ c, 0x85ebca6b);
      if (++i >= end) break;
    }
    // A digit run starts at i; its digits are read two to a step.
    const start = i;
    for (
      i++;
      i + 1 < end && ((units[i] as number) - 48) >>> 0 < 10 && ((units[i + 1] as number) - 48) >>> 0 < 10;
      i += 2
    );
    if (i < end && ((units[i] as number) - 48) >>> 0 < 10) i++;
    const w = isLongRun(units, from, start, i) ? 0x1f000 : shortRun(units, start, i);
    h1 = Math.imul(h1 ^ w, 0x2127599b);
    h2 = Math.imul(((h2 << 13) | (h2 >>> 19)) ^ w, 0x85ebca6b);
  }
  lanes[0] = h1;
  lanes[1] = h2;
}

/**
 * Four or more digits, except four straight after a `*` (42): `tokenise` reads `*` and two to
 * four digits as a USSD code, so `*1234#` and `*12345#` must not share a shape. The narration
 * starts at `from`: the unit before it is another narration's.
 */
function isLongRun(units: Uint16Array, from: number, start: number, end: number): boolean {
  const length = end - start;
  return length > 4 || (length === 4 && (start === from || units[start - 1] !== 42));
}

/** A short digit run as one step: its length and digits (four bits each) over 0xfffff. */
function shortRun(units: Uint16Array, start: number, end: number): number {
  let w = 0x100000 | ((end - start) << 16);
  for (let j = start; j < end; j++) w |= ((units[j] as number) - 48) << (4 * (end - 1 - j));
  return w;
}

/**
 * Numbers narration shapes (`shapeHash`) for one statement: 0, 1, 2, ... in the order they first
 * come. Open addressing on both hash lanes (64 bits, so two shapes sharing a slot's key is out of
 * reach), growing at half full.
 */
class ShapeTable {
  private bits = 10;
  private k1 = new Int32Array(1 << this.bits);
  private k2 = new Int32Array(1 << this.bits);
  /** A slot's shape number plus one; 0 is an empty slot. */
  private numbers = new Int32Array(1 << this.bits);
  private size = 0;
  private readonly lanes = new Int32Array(2);

  /** The number of the shape of the narration in `units[from..end)`; a shape not seen before gets the next one (`size`). */
  number(units: Uint16Array, from: number, end: number, direction: Direction): number {
    shapeHash(units, from, end, direction, this.lanes);
    const h1 = this.lanes[0] as number;
    const h2 = this.lanes[1] as number;
    const mask = (1 << this.bits) - 1;
    let i = this.home(h1, h2);
    for (let v = this.numbers[i] as number; v !== 0; v = this.numbers[i] as number) {
      if (this.k1[i] === h1 && this.k2[i] === h2) return v - 1;
      i = (i + 1) & mask;
    }
    return this.add(i, h1, h2);
  }

  /** Where a key's probe starts. */
  private home(h1: number, h2: number): number {
    return Math.imul(h1 ^ (h2 >>> 15), 0x9e3779b1) >>> (32 - this.bits);
  }

  private add(i: number, h1: number, h2: number): number {
    const k = this.size++;
    this.k1[i] = h1;
    this.k2[i] = h2;
    this.numbers[i] = k + 1;
    if (2 * this.size > 1 << this.bits) this.grow();
    return k;
  }

  private grow(): void {
    const { k1, k2, numbers } = this;
    this.bits++;
    const mask = (1 << this.bits) - 1;
    this.k1 = new Int32Array(1 << this.bits);
    this.k2 = new Int32Array(1 << this.bits);
    this.numbers = new Int32Array(1 << this.bits);
    for (let i = 0; i < numbers.length; i++) {
      if (numbers[i] === 0) continue;
      const h1 = k1[i] as number;
      const h2 = k2[i] as number;
      let j = this.home(h1, h2);
      while (this.numbers[j] !== 0) j = (j + 1) & mask;
      this.k1[j] = h1;
      this.k2[j] = h2;
      this.numbers[j] = numbers[i] as number;
    }
  }
}
