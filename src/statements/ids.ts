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

/** The low 30 bits of the last hash `transactionHash` computed, for a fast duplicate check. */
export let lastHashLowBits = 0;

/**
 * A fast 64-bit non-cryptographic hash of a transaction's normalised fields (day, narration,
 * reference, direction, amount, balance; not the provider's timestamp) with two 32-bit
 * multiply-xorshift lanes (the cyrb53 construction widened), as 16 hex digits. Ids only need to be
 * stable and unique within one statement; identical rows are told apart by position.
 */
export function transactionHash(t: CanonicalTransaction): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  h1 = lane(h1, t.date, 2654435761);
  h2 = lane(h2, t.date, 1597334677);
  h1 = lane(h1, t.narration, 2654435761);
  h2 = lane(h2, t.narration, 1597334677);
  if (t.reference !== undefined) {
    h1 = lane(h1, t.reference, 2654435761);
    h2 = lane(h2, t.reference, 1597334677);
  }
  const balance = t.balance === undefined ? -1 : t.balance;
  const amount = t.direction === 'credit' ? t.amount : -t.amount - 1;
  h1 = number(number(h1, amount, 2654435761), balance, 2654435761);
  h2 = number(number(h2, amount, 1597334677), balance, 1597334677);
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  lastHashLowBits = h1 & 0x3fffffff;
  return hex64(h2, h1);
}

/** One lane over a text, then its length (so ("ab","c") and ("a","bc") differ). */
function lane(h: number, text: string, mul: number): number {
  const n = text.length;
  let i = 0;
  // Two UTF-16 code units per step.
  for (; i + 1 < n; i += 2) h = Math.imul(h ^ (text.charCodeAt(i) | (text.charCodeAt(i + 1) << 16)), mul);
  if (i < n) h = Math.imul(h ^ text.charCodeAt(i), mul);
  return Math.imul(h ^ (0x1f0000 | n), mul);
}

function number(h: number, n: number, mul: number): number {
  const low = (n % 4294967296) | 0;
  const high = Math.floor(n / 4294967296) | 0;
  return Math.imul(Math.imul(h ^ low, mul) ^ high, mul);
}
