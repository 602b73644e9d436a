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
