import { Compile } from 'typebox/compile';
import type { FieldProblem } from '../domain/errors.js';
import type { CanonicalStatement, FormatName } from '../domain/statement.js';
import { assembleStatement } from './assemble.js';
import { calendarFor } from './dates.js';
import type { AnyStatementFormat, NormalizeContext } from './format.js';
import { statementFormats } from './formats/index.js';
import { Problems } from './problems.js';
import type { RepeatedRow } from './repeated-rows.js';
import { shapeProblems, withPlaceholders } from './shape-problems.js';

export type ParseOutcome =
  | {
      ok: true;
      statement: CanonicalStatement;
      /** Days whose rows were put back in balance-chain order (evidence for the integrity report). */
      reorderedDays: number;
      /** Where the rows sit in the body, as a JSON pointer. */
      rowsPath: string;
      /** Rows the body held more than once, kept once (evidence for the integrity report). */
      repeated: RepeatedRow[];
    }
  | {
      ok: false;
      /** The first hundred offending fields, JSON pointers relative to the body. */
      problems: FieldProblem[];
      /** How many there were in all (shape problems counted up to SCHEMA_ERRORS_READ errors). */
      count: number;
      /** Another format whose shape this body clearly has. */
      looksLike?: FormatName;
    };

export interface ParseOptions {
  /** The calendar of accounts whose currency does not name one. */
  defaultTimeZone: string;
}

type Checker = ReturnType<typeof Compile>;
const checkers = new Map<string, Checker>();

function checkerFor(format: AnyStatementFormat): Checker {
  let checker = checkers.get(format.name);
  if (!checker) {
    checker = Compile(format.schema);
    checkers.set(format.name, checker);
  }
  return checker;
}

/** Compiles every format's schema now (about a second of JIT work otherwise paid by the first request). */
export function precompileFormats(): void {
  for (const format of statementFormats) checkerFor(format);
}

/**
 * Reads a raw body in one format: the compiled schema check, then the format's normaliser, then
 * ordering and ids. Never throws for bad input: every offending field comes back with its path.
 * A body of the wrong shape is normalised all the same with placeholders for the values of the
 * wrong shape (unless it has the shape of another format, or too many such values to read), so
 * that one answer lists its problems of every kind.
 */
export function parseStatement(format: AnyStatementFormat, body: unknown, opts: ParseOptions): ParseOutcome {
  const checker = checkerFor(format);
  const problems = new Problems();
  let input = body;
  if (!checker.Check(body)) {
    const shape = shapeProblems(checker, format.schema, body);
    for (const p of shape.problems) problems.add(p.path, p.message);
    const looks = resemblance(format, body);
    const placed = shape.complete && !looks.looksLike ? withPlaceholders(body, shape.problems) : undefined;
    if (placed === undefined || !checker.Check(placed)) {
      return { ok: false, problems: problems.list, count: problems.count, ...looks };
    }
    problems.ignoreAt(shape.problems.map((p) => p.path));
    input = placed;
  }
  const ctx: NormalizeContext = { problems, calendar: (currency) => calendarFor(currency, opts.defaultTimeZone) };
  const draft = format.normalize(input as never, ctx);
  if (!problems.empty) return { ok: false, problems: problems.list, count: problems.count };
  return { ok: true, ...assembleStatement(format.name, draft) };
}

/** The format a body looks like when it does not look like the one it was sent as. */
function resemblance(format: AnyStatementFormat, body: unknown): { looksLike?: FormatName } {
  if (format.looksLike(body)) return {};
  const other = statementFormats.find((f) => f !== format && f.looksLike(body));
  return other ? { looksLike: other.name } : {};
}
