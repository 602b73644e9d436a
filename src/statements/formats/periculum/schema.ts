import { type Static, Type } from 'typebox';
import { CommonNames, Money, OptionalMoney, OptionalNarration, Text } from '../fields.js';

/** F1, the service's native shape: `transactions[]` with M/D/YYYY dates and `Debit`/`Credit` types. */
export const PericulumRow = Type.Object({
  date: Text({ description: 'M/D/YYYY, padding optional', examples: ['6/17/2020'] }),
  description: OptionalNarration,
  balance: OptionalMoney,
  amount: Money,
  type: Text({ description: '`Debit` or `Credit`, any case' }),
});

export const PericulumBody = Type.Object({
  ...CommonNames,
  transactions: Type.Array(PericulumRow),
});

export type PericulumBody = Static<typeof PericulumBody>;
