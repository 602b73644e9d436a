import { Compile } from 'typebox/compile';
import type { TLocalizedValidationError } from 'typebox/error';
import type { FieldProblem } from '../domain/errors.js';
import type { CanonicalStatement, FormatName } from '../domain/statement.js';
import { assembleStatement } from './assemble.js';
import { calendarFor } from './dates.js';
import type { AnyStatementFormat, NormalizeContext } from './format.js';
import { statementFormats } from './formats/index.js';
import { MAX_PROBLEMS, Problems, shown } from './problems.js';
import type { RepeatedRow } from './repeated-rows.js';

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
      /** How many there were in all. */
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
 */
export function parseStatement(format: AnyStatementFormat, body: unknown, opts: ParseOptions): ParseOutcome {
  const checker = checkerFor(format);
  if (!checker.Check(body)) {
    const problems = schemaProblems(checker.Errors(body), body);
    return {
      ok: false,
      problems: problems.slice(0, MAX_PROBLEMS),
      count: problems.length,
      ...resemblance(format, body),
    };
  }
  const problems = new Problems();
  const ctx: NormalizeContext = { problems, calendar: (currency) => calendarFor(currency, opts.defaultTimeZone) };
  const draft = format.normalize(body as never, ctx);
  if (!problems.empty) return { ok: false, problems: problems.list, count: problems.count };
  return { ok: true, ...assembleStatement(format.name, draft) };
}

/** The format a body looks like when it does not look like the one it was sent as. */
function resemblance(format: AnyStatementFormat, body: unknown): { looksLike?: FormatName } {
  if (format.looksLike(body)) return {};
  const other = statementFormats.find((f) => f !== format && f.looksLike(body));
  return other ? { looksLike: other.name } : {};
}

/** TypeBox's errors as one problem per field: alternatives folded into one reason, one line per missing member. */
function schemaProblems(errors: TLocalizedValidationError[], body: unknown): FieldProblem[] {
  const anyOfPaths = new Set<string>();
  for (const e of errors) if (e.keyword === 'anyOf') anyOfPaths.add(e.schemaPath);
  const isAlternative = (e: TLocalizedValidationError) => {
    for (const p of anyOfPaths) if (e.schemaPath.startsWith(`${p}/anyOf/`)) return true;
    return false;
  };
  const out: FieldProblem[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    if (out.length >= MAX_PROBLEMS * 10) break;
    if (e.keyword !== 'anyOf' && isAlternative(e)) continue;
    if (e.keyword === 'required') {
      const props = (e.params as { requiredProperties?: string[] }).requiredProperties ?? [];
      for (const p of props) out.push({ path: `${e.instancePath}/${p}`, message: 'is required' });
      continue;
    }
    const value = valueAt(body, e.instancePath);
    let message: string;
    if (e.keyword === 'anyOf') {
      const types = errors
        .filter((c) => c.keyword === 'type' && c.schemaPath.startsWith(`${e.schemaPath}/anyOf/`))
        .map((c) => (c.params as { type?: string }).type)
        .filter((t) => t !== undefined);
      message = `expected ${types.length > 0 ? types.join(' or ') : 'another shape'}, got ${shown(value)}`;
    } else if (e.keyword === 'type') {
      message = `expected ${(e.params as { type?: string }).type ?? 'another type'}, got ${shown(value)}`;
    } else {
      message = `${e.message}, got ${shown(value)}`;
    }
    const key = `${e.instancePath}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ path: e.instancePath, message });
  }
  return out;
}

function valueAt(body: unknown, pointer: string): unknown {
  if (pointer === '') return body;
  let v: unknown = body;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    v = typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[key] : undefined;
  }
  return v;
}
