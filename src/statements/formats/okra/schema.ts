import { type Static, Type } from 'typebox';
import {
  CommonNames,
  OptionalIdentityNumber,
  OptionalMoney,
  OptionalNarration,
  OptionalText,
  Text,
} from '../fields.js';

const Named = Type.Object({ _id: OptionalText, name: OptionalText, bvn: OptionalIdentityNumber });

/** F3, Okra's transactions API: exactly one of `credit`/`debit` per row, naira as numbers or text. */
export const OkraRow = Type.Object({
  _id: OptionalText,
  id: OptionalText,
  credit: OptionalMoney,
  debit: OptionalMoney,
  balance: OptionalMoney,
  currency: OptionalText,
  trans_date: OptionalText,
  cleared_date: OptionalText,
  unformatted_trans_date: OptionalText,
  unformatted_cleared_date: OptionalText,
  ref: OptionalText,
  notes: Type.Optional(Type.Union([Type.Object({ desc: OptionalNarration }), Type.Null()])),
  // Sometimes a bare id string instead of an object.
  customer: Type.Optional(Type.Union([Named, Text(), Type.Null()])),
  account: Type.Optional(
    Type.Union([Type.Object({ _id: OptionalText, nuban: OptionalText, name: OptionalText }), Text(), Type.Null()]),
  ),
  bank: Type.Optional(Type.Union([Type.Object({ name: OptionalText }), Text(), Type.Null()])),
});

export const OkraBody = Type.Object({
  ...CommonNames,
  data: Type.Object({ transaction: Type.Array(OkraRow) }),
});

export type OkraBody = Static<typeof OkraBody>;
export type OkraRow = Static<typeof OkraRow>;
