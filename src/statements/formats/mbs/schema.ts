import { type Static, Type } from 'typebox';
import { OptionalMoney, OptionalText } from '../fields.js';

/** F5, MyBankStatement: amounts as numbers in the spec but decimal text in real output. */
export const MbsRow = Type.Object({
  PTransactionDate: Type.String({ description: 'M/D/YYYY', examples: ['5/3/2021'] }),
  PValueDate: OptionalText,
  PNarration: OptionalText,
  PCredit: OptionalMoney,
  PDebit: OptionalMoney,
  PBalance: OptionalMoney,
});

export const MbsJsonData = Type.Object({
  statementName: OptionalText,
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
    Type.Union([Type.Array(Type.Object({ Name: OptionalText, BVN: OptionalText })), Type.Null()]),
  ),
  Details: Type.Array(MbsRow),
});

export const MbsBody = Type.Object({
  bankStatement: Type.Object({
    mbs: Type.Object({ jsonData: MbsJsonData, bank: OptionalText }),
  }),
});

export type MbsBody = Static<typeof MbsBody>;
