/**
 * The canonical statement every provider format normalises into, and the only input the analytics
 * see. Money is integer minor units; `date` is the account's local calendar day.
 */

export const FORMATS = ['periculum', 'mono', 'okra', 'dojah', 'mbs', 'zeeh'] as const;
export type FormatName = (typeof FORMATS)[number];

export type Direction = 'credit' | 'debit';

/**
 * The most characters a name may have. A statement's name is unique per client through a database
 * index, whose entries are bounded (a 2,700-character name failed the write); a client's name is
 * held to the same bound, and so is a provider's holder name, like any text of a body but a
 * narration (`TEXT_MAX_CHARS`, formats/fields.ts; matching a 100,000-character name against another
 * took 13 s: the name matchers still read no more than this much).
 */
export const NAME_MAX_CHARS = 255;

export interface CanonicalTransaction {
  /** Deterministic: the same statement sent twice gives the same ids. */
  id: string;
  /** Local calendar day, `YYYY-MM-DD`. */
  date: string;
  /** The provider's timestamp when it gave one (ISO 8601). */
  postedAt?: string;
  valueDate?: string;
  direction: Direction;
  /** Positive integer minor units. */
  amount: number;
  /** Running balance after this row, minor units, when the provider gives one. */
  balance?: number;
  /** The narration as the provider wrote it. */
  narration: string;
  reference?: string;
}

export interface CanonicalStatement {
  format: FormatName;
  /** ISO 4217, e.g. `NGN`. */
  currency: string;
  /** IANA zone of the account's calendar, e.g. `Africa/Lagos`. */
  timeZone: string;
  statementName?: string;
  clientFullName?: string;
  account: { number?: string; name?: string; bankName?: string; type?: string };
  holder: { name?: string; bvn?: string; nin?: string };
  /**
   * The balances before the first and after the last transaction, settled once by
   * `assembleStatement` (`settleBalances`) and read as they are everywhere: both known, or both
   * undefined when nothing states a balance.
   */
  openingBalance?: number;
  closingBalance?: number;
  /** Chronological (oldest first); same-day order follows the balance chain when there is one. */
  transactions: CanonicalTransaction[];
}
