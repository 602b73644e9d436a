import { describe, expect, it } from 'vitest';
import { calendarFor, dayFromDmy, dayFromMdy, dayFromYmd, LocalCalendar } from './dates.js';

describe('local days', () => {
  const lagos = new LocalCalendar('Africa/Lagos');

  it('converts ISO instants to the Lagos day, never truncating', () => {
    expect(lagos.dayFromIso('2022-03-31T23:30:00.000Z')).toBe('2022-04-01');
    expect(lagos.dayFromIso('2022-03-31T22:59:59.999Z')).toBe('2022-03-31');
    expect(lagos.dayFromIso('2022-12-31T23:00:00Z')).toBe('2023-01-01');
    expect(lagos.dayFromIso('2022-03-31T23:30:00+01:00')).toBe('2022-03-31');
    expect(lagos.dayFromIso('2022-03-31T23:30:00')).toBe('2022-03-31'); // no zone: already local
    expect(lagos.dayFromIso('2022-03-31')).toBe('2022-03-31');
  });

  it('refuses impossible instants and days, saying why', () => {
    expect(lagos.dayFromIso('2021-02-29T10:00:00Z')).toEqual({ reason: 'not a calendar date' });
    expect(lagos.dayFromIso('1899-12-31T10:00:00Z')).toEqual({ reason: 'year out of range (1900 to 2999)' });
    expect(lagos.dayFromIso('2022-03-31T24:30:00Z')).toEqual({ reason: 'not a time of day' });
    expect(lagos.dayFromIso('2022-03-31T23:60:00Z')).toEqual({ reason: 'not a time of day' });
    expect(lagos.dayFromIso('31/02/2021')).toEqual({}); // not ISO 8601 at all
    expect(lagos.dayFromIso('')).toEqual({});
    expect(lagos.dayFromIso('2020-02-29T10:00:00Z')).toBe('2020-02-29');
  });

  it('reads a timestamp without a zone as UTC when the provider writes UTC (Mono)', () => {
    expect(lagos.dayFromIso('2024-01-02T23:00:00.000', true)).toBe('2024-01-03');
    expect(lagos.dayFromIso('2024-01-02T22:59:59', true)).toBe('2024-01-02');
    expect(lagos.dayFromIso('2024-01-02T23:00:00+01:00', true)).toBe('2024-01-02'); // an offset still counts
    expect(lagos.dayFromIso('2024-01-02', true)).toBe('2024-01-02'); // a day is a day
    expect(lagos.dayFromIso('2024-01-02T24:00:00', true)).toEqual({ reason: 'not a time of day' });
  });

  it('answers the same from the hourly cache as from the first parse', () => {
    const first = lagos.dayFromIso('2024-06-30T23:15:00.000Z');
    expect(lagos.dayFromIso('2024-06-30T23:59:59.000Z')).toBe(first);
    expect(first).toBe('2024-07-01');
  });

  it('never reads a timestamp with a bad character as a cached hour of another year', () => {
    // A bad last year digit once weighed only -1000: `299X` read as 1990, so once a 1990 hour was
    // cached, the corrupt text was taken as that day instead of being refused.
    const calendar = new LocalCalendar('Africa/Lagos');
    expect(calendar.dayFromIso('1990-01-01T10:00:00.000Z')).toBe('1990-01-01');
    expect(calendar.dayFromIso('1020-01-15T10:00:00.000Z')).toEqual({ reason: 'year out of range (1900 to 2999)' });
    for (const text of ['299X-01-01T10:00:00.000Z', '199X-01-01T10:00:00.000Z', '1990-01-0XT10:00:00.000Z']) {
      expect(calendar.dayFromIso(text), text).toEqual({});
    }
  });

  it('puts instants on the right side of midnight in zones half or three quarters of an hour off UTC', () => {
    // Local midnight falls inside a UTC hour there: 18:30Z in Kolkata (+05:30), 18:15Z in Kathmandu
    // (+05:45), 13:30Z in Adelaide in January (+10:30). Both orders, so no first answer decides the hour's.
    const cases: Array<[string, string, string, string, string]> = [
      ['Asia/Kolkata', '2024-03-09T18:00:00Z', '2024-03-09', '2024-03-09T18:45:00Z', '2024-03-10'],
      ['Asia/Kathmandu', '2024-03-09T18:10:00Z', '2024-03-09', '2024-03-09T18:20:00Z', '2024-03-10'],
      ['Australia/Adelaide', '2024-01-09T13:15:00Z', '2024-01-09', '2024-01-09T13:45:00Z', '2024-01-10'],
    ];
    for (const [zone, before, beforeDay, after, afterDay] of cases) {
      const beforeFirst = new LocalCalendar(zone);
      expect([beforeFirst.dayFromIso(before), beforeFirst.dayFromIso(after)], zone).toEqual([beforeDay, afterDay]);
      const afterFirst = new LocalCalendar(zone);
      expect([afterFirst.dayFromIso(after), afterFirst.dayFromIso(before)], zone).toEqual([afterDay, beforeDay]);
    }
  });

  it('puts instants on the right day when a clock change inside a UTC hour crosses midnight', () => {
    // Goose Bay went back from 00:01 ADT to 23:01 AST on 2010-11-06/07 (03:01Z): 03:00:30Z is
    // 00:00:30 on the 7th, 03:30Z 23:30 on the 6th. Both offsets are whole hours.
    const instants: Array<[string, string]> = [
      ['2010-11-07T03:00:30Z', '2010-11-07'],
      ['2010-11-07T03:30:00Z', '2010-11-06'],
    ];
    for (const order of [instants, instants.toReversed()]) {
      const calendar = new LocalCalendar('America/Goose_Bay');
      expect(order.map(([t]) => calendar.dayFromIso(t))).toEqual(order.map(([, day]) => day));
    }
  });

  it('follows clock changes in zones that have them', () => {
    const london = new LocalCalendar('Europe/London');
    expect(london.dayFromIso('2022-07-01T23:30:00Z')).toBe('2022-07-02'); // BST, UTC+1
    expect(london.dayFromIso('2022-01-01T23:30:00Z')).toBe('2022-01-01'); // GMT
  });

  it('picks the calendar from the currency', () => {
    expect(calendarFor('GHS', 'Africa/Lagos').timeZone).toBe('Africa/Accra');
    expect(calendarFor(undefined, 'Africa/Lagos').timeZone).toBe('Africa/Lagos');
    expect(calendarFor('GHS', 'Africa/Lagos').dayFromIso('2022-03-31T23:30:00Z')).toBe('2022-03-31');
  });

  it('reads provider day formats', () => {
    expect(dayFromMdy('6/17/2020')).toBe('2020-06-17');
    expect(dayFromMdy('5/1/2021 12:00:00 AM')).toBe('2021-05-01');
    expect(dayFromMdy('5/1/2021 noon')).toEqual({});
    expect(dayFromDmy('27/12/2021 0:00:00')).toBe('2021-12-27');
    expect(dayFromDmy('28-09-2020')).toBe('2020-09-28');
    expect(dayFromDmy('31/02/2021')).toEqual({ reason: 'not a calendar date' });
    expect(dayFromYmd('2020-09-28')).toBe('2020-09-28');
    expect(dayFromYmd('2020-9-28')).toEqual({});
  });

  it('refuses a clock time after the day that names no time of day, and reads the real ones', () => {
    for (const time of ['25:61:00', '24:00:00', '23:60:00', '0:00:60', '13:00:00 PM', '12:99 AM']) {
      expect(dayFromDmy(`02/01/2024 ${time}`), time).toEqual({ reason: 'not a time of day' });
      expect(dayFromMdy(`1/2/2024 ${time}`), time).toEqual({ reason: 'not a time of day' });
    }
    for (const time of ['0:00:00', '23:59:59', '11:38:20', '12:00:00 AM', '11:59:59 PM', '9:05']) {
      expect(dayFromDmy(`02/01/2024 ${time}`), time).toBe('2024-01-02');
    }
    expect(dayFromDmy('02/01/2024 123:00:00')).toEqual({}); // not a clock time at all
  });

  it('tells a text of the form that names no day from one not of the form', () => {
    expect(dayFromMdy('2/30/2020')).toEqual({ reason: 'not a calendar date' });
    expect(dayFromMdy('13/1/2020')).toEqual({ reason: 'not a calendar date' });
    expect(dayFromMdy('8/3/9999')).toEqual({ reason: 'year out of range (1900 to 2999)' });
    expect(dayFromMdy('1/1/1800')).toEqual({ reason: 'year out of range (1900 to 2999)' });
    expect(dayFromMdy('2/29/2020')).toBe('2020-02-29');
    expect(dayFromYmd('2021-00-10')).toEqual({ reason: 'not a calendar date' });
    expect(dayFromMdy('2020-02-01')).toEqual({});
  });
});
