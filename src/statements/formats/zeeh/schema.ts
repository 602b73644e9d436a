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

/**
 * F6, Zeeh Africa. The spec's shape has `transactions[]` with `YYYY-MM-DD` dates and negative debit
 * amounts; Zeeh's raw output has `data[]`, `DD/MM/YYYY H:mm:ss` dates, positive text amounts and
 * `closingBalance: ""`. Both are accepted; `type` decides the direction.
 */
export const ZeehRow = Type.Object({
  type: Text({ description: '`debit` or `credit`' }),
  amount: Money,
  narration: OptionalNarration,
  date: Text({ examples: ['2021-05-31', '31/05/2021 11:38:20'] }),
  closingBalance: OptionalMoney,
  tranId: OptionalText,
});

export const ZeehBody = Type.Object({
  ...CommonNames,
  nin: OptionalIdentityNumber,
  bvn: OptionalIdentityNumber,
  accountName: OptionalText,
  accountNumber: OptionalText,
  bankName: OptionalText,
  currency: OptionalText,
  transactions: Type.Optional(Type.Array(ZeehRow)),
  data: Type.Optional(Type.Array(ZeehRow)),
});

export type ZeehBody = Static<typeof ZeehBody>;
