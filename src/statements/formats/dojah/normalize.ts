import { dayFromYmd } from '../../dates.js';
import {
  type DraftRow,
  type DraftStatement,
  draftRow,
  type NormalizeContext,
  providerIds,
  type StatementFormat,
} from '../../format.js';
import {
  dayReader,
  member,
  readCommonNames,
  readDirection,
  readMajor,
  readOptionalMajor,
  statementCurrency,
  text,
  unsigned,
} from '../fields.js';
import { DojahBody } from './schema.js';

const readAmount = unsigned(readMajor);

/** F4 to the canonical statement. */
export function normalize(body: DojahBody, ctx: NormalizeContext): DraftStatement {
  const { problems } = ctx;
  const names = readCommonNames(body, problems);
  const { currency, calendar } = statementCurrency(ctx);
  const list = body.entity.transactions;
  const readDay = dayReader(dayFromYmd, 'a YYYY-MM-DD date', problems);
  const rows: DraftRow[] = [];
  const at = '/entity/transactions';
  for (const [i, r] of list.entries()) {
    const date = readDay(r.transaction_date, at, i, 'transaction_date');
    const valueDate = r.value_date ? readDay(r.value_date, at, i, 'value_date') : undefined;
    const direction = readDirection(r.trans_type, problems, at, i, 'trans_type');
    const amount = readAmount(r.amount, problems, at, i, 'amount');
    const balance = readOptionalMajor(r.available_balance, problems, at, i, 'available_balance');
    if (date === undefined || direction === undefined || amount === undefined) continue;
    const ref = r.reference;
    const reference = ref && ref !== '0' ? ref : undefined; // "0" stands for none
    rows.push(draftRow({ date, valueDate, direction, amount, balance, narration: r.narration ?? '', reference }));
  }
  return {
    currency: currency ?? 'NGN',
    timeZone: calendar.timeZone,
    ...names,
    account: { bankName: text(list[0]?.bank_name) },
    holder: {},
    rows,
    rowsPath: at,
    providerId: providerIds(list, rows, (r) => (typeof r.id === 'number' ? String(r.id) : text(r.id))),
  };
}

export const dojah = {
  name: 'dojah',
  label: 'F4',
  schema: DojahBody,
  statementNamePath: '/statementName',
  looksLike: (body: unknown) => Array.isArray(member(member(body, 'entity'), 'transactions')),
  normalize,
} satisfies StatementFormat<typeof DojahBody>;
