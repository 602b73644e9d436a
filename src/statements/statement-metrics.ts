import { Counter, Histogram, type Registry } from 'prom-client';

export interface StatementMetrics {
  /** A statement was stored: its format and processing status. */
  stored(format: string, status: string, transactions: number, seconds: number): void;
  /** A submission was refused: its error code. */
  refused(code: string): void;
}

export function createStatementMetrics(registry: Registry): StatementMetrics {
  const registers = [registry];
  const stored = new Counter({
    name: 'statements_stored_total',
    help: 'Statements stored, by format and processing status',
    labelNames: ['format', 'status'],
    registers,
  });
  const refused = new Counter({
    name: 'statements_refused_total',
    help: 'Statement submissions refused, by error code',
    labelNames: ['code'],
    registers,
  });
  const transactions = new Counter({
    name: 'statement_transactions_stored_total',
    help: 'Normalised transactions stored',
    labelNames: ['format'],
    registers,
  });
  const duration = new Histogram({
    name: 'statement_ingest_duration_seconds',
    help: 'Time from a parsed body to a stored, analysed statement',
    labelNames: ['format'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers,
  });
  return {
    stored(format, status, count, seconds) {
      stored.inc({ format, status });
      transactions.inc({ format }, count);
      duration.observe({ format }, seconds);
    },
    refused(code) {
      refused.inc({ code });
    },
  };
}
