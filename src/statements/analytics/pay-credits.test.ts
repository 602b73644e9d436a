import { describe, expect, it } from 'vitest';
import { contextOf } from '../../../test/helpers/context-of.js';
import type { Row } from '../../../test/helpers/statement-builder.js';
import type { Verdict } from './categorise/categorise.js';
import { relabel } from './context.js';
import { payCredits } from './pay-credits.js';
import { streamsIndex } from './streams-index.js';

const creditsOf = (rows: Row[]) => payCredits(streamsIndex(contextOf(rows)));
const tenDays = (narration: string): Row[] =>
  Array.from({ length: 10 }, (_, i): Row => [`2023-02-${String(i + 1).padStart(2, '0')}`, 'C', 5_000, narration]);

const rows: Row[] = [
  ['2023-01-25', 'C', 300_000, 'NIP CR/ACME LTD/JAN SALARY'], // 0 salary, ACME LTD
  ...tenDays('NIP CR/TUNDE BAKARE/GTB'), // 1..10 transfer_in, ten credits in ten days
  ['2023-02-24', 'C', 300_000, 'NIP CR/ACME LIMITED/FEB'], // 11 transfer_in, ACME LIMITED
  ['2023-02-25', 'C', 500, 'INTEREST PAID ON SAVINGS'], // 12 interest
  ['2023-03-01', 'C', 2_000, 'Cashback | Airtime bonus'], // 13 other_income
  ['2023-03-05', 'C', 80_000, 'NIP CR/FAIRMONEY MFB/LOAN'], // 14 loan_disbursement
  ['2023-03-10', 'C', 10_000, 'TRANSFER from ADAEZE CHIOMA NWANKWO to ADAEZE NWANKWO'], // 15 self_transfer
  ['2023-03-24', 'C', 300_000, 'NIP CR/ACME LTD/MAR SALARY'], // 16 salary, ACME LTD
  ['2023-03-25', 'C', 200_000, 'NIP CR/LTD/SALARY'], // 17 salary, counterparty only a suffix
  ['2023-03-26', 'C', 1_000, 'NIP CR/LTD/GTB'], // 18 transfer_in, counterparty only a suffix
  ['2023-03-27', 'C', 3_000, 'CR'], // 19 other, no counterparty
  ['2023-03-28', 'C', 250_000, 'SALARY'], // 20 salary, no counterparty
  ['2023-03-29', 'D', 300_000, 'NIBSS Instant Payment Outward TO UBA/ACME LTD'], // 21 a debit
];
const pay = creditsOf(rows);

describe('payCredits', () => {
  it('candidate pay by payer, in order of first credit; the suffix-free name is the key, the first credit’s the name', () => {
    expect(pay.payers).toEqual([
      { key: 'ACME', name: 'ACME LTD', rows: [0, 11, 16], keyword: true },
      { key: 'SALARY', name: 'SALARY', rows: [17, 20], keyword: true },
    ]);
  });

  it('credits named as salary, ascending, with or without a counterparty', () => {
    expect(pay.named).toEqual([0, 16, 17, 20]);
  });

  it('other income: other_income and interest credits, ascending', () => {
    expect(pay.other).toEqual([12, 13]);
  });

  it('never takes loans, self-transfers, suffix-only payers not named salary, or debits for pay', () => {
    const payRows = pay.payers.flatMap((p) => p.rows);
    for (const row of [14, 15, 18, 19, 21]) expect(payRows).not.toContain(row);
  });

  it('a payer not named salary sending more than three credits a month is left out', () => {
    expect(pay.payers.map((p) => p.key)).not.toContain('TUNDE BAKARE');
  });

  it('three credits in one day are kept; four are too many', () => {
    const day = (n: number): Row[] =>
      Array.from({ length: n }, (): Row => ['2023-01-10', 'C', 5_000, 'NIP CR/ALABI FOODS LTD/GTB']);
    expect(creditsOf(day(3)).payers).toEqual([
      { key: 'ALABI FOODS', name: 'ALABI FOODS LTD', rows: [0, 1, 2], keyword: false },
    ]);
    expect(creditsOf(day(4)).payers).toEqual([]);
  });

  it('a payer named salary is kept however often it pays', () => {
    expect(creditsOf(tenDays('NIP CR/ACME LTD/SALARY')).payers).toEqual([
      { key: 'ACME', name: 'ACME LTD', rows: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], keyword: true },
    ]);
  });

  it('one monthly payer, one bucket: its rows, not named salary', () => {
    const monthly = creditsOf([
      ['2023-01-28', 'C', 90_000, 'NIP CR/DOE MOTORS LTD/GTB'],
      ['2023-02-28', 'C', 90_000, 'NIP CR/DOE MOTORS LTD/GTB'],
      ['2023-03-28', 'C', 90_000, 'NIP CR/DOE MOTORS LTD/GTB'],
    ]);
    expect(monthly).toEqual({
      payers: [{ key: 'DOE MOTORS', name: 'DOE MOTORS LTD', rows: [0, 1, 2], keyword: false }],
      named: [],
      other: [],
    });
  });

  it('no employer: a private person saying nothing of pay, a relative, or money sent with a note of support', () => {
    const monthly = (narration: string): Row[] =>
      ['01', '02', '03'].map((m): Row => [`2023-${m}-28`, 'C', 90_000, narration]);
    // Holder ADAEZE CHIOMA NWANKWO.
    for (const narration of [
      'NIP CR/JOHN DOE/GTB',
      'NIP CR/EMEKA NWANKWO/GTB',
      'NIP CR/JOHN DOE/UPKEEP',
      'NIP CR/EMEKA NWANKWO/SALARY',
      'CASH DEPOSIT',
    ]) {
      expect([narration, creditsOf(monthly(narration)).payers]).toEqual([narration, []]);
    }
    // A person saying it is pay may be an employer; one credit of the payer's saying so is enough.
    expect(creditsOf(monthly('NIP CR/JOHN DOE/SALARY')).payers).toEqual([
      { key: 'JOHN DOE', name: 'JOHN DOE', rows: [0, 1, 2], keyword: true },
    ]);
    const once = creditsOf([...monthly('NIP CR/JOHN DOE/GTB'), ['2023-04-28', 'C', 90_000, 'NIP CR/JOHN DOE/APR PAY']]);
    expect(once.payers).toEqual([{ key: 'JOHN DOE', name: 'JOHN DOE', rows: [0, 1, 2, 3], keyword: false }]);
  });

  it('an entity bucket naming several counterparties: each row goes to its own counterparty', () => {
    const ctx = contextOf([
      ['2023-01-05', 'C', 10_000, 'CASH DEPOSIT'],
      ['2023-02-05', 'C', 10_000, 'CASH DEPOSIT'],
      ['2023-03-05', 'C', 10_000, 'CASH DEPOSIT'],
    ]);
    // A cash deposit names no employer: the rows are taken as an employer's to follow them.
    relabel(ctx, [0, 2], { ...(ctx.labels[0] as Verdict), payer: 'employer' });
    relabel(ctx, [1], { ...(ctx.labels[1] as Verdict), counterparty: 'KEMI ALABI', payer: 'employer' });
    expect(payCredits(streamsIndex(ctx)).payers).toEqual([
      { key: 'CASH DEPOSIT', name: 'CASH DEPOSIT', rows: [0, 2], keyword: false },
      { key: 'KEMI ALABI', name: 'KEMI ALABI', rows: [1], keyword: false },
    ]);
  });

  it('no credits: nothing', () => {
    expect(creditsOf([])).toEqual({ payers: [], named: [], other: [] });
    expect(creditsOf([['2023-01-05', 'D', 1_000, 'NIBSS Instant Payment Outward TO UBA/KEMI ALABI']])).toEqual({
      payers: [],
      named: [],
      other: [],
    });
  });
});
