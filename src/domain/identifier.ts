/**
 * An identity number (BVN, NIN, a passport's) as every answer shows it: every character but the
 * last four replaced, `*******5678`; a number of eight or fewer keeps fewer, so that at least four
 * are hidden. The one mask for statements and credit reports alike.
 */
export function maskIdentifier(value: string): string {
  const v = value.trim();
  const keep = Math.min(4, Math.max(0, v.length - 4));
  return '*'.repeat(v.length - keep) + v.slice(v.length - keep);
}
