import { createHash } from 'node:crypto';
import type { StatementsConfig } from '../config.js';
import { AppError, type FieldProblem } from '../domain/errors.js';
import type { CanonicalStatement } from '../domain/statement.js';
import { bodyChunks } from './body-bytes.js';
import type { AnyStatementFormat } from './format.js';
import { formatByName, formatNames } from './formats/index.js';
import { parseStatement } from './parse.js';
import { MAX_PROBLEMS, Problems } from './problems.js';
import type { RepeatedRow } from './repeated-rows.js';

export const STATEMENT_TYPES = ['consumer', 'business'] as const;

/**
 * A submission's query as the routes' schemas type it: `format` and `statementType` in any case
 * (checkQuery refuses other values), `bvnUuid` on the bvn-first route.
 */
export interface SubmitQuery {
  format: string;
  statementType?: string | undefined;
  bvnUuid?: string | undefined;
}

/** The query in the one spelling it is checked, stored and compared in (`normaliseSubmitQuery`). */
export interface SubmissionQuery {
  format: string;
  statementType: string;
  bvnUuid?: string;
}

export interface SubmitStatement {
  clientId: number;
  query: SubmitQuery;
  /** Sent to the bvn-first route, the only one whose query's `bvnUuid` is read. */
  bvnFirst: boolean;
  /** The body as received (`body-bytes.ts`), parsed with the rest of the processing. */
  body: unknown;
  idempotencyKey?: string;
}

/** What processing reads: the normalised format and statement type, and the body. */
export type SubmissionInput = Pick<SubmissionQuery, 'format' | 'statementType'> & { body: unknown };

/** A BVN record's UUID as stored and compared: lowercase (a query gives it in any case). */
export const normaliseBvnUuid = (uuid: string): string => uuid.toLowerCase();

/**
 * The query in one spelling: format and statement type lowercased, `consumer` when no statement
 * type is given, and the BVN record's UUID lowercased, read on the bvn-first route only (the other
 * route's schema does not name it, and a query parameter its schema does not name is ignored).
 * The values are checked by checkQuery.
 */
export function normaliseSubmitQuery(query: SubmitQuery, bvnFirst: boolean): SubmissionQuery {
  const format = query.format.toLowerCase();
  const statementType = (query.statementType ?? 'consumer').toLowerCase();
  return bvnFirst && query.bvnUuid
    ? { format, statementType, bvnUuid: normaliseBvnUuid(query.bvnUuid) }
    : { format, statementType };
}

/**
 * Reads a submission or refuses it: the query values, the body in its format (every offending
 * field by path, the names among them, or which format the body looks like), and the real API's
 * transaction-count rules. `found`: what is already known to be wrong with the body (NUL
 * characters), listed first with the rest. Pure: no database.
 */
export function readSubmission(
  input: SubmissionInput,
  config: StatementsConfig,
  found: Problems = new Problems(),
): { statement: CanonicalStatement; reorderedDays: number; repeated: RepeatedRow[] } {
  const format = checkQuery(input);
  const outcome = parseStatement(format, input.body, { defaultTimeZone: config.defaultTimeZone });
  if (!outcome.ok) {
    const problems = [...found.list, ...outcome.problems].slice(0, MAX_PROBLEMS);
    const count = found.count + outcome.count;
    if (outcome.looksLike) {
      const other = formatByName.get(outcome.looksLike);
      throw new AppError(
        'FORMAT_MISMATCH',
        `the body looks like the ${outcome.looksLike} format (${other?.label}), not ${format.name} (${format.label}): send format=${outcome.looksLike}`,
        inBody(problems),
        { looksLike: outcome.looksLike, problemCount: count },
      );
    }
    throw statementInvalid(problems, count);
  }
  if (!found.empty) throw statementInvalid(found.list, found.count);
  const { statement, reorderedDays, repeated } = outcome;
  const rows = `/body${outcome.rowsPath}`;
  const count = statement.transactions.length;
  if (count === 0) {
    throw new AppError('NO_TRANSACTIONS', 'the statement has no transactions', [{ path: rows, message: 'is empty' }], {
      processingStatus: 'NO TRANSACTIONS',
      transactionCount: 0,
    });
  }
  if (count < config.minTransactions) {
    let copies = 0;
    for (const r of repeated) copies += r.repeats;
    const has = `has ${count} transactions${copies > 0 ? ` (not counting ${copies} repeating another)` : ''}`;
    throw new AppError(
      'NOT_ENOUGH_TRANSACTIONS',
      `the statement ${has}; at least ${config.minTransactions} are needed`,
      [{ path: rows, message: `${has}; at least ${config.minTransactions} are needed` }],
      { processingStatus: 'NOT ENOUGH TRANSACTIONS', transactionCount: count },
    );
  }
  return { statement, reorderedDays, repeated };
}

const inBody = (problems: FieldProblem[]): FieldProblem[] =>
  problems.map((p) => ({ path: `/body${p.path}`, message: p.message }));

/** The refusal of a body with these problems (paths relative to the body), `count` of them in all. */
export function statementInvalid(problems: FieldProblem[], count: number): AppError {
  const details = inBody(problems);
  const more = count > 1 ? ` (and ${count - 1} more)` : '';
  const first = details[0];
  return new AppError('STATEMENT_INVALID', first ? `${first.path}: ${first.message}${more}` : undefined, details, {
    problemCount: count,
  });
}

/**
 * The normalised query's format, or the refusal naming the format or statement type that is not
 * one. `formatAsSent`: the format in the request's own spelling, for the refusal.
 */
export function checkQuery(
  query: Pick<SubmissionQuery, 'format' | 'statementType'>,
  formatAsSent = query.format,
): AnyStatementFormat {
  const format = formatByName.get(query.format);
  if (!format) {
    const valid = formatNames.join(', ');
    throw new AppError(
      'UNKNOWN_FORMAT',
      `/query/format: must be one of ${valid}; got ${JSON.stringify(formatAsSent)}`,
      [{ path: '/query/format', message: `must be one of ${valid}` }],
      { validFormats: formatNames },
    );
  }
  if (!(STATEMENT_TYPES as readonly string[]).includes(query.statementType)) {
    throw new AppError('INVALID_QUERY', `/query/statementType: must be consumer or business`, [
      { path: '/query/statementType', message: 'must be consumer or business' },
    ]);
  }
  return format;
}

/** What makes two submissions "the same request" for Idempotency-Key: the query and the body's bytes. */
export function submissionHash(query: SubmissionQuery, body: unknown): string {
  const hash = createHash('sha256').update(`${query.format}\n${query.statementType}\n${query.bvnUuid ?? ''}\n`);
  const chunks = bodyChunks(body);
  if (chunks) for (const chunk of chunks) hash.update(chunk);
  else hash.update(typeof body === 'string' ? body : JSON.stringify(body));
  return hash.digest('hex');
}
