import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

export interface CreditMetrics {
  calls: Counter<'bureau' | 'operation' | 'outcome'>;
  failures: Counter<'bureau' | 'kind'>;
  latency: Histogram<'bureau' | 'operation'>;
  reuse: Counter<'kind'>;
  breakerOpen: Gauge<'bureau'>;
  jobs: Counter<'outcome'>;
  pullLimit: Counter;
}

/** Bureau calls, failures, latency and reuse hits, registered on the service's registry. */
export function createCreditMetrics(registry: Registry): CreditMetrics {
  const registers = [registry];
  return {
    calls: new Counter({
      name: 'credit_bureau_calls_total',
      help: 'Calls to the credit bureau by operation and outcome (ready, pending or a failure kind)',
      labelNames: ['bureau', 'operation', 'outcome'] as const,
      registers,
    }),
    failures: new Counter({
      name: 'credit_bureau_failures_total',
      help: 'Failed bureau calls by kind (timeout, unavailable, unreadable, rejected, no_record, circuit_open)',
      labelNames: ['bureau', 'kind'] as const,
      registers,
    }),
    latency: new Histogram({
      name: 'credit_bureau_call_duration_seconds',
      help: 'Latency of bureau calls',
      labelNames: ['bureau', 'operation'] as const,
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60],
      registers,
    }),
    reuse: new Counter({
      name: 'credit_report_reuse_total',
      help: 'Report requests answered without a new bureau pull: a fresh completed report, or one already in flight',
      labelNames: ['kind'] as const,
      registers,
    }),
    breakerOpen: new Gauge({
      name: 'credit_bureau_circuit_open',
      help: '1 while the circuit breaker in front of the bureau is open',
      labelNames: ['bureau'] as const,
      registers,
    }),
    jobs: new Counter({
      name: 'credit_jobs_finished_total',
      help: 'Credit report jobs that reached a final state',
      labelNames: ['outcome'] as const,
      registers,
    }),
    pullLimit: new Counter({
      name: 'credit_pull_limit_refusals_total',
      help: 'Report requests refused because their client reached CREDIT_PULLS_PER_DAY new bureau pulls',
      registers,
    }),
  };
}
