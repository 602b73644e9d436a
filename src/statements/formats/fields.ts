import { Type } from 'typebox';
import { majorToMinor, majorToMinorFast, minorUnits } from '../../domain/money.js';
import type { Direction } from '../../domain/statement.js';
import type { DayReading } from '../dates.js';
import { type Problems, shown } from '../problems.js';

/** Schema pieces for the quirks every provider has. */
export const Money = Type.Union([Type.Number(), Type.String()], {
  description: 'A decimal amount as a JSON number or decimal text',
});
export const OptionalMoney = Type.Optional(Type.Union([Type.Number(), Type.String(), Type.Null()]));
export const OptionalText = Type.Optional(Type.Union([Type.String(), Type.Null()]));

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

/** Trimmed text, or undefined when null, missing or blank. */
export function text(value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  const t = value.trim();
  return t === '' ? undefined : t;
}

const OPENING = /^\s*opb\b|\bopening\s+balance\b|\bbalance\s+b\/?f\b|\bbalance\s+brought\s+forward\b/i;

/** A provider's opening-balance row: its narration says so and it moves no money. */
export const isOpeningBalanceRow = (narration: string, amount: number): boolean =>
  amount === 0 && OPENING.test(narration);

/** Reads a property of an object-like unknown value, for `looksLike` sniffing. */
export function member(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

/** The first element of an array-valued member, for sniffing. */
export function firstOf(value: unknown, key: string): unknown {
  const list = member(value, key);
  return Array.isArray(list) ? list[0] : undefined;
}
