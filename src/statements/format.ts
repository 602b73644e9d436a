import type { Static, TSchema } from 'typebox';
import type { CanonicalStatement, CanonicalTransaction, Direction, FormatName } from '../domain/statement.js';
import type { LocalCalendar } from './dates.js';
import type { Problems } from './problems.js';

/**
 * One row as a format reads it: a canonical transaction whose `id` is given after ordering. Build
 * it with `draftRow` so every row has the same shape (a hot loop over 50,000 rows stays fast).
 */
export type DraftRow = CanonicalTransaction;

/** What a format reads of one row: amounts in minor units; a field it does not give is left out. */
export interface DraftRowFields {
  date: string;
  direction: Direction;
  amount: number;
  narration: string;
  balance?: number | undefined;
  reference?: string | undefined;
  postedAt?: string | undefined;
  valueDate?: string | undefined;
}

/** A draft row with every field of a transaction present, in one order (one hidden class). */
export function draftRow(r: DraftRowFields): DraftRow {
  return {
    id: '',
    date: r.date,
    postedAt: r.postedAt,
    valueDate: r.valueDate,
    direction: r.direction,
    amount: r.amount,
    balance: r.balance,
    narration: r.narration,
    reference: r.reference,
  };
}

/**
 * `DraftStatement.providerId` for a body whose rows are `list`, each row's id read by `id`; none
 * unless every body row became a draft row, in order.
 */
export function providerIds<R>(
  list: readonly R[],
  rows: readonly DraftRow[],
  id: (row: R) => string | undefined,
): ((i: number) => string | undefined) | undefined {
  if (rows.length !== list.length) return undefined;
  return (i) => {
    const row = list[i];
    return row === undefined ? undefined : id(row);
  };
}

/** What a format's `normalize` gives: the statement without its final order and ids. */
export interface DraftStatement extends Omit<CanonicalStatement, 'format' | 'transactions'> {
  rows: DraftRow[];
  /** Where the rows sit in the body, as a JSON pointer: a refusal about the rows names it. */
  rowsPath: string;
  /**
   * The provider's own id of `rows[i]` (mono's and okra's `_id` or `id`, dojah's `id`, zeeh's
   * `tranId`), for formats that have one: read only when rows repeat, to tell the same record
   * sent twice from two alike transactions (`repeated-rows.ts`). Given only when every body row
   * became `rows[i]` in order, so `i` is the body row's index too.
   */
  providerId?: (i: number) => string | undefined;
}

export interface NormalizeContext {
  /** Where every offending field goes; `normalize` never throws for bad input. */
  problems: Problems;
  /** The account's calendar, from its currency or the configured zone. */
  calendar(currency: string | undefined): LocalCalendar;
}

/**
 * A provider's statement format: one folder under `formats/`, registered in `formats/index.ts`.
 * `schema` is the tolerant runtime schema of the raw body; `normalize` is pure and only runs on a
 * body the schema accepted, reporting what the schema cannot express (impossible dates, amounts
 * that are not decimal text, a row both debit and credit) to `ctx.problems` in the same pass.
 */
export interface StatementFormat<S extends TSchema = TSchema> {
  name: FormatName;
  /** The spec's label, F1..F6. */
  label: string;
  schema: S;
  /** Where the statement name sits in this body, as a JSON pointer. */
  statementNamePath: string;
  /** True when a body's shape clearly belongs to this format (to tell a caller which format it sent). */
  looksLike(body: unknown): boolean;
  normalize(body: Static<S>, ctx: NormalizeContext): DraftStatement;
}

/** Any registered format, with its body type erased (the registry holds six different ones). */
export interface AnyStatementFormat extends Omit<StatementFormat, 'normalize'> {
  normalize(body: never, ctx: NormalizeContext): DraftStatement;
}
