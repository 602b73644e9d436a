/** A calendar day as `YYYY-MM-DD` (month 01–12, day 01–31): what the API and the CLI accept as a day. */
export const DAY_PATTERN = '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$';

const DAY = new RegExp(DAY_PATTERN);
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Days in month `month1` (1–12) of `year`; 0 for a month that does not exist. */
export const daysInMonth = (year: number, month1: number): number =>
  month1 === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month1 - 1] ?? 0);

/**
 * True when `YYYY-MM-DD` names a day that exists: not 2026-02-30 or 2026-11-31 (which the pattern
 * lets through, and PostgreSQL refuses), nor year 0000.
 */
export function isCalendarDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const [year = 0, month = 0, day = 0] = text.split('-').map(Number);
  return year >= 1 && day <= daysInMonth(year, month);
}
