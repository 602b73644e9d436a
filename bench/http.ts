/**
 * HTTP benchmark (autocannon): throughput of the full submission route (schema check, normalise,
 * analyse, store) for a 1,000-row statement, as a ratio to a bare Fastify route that only parses
 * the same body, same run. Goal: at least 0.5. Every request carries a new statementName (names
 * are unique per client). The two routes take turns for `rounds` rounds of `seconds` each, and the
 * ratio printed is the median of the rounds' ratios: on a shared 2-core host one 10-second run of
 * each drifted by ±25 %. Before them, `warmup` rounds of the same turns are run and shown but not
 * counted: on one host the full route kept speeding up for about a minute as its threads' JIT
 * compiled the code that runs once per statement (ten counted rounds after one 4-second warm-up
 * measured, in order, 0.51 0.49 0.53 0.54 0.52 0.55 0.58 0.62 0.60 0.61; on another, flat from the
 * second round at 0.29-0.37), and throughput means the steady state. Per request it also prints
 * where the CPU went, and how busy the whole machine was: the bare route keeps one core busy, the
 * full one both (91 % of 2 cores measured), so its ratio moves with the CPU each request costs.
 *   npx tsx bench/http.ts [format] [seconds] [connections] [rounds] [warmup]
 * On PGlite in a fresh data directory (as `npm start` runs; `memory://` measured 0.23 where a
 * directory gave 0.28: its in-memory files grow by copying), removed afterwards; set DATABASE_URL to run against PostgreSQL, ANALYSIS_WORKERS to
 * try another number of processing threads (on 2 cores: 1 gave 0.25, 2 gave 0.30, 3 gave 0.29).
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

const { eventLoopUtilization } = performance;

import Fastify from 'fastify';
import type { FormatName } from '../src/domain/statement.js';
import { processSubmission } from '../src/statements/processing.js';
import { generateStatement } from '../test/helpers/statement-generator.js';
import { openBenchApp } from './bench-app.js';

const format = (process.argv[2] ?? 'periculum') as FormatName;
const seconds = Number(process.argv[3] ?? 4);
const connections = Number(process.argv[4] ?? 4);
const rounds = Number(process.argv[5] ?? 5);
const warmupRounds = Number(process.argv[6] ?? 3);
const { app, config, databaseName, authorization, close } = await openBenchApp(['statements:write']);

// The body with a marker where the statement name goes, so each request is a new statement.
const MARK = 'BENCH-NAME-MARK';
const generated = generateStatement({ seed: 7, months: 6, rows: 1_000, gambling: true, loans: true });
const [head, tail] = JSON.stringify(generated.body(format, MARK)).split(MARK) as [string, string];
if (tail === undefined) throw new Error(`${format} bodies carry no statementName`);
let counter = 0;
const nextBody = () => `${head}${Date.now()}-${counter++}${tail}`;

const bare = Fastify({ logger: false, bodyLimit: config.limits.bodyBytes });
bare.post('/parse', async () => ({ ok: true }));

/**
 * Nanoseconds this thread has run on a CPU (Linux): unlike the event loop's busy time, it leaves
 * out the time the thread was ready but preempted by a worker or the database on these 2 cores.
 */
const SCHEDSTAT = `/proc/self/task/${process.pid}/schedstat`;
function mainThreadCpuNs(): number {
  try {
    return Number(readFileSync(SCHEDSTAT, 'utf8').split(' ')[0]);
  } catch {
    return Number.NaN;
  }
}
/** The whole machine's busy and total CPU time so far (Linux `/proc/stat`, in clock ticks). */
function machineTicks(): { busy: number; total: number } {
  try {
    const cpu = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
    const total = cpu.reduce((a, b) => a + b, 0);
    // idle and iowait are the 4th and 5th figures.
    return { busy: total - (cpu[3] ?? 0) - (cpu[4] ?? 0), total };
  } catch {
    return { busy: Number.NaN, total: Number.NaN };
  }
}
const processCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * Requests per second, and per request: how busy this thread (server and client alike) was, how
 * much CPU it used, and how much CPU the whole process used (processing workers included).
 */
interface Measured {
  rps: number;
  non2xx: number;
  busyMs: number;
  cpuMs: number;
  processMs: number;
  /** How busy all the machine's cores were, 0..1 (other processes, such as PostgreSQL, included). */
  machineBusy: number;
}

const median = (xs: number[]): number => {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};

/** Each figure's median over the rounds (non-2xx: the sum). */
const medianOf = (ms: Measured[]): Measured => ({
  rps: median(ms.map((m) => m.rps)),
  non2xx: ms.reduce((n, m) => n + m.non2xx, 0),
  busyMs: median(ms.map((m) => m.busyMs)),
  cpuMs: median(ms.map((m) => m.cpuMs)),
  processMs: median(ms.map((m) => m.processMs)),
  machineBusy: median(ms.map((m) => m.machineBusy)),
});

async function run(url: string, headers: Record<string, string>): Promise<Measured> {
  const before = eventLoopUtilization();
  const cpuBefore = mainThreadCpuNs();
  const processBefore = processCpuMs();
  const machineBefore = machineTicks();
  const result = await autocannon({
    url,
    method: 'POST',
    connections,
    duration: seconds,
    headers: { 'content-type': 'application/json', ...headers },
    requests: [
      {
        setupRequest: (req: Record<string, unknown>) => ({ ...req, body: nextBody() }),
      },
    ],
  });
  const elu = eventLoopUtilization(before);
  const machineAfter = machineTicks();
  const requests = Math.max(1, result.requests.total);
  return {
    rps: result.requests.average,
    non2xx: result.non2xx,
    busyMs: elu.active / requests,
    cpuMs: (mainThreadCpuNs() - cpuBefore) / 1e6 / requests,
    processMs: (processCpuMs() - processBefore) / requests,
    machineBusy: (machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total),
  };
}

const appAddress = await app.listen({ host: '127.0.0.1', port: 0 });
const bareAddress = await bare.listen({ host: '127.0.0.1', port: 0 });
const fullUrl = `${appAddress}/statements/analytics?format=${format}&statementType=consumer`;

/** `count` rounds of the two routes in turn, and each round's ratio. */
async function turns(count: number) {
  const bares: Measured[] = [];
  const fulls: Measured[] = [];
  for (let round = 0; round < count; round++) {
    bares.push(await run(`${bareAddress}/parse`, {}));
    fulls.push(await run(fullUrl, { authorization }));
  }
  return { bares, fulls, ratios: fulls.map((f, i) => f.rps / (bares[i] as Measured).rps) };
}

// Warm up both (JIT, worker threads, database caches): shown, not counted.
const warmup = await turns(warmupRounds);
const { bares, fulls, ratios } = await turns(rounds);
const baseline = medianOf(bares);
const full = medianOf(fulls);
// Where the time goes: the processing alone (parse, normalise, analyse, check, encode: what a worker
// does per request), on the same body, one thread.
const sample = Buffer.from(nextBody());
const statementsConfig = config.statements;
const once = () => processSubmission({ format, statementType: 'consumer', body: sample }, statementsConfig);
if (!once().ok) throw new Error('the bench body does not parse');
for (let i = 0; i < 50; i++) once();
const t0 = performance.now();
for (let i = 0; i < 20; i++) once();
const processingMs = (performance.now() - t0) / 20;
console.log(
  `${format}, 1,000 rows, body ${(nextBody().length / 1024).toFixed(0)} KiB, ${connections} connections, ${seconds} s each, ` +
    `${rounds} rounds, ${databaseName} (medians of the rounds):\n` +
    `  bare parse route ${baseline.rps.toFixed(1)} req/s; full submission ${full.rps.toFixed(1)} req/s` +
    ` (non-2xx: ${full.non2xx}) -> ratio ${median(ratios).toFixed(2)} (rounds in order: ${ratios.map((r) => r.toFixed(2)).join(' ')}; goal >= 0.5)\n` +
    `  warm-up rounds (not counted), in order: ${warmup.ratios.map((r) => r.toFixed(2)).join(' ')}\n` +
    `  event loop busy per request (autocannon's client work included): bare ${baseline.busyMs.toFixed(2)} ms, full ${full.busyMs.toFixed(2)} ms\n` +
    `  main thread CPU per request (the same, less the time it was preempted): bare ${baseline.cpuMs.toFixed(2)} ms, full ${full.cpuMs.toFixed(2)} ms\n` +
    `  process CPU per request (all threads): bare ${baseline.processMs.toFixed(2)} ms, full ${full.processMs.toFixed(2)} ms\n` +
    `  machine busy (all ${availableParallelism()} cores, every process): bare ${(100 * baseline.machineBusy).toFixed(0)} %, full ${(100 * full.machineBusy).toFixed(0)} %\n` +
    `  processing alone ${processingMs.toFixed(1)} ms per statement (${((processingMs * full.rps) / 10).toFixed(1)}% of one core at this rate)`,
);
await bare.close();
await close();
