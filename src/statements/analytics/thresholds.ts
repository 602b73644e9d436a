import { formatMajor, toMajor } from '../../domain/money.js';
import table from './thresholds.json' with { type: 'json' };

/**
 * The amounts the analysis judges by, in minor units of one statement's currency: written in naira
 * (`thresholds.json`) and carried into other currencies by reference rates, so a USD
 * domiciliary account is not judged by naira figures (₦5,000 is about three dollars, not five
 * thousand).
 */
export interface Thresholds {
  /** A day ending under this is a low-balance day (₦5,000). */
  lowBalance: number;
  /** An unnamed regular stream paying less than this a month is doubtful as a salary (₦15,000). */
  minimumSalary: number;
  /** Credits at least this large are checked for a sweep (₦20,000). */
  sweepMinimumCredit: number;
  /** An unexplained credit is large from this amount up (₦100,000). */
  largeInflowMinimum: number;
  /** The real API's amount bands, ₦10,000, ₦100,000, ₦500,000 and ₦1,000,000, as naira equivalents. */
  amountBands: readonly [number, number, number, number];
}

const RATES: Readonly<Record<string, number>> = table.unitsPerUsd;
const NAIRA_PER_USD = table.unitsPerUsd.NGN;

/**
 * `naira` (major units) in minor units of a currency worth `unitsPerNaira` of it to the naira,
 * rounded to two significant figures: ₦5,000 is USD 3.3 (330 cents), ₦100,000 is USD 65.
 */
function converted(naira: number, unitsPerNaira: number): number {
  if (unitsPerNaira === 1) return naira * 100;
  const major = naira * unitsPerNaira;
  const step = 10 ** (Math.floor(Math.log10(major)) - 1);
  return Math.max(1, Math.round(Math.round(major / step) * step * 100));
}

function thresholdsIn(currency: string): Thresholds {
  const rate = Object.hasOwn(RATES, currency) ? (RATES[currency] as number) : undefined;
  // Every accepted currency has a rate (thresholds.test.ts); an unknown one is judged as naira.
  const unitsPerNaira = rate === undefined || currency === 'NGN' ? 1 : rate / NAIRA_PER_USD;
  const at = (naira: number) => converted(naira, unitsPerNaira);
  const { naira } = table;
  const [b10k, b100k, b500k, b1m] = naira.amountBands as [number, number, number, number];
  return {
    lowBalance: at(naira.lowBalance),
    minimumSalary: at(naira.minimumSalary),
    sweepMinimumCredit: at(naira.sweepMinimumCredit),
    largeInflowMinimum: at(naira.largeInflowMinimum),
    amountBands: [at(b10k), at(b100k), at(b500k), at(b1m)],
  };
}

const byCurrency = new Map<string, Thresholds>();

/** The thresholds of a statement in `currency` (an upper-case ISO 4217 code), made once per currency. */
export function thresholdsOf(currency: string): Thresholds {
  let found = byCurrency.get(currency);
  if (found === undefined) {
    found = thresholdsIn(currency);
    byCurrency.set(currency, found);
  }
  return found;
}

/** Whether `currency` has a reference rate (tests: every accepted currency must). */
export const hasReferenceRate = (currency: string): boolean => Object.hasOwn(RATES, currency);

/** How a message writes a currency before an amount: `₦` for naira, else the code and a space. */
const prefix = (currency: string): string => (currency === 'NGN' ? '₦' : `${currency} `);

/** An amount (minor units) as a message shows it: `₦1234.50`, `USD 1234.50`. */
export const amountText = (currency: string, minor: number): string =>
  `${prefix(currency)}${toMajor(minor).toFixed(2)}`;

/** `.00` or a last `0` of the decimals (`formatMajor` always writes two). */
const TRAILING_ZEROS = /\.?0+$/;

/**
 * A threshold (minor units) as a message shows it, grouped and without zero decimals: `₦5,000`,
 * `USD 3.3`. The money module's grouping, trailing zeros dropped (`toLocaleString` with options,
 * used before, built a number format on every call: ~19 µs, ~0.1 ms a statement).
 */
export const thresholdText = (currency: string, minor: number): string =>
  `${prefix(currency)}${formatMajor(minor).replace(TRAILING_ZEROS, '')}`;
