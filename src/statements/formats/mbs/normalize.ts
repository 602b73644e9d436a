import { dayFromMdy } from '../../dates.js';
import {
  type DraftRow,
  type DraftStatement,
  draftRow,
  type NormalizeContext,
  type StatementFormat,
} from '../../format.js';
import { shown } from '../../problems.js';
import {
  dayReader,
  isClosingBalanceRow,
  isOpeningBalanceRow,
  member,
  readIdentityNumber,
  readName,
  readOptionalMajor,
  statementCurrency,
  text,
  unsigned,
} from '../fields.js';
import { MbsBody } from './schema.js';

const readOptionalAmount = unsigned(readOptionalMajor);
const JSON_DATA = '/bankStatement/mbs/jsonData';

/**
 * F5 to the canonical statement. The statement name and holder come from `jsonData`; the
 * transaction date is `PTransactionDate` (the value date can fall before it). A first `OPB Opening
 * Balance` row is no transaction, whatever its `PCredit`/`PDebit`: its `PBalance` is the opening
 * balance; without one it only goes (a credit on that line is no balance to trust). A last `Closing
 * Balance` row of 0 is no transaction either: its `PBalance` is the closing balance.
 */
export function normalize(body: MbsBody, ctx: NormalizeContext): DraftStatement {
  const { problems } = ctx;
  const { jsonData, bank } = body.bankStatement.mbs;
  const statementName = readName(jsonData.statementName, problems, `${JSON_DATA}/statementName`);
  const { currency, calendar } = statementCurrency(ctx, { value: jsonData.Currency, path: `${JSON_DATA}/Currency` });
  const list = jsonData.Details;
  const readDay = dayReader(dayFromMdy, 'a M/D/YYYY date', problems);
  const rows: DraftRow[] = [];
  let openingBalance: number | undefined;
  let closingBalance: number | undefined;
  const at = `${JSON_DATA}/Details`;
  for (const [i, r] of list.entries()) {
    const date = readDay(r.PTransactionDate, at, i, 'PTransactionDate');
    const valueDate = r.PValueDate ? readDay(r.PValueDate, at, i, 'PValueDate') : undefined;
    const credit = readOptionalAmount(r.PCredit, problems, at, i, 'PCredit') ?? 0;
    const debit = readOptionalAmount(r.PDebit, problems, at, i, 'PDebit') ?? 0;
    const balance = readOptionalMajor(r.PBalance, problems, at, i, 'PBalance');
    if (credit !== 0 && debit !== 0) {
      problems.add(`${at}/${i}`, `has both a credit (${shown(r.PCredit)}) and a debit (${shown(r.PDebit)})`);
      continue;
    }
    if (date === undefined) continue;
    const narration = r.PNarration ?? '';
    if (rows.length === 0 && isOpeningBalanceRow(narration)) {
      openingBalance ??= balance;
      continue;
    }
    if (i === list.length - 1 && isClosingBalanceRow(narration, credit + debit)) {
      closingBalance = balance;
      continue;
    }
    const direction = credit !== 0 ? 'credit' : 'debit';
    const amount = credit !== 0 ? credit : debit;
    rows.push(draftRow({ date, valueDate, direction, amount, balance, narration }));
  }
  const bvn = (jsonData.Signatories ?? [])
    .map((s, j) => readIdentityNumber(given(s.BVN), problems, `${JSON_DATA}/Signatories/${j}/BVN`))
    .find((b) => b !== undefined);
  return {
    currency: currency ?? 'NGN',
    timeZone: calendar.timeZone,
    statementName,
    clientFullName: text(jsonData.Name),
    account: {
      number: text(jsonData.Nuban),
      name: text(jsonData.Name),
      bankName: text(bank),
      type: text(jsonData.AccountType),
    },
    holder: { name: text(jsonData.Name), bvn },
    openingBalance,
    closingBalance,
    rows,
    rowsPath: at,
  };
}

/** MBS writes `N/A` for a signatory's BVN it does not have (the published sample does). */
const given = (bvn: string | null | undefined) => (bvn?.trim().toUpperCase() === 'N/A' ? undefined : bvn);

export const mbs = {
  name: 'mbs',
  label: 'F5',
  schema: MbsBody,
  statementNamePath: `${JSON_DATA}/statementName`,
  looksLike: (body: unknown) =>
    member(member(body, 'bankStatement'), 'mbs') !== undefined || Array.isArray(member(body, 'Details')),
  normalize,
} satisfies StatementFormat<typeof MbsBody>;
