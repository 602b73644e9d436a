import { dayFromDmy } from '../../dates.js';
import {
  type DraftRow,
  type DraftStatement,
  draftRow,
  type NormalizeContext,
  providerIds,
  type StatementFormat,
} from '../../format.js';
import { shown } from '../../problems.js';
import {
  checkRowCurrency,
  dayReader,
  member,
  readCommonNames,
  readIdentityNumber,
  readOptionalMajor,
  SameOnEveryRow,
  statementCurrency,
  text,
  unsigned,
} from '../fields.js';
import { OkraBody, type OkraRow } from './schema.js';

const readOptionalAmount = unsigned(readOptionalMajor);

/**
 * F3 to the canonical statement. `trans_date` (an ISO instant) is the posting date; when it is
 * empty the bank's own `unformatted_trans_date` (DD-MM-YYYY) is used.
 */
export function normalize(body: OkraBody, ctx: NormalizeContext): DraftStatement {
  const { problems } = ctx;
  const names = readCommonNames(body, problems);
  const list = body.data.transaction;
  const at = '/data/transaction';
  const named = list.findIndex((r) => text(r.currency) !== undefined);
  const { currency, calendar } = statementCurrency(ctx, {
    value: list[named]?.currency,
    path: `${at}/${named}/currency`,
  });
  const readIso = dayReader((t) => calendar.dayFromIso(t), 'an ISO 8601 timestamp', problems);
  const readDmy = dayReader(dayFromDmy, 'a DD-MM-YYYY date', problems);
  const rows: DraftRow[] = [];
  const bvn = new SameOnEveryRow(at, 'customer/bvn');
  const nuban = new SameOnEveryRow(at, 'account/nuban');
  for (const [i, r] of list.entries()) {
    const credit = readOptionalAmount(r.credit, problems, at, i, 'credit');
    const debit = readOptionalAmount(r.debit, problems, at, i, 'debit');
    const balance = readOptionalMajor(r.balance, problems, at, i, 'balance');
    checkRowCurrency(r.currency, currency, problems, at, i);
    if (typeof r.customer === 'object' && r.customer !== null && r.customer.bvn) {
      bvn.take(readIdentityNumber(r.customer.bvn, problems, `${at}/${i}/customer/bvn`), i, problems);
    }
    if (typeof r.account === 'object' && r.account !== null) nuban.take(text(r.account.nuban), i, problems);
    const posted = r.trans_date || undefined;
    let date: string | undefined;
    if (posted !== undefined) date = readIso(posted, at, i, 'trans_date');
    else if (r.unformatted_trans_date) date = readDmy(r.unformatted_trans_date, at, i, 'unformatted_trans_date');
    else problems.add(`${at}/${i}/trans_date`, noPostingDate(r.trans_date));
    const hasCredit = credit !== undefined && credit !== 0;
    const hasDebit = debit !== undefined && debit !== 0;
    if (hasCredit && hasDebit) {
      problems.add(`${at}/${i}`, `has both a credit (${shown(r.credit)}) and a debit (${shown(r.debit)})`);
      continue;
    }
    if (credit === undefined && debit === undefined) {
      if (empty(r.credit) && empty(r.debit)) problems.add(`${at}/${i}`, 'has neither a credit nor a debit');
      continue;
    }
    if (date === undefined) continue;
    const isCredit = hasCredit || (!hasDebit && debit === undefined);
    const amount = (isCredit ? credit : debit) ?? 0;
    const reference = r.ref ? text(r.ref) : undefined;
    const direction = isCredit ? 'credit' : 'debit';
    rows.push(
      draftRow({ date, postedAt: posted, direction, amount, balance, narration: r.notes?.desc ?? '', reference }),
    );
  }
  // Holder, account and bank are repeated on every row; some rows carry only ids (or nulls). The
  // holder's BVN and the account number must be one (two would be two statements joined).
  const customer = firstObject(
    list,
    (r) => r.customer,
    (c) => Boolean(c.name),
  );
  const account = firstObject(
    list,
    (r) => r.account,
    (a) => Boolean(a.nuban),
  );
  const bank = firstObject(
    list,
    (r) => r.bank,
    (b) => Boolean(b.name),
  );
  return {
    currency: currency ?? 'NGN',
    timeZone: calendar.timeZone,
    ...names,
    account: { number: nuban.value, name: text(account?.name), bankName: text(bank?.name) },
    holder: { name: text(customer?.name), bvn: bvn.value },
    rows,
    rowsPath: at,
    providerId: providerIds(list, rows, (r) => text(r._id) ?? text(r.id)),
  };
}

/** The first member that is an object, preferring one that `complete` accepts. */
function firstObject<T extends object>(
  list: readonly OkraRow[],
  pick: (r: OkraRow) => T | string | null | undefined,
  complete: (v: T) => boolean,
): T | undefined {
  let fallback: T | undefined;
  for (const r of list) {
    const v = pick(r);
    if (typeof v !== 'object' || v === null) continue;
    if (complete(v)) return v;
    fallback ??= v;
  }
  return fallback;
}

const absent = (v: unknown): boolean => v === null || v === undefined;
const empty = (v: unknown): boolean => absent(v) || v === '';

/** Why a row without a bank date has no posting date: `trans_date` is missing, or present but empty. */
const noPostingDate = (transDate: unknown): string =>
  `${absent(transDate) ? 'is required' : 'must not be empty'} (or unformatted_trans_date)`;

export const okra = {
  name: 'okra',
  label: 'F3',
  schema: OkraBody,
  statementNamePath: '/statementName',
  looksLike: (body: unknown) => Array.isArray(member(member(body, 'data'), 'transaction')),
  normalize,
} satisfies StatementFormat<typeof OkraBody>;
