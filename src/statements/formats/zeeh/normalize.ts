import { type DayReading, dayFromDmy, dayFromYmd } from '../../dates.js';
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
  firstOf,
  member,
  readCommonNames,
  readDirection,
  readIdentityNumber,
  readMajor,
  readOptionalMajor,
  statementCurrency,
  text,
} from '../fields.js';
import { ZeehBody } from './schema.js';

const dayFromEither = (t: string): DayReading => (t.charCodeAt(4) === 45 ? dayFromYmd(t) : dayFromDmy(t));

/** F6 to the canonical statement; the identity numbers at the top level become the holder's. */
export function normalize(body: ZeehBody, ctx: NormalizeContext): DraftStatement {
  const { problems } = ctx;
  const names = readCommonNames(body, problems);
  const { currency, calendar } = statementCurrency(ctx, { value: body.currency, path: '/currency' });
  const key = body.transactions ? 'transactions' : 'data';
  const list = body.transactions ?? body.data;
  const readDay = dayReader(dayFromEither, 'a YYYY-MM-DD or DD/MM/YYYY date', problems);
  const rows: DraftRow[] = [];
  if (!list) problems.add('/transactions', 'is required (or data, as Zeeh sends it)');
  else if (body.transactions && body.data) problems.add('/data', 'give one of transactions or data, not both');
  const at = `/${key}`;
  for (const [i, r] of (list ?? []).entries()) {
    const date = readDay(r.date, at, i, 'date');
    const direction = readDirection(r.type, problems, at, i, 'type');
    const amount = readMajor(r.amount, problems, at, i, 'amount');
    const balance = readOptionalMajor(r.closingBalance, problems, at, i, 'closingBalance');
    if (date === undefined || direction === undefined || amount === undefined) continue;
    const reference = text(r.tranId);
    rows.push(
      draftRow({ date, direction, amount: Math.abs(amount), balance, narration: r.narration ?? '', reference }),
    );
  }
  return {
    currency: currency ?? 'NGN',
    timeZone: calendar.timeZone,
    ...names,
    account: { number: text(body.accountNumber), name: text(body.accountName), bankName: text(body.bankName) },
    holder: {
      name: text(body.accountName),
      bvn: readIdentityNumber(body.bvn, problems, '/bvn'),
      nin: readIdentityNumber(body.nin, problems, '/nin'),
    },
    rows,
    rowsPath: at,
    providerId: list && providerIds(list, rows, (r) => text(r.tranId)),
  };
}

export const zeeh = {
  name: 'zeeh',
  label: 'F6',
  schema: ZeehBody,
  statementNamePath: '/statementName',
  looksLike: (body: unknown) => {
    const first = firstOf(body, 'transactions') ?? firstOf(body, 'data');
    if (typeof first === 'object' && first !== null && ('tranId' in first || 'closingBalance' in first)) return true;
    return member(body, 'nin') !== undefined && member(body, 'transactions') !== undefined;
  },
  normalize,
} satisfies StatementFormat<typeof ZeehBody>;
