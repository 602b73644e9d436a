import { describe, expect, it } from 'vitest';
import { byDate } from '../../../test/helpers/by-date.js';
import { type Row, statementOf } from '../../../test/helpers/statement-builder.js';
import { analyseStatement } from './analyse.js';

const months = ['01', '02', '03', '04', '05', '06'];
const rows: Row[] = byDate([
  ...months.map((m): Row => [`2023-${m}-15`, 'D', 9_900, 'WEB PMT QUICKTELLER DSTV SUBSCRIPTION']),
  ...['01', '02', '03'].map((m): Row => [`2023-${m}-14`, 'D', 4_400, 'Card payment - NETFLIX.COM']),
  ...['02', '09', '16', '23', '30'].map(
    (d): Row => [`2023-06-${d}`, 'D', 3_000, 'NIBSS Instant Payment Outward TO UBA/KEMI ALABI'],
  ),
  ['2023-05-20', 'D', 900, 'Card payment - SPOTIFY P1A2B3'],
  ['2023-06-20', 'D', 900, 'Card payment - SPOTIFY P1A2B3'],
  ...['04', '05', '06'].flatMap((m): Row[] => [
    [`2023-${m}-01`, 'C', 20_000, 'NIP CR/TUNDE BAKARE/GTB'],
    [`2023-${m}-15`, 'C', 20_000, 'NIP CR/TUNDE BAKARE/GTB'],
  ]),
]);
const streams = analyseStatement(statementOf(rows, { openingNaira: 200_000 })).recurringStreams;
const find = (counterparty: string) => streams.find((s) => s.counterparty === counterparty);

describe('recurringStreams', () => {
  it('a monthly bill paid six times is MATURE, next expected a month after the last', () => {
    expect(find('DStv')).toMatchObject({
      direction: 'outflow',
      category: 'utilities',
      frequency: 'MONTHLY',
      status: 'MATURE',
      occurrences: 6,
      averageAmount: 9_900,
      lastAmount: 9_900,
      firstDate: '2023-01-15',
      lastDate: '2023-06-15',
      nextExpectedDate: '2023-07-15',
    });
  });
  it('a subscription that stopped in March is TOMBSTONED by the end of June', () => {
    expect(find('Netflix')).toMatchObject({ frequency: 'MONTHLY', status: 'TOMBSTONED', nextExpectedDate: null });
  });
  it('weekly transfers to one person are a WEEKLY stream', () => {
    expect(find('KEMI ALABI')).toMatchObject({ frequency: 'WEEKLY', status: 'MATURE', occurrences: 5 });
  });
  it('two monthly payments are only EARLY_DETECTION', () => {
    expect(find('Spotify')).toMatchObject({ frequency: 'MONTHLY', status: 'EARLY_DETECTION' });
  });
  it('credits on the 1st and 15th are SEMI_MONTHLY, not BIWEEKLY', () => {
    expect(find('TUNDE BAKARE')).toMatchObject({ direction: 'inflow', frequency: 'SEMI_MONTHLY', status: 'MATURE' });
  });
  it('lists the transactions behind each stream', () => {
    expect(find('DStv')?.transactionIds).toHaveLength(6);
  });
});

describe('recurringStreams: two payments alone must agree in amount', () => {
  const streamsOf = (rows: Row[]) => analyseStatement(statementOf(rows, { openingNaira: 200_000 })).recurringStreams;

  it('50,000 then 10,000 to one person six days apart is no stream', () => {
    const found = streamsOf([
      ['2024-06-04', 'D', 50_000, 'TRF TO EMEKA NWOSU'],
      ['2024-06-10', 'D', 10_000, 'TRF TO EMEKA NWOSU'],
      ['2024-06-12', 'D', 1_000, 'POS PURCHASE SHOPRITE LEKKI'],
    ]);
    expect(found.filter((s) => s.counterparty === 'EMEKA NWOSU')).toEqual([]);
  });

  it('10,000 then 12,500 (a 25% rise, the most allowed) six days apart is an early WEEKLY stream', () => {
    const found = streamsOf([
      ['2024-06-04', 'D', 10_000, 'TRF TO EMEKA NWOSU'],
      ['2024-06-10', 'D', 12_500, 'TRF TO EMEKA NWOSU'],
      ['2024-06-12', 'D', 1_000, 'POS PURCHASE SHOPRITE LEKKI'],
    ]);
    expect(found.find((s) => s.counterparty === 'EMEKA NWOSU')).toMatchObject({
      frequency: 'WEEKLY',
      status: 'EARLY_DETECTION',
      occurrences: 2,
      averageAmount: 11_250,
    });
  });

  it('three or more need no such agreement: their gaps are the evidence', () => {
    const found = streamsOf([
      ['2024-06-03', 'D', 50_000, 'TRF TO EMEKA NWOSU'],
      ['2024-06-10', 'D', 10_000, 'TRF TO EMEKA NWOSU'],
      ['2024-06-17', 'D', 30_000, 'TRF TO EMEKA NWOSU'],
    ]);
    expect(found.find((s) => s.counterparty === 'EMEKA NWOSU')).toMatchObject({
      frequency: 'WEEKLY',
      status: 'MATURE',
    });
  });
});

describe('recurringStreams: the next expected date is a calendar date', () => {
  const calendar = analyseStatement(
    statementOf(
      byDate([
        // Semi-monthly on the 1st and 15th, last on March 15: next April 1 (15.22 days would say March 30).
        ...['01', '02', '03'].flatMap((m): Row[] => [
          [`2023-${m}-01`, 'C', 20_000, 'NIP CR/TUNDE BAKARE/GTB'],
          [`2023-${m}-15`, 'C', 20_000, 'NIP CR/TUNDE BAKARE/GTB'],
        ]),
        // Monthly on the 5th and on the 20th: April 5 and April 20 (30.44 days: April 4 and April 19).
        ...['01', '02', '03'].map((m): Row => [`2023-${m}-05`, 'D', 9_900, 'WEB PMT QUICKTELLER DSTV SUBSCRIPTION']),
        ...['01', '02', '03'].map((m): Row => [`2023-${m}-20`, 'D', 4_400, 'Card payment - NETFLIX.COM']),
        // Monthly on the 31st: March 31 is followed by April's last day, the 30th.
        ...['01-31', '02-28', '03-31'].map((d): Row => [`2023-${d}`, 'D', 25_000, 'TRF TO MAMA NKECHI UPKEEP']),
        // Monthly on the 30th, last paid on February 28 (its last day): next March 30, not March 28.
        ...['2022-12-30', '2023-01-30', '2023-02-28'].map((d): Row => [d, 'D', 7_000, 'Card payment - SPOTIFY P1A2B3']),
      ]),
      { openingNaira: 500_000 },
    ),
  ).recurringStreams;
  const nextOf = (amount: number) => calendar.find((s) => s.lastAmount === amount)?.nextExpectedDate;

  it('semi-monthly: the stream’s other pay day', () => {
    expect(calendar.find((s) => s.lastAmount === 20_000)?.frequency).toBe('SEMI_MONTHLY');
    expect(nextOf(20_000)).toBe('2023-04-01'); // was 2023-03-30
  });

  it('monthly: the same day next month, clamped to its length', () => {
    expect(nextOf(9_900)).toBe('2023-04-05'); // was 2023-04-04
    expect(nextOf(4_400)).toBe('2023-04-20'); // was 2023-04-19
    expect(nextOf(25_000)).toBe('2023-04-30');
    expect(nextOf(7_000)).toBe('2023-03-30');
  });
});
