import { dayFromMdy } from '../../dates.js';
import {
  type DraftRow,
  type DraftStatement,
  draftRow,
  type NormalizeContext,
  type StatementFormat,
} from '../../format.js';
import {
  dayReader,
  firstOf,
  isClosingBalanceRow,
  isOpeningBalanceRow,
  readCommonNames,
  readDirection,
  readMajor,
  readOptionalMajor,
  statementCurrency,
  unsigned,
} from '../fields.js';
import { PericulumBody } from './schema.js';

const readAmount = unsigned(readMajor);

/**
 * F1 to the canonical statement. A first `opb opening balance` row is no transaction: its balance
 * is the opening balance, its amount is ignored; without a balance it only goes (the opening then
 * follows from the rows' balances, if any: an amount is no balance). A last `Closing Balance` row of
 * 0 is no transaction either: its balance is the closing balance.
 */
export function normalize(body: PericulumBody, ctx: NormalizeContext): DraftStatement {
  const { problems } = ctx;
  const names = readCommonNames(body, problems);
  const { currency, calendar } = statementCurrency(ctx);
  const readDay = dayReader(dayFromMdy, 'a M/D/YYYY date', problems);
  const rows: DraftRow[] = [];
  let openingBalance: number | undefined;
  let closingBalance: number | undefined;
  const list = body.transactions;
  const at = '/transactions';
  for (const [i, r] of list.entries()) {
    const date = readDay(r.date, at, i, 'date');
    const direction = readDirection(r.type, problems, at, i, 'type');
    const amount = readAmount(r.amount, problems, at, i, 'amount');
    const balance = readOptionalMajor(r.balance, problems, at, i, 'balance');
    if (date === undefined || direction === undefined || amount === undefined) continue;
    const narration = r.description ?? '';
    if (rows.length === 0 && isOpeningBalanceRow(narration)) {
      openingBalance ??= balance;
      continue;
    }
    if (i === list.length - 1 && isClosingBalanceRow(narration, amount)) {
      closingBalance = balance;
      continue;
    }
    rows.push(draftRow({ date, direction, amount, balance, narration }));
  }
  return {
    currency: currency ?? 'NGN',
    timeZone: calendar.timeZone,
    ...names,
    account: {},
    holder: {},
    openingBalance,
    closingBalance,
    rows,
    rowsPath: at,
  };
}

export const periculum = {
  name: 'periculum',
  label: 'F1',
  schema: PericulumBody,
  statementNamePath: '/statementName',
  looksLike: (body: unknown) => {
    const first = firstOf(body, 'transactions');
    return typeof first === 'object' && first !== null && 'description' in first && 'type' in first;
  },
  normalize,
} satisfies StatementFormat<typeof PericulumBody>;
