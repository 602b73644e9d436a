import { readFileSync } from 'node:fs';
import type { FieldProblem } from '../../domain/errors.js';
import type { CanonicalStatement } from '../../domain/statement.js';
import type { AnyStatementFormat } from '../format.js';
import { parseStatement } from '../parse.js';

/** Test support for the format folders: read a shared sample or fixture and parse it. */
export const sample = (name: string): object =>
  JSON.parse(readFileSync(new URL(`../../../test/fixtures/statements/samples/${name}`, import.meta.url), 'utf8'));

export const fixture = (name: string): object =>
  JSON.parse(readFileSync(new URL(`../../../test/fixtures/statements/${name}`, import.meta.url), 'utf8'));

/**
 * The names a lender puts at the top of a body in F1, F2, F3, F4 and F6, which the providers' own
 * output does not carry: `{ ...NAMES, ...sample('mono-transactions.json') }`.
 */
export const NAMES = { statementName: 'Test statement', clientFullName: 'Test Client' };

/** The normalised statement; fails the test with the problems when the body is refused. */
export function normalised(format: AnyStatementFormat, body: unknown): CanonicalStatement {
  const r = parseStatement(format, body, { defaultTimeZone: 'Africa/Lagos' });
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.problems)}`);
  return r.statement;
}

/** The problems of a refused body; fails the test when it was accepted. */
export function refused(format: AnyStatementFormat, body: unknown): { problems: FieldProblem[]; looksLike?: string } {
  const r = parseStatement(format, body, { defaultTimeZone: 'Africa/Lagos' });
  if (r.ok) throw new Error('accepted a body that should be refused');
  return { problems: r.problems, looksLike: r.looksLike };
}

/** Transactions without ids, for compact expectations. */
export const rowsOf = (s: CanonicalStatement) =>
  s.transactions.map((t) => [t.date, t.direction, t.amount, t.balance ?? null, t.narration] as const);
