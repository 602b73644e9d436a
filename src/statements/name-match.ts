import { NAME_MAX_CHARS } from '../domain/statement.js';

/**
 * Compares the name a lender gives (`clientFullName`) with the account holder's name the provider
 * gives, as the BVN-first flow does: order-free token matching that tolerates small spelling
 * differences, initials and titles. Nigerian names are often written surname first.
 */
export interface NameMatch {
  /** 0..1: twice the matched tokens over all tokens (Dice), each match weighted by its similarity. */
  score: number;
  passed: boolean;
  threshold: number;
}

export const NAME_MATCH_THRESHOLD = 0.7;

const TITLES = new Set([
  'mr',
  'mrs',
  'ms',
  'miss',
  'dr',
  'chief',
  'alhaji',
  'alhaja',
  'engr',
  'prof',
  'pastor',
  'sir',
  'hon',
]);

export function tokens(name: string): string[] {
  return name
    .slice(0, NAME_MAX_CHARS)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((t) => t.length > 0 && !TITLES.has(t));
}

/** Null when either name is missing: nothing to compare. */
export function matchNames(given: string | undefined, holder: string | undefined): NameMatch | null {
  if (!given || !holder) return null;
  const a = tokens(given);
  const b = tokens(holder);
  if (a.length === 0 || b.length === 0) return null;
  const used = new Array<boolean>(b.length).fill(false);
  let matched = 0;
  for (const x of a) {
    let best = 0;
    let bestIndex = -1;
    for (let j = 0; j < b.length; j++) {
      if (used[j]) continue;
      const s = tokenSimilarity(x, b[j] as string);
      if (s > best) {
        best = s;
        bestIndex = j;
      }
    }
    if (bestIndex >= 0) {
      used[bestIndex] = true;
      matched += best;
    }
  }
  const score = Math.round(((2 * matched) / (a.length + b.length)) * 1000) / 1000;
  return { score, passed: score >= NAME_MATCH_THRESHOLD, threshold: NAME_MATCH_THRESHOLD };
}

function tokenSimilarity(x: string, y: string): number {
  if (x === y) return 1;
  if ((x.length === 1 || y.length === 1) && x[0] === y[0]) return 0.8; // an initial
  const jw = jaroWinkler(x, y);
  return jw >= 0.88 ? jw : 0;
}

export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const range = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  const aMatch = new Array<boolean>(a.length).fill(false);
  const bMatch = new Array<boolean>(b.length).fill(false);
  let matches = 0;
  for (let i = 0; i < a.length; i++) {
    for (let j = Math.max(0, i - range); j < Math.min(b.length, i + range + 1); j++) {
      if (!bMatch[j] && a[i] === b[j]) {
        aMatch[i] = true;
        bMatch[j] = true;
        matches++;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  let k = 0;
  let transpositions = 0;
  for (let i = 0; i < a.length; i++) {
    if (!aMatch[i]) continue;
    while (!bMatch[k]) k++;
    if (a[i] !== b[k]) transpositions++;
    k++;
  }
  const jaro = (matches / a.length + matches / b.length + (matches - transpositions / 2) / matches) / 3;
  let prefix = 0;
  while (prefix < 4 && a[prefix] !== undefined && a[prefix] === b[prefix]) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}
