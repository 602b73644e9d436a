/** The channel and category tokens every transaction gets (issue 4's exact lists). */

export const CHANNELS = [
  'transfer',
  'pos',
  'atm',
  'web',
  'ussd',
  'agent',
  'cheque',
  'direct_debit',
  'bank_charge',
  'other',
] as const;
export type Channel = (typeof CHANNELS)[number];

export const DEBIT_CATEGORIES = [
  'airtime_and_data',
  'utilities',
  'gambling',
  'loan_repayment',
  'bank_charges',
  'savings_and_investments',
  'crypto',
  'transportation',
  'health',
  'travel',
  'entertainment',
  'hospitality_and_food',
  'rent',
  'insurance',
  'education',
  'shopping',
  'cash_withdrawal',
  'transfer',
  'self_transfer',
  'international',
  'other',
] as const;
export type DebitCategory = (typeof DEBIT_CATEGORIES)[number];

export const CREDIT_CATEGORIES = [
  'salary',
  'other_income',
  'loan_disbursement',
  'gambling_winnings',
  'reversal',
  'self_transfer',
  'transfer_in',
  'interest',
  'other',
] as const;
export type CreditCategory = (typeof CREDIT_CATEGORIES)[number];

export type Category = DebitCategory | CreditCategory;

const debitSet: ReadonlySet<string> = new Set(DEBIT_CATEGORIES);
const creditSet: ReadonlySet<string> = new Set(CREDIT_CATEGORIES);
const channelSet: ReadonlySet<string> = new Set(CHANNELS);

export const isDebitCategory = (value: string): value is DebitCategory => debitSet.has(value);
export const isCreditCategory = (value: string): value is CreditCategory => creditSet.has(value);
export const isChannel = (value: string): value is Channel => channelSet.has(value);

/** Credits that may be pay; self-transfers, loans, gambling winnings, reversals and interest never are. */
export const isPayCandidate = (category: string): boolean =>
  category === 'salary' || category === 'transfer_in' || category === 'other';
