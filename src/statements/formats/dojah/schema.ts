import { type Static, Type } from 'typebox';
import { CommonNames, Money, OptionalMoney, OptionalNarration, OptionalText, Text } from '../fields.js';

/** F4, Dojah's account transactions: decimal-text amounts, `YYYY-MM-DD` dates, newest first. */
export const DojahRow = Type.Object({
  id: Type.Optional(Type.Union([Type.Number(), Text(), Type.Null()])),
  transaction_date: Text({ examples: ['2020-09-28'] }),
  value_date: OptionalText,
  trans_type: Text({ description: '`debit` or `credit`' }),
  bank_name: OptionalText,
  amount: Money,
  available_balance: OptionalMoney,
  reference: OptionalText,
  narration: OptionalNarration,
});

export const DojahBody = Type.Object({
  ...CommonNames,
  entity: Type.Object({
    transactions: Type.Array(DojahRow),
    // `next_page` is a number or an empty string in real answers.
    next_page: Type.Optional(Type.Union([Type.Number(), Text(), Type.Null()])),
  }),
});

export type DojahBody = Static<typeof DojahBody>;
