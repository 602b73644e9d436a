import { type Static, Type } from 'typebox';
import { CommonNames, Money, OptionalMoney, OptionalText } from '../fields.js';

/** F1, the service's native shape: `transactions[]` with M/D/YYYY dates and `Debit`/`Credit` types. */
export const PericulumRow = Type.Object({
  date: Type.String({ description: 'M/D/YYYY, padding optional', examples: ['6/17/2020'] }),
  description: OptionalText,
  balance: OptionalMoney,
  amount: Money,
  type: Type.String({ description: '`Debit` or `Credit`, any case' }),
});

export const PericulumBody = Type.Object({
  ...CommonNames,
  transactions: Type.Array(PericulumRow),
});

export type PericulumBody = Static<typeof PericulumBody>;
