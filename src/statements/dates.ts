/**
 * Calendar days of an account. Every transaction's `date` is the account's local day `YYYY-MM-DD`:
 * dates given as days are checked and kept, ISO timestamps with a zone are converted to the
 * account's zone (a posting at 23:30Z is the next day in Lagos), never truncated.
 */

import { currencyZone } from '../domain/currency.js';
import { daysInMonth } from '../domain/day.js';

const FIRST_YEAR = 1900;
const LAST_YEAR = 2999;

/**
 * Why a date text names no day: a `reason` when it is written in the form read but names a day,
 * year or time that does not exist; none when it is not in that form at all (the caller names the form).
 */
export interface DayFault {
  readonly reason?: string;
}

const NOT_THE_FORM: DayFault = Object.freeze({});
const NO_SUCH_DAY: DayFault = Object.freeze({ reason: 'not a calendar date' });
const YEAR_OUT_OF_RANGE: DayFault = Object.freeze({ reason: `year out of range (${FIRST_YEAR} to ${LAST_YEAR})` });
const NO_SUCH_TIME: DayFault = Object.freeze({ reason: 'not a time of day' });

/** A day `YYYY-MM-DD`, or why the text names none. */
export type DayReading = string | DayFault;

/** A checked calendar day as `YYYY-MM-DD`, or the fault (31 February, the year 9999). */
export function calendarDay(y: number, m: number, d: number): DayReading {
  if (y < FIRST_YEAR || y > LAST_YEAR) return YEAR_OUT_OF_RANGE;
  if (m < 1 || m > 12 || d < 1) return NO_SUCH_DAY;
  if (d > daysInMonth(y, m)) return NO_SUCH_DAY;
  return `${y}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`;
}

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;
const MDY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const DMY = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/**
 * Memoised day parsing: a statement repeats a few hundred dates over thousands of rows, so each
 * distinct date text is parsed once (the parsers are pure; the memo is bounded).
 */
function memoised(parse: (text: string) => DayReading): (text: string) => DayReading {
  const memo = new Map<string, DayReading>();
  return (text) => {
    const hit = memo.get(text);
    if (hit !== undefined) return hit;
    const day = parse(text);
    if (memo.size >= 20_000) memo.clear();
    memo.set(text, day);
    return day;
  };
}

/**
 * A local clock time after a date, `0:00:00`, `11:38:20`, `12:00:00 AM`: checked, then ignored.
 * Undefined when it is one; NOT_THE_FORM when the text there is no clock time; NO_SUCH_TIME when
 * it is written as one but names no time of day (`25:61:00`, `24:00:00`, `13:00:00 PM`).
 */
function clockTimeFault(t: string, from: number): DayFault | undefined {
  let i = from;
  const n = t.length;
  while (i < n && t.charCodeAt(i) === 32) i++;
  let digits = 0;
  let groups = 1;
  let value = 0;
  let hour = 0;
  let beyond = false; // a minute or second over 59
  for (; i < n; i++) {
    const c = t.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      if (++digits > 2) return NOT_THE_FORM;
      value = value * 10 + c - 48;
    } else if (c === 58 && digits > 0 && groups < 3) {
      if (groups === 1) hour = value;
      else if (value > 59) beyond = true;
      groups++;
      digits = 0;
      value = 0;
    } else break;
  }
  if (digits === 0 || groups < 2) return NOT_THE_FORM;
  if (value > 59) beyond = true;
  while (i < n && t.charCodeAt(i) === 32) i++;
  let lastHour = 23;
  if (i < n) {
    const rest = t.slice(i).toUpperCase();
    if (rest !== 'AM' && rest !== 'PM') return NOT_THE_FORM;
    lastHour = 12;
  }
  return beyond || hour > lastHour ? NO_SUCH_TIME : undefined;
}

/**
 * True when a text begins and ends with a printable ASCII character, so `trim` would give it back
 * as it is: checked first, as `trim` cost about 100 instructions a row even then.
 */
function printableEnds(t: string): boolean {
  const first = t.charCodeAt(0);
  const last = t.charCodeAt(t.length - 1);
  return first > 0x20 && first < 0x7f && last > 0x20 && last < 0x7f;
}

/** Splits `date[ time]`: the date text, or the fault of a time after it that is no clock time. */
function datePart(text: string): string | DayFault {
  const t = printableEnds(text) ? text : text.trim();
  const space = t.indexOf(' ');
  if (space < 0) return t;
  return clockTimeFault(t, space) ?? t.slice(0, space);
}

const ymdMemo = memoised((t) => {
  const m = YMD.exec(t);
  return m ? calendarDay(Number(m[1]), Number(m[2]), Number(m[3])) : NOT_THE_FORM;
});
const mdyMemo = memoised((t) => {
  const m = MDY.exec(t);
  return m ? calendarDay(Number(m[3]), Number(m[1]), Number(m[2])) : NOT_THE_FORM;
});
const dmyMemo = memoised((t) => {
  const m = DMY.exec(t);
  return m ? calendarDay(Number(m[3]), Number(m[2]), Number(m[1])) : NOT_THE_FORM;
});

/** `2020-09-28`. */
export const dayFromYmd = (text: string): DayReading => ymdMemo(text);

/** `6/17/2020` or `5/1/2021 12:00:00 AM` (month first, padding optional; the time is local and ignored). */
export function dayFromMdy(text: string): DayReading {
  const d = datePart(text);
  return typeof d === 'string' ? mdyMemo(d) : d;
}

/** `27/12/2021 0:00:00` or `28-09-2020` (day first; the time is local and ignored). */
export function dayFromDmy(text: string): DayReading {
  const d = datePart(text);
  return typeof d === 'string' ? dmyMemo(d) : d;
}

const MS_PER_DAY = 86_400_000;
const MS_PER_HOUR = 3_600_000;

/**
 * At most this many UTC hours remembered per calendar (about 11 years of hours, 7 MiB when full):
 * calendars are shared by every statement for the life of the process. Past it, days are parsed.
 */
const HOUR_DAYS_MAX = 100_000;

/** The local calendar of one IANA time zone, with its UTC offsets cached per UTC day. */
export class LocalCalendar {
  private readonly offsets = new Map<number, number>();
  /**
   * The UTC date and hour of a timestamp (as one number) to its local day, for hours that fall on
   * one local day. Why: Mono and Okra give every row a `...Z` instant, and reading one through the
   * regular expression and the offset takes about ten times as long as this lookup. Calendars are
   * shared by every statement, so the hours of recent months are soon all here: 10,000 Mono
   * timestamps over a year took 1 ms with their hours cached, 10-30 ms without the cache (min of
   * 150-200 runs on a loaded 2-core host); a fresh calendar costs about the same as none.
   */
  private readonly hourDays = new Map<number, string>();
  private readonly format: Intl.DateTimeFormat;

  constructor(readonly timeZone: string) {
    this.format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  }

  /** Offset of the zone from UTC at an instant, in milliseconds. */
  offsetAt(ms: number): number {
    const utcDay = Math.floor(ms / MS_PER_DAY);
    const cached = this.offsets.get(utcDay);
    if (cached !== undefined) return cached;
    const start = this.exactOffset(utcDay * MS_PER_DAY);
    const end = this.exactOffset(utcDay * MS_PER_DAY + MS_PER_DAY - 1000);
    if (start === end) {
      this.offsets.set(utcDay, start);
      return start;
    }
    return this.exactOffset(ms); // a day with a clock change: no caching
  }

  private exactOffset(ms: number): number {
    const parts: Record<string, number> = {};
    for (const p of this.format.formatToParts(new Date(ms))) parts[p.type] = Number(p.value);
    const local = Date.UTC(
      parts.year ?? 0,
      (parts.month ?? 1) - 1,
      parts.day ?? 1,
      parts.hour ?? 0,
      parts.minute ?? 0,
      parts.second ?? 0,
    );
    return local - Math.floor(ms / 1000) * 1000;
  }

  /** The local day of an instant. */
  dayOf(ms: number): string {
    const d = new Date(ms + this.offsetAt(ms));
    return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  }

  /**
   * An ISO 8601 date or timestamp to the local day. A timestamp with `Z` or an offset is an instant
   * and is converted; one without a zone is already local time, or with `zonelessIsUtc` a UTC
   * instant (a provider whose timestamps are UTC). The fault when not ISO 8601 or the day or time
   * does not exist.
   */
  dayFromIso(text: string, zonelessIsUtc = false): DayReading {
    const hourKey = utcHourKey(text);
    if (hourKey >= 0) {
      const day = this.hourDays.get(hourKey);
      if (day !== undefined) return day;
    }
    const day = this.dayFromIsoSlow(text, zonelessIsUtc);
    if (hourKey >= 0 && typeof day === 'string' && this.hourDays.size < HOUR_DAYS_MAX) {
      const hourStart = Math.floor(Date.parse(text) / MS_PER_HOUR) * MS_PER_HOUR;
      if (this.isOneLocalDay(hourStart)) this.hourDays.set(hourKey, day);
    }
    return day;
  }

  /**
   * Whether the UTC hour from `hourStart` falls on one local day, so its day can be remembered:
   * every hour in a zone a whole number of hours off UTC; all but the one holding local midnight in
   * Kolkata (+05:30), Kathmandu (+05:45) or Adelaide (+09:30); not an hour with a clock change
   * inside it (Goose Bay went from 00:01 ADT back to 23:01 AST at 03:01Z: one hour, two days).
   */
  private isOneLocalDay(hourStart: number): boolean {
    const offset = this.offsetAt(hourStart);
    if (offset !== this.offsetAt(hourStart + MS_PER_HOUR - 1)) return false;
    const localStart = (((hourStart + offset) % MS_PER_DAY) + MS_PER_DAY) % MS_PER_DAY;
    return localStart <= MS_PER_DAY - MS_PER_HOUR;
  }

  private dayFromIsoSlow(text: string, zonelessIsUtc: boolean): DayReading {
    const m = ISO.exec(text);
    if (!m) return NOT_THE_FORM;
    const y = Number(m[1]);
    const mo = Number(m[2]);
    const d = Number(m[3]);
    const day = calendarDay(y, mo, d);
    if (typeof day !== 'string') return day;
    const zone = m[7];
    if (m[4] === undefined) return day;
    const h = Number(m[4]);
    const mi = Number(m[5]);
    const s = m[6] === undefined ? 0 : Number(m[6]);
    if (h > 23 || mi > 59 || s > 59) return NO_SUCH_TIME;
    if (zone === undefined && !zonelessIsUtc) return day;
    let offsetMs = 0;
    if (zone !== undefined && zone !== 'Z' && zone !== 'z') {
      const sign = zone[0] === '-' ? -1 : 1;
      const digits = zone.slice(1).replace(':', '');
      offsetMs = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0')) * 60_000;
    }
    return this.dayOf(Date.UTC(y, mo - 1, d, h, mi, s) - offsetMs);
  }
}

const ZONELESS_TIME = /T\d\d:\d\d(?::\d\d(?:\.\d+)?)?$/;

/**
 * A provider's timestamp that is UTC even without a zone (Mono's), written so that it reads as that
 * instant everywhere: `Z` added when it has a time and no zone. Same-day rows are ordered by their
 * timestamps (`assemble.ts`), and `Date.parse` reads a zone-less time in the server's own zone.
 */
export function asUtcInstant(text: string): string {
  // The last character read once (`endsWith` cost about 270 instructions a call).
  const last = text.charCodeAt(text.length - 1);
  return last === 0x5a || last === 0x7a || !ZONELESS_TIME.test(text) ? text : `${text}Z`;
}

/**
 * A digit's value, or a weight that makes any sum of at most four digits it is part of negative
 * (`-1000` once let a bad fourth year digit through: `299X` read as year 1990).
 */
const digit = (t: string, i: number): number => {
  const c = t.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : -1_000_000;
};

/**
 * For `YYYY-MM-DDTHH:MM:SS[.fff]Z` with minutes and seconds in range, a number naming its UTC date
 * and hour (read straight from the characters); -1 for any other text. Whether the date and hour
 * exist is checked by the slow path the first time a key is seen.
 */
function utcHourKey(t: string): number {
  const n = t.length;
  if (n < 20 || n > 30 || t.charCodeAt(n - 1) !== 90 || t.charCodeAt(10) !== 84) return -1;
  if (t.charCodeAt(4) !== 45 || t.charCodeAt(7) !== 45 || t.charCodeAt(13) !== 58 || t.charCodeAt(16) !== 58) return -1;
  const minute = digit(t, 14) * 10 + digit(t, 15);
  const second = digit(t, 17) * 10 + digit(t, 18);
  if (minute < 0 || minute > 59 || second < 0 || second > 59) return -1;
  if (n > 20) {
    if (t.charCodeAt(19) !== 46 || n === 21) return -1;
    for (let i = 20; i < n - 1; i++) if (digit(t, i) < 0) return -1;
  }
  const y = digit(t, 0) * 1000 + digit(t, 1) * 100 + digit(t, 2) * 10 + digit(t, 3);
  const m = digit(t, 5) * 10 + digit(t, 6);
  const d = digit(t, 8) * 10 + digit(t, 9);
  const h = digit(t, 11) * 10 + digit(t, 12);
  if (y < 0 || m < 0 || d < 0 || h < 0) return -1;
  return ((y * 100 + m) * 100 + d) * 100 + h;
}

const pad = (n: number): string => (n < 10 ? `0${n}` : String(n));

/** Calendars by zone, shared by every statement (the offset caches are pure). */
const calendars = new Map<string, LocalCalendar>();

/** The calendar of an account: the zone its currency names (`currency.ts`), else `fallbackZone`. */
export function calendarFor(currency: string | undefined, fallbackZone: string): LocalCalendar {
  const zone = (currency && currencyZone(currency.toUpperCase())) || fallbackZone;
  let calendar = calendars.get(zone);
  if (!calendar) {
    calendar = new LocalCalendar(zone);
    calendars.set(zone, calendar);
  }
  return calendar;
}
