import { daysInMonth } from '../../domain/day.js';

/** Day arithmetic on local calendar days (`YYYY-MM-DD`), done in whole days since 1970-01-01. */

const MS_PER_DAY = 86_400_000;

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Days since 1970-01-01 of a civil date (proleptic Gregorian; Howard Hinnant's days_from_civil). */
export function civilDay(year: number, month1: number, day: number): number {
  const y = month1 <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month1 + (month1 > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  return era * 146_097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719_468;
}

const digit = (s: string, i: number) => s.charCodeAt(i) - 48;

/** Days since 1970-01-01 of a `YYYY-MM-DD` day (no Date object: this runs once per transaction). */
export const dayNumber = (date: string): number =>
  civilDay(
    digit(date, 0) * 1000 + digit(date, 1) * 100 + digit(date, 2) * 10 + digit(date, 3),
    digit(date, 5) * 10 + digit(date, 6),
    digit(date, 8) * 10 + digit(date, 9),
  );

/** The `YYYY-MM-DD` of a day number. */
export const dateOf = (day: number): string => new Date(day * MS_PER_DAY).toISOString().slice(0, 10);

/** 0 = Sunday .. 6 = Saturday. */
export const weekday = (day: number): number => (day + 4) % 7;

export { daysInMonth };

/** Every month key from the month of `first` to the month of `last`, inclusive. */
export function monthsBetween(first: string, last: string): string[] {
  const out: string[] = [];
  let y = Number(first.slice(0, 4));
  let m = Number(first.slice(5, 7));
  const endY = Number(last.slice(0, 4));
  const endM = Number(last.slice(5, 7));
  while (y < endY || (y === endY && m <= endM)) {
    out.push(`${y}-${m < 10 ? '0' : ''}${m}`);
    m++;
    if (m === 13) {
      m = 1;
      y++;
    }
  }
  return out;
}

/** `{year: "2023", month_name: "October"}` of a month key, the real API's month labels. */
export function monthLabel(key: string): { year: string; month_name: string } {
  return { year: key.slice(0, 4), month_name: MONTH_NAMES[Number(key.slice(5, 7)) - 1] ?? '' };
}

/** Week of the month as the real API counts it: days 1-7 are week 1, ..., 29-31 week 5. */
export const weekOfMonth = (dayOfMonth: number): number => Math.ceil(dayOfMonth / 7);

/** The day `months` after `year`-`month1`, on day `dayOfMonth` clamped to that month's length. */
export function monthsLater(year: number, month1: number, months: number, dayOfMonth: number): number {
  const m0 = month1 - 1 + months;
  const y = year + Math.floor(m0 / 12);
  const m = (m0 % 12) + 1;
  return civilDay(y, m, Math.min(dayOfMonth, daysInMonth(y, m)));
}
