import { asUtcInstant } from '../../dates.js';
import {
  type DraftRow,
  type DraftStatement,
  draftRow,
  type NormalizeContext,
  providerIds,
  type StatementFormat,
} from '../../format.js';
import {
  checkRowCurrency,
  dayReader,
  firstOf,
  readCommonNames,
  readDirection,
  readIdentityNumber,
  readMinor,
  statementCurrency,
  text,
  unsigned,
} from '../fields.js';
import { MonoBody } from './schema.js';

const readAmount = unsigned(readMinor);

/**
 * F2 to the canonical statement. Mono's amounts are already kobo; its timestamps are UTC instants,
 * and one written without an offset is read as UTC too.
 */
export function normalize(body: MonoBody, ctx: NormalizeContext): DraftStatement {
  const { problems } = ctx;
  const names = readCommonNames(body, problems);
  const account = body.account ?? undefined;
  const { currency, calendar } = statementCurrency(
    ctx,
    text(account?.currency) !== undefined
      ? { value: account?.currency, path: '/account/currency' }
      : { value: body.data[0]?.currency, path: '/data/0/currency' },
  );
  const readDay = dayReader((t) => calendar.dayFromIso(t, true), 'an ISO 8601 timestamp', problems);
  const rows: DraftRow[] = [];
  const list = body.data;
  const at = '/data';
  for (const [i, r] of list.entries()) {
    const date = readDay(r.date, at, i, 'date');
    const direction = readDirection(r.type, problems, at, i, 'type');
    const amount = readAmount(r.amount, problems, at, i, 'amount');
    const b = r.balance;
    checkRowCurrency(r.currency, currency, problems, at, i);
    const balance = b === null || b === undefined || b === '' ? undefined : readMinor(b, problems, at, i, 'balance');
    if (date === undefined || direction === undefined || amount === undefined) continue;
    const postedAt = asUtcInstant(r.date);
    const reference = monoId(r);
    rows.push(draftRow({ date, postedAt, direction, amount, balance, narration: r.narration ?? '', reference }));
  }
  return {
    currency: currency ?? 'NGN',
    timeZone: calendar.timeZone,
    ...names,
    account: {
      number: text(account?.accountNumber),
      name: text(account?.name),
      bankName: text(account?.institution?.name),
      type: text(account?.type),
    },
    holder: { name: text(account?.name), bvn: readIdentityNumber(account?.bvn, problems, '/account/bvn') },
    rows,
    rowsPath: at,
    providerId: providerIds(list, rows, monoId),
  };
}

/** Mono's id of a row, also its reference: `_id`, or `id` in the newer API. */
const monoId = (r: MonoBody['data'][number]): string | undefined => r._id || r.id || undefined;

export const mono = {
  name: 'mono',
  label: 'F2',
  schema: MonoBody,
  statementNamePath: '/statementName',
  looksLike: (body: unknown) => {
    const first = firstOf(body, 'data');
    return typeof first === 'object' && first !== null && ('_id' in first || 'balance' in first) && 'type' in first;
  },
  normalize,
} satisfies StatementFormat<typeof MonoBody>;
