import { Type } from 'typebox';
import { currencyDecimals, MINOR_UNIT_DECIMALS } from '../../domain/currency.js';
import { majorToMinor, majorToMinorFast, minorUnits } from '../../domain/money.js';
import { type Direction, NAME_MAX_CHARS } from '../../domain/statement.js';
import type { DayReading, LocalCalendar } from '../dates.js';
import type { NormalizeContext } from '../format.js';
import { type Problems, shown } from '../problems.js';

/**
 * The most characters (code points) of a narration. The providers' published samples reach 179; a
 * narration is stored and answered with every transaction, so a megabyte of it is refused at its path.
 */
export const NARRATION_MAX_CHARS = 1000;

/**
 * The most characters of any other text in a body: references and ids, account numbers, names,
 * dates, types, codes, amounts as text. The same bound as the statement's and the client's names.
 */
export const TEXT_MAX_CHARS = NAME_MAX_CHARS;

/** Schema pieces for the quirks every provider has. Every string is bounded: TEXT_MAX_CHARS unless said. */
export const Text = (options: { description?: string; examples?: string[] } = {}) =>
  Type.String({ maxLength: TEXT_MAX_CHARS, ...options });
export const Money = Type.Union([Type.Number(), Text()], {
  description: 'A decimal amount as a JSON number or decimal text',
});
export const OptionalMoney = Type.Optional(Type.Union([Type.Number(), Text(), Type.Null()]));
/** Text a provider gives (a reference, an id, a name, a date...), or null. */
export const OptionalText = Type.Optional(Type.Union([Text(), Type.Null()]));
/** A transaction's narration, or null: at most NARRATION_MAX_CHARS characters. */
export const OptionalNarration = Type.Optional(
  Type.Union([Type.String({ maxLength: NARRATION_MAX_CHARS }), Type.Null()]),
);
/**
 * Text whose reader bounds it: a name (`readName`, measured once trimmed), a BVN or NIN
 * (`readIdentityNumber`: 11 digits, never echoed; a schema's complaint would tell its length).
 */
const OptionalCheckedText = Type.Optional(Type.Union([Type.String(), Type.Null()]));
export const OptionalName = OptionalCheckedText;
export const OptionalIdentityNumber = OptionalCheckedText;

/**
 * The fields the spec makes mandatory at the top level of F1, F2, F3, F4 and F6. Optional here so
 * that a missing one is reported by `readCommonNames` with every other problem of the body.
 */
export const CommonNames = { statementName: OptionalName, clientFullName: OptionalName };

/** `debit`/`credit` in any case, or undefined (the problem is reported). */
export function readDirection(
  value: string,
  problems: Problems,
  list: string,
  i: number,
  field: string,
): Direction | undefined {
  if (value === 'debit' || value === 'credit') return value;
  if (value === 'Debit' || value === 'DEBIT') return 'debit';
  if (value === 'Credit' || value === 'CREDIT') return 'credit';
  const t = value.trim().toLowerCase();
  if (t === 'debit' || t === 'credit') return t;
  problems.add(`${list}/${i}/${field}`, `expected "debit" or "credit", got ${shown(value)}`);
  return undefined;
}

/** A major-unit amount (number or decimal text) to minor units, or undefined (the problem is reported). */
export function readMajor(
  value: number | string,
  problems: Problems,
  list: string,
  i: number,
  field: string,
): number | undefined {
  const fast = majorToMinorFast(value);
  if (fast !== undefined) return fast;
  const r = majorToMinor(value);
  if (r.ok) return r.minor;
  problems.add(`${list}/${i}/${field}`, r.reason);
  return undefined;
}

/** An optional major-unit amount: null, missing and empty text mean "not given". */
export function readOptionalMajor(
  value: number | string | null | undefined,
  problems: Problems,
  list: string,
  i: number,
  field: string,
): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  return readMajor(value, problems, list, i, field);
}

/** An amount already in minor units (Mono), or undefined (the problem is reported). */
export function readMinor(
  value: number | string,
  problems: Problems,
  list: string,
  i: number,
  field: string,
): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value === 0 ? 0 : value;
  const r = minorUnits(value);
  if (r.ok) return r.minor;
  problems.add(`${list}/${i}/${field}`, r.reason);
  return undefined;
}

/** A reader of one amount of a row, reporting what it cannot read at the row's field. */
export type AmountReader<V> = (
  value: V,
  problems: Problems,
  list: string,
  i: number,
  field: string,
) => number | undefined;

/**
 * `read` for an amount whose direction another field gives (a type, a credit or a debit column):
 * a negative amount is refused, not made positive.
 */
export function unsigned<V>(read: AmountReader<V>): AmountReader<V> {
  return (value, problems, list, i, field) => {
    const amount = read(value, problems, list, i, field);
    if (amount === undefined || amount >= 0) return amount;
    problems.add(`${list}/${i}/${field}`, 'must not be negative');
    return undefined;
  };
}

/**
 * A reader of one date column that reports an unreadable date at the row's path: not in the form
 * (`expected a M/D/YYYY date`), or in the form but no such day (`not a calendar date`, `year out of range`).
 */
export function dayReader(
  parse: (text: string) => DayReading,
  expected: string,
  problems: Problems,
): (text: string, list: string, i: number, field: string) => string | undefined {
  return (text, list, i, field) => {
    const day = parse(text);
    if (typeof day === 'string') return day;
    problems.add(`${list}/${i}/${field}`, `${day.reason ?? `expected ${expected}`}, got ${shown(text)}`);
    return undefined;
  };
}

/**
 * A name the lender gives (the statement's, the client's), trimmed; reported at `path` when
 * missing, blank or longer than NAME_MAX_CHARS. The schemas leave these fields optional so that a
 * missing name is listed here with every other problem of the body.
 */
export function readName(value: string | null | undefined, problems: Problems, path: string): string | undefined {
  if (value === null || value === undefined) {
    problems.add(path, 'is required');
    return undefined;
  }
  const t = value.trim();
  if (t === '') {
    problems.add(path, 'must not be blank');
    return undefined;
  }
  const chars = t.length > NAME_MAX_CHARS ? characterCount(t) : t.length;
  if (chars > NAME_MAX_CHARS) {
    problems.add(path, `must be at most ${NAME_MAX_CHARS} characters, got ${chars}`);
    return undefined;
  }
  return t;
}

/** The statement's and the client's name at the top level of F1, F2, F3, F4 and F6. */
export function readCommonNames(
  body: { statementName?: string | null; clientFullName?: string | null },
  problems: Problems,
): { statementName: string | undefined; clientFullName: string | undefined } {
  return {
    statementName: readName(body.statementName, problems, '/statementName'),
    clientFullName: readName(body.clientFullName, problems, '/clientFullName'),
  };
}

/** Characters as a reader counts them: code points, not UTF-16 units. */
export function characterCount(t: string): number {
  let n = 0;
  for (let i = 0; i < t.length; i++) {
    const unit = t.charCodeAt(i);
    if (unit < 0xdc00 || unit > 0xdfff) n++; // the second half of a surrogate pair is not another character
  }
  return n;
}

/** Trimmed text, or undefined when null, missing or blank. */
export function text(value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  const t = value.trim();
  return t === '' ? undefined : t;
}

/**
 * A statement's currency as an upper-case ISO 4217 code (any case and surrounding spaces are
 * accepted), NGN when not given; undefined when it is refused at `path`: a code this service does
 * not know, or a currency whose amounts do not have two decimal places (XOF, UGX: none; TND: three),
 * which would be read a factor of 100 or 10 wrong.
 */
export function readCurrency(value: string | null | undefined, problems: Problems, path: string): string | undefined {
  const t = text(value);
  if (t === undefined) return 'NGN';
  const code = t.toUpperCase();
  const decimals = currencyDecimals(code);
  if (decimals === MINOR_UNIT_DECIMALS) return code;
  if (decimals === undefined) problems.add(path, `expected an ISO 4217 currency code, got ${shown(value)}`);
  else {
    const places = decimals === 0 ? 'no decimal places' : `${decimals} decimal places`;
    problems.add(path, `${code} amounts have ${places}; only currencies with 2 are accepted`);
  }
  return undefined;
}

/**
 * A statement's currency and the calendar of its days, by one rule for every format: the currency
 * read at `given` (`readCurrency`: NGN when the body leaves it out), NGN for a format that has no
 * currency field (periculum, dojah); the calendar is the zone the currency names (NGN Lagos, GHS
 * Accra...), else the configured `STATEMENT_TIME_ZONE`. A refused currency is undefined (the body
 * is refused) and its calendar the configured zone, so the rows' dates are still checked.
 */
export function statementCurrency(
  ctx: NormalizeContext,
  given?: { value: string | null | undefined; path: string },
): { currency: string | undefined; calendar: LocalCalendar } {
  const currency = given === undefined ? 'NGN' : readCurrency(given.value, ctx.problems, given.path);
  return { currency, calendar: ctx.calendar(currency) };
}

/**
 * A row's own currency, when it gives one, must be the statement's (`expected`, upper case):
 * amounts in two currencies cannot be added into one statement's totals. Not checked when the
 * statement's currency was refused (undefined).
 */
export function checkRowCurrency(
  value: string | null | undefined,
  expected: string | undefined,
  problems: Problems,
  list: string,
  i: number,
): void {
  const currency = text(value);
  if (currency === undefined || expected === undefined || currency.toUpperCase() === expected) return;
  problems.add(`${list}/${i}/currency`, `expected ${expected}, the statement's currency, got ${shown(value)}`);
}

const ELEVEN_DIGITS = /^[0-9]{11}$/;

/**
 * A BVN or NIN: 11 digits once surrounding spaces are trimmed; null, missing or blank is "not
 * given". Anything else is reported at `path` (without echoing it: it may be someone's real number).
 */
export function readIdentityNumber(
  value: string | null | undefined,
  problems: Problems,
  path: string,
): string | undefined {
  const t = text(value);
  if (t === undefined || ELEVEN_DIGITS.test(t)) return t;
  problems.add(path, 'must be 11 digits');
  return undefined;
}

/**
 * A number a statement repeats on its rows that must be one number (okra's `customer.bvn` and
 * `account.nuban`: two would be two people's, or two accounts', rows joined): `value` is the first
 * row's that gives one; a row giving another is reported at its `field`, naming the first row's,
 * neither echoed. Rows without one are not compared.
 */
export class SameOnEveryRow {
  value: string | undefined;
  private firstRow = 0;
  private readonly list: string;
  private readonly field: string;

  constructor(list: string, field: string) {
    this.list = list;
    this.field = field;
  }

  take(value: string | undefined, i: number, problems: Problems): void {
    if (value === undefined) return;
    if (this.value === undefined) {
      this.value = value;
      this.firstRow = i;
    } else if (value !== this.value) {
      problems.add(`${this.list}/${i}/${this.field}`, `differs from ${this.list}/${this.firstRow}/${this.field}`);
    }
  }
}

const OPENING = /^\s*(?:opb\b|opening\s+balance\b|balance\s+b\/?f\b|balance\s+brought\s+forward\b)/i;

/**
 * A provider's opening-balance line (`OPB Opening Balance`, `Balance B/F`): its narration says so.
 * Read only as the first row; whatever amount it carries (some put the balance in the credit
 * column too) is no movement of money, and the line is no transaction (provider-formats F1, F5).
 */
export const isOpeningBalanceRow = (narration: string): boolean => OPENING.test(narration);

const CLOSING = /^\s*(?:clb\b|closing\s+balance\b|balance\s+c\/?f\b|balance\s+carried\s+forward\b)/i;

/**
 * A provider's closing-balance line (`Closing Balance`, `Balance C/F`) that moves no money: read
 * only as the last row and only with an amount of 0, it is no transaction (it would count toward
 * the ten a statement needs); its balance is the closing balance.
 */
export const isClosingBalanceRow = (narration: string, amount: number): boolean =>
  amount === 0 && CLOSING.test(narration);

/** Reads a property of an object-like unknown value, for `looksLike` sniffing. */
export function member(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

/** The first element of an array-valued member, for sniffing. */
export function firstOf(value: unknown, key: string): unknown {
  const list = member(value, key);
  return Array.isArray(list) ? list[0] : undefined;
}
