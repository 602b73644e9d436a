import { describe, expect, it } from 'vitest';
import { bodyFor, type GeneratedRow } from '../../../test/statements/bodies.js';
import { parseStatement } from '../parse.js';
import { statementFormats } from './index.js';

/**
 * Ten rows a Lagos account could have, two of them within an hour of local midnight: 00:30 Lagos
 * is 23:30Z the day before, which a New York (or UTC) calendar would put on the day before.
 */
const rows: GeneratedRow[] = Array.from({ length: 10 }, (_, i) => ({
  day: `2024-03-${String(10 + i).padStart(2, '0')}`,
  second: i === 0 ? 30 * 60 : i === 9 ? 23 * 3600 + 30 * 60 : 12 * 3600,
  direction: i % 3 === 0 ? 'debit' : 'credit',
  amount: 1_000_00 + i,
  balance: 0, // set below
  narration: `row ${i}`,
}));
let balance = 50_000_00;
for (const r of rows) {
  balance += r.direction === 'credit' ? r.amount : -r.amount;
  r.balance = balance;
}

describe('the currency picks the calendar the same way in every format', () => {
  it.each(statementFormats.map((f) => [f.name, f] as const))(
    '%s: an NGN statement is read in Lagos days whatever STATEMENT_TIME_ZONE says',
    (_name, format) => {
      const r = parseStatement(format, bodyFor(format.name, rows), { defaultTimeZone: 'America/New_York' });
      if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.problems)}`);
      expect([r.statement.currency, r.statement.timeZone]).toEqual(['NGN', 'Africa/Lagos']);
      expect(r.statement.transactions.map((t) => t.date)).toEqual(rows.map((row) => row.day));
    },
  );
});

type Body = Record<string, unknown>;
const rowsAt = (body: Body, ...keys: string[]): Body[] =>
  keys.reduce<unknown>((v, k) => (v as Body)[k], body) as Body[];

/** Where each format that has a currency field takes it (periculum and dojah have none: NGN). */
const naming = {
  mono: (body: Body, code: string) => {
    for (const r of rowsAt(body, 'data')) r.currency = code;
  },
  okra: (body: Body, code: string) => {
    for (const r of rowsAt(body, 'data', 'transaction')) r.currency = code;
  },
  mbs: (body: Body, code: string) => {
    ((body.bankStatement as Body).mbs as { jsonData: Body }).jsonData.Currency = code;
  },
  zeeh: (body: Body, code: string) => {
    body.currency = code;
  },
};

describe('a currency that names no zone is read in the configured zone', () => {
  it.each(Object.entries(naming))('%s: USD in America/New_York days', (name, nameCurrency) => {
    const format = statementFormats.find((f) => f.name === name);
    if (!format) throw new Error(name);
    const body = bodyFor(format.name, rows) as Body;
    nameCurrency(body, 'USD');
    const r = parseStatement(format, body, { defaultTimeZone: 'America/New_York' });
    if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.problems)}`);
    expect([r.statement.currency, r.statement.timeZone]).toEqual(['USD', 'America/New_York']);
    // Rows given as local days keep them; instants (mono, okra) fall on New York's day: 00:30 in
    // Lagos on the 10th is still the 9th there.
    const days = r.statement.transactions.map((t) => t.date);
    const instants = name === 'mono' || name === 'okra';
    expect(days[0]).toBe(instants ? '2024-03-09' : '2024-03-10');
    expect(days.slice(1)).toEqual(rows.slice(1).map((row) => row.day));
  });
});

describe('statements read in a zone half or three quarters of an hour off UTC', () => {
  // Every 7 minutes from 12:00Z to 20:00Z: local midnight falls in between in each zone (13:30Z in
  // Adelaide in January, 18:15Z in Kathmandu, 18:30Z in Kolkata), and inside a UTC hour.
  const start = Date.parse('2024-01-10T12:00:00Z');
  const instants = Array.from({ length: 69 }, (_, i) => new Date(start + i * 7 * 60_000).toISOString());
  const timed: GeneratedRow[] = instants.map((_, i) => ({
    day: '2024-01-10', // replaced by each zone's day below
    second: 0,
    direction: 'credit',
    amount: 100_00 + i,
    balance: 1_000_00 + (i + 1) * 100_00 + (i * (i + 1)) / 2,
    narration: `row ${i}`,
  }));
  const setInstants = {
    mono: (body: Body) => {
      for (const r of rowsAt(body, 'data')) r.date = instants[Number(String(r.narration).slice(4))];
    },
    okra: (body: Body) => {
      for (const r of rowsAt(body, 'data', 'transaction')) {
        r.trans_date = instants[Number(String((r.notes as Body).desc).slice(4))];
      }
    },
  };
  const cases = ['Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Adelaide'].flatMap((zone) =>
    Object.entries(setInstants).map(([name, set]) => [zone, name, set] as const),
  );

  it.each(cases)('%s, %s: every row on its local day, either side of midnight', (zone, name, set) => {
    const format = statementFormats.find((f) => f.name === name);
    if (!format) throw new Error(name);
    const body = bodyFor(format.name, timed) as Body;
    set(body);
    naming[name as keyof typeof naming](body, 'USD');
    const r = parseStatement(format, body, { defaultTimeZone: zone });
    if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.problems)}`);
    const localDay = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    const expected = Object.fromEntries(instants.map((t, i) => [`row ${i}`, localDay.format(new Date(t))]));
    const days = Object.fromEntries(r.statement.transactions.map((t) => [t.narration, t.date]));
    expect(days).toEqual(expected);
    expect(new Set(Object.values(days)).size).toBe(2); // both sides of midnight are there
  });
});
