import type { CanonicalStatement } from '../../../domain/statement.js';
import { serveWorker } from '../../../workers/serve.js';
import { analyseStatement, type StatementAnalytics } from '../analyse.js';

await serveWorker<CanonicalStatement, StatementAnalytics>(async () => analyseStatement);
