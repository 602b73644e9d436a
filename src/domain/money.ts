/**
 * The one place money changes representation. Inside the service every amount is an integer number
 * of minor units (kobo for NGN); decimal text from providers is parsed straight to minor units
 * without a float step, and output converts back to major units only at the edge.
 */

const DECIMAL = /^([+-])?(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d+))?$/;

export type MoneyParse = { ok: true; minor: number } | { ok: false; reason: string };

/**
 * The largest amount held exactly, either sign: 2^53 - 1 minor units (90,071,992,547,409.91 naira).
 * Beyond it a JSON number no longer says which amount it is (9007199254740993 reads as ...992).
 */
const MAX_MINOR = Number.MAX_SAFE_INTEGER;

/** The refusal of an amount beyond MAX_MINOR, naming the most (in major units, or in minor units). */
const tooLarge = (given: number | string, unit: 'major' | 'minor'): MoneyParse => ({
  ok: false,
  reason: `too large: at most ±${unit === 'major' ? minorToDecimalText(MAX_MINOR) : `${MAX_MINOR} minor units`}, got ${
    typeof given === 'string' ? JSON.stringify(given) : String(given)
  }`,
});

/**
 * Parses decimal text (`"17,205.00"`, `"-2396.74"`, `"14007.6300"`, `"23000"`) into integer minor
 * units. Exponents (`1e3`), empty text, more than 2 significant decimals and values beyond 2^53 are
 * refused with a reason rather than rounded.
 */
export function parseMinor(text: string): MoneyParse {
  const fast = fastParseMinor(text);
  if (fast !== undefined) return { ok: true, minor: fast };
  return parseMinorSlow(text);
}

/**
 * The common shapes (`"23000"`, `"-1.87"`, `"14007.6300"`) in one pass over the characters, with no
 * regex and no BigInt; `undefined` sends anything unusual (separators, spaces, huge values, errors)
 * to the exact slow path, which also words the reason.
 */
function fastParseMinor(text: string): number | undefined {
  const n = text.length;
  if (n === 0 || n > 15) return undefined;
  let i = 0;
  let negative = false;
  const first = text.charCodeAt(0);
  if (first === 45 /* - */ || first === 43 /* + */) {
    negative = first === 45;
    i = 1;
  }
  let whole = 0;
  let digits = 0;
  for (; i < n; i++) {
    const c = text.charCodeAt(i) - 48;
    if (c < 0 || c > 9) break;
    whole = whole * 10 + c;
    digits++;
  }
  let frac = 0;
  let fracDigits = 0;
  if (i < n) {
    if (text.charCodeAt(i) !== 46 /* . */) return undefined;
    i++;
    for (; i < n; i++) {
      const c = text.charCodeAt(i) - 48;
      if (c < 0 || c > 9) return undefined;
      if (fracDigits < 2) frac = frac * 10 + c;
      else if (c !== 0) return undefined;
      fracDigits++;
    }
    if (fracDigits === 0) return undefined;
  } else if (digits === 0) return undefined;
  if (fracDigits === 1) frac *= 10;
  const minor = whole * 100 + frac;
  return negative && minor !== 0 ? -minor : minor;
}

function parseMinorSlow(text: string): MoneyParse {
  const s = text.trim();
  const m = DECIMAL.exec(s);
  if (!m || (m[2] === undefined && m[3] === undefined)) {
    return { ok: false, reason: `expected a decimal amount, got ${JSON.stringify(text)}` };
  }
  const sign = m[1] === '-' ? -1 : 1;
  const whole = (m[2] ?? '0').replace(/,/g, '');
  const frac = m[3] ?? '';
  if (/[1-9]/.test(frac.slice(2))) {
    return { ok: false, reason: `more than two decimal places in ${JSON.stringify(text)}` };
  }
  const minor = BigInt(whole) * 100n + BigInt((frac.slice(0, 2) || '0').padEnd(2, '0'));
  if (minor > BigInt(MAX_MINOR)) return tooLarge(text, 'major');
  const value = Number(minor);
  return { ok: true, minor: sign < 0 && value !== 0 ? -value : value };
}

/**
 * A JSON number in major units to minor units. JSON numbers arrive as floats (`5010.75`), so this
 * goes through their shortest decimal text (what the provider wrote), never through `x * 100`.
 */
export function numberToMinor(value: number): MoneyParse {
  if (!Number.isFinite(value)) return { ok: false, reason: `expected a finite amount, got ${value}` };
  // Fast exact test: when the nearest double to `m / 100` is `value`, the text the provider wrote
  // had at most two decimals and `m` is its exact minor-unit value (division is correctly rounded).
  const m = Math.round(value * 100);
  if (Number.isSafeInteger(m) && m / 100 === value) return { ok: true, minor: m === 0 ? 0 : m };
  const text = String(value);
  if (/e/i.test(text)) {
    if (Math.abs(value) < 1e-6) return { ok: true, minor: 0 };
    return tooLarge(value, 'major');
  }
  return parseMinor(text);
}

/**
 * A fractional amount of minor units (an average) to whole ones, halves away from zero so that a
 * debit and a credit of the same size round to the same magnitude (`Math.round` takes -0.5 to 0).
 */
const roundMinor = (minor: number): number => (minor < 0 ? -Math.round(-minor) : Math.round(minor));

/** Minor units to a major-unit number with two decimals (`150075` -> `1500.75`), for answers. */
// `+ 0` turns -0 (a small negative average rounded) into 0, which JSON would do anyway.
export const toMajor = (minor: number): number => roundMinor(minor) / 100 + 0;

/** Minor units as bureau-style text with thousands separators: `1234567` -> `"12,345.67"`. */
export function formatMajor(minor: number): string {
  const rounded = roundMinor(minor);
  const sign = rounded < 0 ? '-' : '';
  const abs = Math.abs(rounded);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The hot path of `majorToMinor` for bulk rows: the minor units, or undefined when the value needs
 * the exact path (which also words the reason). Allocates nothing.
 */
export function majorToMinorFast(value: number | string): number | undefined {
  if (typeof value === 'string') return fastParseMinor(value);
  const m = Math.round(value * 100);
  return Number.isSafeInteger(m) && m / 100 === value ? (m === 0 ? 0 : m) : undefined;
}

/** A major-unit amount as a JSON number or decimal text (providers send both) to minor units. */
export function majorToMinor(value: number | string): MoneyParse {
  return typeof value === 'number' ? numberToMinor(value) : parseMinor(value);
}

const WHOLE = /^[+-]?\d+(?:\.0+)?$/;

/**
 * An amount already in minor units (Mono's kobo), as a JSON number or integer text. Fractions of a
 * minor unit are refused rather than rounded; beyond MAX_MINOR, as too large.
 */
export function minorUnits(value: number | string): MoneyParse {
  if (typeof value === 'number') {
    if (Number.isSafeInteger(value)) return { ok: true, minor: value === 0 ? 0 : value };
    if (!Number.isFinite(value)) return { ok: false, reason: `expected a finite amount, got ${value}` };
    if (Number.isInteger(value)) return tooLarge(value, 'minor');
    return { ok: false, reason: `expected a whole number of minor units, got ${value}` };
  }
  const s = value.trim();
  if (WHOLE.test(s)) {
    const n = Number(s);
    return Number.isSafeInteger(n) ? { ok: true, minor: n === 0 ? 0 : n } : tooLarge(value, 'minor');
  }
  const parsed = parseMinor(s);
  if (parsed.ok && parsed.minor % 100 === 0) return { ok: true, minor: parsed.minor / 100 };
  return { ok: false, reason: `expected a whole number of minor units, got ${JSON.stringify(value)}` };
}

/** Minor units as plain decimal text with two decimals and no separators: `-150075` -> `"-1500.75"`. */
export function minorToDecimalText(minor: number): string {
  const rounded = roundMinor(minor);
  const sign = rounded < 0 ? '-' : '';
  const abs = Math.abs(rounded);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
