import type { CanonicalStatement } from '../domain/statement.js';
import type { StatementAnalytics } from './analytics/analyse.js';

/**
 * The analytics port the ingestion calls: asynchronous, so the pure `analyseStatement` can run in
 * process or on worker threads (`analytics/worker/pool.ts`) without the ingestion code changing.
 */
export interface StatementAnalysis {
  analyse(statement: CanonicalStatement): Promise<StatementAnalytics>;
}
