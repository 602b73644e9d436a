import { categoriseStatement } from '../../src/statements/analytics/categorise/categorise.js';
import { type AnalysisContext, buildContext } from '../../src/statements/analytics/context.js';
import { type Row, statementOf } from './statement-builder.js';

/** The analysis context of a hand-built statement, as `analyseStatement` builds it. */
export function contextOf(rows: Row[], opts: Parameters<typeof statementOf>[1] = {}): AnalysisContext {
  const statement = statementOf(rows, opts);
  return buildContext(statement, categoriseStatement(statement));
}
