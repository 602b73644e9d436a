/**
 * The currencies a statement may name: ISO 4217 codes with their decimal places (the exponent of
 * the minor unit) and, where one country's banks use the currency, the zone of the account's
 * calendar. Every African currency and the majors a Nigerian lender meets in a domiciliary account.
 */

interface CurrencyFacts {
  /** Decimal places of the minor unit: 2 for NGN (kobo), 0 for XOF (none), 3 for TND (millimes). */
  readonly decimals: number;
  /** The IANA zone of an account in this currency, when the currency names one. */
  readonly zone?: string;
}

const CURRENCIES: Record<string, CurrencyFacts> = {
  // Africa
  AOA: { decimals: 2 },
  BIF: { decimals: 0 },
  BWP: { decimals: 2 },
  CDF: { decimals: 2 },
  CVE: { decimals: 2 },
  DJF: { decimals: 0 },
  DZD: { decimals: 2 },
  EGP: { decimals: 2 },
  ERN: { decimals: 2 },
  ETB: { decimals: 2 },
  GHS: { decimals: 2, zone: 'Africa/Accra' },
  GMD: { decimals: 2 },
  GNF: { decimals: 0 },
  KES: { decimals: 2, zone: 'Africa/Nairobi' },
  KMF: { decimals: 0 },
  LRD: { decimals: 2 },
  LSL: { decimals: 2 },
  LYD: { decimals: 3 },
  MAD: { decimals: 2 },
  MGA: { decimals: 2 },
  MRU: { decimals: 2 },
  MUR: { decimals: 2 },
  MWK: { decimals: 2 },
  MZN: { decimals: 2 },
  NAD: { decimals: 2 },
  NGN: { decimals: 2, zone: 'Africa/Lagos' },
  RWF: { decimals: 0 },
  SCR: { decimals: 2 },
  SDG: { decimals: 2 },
  SLE: { decimals: 2 },
  SLL: { decimals: 2 },
  SOS: { decimals: 2 },
  SSP: { decimals: 2 },
  STN: { decimals: 2 },
  SZL: { decimals: 2 },
  TND: { decimals: 3 },
  TZS: { decimals: 2 },
  UGX: { decimals: 0 },
  XAF: { decimals: 0 },
  XOF: { decimals: 0 },
  ZAR: { decimals: 2, zone: 'Africa/Johannesburg' },
  ZMW: { decimals: 2, zone: 'Africa/Lusaka' },
  ZWG: { decimals: 2 },
  ZWL: { decimals: 2 },
  // Majors
  AED: { decimals: 2 },
  AUD: { decimals: 2 },
  CAD: { decimals: 2 },
  CHF: { decimals: 2 },
  CNY: { decimals: 2 },
  DKK: { decimals: 2 },
  EUR: { decimals: 2 },
  GBP: { decimals: 2 },
  HKD: { decimals: 2 },
  INR: { decimals: 2 },
  JPY: { decimals: 0 },
  NOK: { decimals: 2 },
  NZD: { decimals: 2 },
  SAR: { decimals: 2 },
  SEK: { decimals: 2 },
  SGD: { decimals: 2 },
  USD: { decimals: 2 },
};

/** Every code this service knows, upper case. */
export const CURRENCY_CODES: readonly string[] = Object.keys(CURRENCIES);

/**
 * The decimal places of a currency by its ISO 4217 code (upper case), or undefined when the code
 * is not one this service knows.
 */
export const currencyDecimals = (code: string): number | undefined =>
  Object.hasOwn(CURRENCIES, code) ? CURRENCIES[code]?.decimals : undefined;

/** The zone of an account's calendar that a currency names (upper case code), if it names one. */
export const currencyZone = (code: string): string | undefined =>
  Object.hasOwn(CURRENCIES, code) ? CURRENCIES[code]?.zone : undefined;

/**
 * The decimal places every amount is read and answered in: amounts are integer hundredths inside
 * (kobo, pesewas, cents), so only a currency with two decimal places can be read without a wrong
 * factor of 100 or 10.
 */
export const MINOR_UNIT_DECIMALS = 2;
