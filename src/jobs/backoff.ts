/** Exponential backoff with "equal jitter": half the step fixed, half random, capped. */
export function backoffMs(attempt: number, base: number, max: number, random: () => number = Math.random): number {
  const step = Math.min(max, base * 2 ** Math.max(0, attempt - 1));
  return Math.round(step / 2 + random() * (step / 2));
}
