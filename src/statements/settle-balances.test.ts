import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ChainRow, signed } from './chain.js';
import { settleBalances } from './settle-balances.js';

const credit = (amount: number, balance?: number): ChainRow => ({ direction: 'credit', amount, balance });
const debit = (amount: number, balance?: number): ChainRow => ({ direction: 'debit', amount, balance });

describe('settleBalances: one opening and one closing balance for the statement', () => {
  // Opening 500; +1,000 -> 1,500; -200 -> 1,300; +50 -> 1,350; -25 -> 1,325.
  const flows = [1000, -200, 50, -25];
  const rows = (balanced: (i: number) => boolean) => {
    let balance = 500;
    return flows.map((f, i) => {
      balance += f;
      const stated = balanced(i) ? balance : undefined;
      return f > 0 ? credit(f, stated) : debit(-f, stated);
    });
  };
  const truth = { openingBalance: 500, closingBalance: 1325 };

  it('every row balanced: worked back from the first, the last row’s balance', () => {
    expect(
      settleBalances(
        rows(() => true),
        {},
      ),
    ).toEqual(truth);
  });

  it('newest rows without a balance: the closing carries forward through them, not the last stated balance', () => {
    expect(
      settleBalances(
        rows((i) => i < 2),
        {},
      ),
    ).toEqual(truth);
  });

  it('oldest rows without a balance: the opening is worked back through them', () => {
    expect(
      settleBalances(
        rows((i) => i === 3),
        {},
      ),
    ).toEqual(truth);
  });

  it('no row balance: a stated opening gives the closing, a stated closing gives the opening', () => {
    expect(
      settleBalances(
        rows(() => false),
        { openingBalance: 500 },
      ),
    ).toEqual(truth);
    expect(
      settleBalances(
        rows(() => false),
        { closingBalance: 1325 },
      ),
    ).toEqual(truth);
  });

  it('a stated figure wins over the rows', () => {
    expect(
      settleBalances(
        rows((i) => i === 1),
        { openingBalance: 400 },
      ),
    ).toEqual({
      openingBalance: 400,
      closingBalance: 1325,
    });
  });

  it('nothing known: both unknown, never worked out from 0', () => {
    expect(
      settleBalances(
        rows(() => false),
        {},
      ),
    ).toEqual({ openingBalance: undefined, closingBalance: undefined });
    expect(settleBalances([], {})).toEqual({ openingBalance: undefined, closingBalance: undefined });
  });

  it('no rows: the stated opening is the closing too', () => {
    expect(settleBalances([], { openingBalance: 500 })).toEqual({ openingBalance: 500, closingBalance: 500 });
  });

  it('closing less opening is the net of the rows whenever the stated balances chain, whichever rows state one', () => {
    const row = fc.record({
      credit: fc.boolean(),
      amount: fc.integer({ min: 0, max: 10_000_000 }),
      stated: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.array(row, { maxLength: 30 }), (start, list) => {
        let balance = start;
        const chain = list.map((r) => {
          balance += r.credit ? r.amount : -r.amount;
          return (r.credit ? credit : debit)(r.amount, r.stated ? balance : undefined);
        });
        const settled = settleBalances(chain, {});
        if (!list.some((r) => r.stated)) {
          expect(settled).toEqual({ openingBalance: undefined, closingBalance: undefined });
          return;
        }
        expect(settled).toEqual({ openingBalance: start, closingBalance: balance });
        const net = chain.reduce((s, r) => s + signed(r), 0);
        expect((settled.closingBalance as number) - (settled.openingBalance as number)).toBe(net);
      }),
    );
  });
});
