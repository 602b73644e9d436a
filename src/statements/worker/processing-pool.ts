import { readFile } from 'node:fs/promises';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { AnalysisConfig, StatementsConfig } from '../../config.js';
import { createWorkerPool } from '../../workers/worker-pool.js';
import { bodySize, movableBuffers } from '../body-bytes.js';
import { type ProcessOutcome, type ProcessRequest, processSubmission } from '../processing.js';

/** The processing port the submission calls: parse, analyse, check and encode a statement. */
export interface StatementProcessor {
  process(request: ProcessRequest): Promise<ProcessOutcome>;
  /** Starts every processing thread and warms it up (once; later calls wait for the first). */
  warmUp(): Promise<void>;
  /** For `/ready`: ok once every thread processed the warm-up statement (or when threads start on first use). */
  status(): { ok: boolean; detail?: string };
  stop(): Promise<void>;
}

/** Test seam: processing on the calling thread with another analysis (a failing one, say). */
export type ProcessInline = (request: ProcessRequest, config: StatementsConfig) => ProcessOutcome;

export interface ProcessorOptions {
  registry?: Registry;
  inline?: ProcessInline;
  /**
   * Start every thread at once and have it process the warm-up statement (`WARM_UP_ROUNDS` times
   * across the threads) before `status` says ok. Without it (tests: many services, few statements)
   * threads start on first need.
   */
  warm?: boolean;
}

/**
 * A 300-row periculum statement from the generator (synthetic names), committed like the face
 * warm-up image. A thread's first statements take 10-50 ms where a warm one takes 2.4-3.3 ms (1,000
 * rows): V8 compiles the code that runs once per statement only after it ran a few dozen times, and
 * starting a thread (loading its modules) took 1.1 s before its first answer. Warming them before
 * `/ready` says ok keeps that from the first clients after a deploy.
 */
const WARM_UP_STATEMENT = new URL('./warm-up-statement.json', import.meta.url);
/** Statements per thread. */
const WARM_UP_ROUNDS = 40;

/**
 * Processing threads run this many nice levels below the event loop. With as many busy threads as
 * cores, a worker woken by a new job took the CPU from the event loop (a `postMessage` then took
 * 2.6 ms at p90 instead of 55 µs), and every request waited behind it. The event loop needs a
 * fraction of a core and the workers take the rest. Nice values weigh threads against each other
 * within their scheduling group (on Linux, the process's session or service cgroup), so the workers
 * yield to their own event loop, not to other programs.
 */
const PROCESSING_NICENESS = 5;

/**
 * Each processing thread's young generation, in MB (V8's default gives 16 MB semi-spaces; this
 * gives 32). A 1,000-row statement allocates about 1.5 MB and holds most of it while it runs, so
 * every scavenge copied about 1.5 MB of a statement in flight and promoted it to the old
 * generation, where a mark-compact later collected it. Twice the room halves both: measured on a
 * thread processing 1,000-row periculum statements, scavenges went from 0.091 to 0.046 a
 * statement. The cost is up to 32 MB more memory a thread.
 */
const PROCESSING_YOUNG_GENERATION_MB = 96;

/**
 * Statement processing off the event loop: bodies of `inlineBelowBytes` or more (and bodies given
 * as values) are parsed, analysed and encoded on worker threads, so the event loop only receives
 * bytes, writes and answers, and a 50,000-row statement does not stall it. A worker that dies or
 * overruns `timeoutMs` is replaced; only its submission fails.
 */
export function createStatementProcessor(
  options: AnalysisConfig,
  config: StatementsConfig,
  { registry, inline = processSubmission, warm = false }: ProcessorOptions = {},
): StatementProcessor {
  const registers = registry ? [registry] : [];
  const seconds = new Histogram({
    name: 'lendsight_statement_analysis_seconds',
    help: 'Time to parse, analyse and encode one statement, queueing included',
    labelNames: ['where'],
    buckets: [0.005, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  const failures = new Counter({
    name: 'lendsight_statement_analysis_failures_total',
    help: 'Statement processing that failed, timed out or lost its worker',
    registers,
  });
  const pool = createWorkerPool<{ request: ProcessRequest; config: StatementsConfig }, ProcessOutcome>({
    script: new URL('./processing-worker.ts', import.meta.url),
    name: 'statement analysis',
    size: options.workers,
    timeoutMs: options.timeoutMs,
    // Threads start on first need, so an instance that never sees a large statement never starts one.
    onDemand: true,
    niceness: PROCESSING_NICENESS,
    resourceLimits: { maxYoungGenerationSizeMb: PROCESSING_YOUNG_GENERATION_MB },
  });
  new Gauge({
    name: 'lendsight_statement_analysis_queue',
    help: 'Statements waiting for an analysis worker',
    registers,
    collect() {
      this.set(pool.queued());
    },
  });

  /** A statement processed on a thread, its body's buffers moved there rather than copied. */
  const runOnThread = (request: ProcessRequest) => pool.run({ request, config }, movableBuffers(request.body));

  let state: { ok: boolean; detail?: string } = { ok: false, detail: 'warming up the processing threads' };
  let warming: Promise<void> | null = null;
  const warmUp = async () => {
    try {
      const body = await readFile(WARM_UP_STATEMENT);
      await pool.start();
      // Every thread is idle: each takes the next job as it finishes one, so the rounds spread over all.
      const outcomes = await Promise.all(
        Array.from({ length: options.workers * WARM_UP_ROUNDS }, () => {
          const request: ProcessRequest = {
            format: 'periculum',
            statementType: 'consumer',
            body: new Uint8Array(body),
          };
          return runOnThread(request);
        }),
      );
      const refused = outcomes.find((o) => !o.ok);
      state = refused
        ? {
            ok: false,
            detail: `the warm-up statement was refused (${refused.refusal.code}): processing is not working`,
          }
        : { ok: true };
    } catch (error) {
      state = {
        ok: false,
        detail: `processing threads failed: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  };
  function start(): Promise<void> {
    if (options.workers === 0) return Promise.resolve();
    warming ??= warmUp();
    return warming;
  }
  if (warm) void start();

  return {
    process(request) {
      const size = bodySize(request.body);
      const onThread =
        options.workers === 0 ||
        inline !== processSubmission ||
        (size !== undefined && size < options.inlineBelowBytes);
      if (onThread) {
        const end = seconds.startTimer({ where: 'inline' });
        return Promise.resolve()
          .then(() => inline(request, config))
          .finally(() => end());
      }
      const end = seconds.startTimer({ where: 'worker' });
      const result = runOnThread(request);
      result.then(
        () => end(),
        () => {
          end();
          failures.inc();
        },
      );
      return result;
    },
    warmUp: start,
    status: () =>
      options.workers === 0
        ? { ok: true, detail: 'statements are processed on the event loop (ANALYSIS_WORKERS=0)' }
        : !warming
          ? { ok: true, detail: 'threads start on first use' }
          : state,
    stop: () => pool.stop(),
  };
}
