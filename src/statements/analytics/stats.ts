/** Small numeric helpers shared by the sections. */

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  if (values.length === 1) return values[0] as number;
  return medianOf(Float64Array.from(values));
}

/**
 * The median of `values`, which it reorders: exactly what sorting would give, found by selection
 * (linear on average) rather than by a sort. NaN or -0 among the values: sorted, to keep their order.
 */
export function medianOf(values: Float64Array): number {
  const n = values.length;
  if (n === 0) return 0;
  for (let i = 0; i < n; i++) {
    const v = values[i] as number;
    if (Number.isNaN(v) || Object.is(v, -0)) return sortedMedian(values.sort());
  }
  const mid = n >> 1;
  select(values, mid);
  const upper = values[mid] as number;
  if (n % 2 === 1) return upper;
  let lower = values[0] as number;
  for (let i = 1; i < mid; i++) if ((values[i] as number) > lower) lower = values[i] as number;
  return (lower + upper) / 2;
}

function sortedMedian(sorted: Float64Array): number {
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Reorders `a` so that `a[k]` is its k-th smallest value, with no larger value before it. */
function select(a: Float64Array, k: number): void {
  let lo = 0;
  let hi = a.length - 1;
  for (let rounds = 0; hi > lo; rounds++) {
    if (rounds > 64) {
      // Pathological pivots: finish the remaining range with a sort.
      a.subarray(lo, hi + 1).sort();
      return;
    }
    const pivot = medianOfThree(a[lo] as number, a[(lo + hi) >> 1] as number, a[hi] as number);
    let i = lo;
    let j = hi;
    while (i <= j) {
      while ((a[i] as number) < pivot) i++;
      while ((a[j] as number) > pivot) j--;
      if (i <= j) {
        const t = a[i] as number;
        a[i++] = a[j] as number;
        a[j--] = t;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}

const medianOfThree = (x: number, y: number, z: number): number =>
  x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;

export const sum = (values: readonly number[]): number => {
  let total = 0;
  for (const v of values) total += v;
  return total;
};

/** A fraction 0..1 rounded to four decimals; 0 when the denominator is 0. */
export const fraction = (numerator: number, denominator: number): number =>
  denominator === 0 ? 0 : Math.round((numerator / denominator) * 10_000) / 10_000;

/**
 * Counts strings, numbering each distinct one from 0 in order of first appearance. Its table hashes
 * a string's length and four of its characters rather than all of them, which is cheaper than a Map
 * for the short names counted here; should many strings share those (long probe runs), it hands
 * over to a Map.
 */
export class Tally {
  readonly keys: string[] = [];
  readonly counts: number[] = [];
  private table = new Int32Array(256).fill(-1);
  private numbers: Map<string, number> | null = null;

  /** Counts `key` once more; returns its number. */
  add(key: string): number {
    if (this.numbers !== null) return this.addToMap(key);
    const table = this.table;
    const mask = table.length - 1;
    let at = quickHash(key) & mask;
    for (let probes = 0; probes < MAX_PROBES; probes++, at = (at + 1) & mask) {
      const k = table[at] as number;
      if (k < 0) {
        const added = this.keys.length;
        table[at] = added;
        this.keys.push(key);
        this.counts.push(1);
        if (added * 2 >= mask) this.grow();
        return added;
      }
      if (this.keys[k] === key) {
        this.counts[k] = (this.counts[k] as number) + 1;
        return k;
      }
    }
    this.numbers = new Map(this.keys.map((k, i) => [k, i]));
    return this.addToMap(key);
  }

  /** Number of the most counted key (ties: the first seen); -1 when nothing was counted. */
  top(): number {
    let best = -1;
    let bestCount = 0;
    for (let k = 0; k < this.counts.length; k++) {
      if ((this.counts[k] as number) > bestCount) {
        best = k;
        bestCount = this.counts[k] as number;
      }
    }
    return best;
  }

  private addToMap(key: string): number {
    const numbers = this.numbers as Map<string, number>;
    const k = numbers.get(key);
    if (k !== undefined) {
      this.counts[k] = (this.counts[k] as number) + 1;
      return k;
    }
    numbers.set(key, this.keys.length);
    this.keys.push(key);
    this.counts.push(1);
    return this.keys.length - 1;
  }

  private grow(): void {
    const table = new Int32Array(this.table.length * 2).fill(-1);
    const mask = table.length - 1;
    for (let k = 0; k < this.keys.length; k++) {
      let at = quickHash(this.keys[k] as string) & mask;
      while ((table[at] as number) >= 0) at = (at + 1) & mask;
      table[at] = k;
    }
    this.table = table;
  }
}

/** Beyond this many slots tried for one string, `Tally` stops trusting its cheap hash. */
const MAX_PROBES = 32;

function quickHash(s: string): number {
  const n = s.length;
  let h = Math.imul(n, 0x9e3779b1);
  if (n > 0) {
    h = Math.imul(h ^ s.charCodeAt(0), 0x85ebca6b);
    h = Math.imul(h ^ s.charCodeAt(n - 1), 0xc2b2ae35);
    h = Math.imul(h ^ s.charCodeAt(n >> 1), 0x27d4eb2f);
    h = Math.imul(h ^ s.charCodeAt(n >> 2), 0x165667b1);
  }
  return h ^ (h >>> 15);
}
