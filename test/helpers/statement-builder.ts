import type { CanonicalStatement, CanonicalTransaction } from '../../src/domain/statement.js';
import { settleBalances } from '../../src/statements/settle-balances.js';

/** `[date, 'C' | 'D', naira, narration]` (naira, or major units of `currency`); balances follow from the opening balance. */
export type Row = [date: string, type: 'C' | 'D', naira: number, narration: string];

/**
 * A hand-built canonical statement for section tests: ids `t1`, `t2`, ... in row order, running
 * balances computed from `openingNaira` (so the chain is intact unless a test breaks it).
 */
export function statementOf(
  rows: Row[],
  opts: { holder?: string; openingNaira?: number; balances?: boolean; currency?: string } = {},
): CanonicalStatement {
  let balance = Math.round((opts.openingNaira ?? 0) * 100);
  const opening = balance;
  const transactions: CanonicalTransaction[] = rows.map(([date, type, naira, narration], i) => {
    const amount = Math.round(naira * 100);
    balance += type === 'C' ? amount : -amount;
    return {
      id: `t${i + 1}`,
      date,
      direction: type === 'C' ? 'credit' : 'debit',
      amount,
      balance: opts.balances === false ? undefined : balance,
      narration,
    };
  });
  return {
    format: 'periculum',
    currency: opts.currency ?? 'NGN',
    timeZone: 'Africa/Lagos',
    account: {},
    holder: { name: opts.holder ?? 'ADAEZE CHIOMA NWANKWO' },
    openingBalance: opening,
    closingBalance: balance,
    transactions,
  };
}

/**
 * The statement as a provider without running balances sends it (Dojah, Okra, Mono's null
 * balances), once assembled: no row carries a balance, only the stated balances named in `keep`
 * remain, and the other follows from them as `settleBalances` settles it.
 */
export function withoutRowBalances(
  statement: CanonicalStatement,
  keep: { opening?: boolean; closing?: boolean } = {},
): CanonicalStatement {
  return settled({
    ...statement,
    openingBalance: keep.opening ? statement.openingBalance : undefined,
    closingBalance: keep.closing ? statement.closingBalance : undefined,
    transactions: statement.transactions.map(({ balance: _, ...tx }) => tx),
  });
}

/** The statement with its opening and closing balances settled from its rows, as assembly does. */
export const settled = (statement: CanonicalStatement): CanonicalStatement => ({
  ...statement,
  ...settleBalances(statement.transactions, statement),
});
