import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { CanonicalStatement } from '../../../domain/statement.js';
import { createWorkerPool } from '../../../workers/worker-pool.js';
import { analyseStatement, type StatementAnalytics } from '../analyse.js';

export interface AnalysisPoolOptions {
  /** Worker threads; 0 analyses on the calling thread. */
  workers: number;
  /** Statements with fewer rows are analysed on the calling thread (copying them costs more). */
  inlineBelowRows: number;
  /** A worker still busy after this long is stopped and its statement refused. */
  timeoutMs: number;
}

/** The analysis port with its worker threads: `analyse` never blocks the event loop for long. */
export interface AnalysisPool {
  analyse(statement: CanonicalStatement): Promise<StatementAnalytics>;
  stop(): Promise<void>;
}

/**
 * The analysis port: small statements on the calling thread, larger ones on a pool of worker threads
 * running the pure `analyseStatement` (a worker that dies or overruns is replaced; only its job fails).
 */
export function createAnalysisPool(options: AnalysisPoolOptions, registry?: Registry): AnalysisPool {
  const registers = registry ? [registry] : [];
  const seconds = new Histogram({
    name: 'lendsight_statement_analysis_seconds',
    help: 'Time to analyse one statement, queueing included',
    labelNames: ['where'],
    buckets: [0.005, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  const failures = new Counter({
    name: 'lendsight_statement_analysis_failures_total',
    help: 'Analyses that failed, timed out or lost their worker',
    registers,
  });
  const pool = createWorkerPool<CanonicalStatement, StatementAnalytics>({
    script: new URL('./analysis-worker.ts', import.meta.url),
    name: 'statement analysis',
    size: options.workers,
    timeoutMs: options.timeoutMs,
    // Threads start on first need, so an instance that never sees a large statement never starts one.
    onDemand: true,
  });
  new Gauge({
    name: 'lendsight_statement_analysis_queue',
    help: 'Statements waiting for an analysis worker',
    registers,
    collect() {
      this.set(pool.queued());
    },
  });

  return {
    analyse(statement) {
      if (options.workers === 0 || statement.transactions.length < options.inlineBelowRows) {
        const end = seconds.startTimer({ where: 'inline' });
        return Promise.resolve()
          .then(() => analyseStatement(statement))
          .finally(() => end());
      }
      const end = seconds.startTimer({ where: 'worker' });
      const result = pool.run(statement);
      result.then(
        () => end(),
        () => {
          end();
          failures.inc();
        },
      );
      return result;
    },
    stop: () => pool.stop(),
  };
}
