import type { Direction } from '../../../domain/statement.js';

/**
 * A 64-bit hash of a narration's shape, in two 32-bit lanes written to `lanes`: the narration with every long digit run (`isLongRun`: references, phone and card
 * numbers) taken as one marker, and the direction. No lexicon phrase has such a run, so narrations
 * of one shape get the same verdict. One pass over the characters, no new strings (a string key
 * built per row cost more than the categorising it saved). A step mixes two non-digits at once
 * (half the multiplications to wait on), else one non-digit, a short digit run or the long-run
 * marker (values no character reaches), with other multipliers, so equal shapes take equal steps.
 * The digit test `(c - 48) >>> 0 < 10` is written out: a module's helper called in the loop is
 * loaded from the module's context and checked on every call (6 % of the rows' instructions).
 */
function shapeHash(narration: string, direction: Direction, lanes: Int32Array): void {
  // `| 0`: seeds as 32-bit integers, so the lanes never take a float register.
  let h1 = (direction === 'credit' ? 0x811c9dc5 : 0x050c5d1f) | 0;
  let h2 = (direction === 'credit' ? 0x9747b28c : 0x1b873593) | 0;
  const n = narration.length;
  let i = 0;
  while (i < n) {
    // Non-digits two at a time, in a loop of their own: a tight loop per kind of run measured ~10%
    // faster than one loop branching on each character's kind.
    for (; i + 1 < n; i += 2) {
      const c = narration.charCodeAt(i);
      const d = narration.charCodeAt(i + 1);
      if ((c - 48) >>> 0 < 10 || (d - 48) >>> 0 < 10) break;
      const w = c | (d << 16);
      h1 = Math.imul(h1 ^ w, 0x01000193);
      h2 = Math.imul(((h2 << 13) | (h2 >>> 19)) ^ w, 0x5bd1e995);
    }
    if (i >= n) break;
    // One non-digit alone: the last character, or one before a digit.
    const c = narration.charCodeAt(i);
    if ((c - 48) >>> 0 >= 10) {
      h1 = Math.imul(h1 ^ c, 0x2127599b);
      h2 = Math.imul(((h2 << 13) | (h2 >>> 19)) ^ c, 0x85ebca6b);
      if (++i >= n) break;
    }
    // A digit run starts at i; its digits are read two to a step.
    const start = i;
    for (
      i++;
      i + 1 < n && (narration.charCodeAt(i) - 48) >>> 0 < 10 && (narration.charCodeAt(i + 1) - 48) >>> 0 < 10;
      i += 2
    );
    if (i < n && (narration.charCodeAt(i) - 48) >>> 0 < 10) i++;
    const w = isLongRun(narration, start, i) ? 0x1f000 : shortRun(narration, start, i);
    h1 = Math.imul(h1 ^ w, 0x2127599b);
    h2 = Math.imul(((h2 << 13) | (h2 >>> 19)) ^ w, 0x85ebca6b);
  }
  lanes[0] = h1;
  lanes[1] = h2;
}

/**
 * Four or more digits, except four straight after a `*`: `tokenise` reads `*` and two to four
 * digits as a USSD code, so `*1234#` and `*12345#` must not share a shape.
 */
function isLongRun(narration: string, start: number, end: number): boolean {
  const length = end - start;
  // 42 is `*`; before the first character, charCodeAt gives NaN.
  return length > 4 || (length === 4 && narration.charCodeAt(start - 1) !== 42);
}

/** A short digit run as one step: its length and digits (four bits each) over 0xfffff. */
function shortRun(narration: string, start: number, end: number): number {
  let w = 0x100000 | ((end - start) << 16);
  for (let j = start; j < end; j++) w |= (narration.charCodeAt(j) - 48) << (4 * (end - 1 - j));
  return w;
}

/**
 * Numbers narration shapes (`shapeHash`) for one statement: 0, 1, 2, ... in the order they first
 * come. Open addressing on both hash lanes (64 bits, so two shapes sharing a slot's key is out of
 * reach), growing at half full.
 */
export class ShapeTable {
  private bits = 10;
  private k1 = new Int32Array(1 << this.bits);
  private k2 = new Int32Array(1 << this.bits);
  /** A slot's shape number plus one; 0 is an empty slot. */
  private numbers = new Int32Array(1 << this.bits);
  private size = 0;
  private readonly lanes = new Int32Array(2);

  /** The number of the narration's shape; a shape not seen before gets the next one (`size`). */
  number(narration: string, direction: Direction): number {
    shapeHash(narration, direction, this.lanes);
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
