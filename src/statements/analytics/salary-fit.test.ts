import { describe, expect, it } from 'vitest';
import { contextOf } from '../../../test/helpers/context-of.js';
import type { Row } from '../../../test/helpers/statement-builder.js';
import { dayNumber } from './calendar.js';
import {
  type Credit,
  creditsOf,
  type Fit,
  fitEvidence,
  fitSchedule,
  oneOff,
  predictedOf,
  Scratch,
  settled,
} from './salary-fit.js';
import { streamsIndex } from './streams-index.js';

/** The credits of every row of a hand-built statement. */
function credits(rows: Row[]): Credit[] {
  const index = streamsIndex(contextOf(rows));
  return creditsOf(
    index,
    rows.map((_, i) => i),
  );
}
const fitOf = (rows: Row[]): Fit | null => fitSchedule(credits(rows), new Scratch(kobo(15_000)));
const ym = (year: number, month1: number) => year * 12 + month1 - 1;
const kobo = (naira: number) => naira * 100;
const monthly = (day: string, naira: number, narration: string, months = ['01', '02', '03', '04']): Row[] =>
  months.map((m): Row => [`2023-${m}-${day}`, 'C', naira, narration]);

describe('creditsOf', () => {
  it('a Friday: may come four days early (before a weekend), three late; lengths of Feb, Mar, Apr', () => {
    const [c] = credits([['2023-03-24', 'C', 300_000, 'NIP CR/ACME LTD/MAR SALARY']]);
    expect(c).toMatchObject({
      index: 0,
      amount: kobo(300_000),
      ym: ym(2023, 3),
      dom: 24,
      weekday: 5,
      earlyLimit: 4,
      lateLimit: 3,
      len0: 28,
      len1: 31,
      len2: 30,
      rail: -1,
    });
    expect(c?.day).toBe(dayNumber('2023-03-24'));
  });

  it('a Thursday may come four days early too; a Wednesday three', () => {
    const [wed, thu] = credits([
      ['2023-06-21', 'C', 1_000, 'NIP CR/JOHN DOE/GTB'],
      ['2023-09-21', 'C', 1_000, 'NIP CR/JOHN DOE/GTB'],
    ]);
    expect(thu).toMatchObject({ weekday: 4, earlyLimit: 4, lateLimit: 3 });
    expect(wed).toMatchObject({ weekday: 3, earlyLimit: 3, lateLimit: 3 });
  });

  it('a Monday in January: four days late allowed; December before it, February after', () => {
    const [c] = credits([['2023-01-02', 'C', 1_000, 'NIP CR/JOHN DOE/GTB']]);
    expect(c).toMatchObject({ ym: ym(2023, 1), dom: 2, weekday: 1, earlyLimit: 3, lateLimit: 4 });
    expect([c?.len0, c?.len1, c?.len2]).toEqual([31, 31, 28]);
  });

  it('December of a leap year: November before it, January after; March after a leap February', () => {
    const [dec, mar] = credits([
      ['2024-12-31', 'C', 1_000, 'NIP CR/JOHN DOE/GTB'],
      ['2025-03-01', 'C', 1_000, 'NIP CR/JOHN DOE/GTB'],
    ]);
    expect(dec).toMatchObject({ ym: ym(2024, 12), dom: 31, weekday: 2, earlyLimit: 3, lateLimit: 4 });
    expect([dec?.len0, dec?.len1, dec?.len2]).toEqual([30, 31, 31]);
    const [leap] = credits([['2024-03-01', 'C', 1_000, 'NIP CR/JOHN DOE/GTB']]);
    expect(leap?.len0).toBe(29);
    expect(mar?.len0).toBe(28);
  });

  it('takes only the rows asked for, keeping their positions', () => {
    const index = streamsIndex(
      contextOf([
        ['2023-01-02', 'C', 1_000, 'NIP CR/JOHN DOE/GTB'],
        ['2023-01-03', 'C', 2_000, 'NIP CR/JOHN DOE/GTB'],
        ['2023-01-04', 'C', 3_000, 'NIP CR/JOHN DOE/GTB'],
      ]),
    );
    expect(creditsOf(index, [0, 2]).map((c) => [c.index, c.amount])).toEqual([
      [0, kobo(1_000)],
      [2, kobo(3_000)],
    ]);
    expect(creditsOf(index, [])).toEqual([]);
  });
});

// 2023: Feb 25 is a Saturday, Jun 25 a Sunday, so those come on the Friday before. January is pro-rated.
const salary: Row[] = [
  ['2023-01-25', 'C', 120_000, 'NIP CR/ACME LTD/JAN SALARY'],
  ['2023-02-24', 'C', 300_000, 'NIP CR/ACME LTD/FEB SALARY'],
  ['2023-03-24', 'C', 300_000, 'NIP CR/ACME LTD/MAR SALARY'],
  ['2023-04-25', 'C', 300_000, 'NIP CR/ACME LTD/APR SALARY'],
  ['2023-05-25', 'C', 345_000, 'NIP CR/ACME LTD/MAY SALARY'],
  ['2023-06-23', 'C', 345_000, 'NIP CR/ACME LTD/JUN SALARY'],
];

describe('fitSchedule: a named salary on the 25th, early before weekends, pro-rated first month', () => {
  const fit = fitOf(salary) as Fit;

  it('pays on the 25th, one payment a month from January to June', () => {
    expect(fit.payDay).toBe(25);
    expect(fit.payments.map((c) => c.tx.date)).toEqual(salary.map((r) => r[0]));
    expect([fit.firstMonth, fit.lastMonth, fit.credits]).toEqual([ym(2023, 1), ym(2023, 6), 6]);
  });

  it('the first payment is under 90% of the rest: pro-rated, and left out of the prediction', () => {
    expect(fit.proRated).toBe(true);
    expect(fit.predictedFrom).toBe(3);
    expect(fit.predicted).toBeNaN();
    // median of 300,000, 345,000, 345,000
    expect(predictedOf(fit)).toBe(kobo(345_000));
    expect(fit.predicted).toBe(kobo(345_000));
  });

  it('named, no rail: 0.65 for a regular stable stream, +0.25 for the name', () => {
    expect(fit).toMatchObject({
      keyword: true,
      settled: true,
      rail: false,
      stability: 1,
      band: '-33%..+50%',
      confidence: 0.9,
    });
  });

  it('explains itself', () => {
    expect(fitEvidence(fit, 'NGN')).toEqual([
      '6 payment(s) around day 25 over 6 month(s), 100% of month-to-month amounts within -33%..+50%',
      'narration names salary or payroll',
      'first payment smaller: pro-rated first month, left out of the average',
    ]);
  });
});

describe('fitSchedule: a raise is not a pro-rated first month', () => {
  it('300,000 for three months, then 360,000: the first payment is full pay; 360,000 predicted', () => {
    // The first payment is under 90% of the median of the rest (360,000), but not of the next (300,000).
    const fit = fitOf([
      ...monthly('10', 300_000, 'NIP CR/ACME LTD/SALARY', ['01', '02', '03']),
      ...monthly('10', 360_000, 'NIP CR/ACME LTD/SALARY', ['04', '05', '06']),
    ]) as Fit;
    expect(fit.proRated).toBe(false);
    expect(fit.predictedFrom).toBe(3);
    expect(predictedOf(fit)).toBe(kobo(360_000));
    expect(fitEvidence(fit, 'NGN')).not.toContain(
      'first payment smaller: pro-rated first month, left out of the average',
    );
  });

  it('a smaller first payment, then a dip and a raise: still pro-rated', () => {
    // 150,000 is under 90% of every later payment, the 250,000 dip included.
    const fit = fitOf([
      ['2023-01-10', 'C', 150_000, 'NIP CR/ACME LTD/SALARY'],
      ['2023-02-10', 'C', 300_000, 'NIP CR/ACME LTD/SALARY'],
      ['2023-03-10', 'C', 250_000, 'NIP CR/ACME LTD/SALARY'],
      ['2023-04-10', 'C', 300_000, 'NIP CR/ACME LTD/SALARY'],
      ['2023-05-10', 'C', 360_000, 'NIP CR/ACME LTD/SALARY'],
    ]) as Fit;
    expect(fit.proRated).toBe(true);
  });
});

describe('fitSchedule', () => {
  it('no credits: null', () => {
    expect(fitSchedule([], new Scratch(kobo(15_000)))).toBeNull();
  });

  it('one credit not named salary: null; named salary: a one-off of 0.1 + 0.25, under a stream’s 0.6', () => {
    expect(fitOf([['2023-01-25', 'C', 300_000, 'NIP CR/JOHN DOE/GTB']])).toBeNull();
    const one = fitOf([['2023-01-25', 'C', 300_000, 'NIP CR/ACME LTD/JAN SALARY']]) as Fit;
    expect(one).toMatchObject({ payDay: 25, keyword: true, proRated: false, stability: 1, confidence: 0.35 });
    expect(one.payments).toHaveLength(1);
    expect(oneOff(one)).toBe(true);
    expect(predictedOf(one)).toBe(kobo(300_000));
    expect(fitEvidence(one, 'NGN')).toEqual([
      '1 payment, on 2023-01-25: one payment shows no pay frequency and no month-to-month amounts, so it is not a monthly salary',
      'narration names salary or payroll',
    ]);
    // Through a payroll rail too, still under 0.6.
    expect(fitOf([['2023-01-25', 'C', 300_000, 'REMITA/ACME LTD/JAN SALARY']])?.confidence).toBe(0.45);
  });

  it('two monthly credits not named salary: null, unless one came through a payroll rail (0.45 + 0.1)', () => {
    expect(fitOf(monthly('10', 90_000, 'NIP CR/ACME LTD/GTB', ['01', '02']))).toBeNull();
    const rail = fitOf(monthly('10', 90_000, 'NIP CR/ACME LTD/GAPS', ['01', '02']));
    expect(rail).toMatchObject({ keyword: false, settled: true, rail: true, band: '-33%..+50%', confidence: 0.55 });
    expect(fitEvidence(rail as Fit, 'NGN')).toContain('paid through a payroll rail');
  });

  it('an unnamed regular transfer of ₦90,000 on the 28th: 0.65, the tight band, settled', () => {
    // Jan 28 is a Saturday, Apr 28 a Friday; every credit is exactly on the day.
    const fit = fitOf(monthly('28', 90_000, 'NIP CR/JOHN DOE/GTB')) as Fit;
    expect(fit).toMatchObject({
      payDay: 28,
      keyword: false,
      proRated: false,
      predictedFrom: 1,
      settled: true,
      rail: false,
      stability: 1,
      band: '-10%..+25%',
      confidence: 0.65,
    });
    expect(fit.payments).toHaveLength(4);
    expect(predictedOf(fit)).toBe(kobo(90_000));
  });

  it('unnamed, under ₦15,000: could not reach 0.6 even through a rail, so left unsettled until asked', () => {
    const fit = fitOf(monthly('28', 5_000, 'NIP CR/JOHN DOE/GTB')) as Fit;
    // As if through a rail: (0.65 + 0.1) halved for the amount.
    expect(fit).toMatchObject({ settled: false, rail: true, confidence: 0.38 });
    expect(settled(fit)).toBe(fit);
    // 0.65 halved.
    expect(fit).toMatchObject({ settled: true, rail: false, band: '-10%..+25%', confidence: 0.33 });
    expect(fitEvidence(fit, 'NGN')).toContain('amount below ₦15,000');
  });

  it('an unnamed payer sending other credits besides: the extra credits halve the confidence', () => {
    const rows: Row[] = [
      ...monthly('28', 90_000, 'NIP CR/JOHN DOE/GTB'),
      ['2023-02-10', 'C', 90_000, 'NIP CR/JOHN DOE/GTB'],
      ['2023-03-10', 'C', 90_000, 'NIP CR/JOHN DOE/GTB'],
    ];
    const fit = fitOf(rows) as Fit;
    expect(fit.payDay).toBe(28);
    expect(fit.payments.map((c) => c.dom)).toEqual([28, 28, 28, 28]);
    expect(fit.credits).toBe(6);
    expect(settled(fit).confidence).toBe(0.33);
    expect(fitEvidence(fit, 'NGN')).toContain('the payer sent 6 credits, not one a month');
  });

  it('an unnamed payer whose amounts jump by more than 25%: unstable, under 0.6', () => {
    const rows: Row[] = [
      ['2023-01-10', 'C', 100_000, 'NIP CR/JOHN DOE/GTB'],
      ['2023-02-10', 'C', 200_000, 'NIP CR/JOHN DOE/GTB'],
      ['2023-03-10', 'C', 100_000, 'NIP CR/JOHN DOE/GTB'],
      ['2023-04-10', 'C', 200_000, 'NIP CR/JOHN DOE/GTB'],
    ];
    const fit = settled(fitOf(rows) as Fit);
    expect(fit.stability).toBe(0);
    // Regular but unstable: 0.4.
    expect(fit.confidence).toBe(0.4);
  });

  it('two credits in one pay month: the larger is the payment; on a tie, the first', () => {
    const larger = fitOf([
      ['2023-01-25', 'C', 300_000, 'NIP CR/ACME LTD/JAN SALARY'],
      ['2023-02-24', 'C', 100_000, 'NIP CR/ACME LTD/FEB SALARY'],
      ['2023-02-27', 'C', 300_000, 'NIP CR/ACME LTD/FEB SALARY'],
      ['2023-03-24', 'C', 300_000, 'NIP CR/ACME LTD/MAR SALARY'],
    ]) as Fit;
    expect(larger.payments.map((c) => c.tx.date)).toEqual(['2023-01-25', '2023-02-27', '2023-03-24']);
    const tie = fitOf([
      ['2023-01-25', 'C', 300_000, 'NIP CR/ACME LTD/JAN SALARY'],
      ['2023-02-24', 'C', 300_000, 'NIP CR/ACME LTD/FEB SALARY'],
      ['2023-02-27', 'C', 300_000, 'NIP CR/ACME LTD/FEB SALARY'],
      ['2023-03-24', 'C', 300_000, 'NIP CR/ACME LTD/MAR SALARY'],
    ]) as Fit;
    expect(tie.payments.map((c) => c.tx.date)).toEqual(['2023-01-25', '2023-02-24', '2023-03-24']);
  });

  it('a pay day past the month’s end is its last day (the 31st is Feb 28 and Apr 30)', () => {
    const fit = fitOf([
      ['2023-01-31', 'C', 300_000, 'NIP CR/ACME LTD/SALARY'],
      ['2023-02-28', 'C', 300_000, 'NIP CR/ACME LTD/SALARY'],
      ['2023-03-31', 'C', 300_000, 'NIP CR/ACME LTD/SALARY'],
      ['2023-04-30', 'C', 300_000, 'NIP CR/ACME LTD/SALARY'],
    ]) as Fit;
    expect(fit.payDay).toBe(31);
    expect(fit.payments).toHaveLength(4);
    expect([fit.firstMonth, fit.lastMonth]).toEqual([ym(2023, 1), ym(2023, 4)]);
  });

  it('across a year end: December, January, February are three consecutive pay months', () => {
    const fit = fitOf([
      ['2022-12-23', 'C', 300_000, 'NIP CR/ACME LTD/DEC SALARY'],
      ['2023-01-25', 'C', 300_000, 'NIP CR/ACME LTD/JAN SALARY'],
      ['2023-02-24', 'C', 300_000, 'NIP CR/ACME LTD/FEB SALARY'],
    ]) as Fit;
    expect(fit.payDay).toBe(25);
    expect([fit.firstMonth, fit.lastMonth]).toEqual([ym(2022, 12), ym(2023, 2)]);
    expect(fit.confidence).toBe(0.9);
  });

  it('a credit further from the pay day than allowed is left out (regularity falls)', () => {
    const fit = fitOf([
      ['2023-01-25', 'C', 300_000, 'NIP CR/ACME LTD/JAN SALARY'],
      ['2023-02-15', 'C', 300_000, 'NIP CR/ACME LTD/FEB SALARY'],
      ['2023-03-24', 'C', 300_000, 'NIP CR/ACME LTD/MAR SALARY'],
      ['2023-04-25', 'C', 300_000, 'NIP CR/ACME LTD/APR SALARY'],
    ]) as Fit;
    expect(fit.payDay).toBe(25);
    expect(fit.payments.map((c) => c.tx.date)).toEqual(['2023-01-25', '2023-03-24', '2023-04-25']);
    // 3 payments over 4 months: regularity 0.75, stable: 0.65 + 0.25.
    expect(fit.confidence).toBe(0.9);
  });

  it('four days early is on schedule for a Thursday (a long weekend ahead), not for a Wednesday', () => {
    // 2023-09-21 is a Thursday, 2023-06-21 a Wednesday; both four days before the 25th.
    const thursday = fitOf([
      ['2023-07-25', 'C', 300_000, 'NIP CR/ACME LTD/JUL SALARY'],
      ['2023-08-25', 'C', 300_000, 'NIP CR/ACME LTD/AUG SALARY'],
      ['2023-09-21', 'C', 300_000, 'NIP CR/ACME LTD/SEP SALARY'],
      ['2023-10-25', 'C', 300_000, 'NIP CR/ACME LTD/OCT SALARY'],
    ]) as Fit;
    expect(thursday.payDay).toBe(25);
    expect(thursday.payments.map((c) => c.dom)).toEqual([25, 25, 21, 25]);
    const wednesday = fitOf([
      ['2023-04-25', 'C', 300_000, 'NIP CR/ACME LTD/APR SALARY'],
      ['2023-05-25', 'C', 300_000, 'NIP CR/ACME LTD/MAY SALARY'],
      ['2023-06-21', 'C', 300_000, 'NIP CR/ACME LTD/JUN SALARY'],
      ['2023-07-25', 'C', 300_000, 'NIP CR/ACME LTD/JUL SALARY'],
    ]) as Fit;
    expect(wednesday.payDay).toBe(25);
    expect(wednesday.payments.map((c) => c.dom)).toEqual([25, 25, 25]);
  });

  it('a scratch can be reused across fits with no carry-over', () => {
    const scratch = new Scratch(kobo(15_000));
    const first = fitSchedule(credits(salary), scratch) as Fit;
    fitSchedule(credits(monthly('10', 90_000, 'NIP CR/JOHN DOE/GTB')), scratch);
    const again = fitSchedule(credits(salary), scratch) as Fit;
    expect(again.payments.map((c) => c.index)).toEqual(first.payments.map((c) => c.index));
    expect(again.payDay).toBe(first.payDay);
  });
});
