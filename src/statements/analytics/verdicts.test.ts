import { describe, expect, it } from 'vitest';
import { contextOf } from '../../../test/helpers/context-of.js';
import { countedRowsOf, rowsOf, rowsOfEither, slotOf, verdictIndex } from './verdicts.js';

// Rows 0..6; categories in order of first appearance: transfer_in, transfer, utilities, bank_charges, reversal.
const ctx = contextOf([
  ['2023-01-05', 'C', 100_000, 'NIP CR/JOHN DOE/GTB'], // 0 transfer_in
  ['2023-01-06', 'D', 30_000, 'NIBSS Instant Payment Outward TO UBA/KEMI ALABI'], // 1 transfer
  ['2023-01-07', 'D', 9_900, 'WEB PMT QUICKTELLER DSTV SUBSCRIPTION'], // 2 utilities
  ['2023-01-08', 'C', 150_000, 'NIP CR/TUNDE BAKARE/GTB'], // 3 transfer_in
  ['2023-01-09', 'D', 1_000, 'DEBIT CARD REQUEST FEE'], // 4 bank_charges, flagged
  ['2023-01-10', 'D', 20_000, 'NIBSS Instant Payment Outward TO GTB/TUNDE BAKARE'], // 5 transfer
  ['2023-01-11', 'C', 1_000, 'NIP CR/CARD REQUEST'], // 6 reversal, flagged
  ['2023-01-12', 'C', 40_000, 'NIP CR/JOHN DOE/GTB'], // 7 transfer_in
]);
const index = verdictIndex(ctx);

describe('verdictIndex', () => {
  it('numbers the categories in order of first appearance; each row carries its category’s number', () => {
    expect(index.categories.map((c) => c.category)).toEqual([
      'transfer_in',
      'transfer',
      'utilities',
      'bank_charges',
      'reversal',
    ]);
    expect(index.categories.map((c) => c.slot)).toEqual([0, 1, 2, 3, 4]);
    expect(Array.from(index.rowCategory)).toEqual([0, 1, 2, 0, 3, 1, 4, 0]);
    expect(index.byName.get('transfer')).toBe(index.categories[1]);
  });

  it('sums each category by direction: counts, totals in kobo, first rows (-1 for none), largest credit', () => {
    expect(index.byName.get('transfer_in')).toMatchObject({
      creditCount: 3,
      debitCount: 0,
      creditTotal: 29_000_000,
      debitTotal: 0,
      firstCredit: 0,
      firstDebit: -1,
      largestCredit: 15_000_000,
    });
    expect(index.byName.get('transfer')).toMatchObject({
      creditCount: 0,
      debitCount: 2,
      creditTotal: 0,
      debitTotal: 5_000_000,
      firstCredit: -1,
      firstDebit: 1,
      largestCredit: 0,
    });
  });

  it('the turnover of all categories is the statement’s', () => {
    const credits = index.categories.reduce((s, c) => s + c.creditTotal, 0);
    const debits = index.categories.reduce((s, c) => s + c.debitTotal, 0);
    expect([credits, debits]).toEqual([ctx.totalCredit, ctx.totalDebit]);
  });

  it('lists the flagged transactions, ascending', () => {
    expect(index.flagged).toEqual([4, 6]);
  });

  it('is built once per context', () => {
    expect(verdictIndex(ctx)).toBe(index);
  });

  it('a statement without transactions: nothing indexed', () => {
    const empty = verdictIndex(contextOf([]));
    expect(empty.categories).toEqual([]);
    expect(empty.rowCategory).toHaveLength(0);
    expect(empty.flagged).toEqual([]);
    expect(slotOf(empty, 'transfer')).toBe(-1);
  });
});

describe('rowsOf, rowsOfEither, slotOf', () => {
  it('rowsOf: a category’s rows, ascending; none for a category absent', () => {
    expect(Array.from(rowsOf(ctx, 'transfer_in'))).toEqual([0, 3, 7]);
    expect(Array.from(rowsOf(ctx, 'transfer'))).toEqual([1, 5]);
    expect(Array.from(rowsOf(ctx, 'reversal'))).toEqual([6]);
    expect(Array.from(rowsOf(ctx, 'gambling'))).toEqual([]);
  });

  it('rowsOf: the rows of all categories together are every row once', () => {
    const all = index.categories.flatMap((c) => Array.from(rowsOf(ctx, c.category)));
    expect(all.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('rowsOfEither: two categories merged in statement order, either way round', () => {
    expect(Array.from(rowsOfEither(ctx, 'transfer_in', 'transfer'))).toEqual([0, 1, 3, 5, 7]);
    expect(Array.from(rowsOfEither(ctx, 'transfer', 'transfer_in'))).toEqual([0, 1, 3, 5, 7]);
    expect(Array.from(rowsOfEither(ctx, 'reversal', 'bank_charges'))).toEqual([4, 6]);
  });

  it('rowsOfEither: with an absent category, the other one’s rows', () => {
    expect(Array.from(rowsOfEither(ctx, 'gambling', 'transfer'))).toEqual([1, 5]);
    expect(Array.from(rowsOfEither(ctx, 'transfer', 'gambling'))).toEqual([1, 5]);
    expect(Array.from(rowsOfEither(ctx, 'gambling', 'crypto'))).toEqual([]);
  });

  it('slotOf: a category’s number, -1 when no transaction has it', () => {
    expect(slotOf(index, 'utilities')).toBe(2);
    expect(slotOf(index, 'gambling')).toBe(-1);
  });
});

describe('reversal pairs, cancelled rows and inflow', () => {
  // Rows 0..15.
  const paired = contextOf([
    ['2024-01-01', 'C', 100_000, 'NIP CR/JOHN DOE/GTB'], // 0 transfer_in
    ['2024-01-02', 'D', 5_000, 'MTN AIRTIME'], // 1
    ['2024-01-03', 'D', 5_000, 'NIBSS Instant Payment Outward TO UBA/KEMI ALABI'], // 2
    ['2024-01-04', 'C', 5_000, 'REVERSAL MTN AIRTIME'], // 3 names row 1: paired with it, not the later row 2
    ['2024-01-05', 'D', 2_000, 'POS PURCHASE SHOPRITE LEKKI'], // 4
    ['2024-01-06', 'D', 2_000, 'POS PURCHASE SPAR IKEJA'], // 5
    ['2024-01-07', 'C', 2_000, 'REVERSAL'], // 6 names neither: the latest, row 5
    ['2024-01-08', 'C', 2_000, 'REVERSAL'], // 7 row 5 taken: row 4
    ['2024-01-10', 'D', 7_000, 'NIBSS Instant Payment Outward TO UBA/TUNDE BAKARE'], // 8
    ['2024-01-11', 'D', 8_000, 'NIBSS Instant Payment Outward TO UBA/JOHN OKON'], // 9
    ['2024-01-25', 'C', 8_000, 'REV NIBSS Instant Payment Outward TO UBA/JOHN OKON'], // 10 14 days after row 9
    ['2024-01-25', 'C', 7_000, 'REV NIBSS Instant Payment Outward TO UBA/TUNDE BAKARE'], // 11 15 days: unpaired
    ['2024-01-26', 'C', 9_000, 'REVERSAL'], // 12 only a later debit: unpaired
    ['2024-01-26', 'D', 9_000, 'POS PURCHASE SPAR IKEJA'], // 13
    ['2024-01-27', 'D', 0, 'REMITA DD RENMONEY RETURNED INSUFFICIENT FUNDS'], // 14 zero amount
    ['2024-01-28', 'C', 0, 'NIP CR/FAIRMONEY MFB/LOAN'], // 15 zero amount
  ]);
  const v = verdictIndex(paired);

  it('pairs each reversal with the latest earlier debit of its amount within 14 days, one it names first', () => {
    expect(Array.from(rowsOf(paired, 'reversal'))).toEqual([3, 6, 7, 10, 11, 12]);
    expect(v.reversalPairs).toEqual([
      { reversal: 3, debit: 1 },
      { reversal: 6, debit: 5 },
      { reversal: 7, debit: 4 },
      { reversal: 10, debit: 9 },
    ]);
  });

  it('cancels the paired debits and every zero amount, and tallies them per category', () => {
    const cancelled = Array.from(v.cancelled.entries()).filter(([, c]) => c === 1);
    expect(cancelled.map(([i]) => i)).toEqual([1, 4, 5, 9, 14, 15]);
    expect(v.byName.get('airtime_and_data')).toMatchObject({ debitCount: 1, cancelledDebitCount: 1 });
    // Shoprite and Spar: rows 4, 5 and 13 (2,000 + 2,000 + 9,000), rows 4 and 5 paid back.
    expect(v.byName.get('shopping')).toMatchObject({
      debitCount: 3,
      debitTotal: 1_300_000,
      cancelledDebitCount: 2,
      cancelledDebitTotal: 400_000,
    });
    expect(v.byName.get('loan_disbursement')).toMatchObject({ creditCount: 1, cancelledCreditCount: 1 });
    expect(Array.from(countedRowsOf(paired, 'shopping'))).toEqual([13]);
    expect(Array.from(countedRowsOf(paired, 'loan_repayment'))).toEqual([]);
    expect(countedRowsOf(paired, 'transfer_in')).toBe(rowsOf(paired, 'transfer_in'));
  });

  it('inflow: credits except self-transfers and reversals; zero amounts never counted', () => {
    // Row 0 (100,000) and the zero-amount loan; the six reversals (33,000) are left out.
    expect([v.inflow, v.inflowCount]).toEqual([10_000_000, 1]);
  });

  it('inflow keeps loan disbursements and leaves out the holder moving their own money', () => {
    const own = verdictIndex(
      contextOf(
        [
          ['2024-04-01', 'C', 100_000, 'TRF FROM CHIDI OKEKE'],
          ['2024-04-02', 'C', 400_000, 'TRF FROM ADEBAYO JOHN OKAFOR'],
          ['2024-04-02', 'D', 400_000, 'TRF TO ADEBAYO JOHN OKAFOR'],
          ['2024-04-03', 'C', 50_000, 'NIP CR/CARBON FINANCE LIMITED/LOAN DISBURSEMENT'],
        ],
        { holder: 'ADEBAYO JOHN OKAFOR' },
      ),
    );
    // 100,000 + 50,000
    expect([own.inflow, own.inflowCount]).toEqual([15_000_000, 2]);
    expect(own.reversalPairs).toEqual([]);
  });

  it('a returned cheque is cancelled, with the cheque credit of its amount it took back within 14 days', () => {
    const cheques = verdictIndex(
      contextOf([
        ['2022-10-03', 'C', 200_000, 'NIP CR/TUNDE BAKARE/GTB'], // 0
        ['2022-10-04', 'C', 30_000, 'CHEQUE DEPOSIT 00011'], // 1 returned 15 days later: still inflow
        ['2022-10-05', 'C', 50_000, 'TRF FROM CHIDI OKEKE'], // 2 not a cheque: never taken back
        ['2022-10-07', 'C', 50_000, 'CHEQUE DEPOSIT 00012'], // 3
        ['2022-10-08', 'D', 50_000, 'RETURNED CHEQUE 00012 DRAWER DECEASED'], // 4 takes back row 3
        ['2022-10-10', 'C', 50_000, 'REVERSAL'], // 5 never pairs with the returned cheque
        ['2022-10-11', 'D', 50_000, 'INWARD CHQ RETURNED'], // 6 row 3 taken, row 2 no cheque: unpaired
        ['2022-10-19', 'D', 30_000, 'CHQ RETURNED 00011'], // 7 15 days after row 1: unpaired
        ['2022-10-19', 'D', 1_000, 'RETURNED CHEQUE CHARGE CHQ 00011'], // 8 the bank's charge: spent
      ]),
    );
    expect(cheques.returnedChequePairs).toEqual([{ returned: 4, cheque: 3 }]);
    expect(cheques.reversalPairs).toEqual([]);
    const cancelled = Array.from(cheques.cancelled.entries()).filter(([, c]) => c === 1);
    expect(cancelled.map(([i]) => i)).toEqual([3, 4, 6, 7]);
    expect(cheques.byName.get('bank_charges')).toMatchObject({ debitCount: 1, cancelledDebitCount: 0 });
    expect(cheques.byName.get('transfer_in')).toMatchObject({
      cancelledCreditCount: 1,
      cancelledCreditTotal: 5_000_000,
    });
    // 200,000 + 30,000 + 50,000: the cheque returned unpaid and the reversal are not inflow.
    expect([cheques.inflow, cheques.inflowCount]).toEqual([28_000_000, 3]);
  });

  it('the first statement: the card fee refunded two days later is paired', () => {
    expect(index.reversalPairs).toEqual([{ reversal: 6, debit: 4 }]);
    expect(index.inflow).toBe(29_000_000);
  });
});
