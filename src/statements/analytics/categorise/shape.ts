import type { Direction } from '../../../domain/statement.js';

const isDigit = (c: number) => (c - 48) >>> 0 < 10;

/**
 * A 64-bit hash of a narration's shape, in two 32-bit lanes written to `lanes`: the narration with every long digit run (`isLongRun`: references, phone and card
 * numbers) taken as one marker, and the direction. No lexicon phrase has such a run, so narrations
 * of one shape get the same verdict. One pass over the characters, no new strings (a string key
 * built per row cost more than the categorising it saved). A step mixes two non-digits at once
 * (half the multiplications to wait on), else one non-digit, a short digit run or the long-run
 * marker (values no character reaches), with other multipliers, so equal shapes take equal steps.
 */
function shapeHash(narration: string, direction: Direction, lanes: Int32Array): void {
  let h1 = direction === 'credit' ? 0x811c9dc5 : 0x050c5d1f;
  let h2 = direction === 'credit' ? 0x9747b28c : 0x1b873593;
  const n = narration.length;
  let i = 0;
  while (i < n) {
    // Non-digits, in a loop of their own: a tight loop per kind of run measured ~10% faster than
    // one loop branching on each character's kind.
    for (; i < n; i += 2) {
      const c = narration.charCodeAt(i);
      if (isDigit(c)) break;
      // Past the end reads as a digit: the last character goes alone.
      const d = i + 1 < n ? narration.charCodeAt(i + 1) : 48;
      if (isDigit(d)) {
        h1 = Math.imul(h1 ^ c, 0x2127599b);
        h2 = Math.imul(((h2 << 13) | (h2 >>> 19)) ^ c, 0x85ebca6b);
        i++;
        break;
      }
      const w = c | (d << 16);
      h1 = Math.imul(h1 ^ w, 0x01000193);
      h2 = Math.imul(((h2 << 13) | (h2 >>> 19)) ^ w, 0x5bd1e995);
    }
    if (i >= n) break;
    // A digit run starts at i; its digits are tested two to a branch.
    const start = i;
    for (i++; i + 1 < n && bothDigits(narration.charCodeAt(i), narration.charCodeAt(i + 1)); i += 2);
    if (i < n && isDigit(narration.charCodeAt(i))) i++;
    const w = isLongRun(narration, start, i) ? 0x1f000 : shortRun(narration, start, i);
    h1 = Math.imul(h1 ^ w, 0x2127599b);
    h2 = Math.imul(((h2 << 13) | (h2 >>> 19)) ^ w, 0x85ebca6b);
  }
  lanes[0] = h1;
  lanes[1] = h2;
}

/** 48 <= c <= 57 is (c - 48) and (57 - c) both without a sign bit. */
const bothDigits = (c: number, d: number) => ((c - 48) | (57 - c) | (d - 48) | (57 - d)) >= 0;

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
 * Values by narration shape (`shapeHash`) for one statement: open addressing on both hash lanes (64
 * bits, so two shapes sharing a slot's key is out of reach), growing at half full. `find` hashes a
 * narration and `remember` stores a value for the shape `find` was last asked about.
 */
export class ShapeTable<V> {
  private bits = 10;
  private k1 = new Int32Array(1 << this.bits);
  private k2 = new Int32Array(1 << this.bits);
  private values: (V | undefined)[] = new Array(1 << this.bits).fill(undefined);
  private size = 0;
  /** The last shape asked about. */
  private readonly lanes = new Int32Array(2);

  private slot(h1: number, h2: number): number {
    const mask = (1 << this.bits) - 1;
    let i = Math.imul(h1 ^ (h2 >>> 15), 0x9e3779b1) >>> (32 - this.bits);
    while (this.values[i] !== undefined && (this.k1[i] !== h1 || this.k2[i] !== h2)) i = (i + 1) & mask;
    return i;
  }

  find(narration: string, direction: Direction): V | undefined {
    shapeHash(narration, direction, this.lanes);
    return this.values[this.slot(this.lanes[0] as number, this.lanes[1] as number)];
  }

  remember(value: V): void {
    if (2 * (this.size + 1) > 1 << this.bits) this.grow();
    const h1 = this.lanes[0] as number;
    const h2 = this.lanes[1] as number;
    const i = this.slot(h1, h2);
    this.k1[i] = h1;
    this.k2[i] = h2;
    this.values[i] = value;
    this.size++;
  }

  private grow(): void {
    const { k1, k2, values } = this;
    this.bits++;
    this.k1 = new Int32Array(1 << this.bits);
    this.k2 = new Int32Array(1 << this.bits);
    this.values = new Array(1 << this.bits).fill(undefined);
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (v === undefined) continue;
      const j = this.slot(k1[i] as number, k2[i] as number);
      this.k1[j] = k1[i] as number;
      this.k2[j] = k2[i] as number;
      this.values[j] = v;
    }
  }
}
