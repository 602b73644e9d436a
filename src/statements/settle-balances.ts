import { type ChainRow, signed } from './chain.js';

/** A statement's opening and closing balances, minor units: both known, or both undefined. */
export interface SettledBalances {
  openingBalance: number | undefined;
  closingBalance: number | undefined;
}

/**
 * The statement's opening and closing balances, settled once (by `assembleStatement`) and read
 * everywhere else. `rows` are in chronological order; `stated` holds what the provider stated.
 * Each figure is stated; else it follows from the row balances: the opening worked back from the
 * first row with a balance, the closing carried forward from the last one through the rows after
 * it (newer Mono rows, Dojah, MBS `PBalance: ""` give none); else, when no row states a balance,
 * from the other stated figure (the opening forward, the closing back). Nothing known: both
 * undefined, never balances worked out from an assumed 0.
 */
export function settleBalances(
  rows: readonly ChainRow[],
  stated: { openingBalance?: number; closingBalance?: number },
): SettledBalances {
  let opening = stated.openingBalance;
  let closing = stated.closingBalance;
  // Both loops stop at the first balance they meet: a full pass only when no row states one.
  if (opening === undefined) {
    let net = 0;
    for (const row of rows) {
      net += signed(row);
      if (row.balance !== undefined) {
        opening = row.balance - net;
        break;
      }
    }
  }
  let after = 0;
  let rowBalance = false;
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i] as ChainRow;
    if (row.balance !== undefined) {
      rowBalance = true;
      closing ??= row.balance + after;
      break;
    }
    after += signed(row);
  }
  // No row states a balance: `after` is the statement's net, and one stated figure gives the other.
  if (!rowBalance) {
    if (opening === undefined && closing !== undefined) opening = closing - after;
    else if (closing === undefined && opening !== undefined) closing = opening + after;
  }
  return { openingBalance: opening, closingBalance: closing };
}
