import { type Static, Type } from 'typebox';
import {
  CommonNames,
  Money,
  OptionalIdentityNumber,
  OptionalMoney,
  OptionalNarration,
  OptionalText,
  Text,
} from '../fields.js';

/** F2, Mono's transactions (or statement) API: amounts and balances in minor units, newest first. */
export const MonoRow = Type.Object({
  _id: OptionalText,
  id: OptionalText,
  type: Text({ description: '`debit` or `credit`' }),
  amount: Money,
  narration: OptionalNarration,
  date: Text({
    description: 'ISO 8601 timestamp; without an offset it is UTC',
    examples: ['2022-05-30T16:03:00.000Z'],
  }),
  balance: OptionalMoney,
  currency: OptionalText,
});

/** Mono's account details (`GET /accounts/{id}`), optional alongside the rows. */
export const MonoAccount = Type.Object({
  name: OptionalText,
  accountNumber: OptionalText,
  currency: OptionalText,
  type: OptionalText,
  institution: Type.Optional(Type.Union([Type.Object({ name: OptionalText }), Type.Null()])),
  bvn: OptionalIdentityNumber,
});

export const MonoBody = Type.Object({
  ...CommonNames,
  account: Type.Optional(Type.Union([MonoAccount, Type.Null()])),
  meta: Type.Optional(Type.Union([Type.Object({ count: Type.Optional(Type.Number()) }), Type.Null()])),
  data: Type.Array(MonoRow),
});

export type MonoBody = Static<typeof MonoBody>;
