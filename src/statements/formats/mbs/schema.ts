import { type Static, Type } from 'typebox';
import {
  OptionalIdentityNumber,
  OptionalMoney,
  OptionalName,
  OptionalNarration,
  OptionalText,
  Text,
} from '../fields.js';

/** F5, MyBankStatement: amounts as numbers in the spec but decimal text in real output. */
export const MbsRow = Type.Object({
  PTransactionDate: Text({ description: 'M/D/YYYY', examples: ['5/3/2021'] }),
  PValueDate: OptionalText,
  PNarration: OptionalNarration,
  PCredit: OptionalMoney,
  PDebit: OptionalMoney,
  PBalance: OptionalMoney,
});

export const MbsJsonData = Type.Object({
  statementName: OptionalName,
  status: OptionalText,
  Name: OptionalText,
  Nuban: OptionalText,
  AccountCategory: OptionalText,
  AccountType: OptionalText,
  AvailableBal: OptionalMoney,
  BookBal: OptionalMoney,
  Period: OptionalText,
  Currency: OptionalText,
  Signatories: Type.Optional(
    Type.Union([Type.Array(Type.Object({ Name: OptionalText, BVN: OptionalIdentityNumber })), Type.Null()]),
  ),
  Details: Type.Array(MbsRow),
});

export const MbsBody = Type.Object({
  bankStatement: Type.Object({
    mbs: Type.Object({ jsonData: MbsJsonData, bank: OptionalText }),
  }),
});

export type MbsBody = Static<typeof MbsBody>;
