/** Small numeric helpers shared by the sections. */

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  if (values.length === 1) return values[0] as number;
  // A typed array sorts numerically in native code, without a comparator call per comparison.
  const sorted = Float64Array.from(values).sort();
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export const sum = (values: readonly number[]): number => {
  let total = 0;
  for (const v of values) total += v;
  return total;
};

/** A fraction 0..1 rounded to four decimals; 0 when the denominator is 0. */
export const fraction = (numerator: number, denominator: number): number =>
  denominator === 0 ? 0 : Math.round((numerator / denominator) * 10_000) / 10_000;

/** Integer minor units, rounded (averages of kobo amounts are not whole). */
export const roundMinor = (value: number): number => Math.round(value);

/** The key with the highest count; ties go to the first key seen. */
export function mostFrequent<K>(counts: Map<K, number>): K | null {
  let best: K | null = null;
  let bestCount = 0;
  for (const [key, count] of counts) {
    if (count > bestCount) {
      best = key;
      bestCount = count;
    }
  }
  return best;
}
