/**
 * Ingest benchmark: for each format, the time to validate and normalise a 10,000-row body, as a
 * ratio to plain JSON.parse of the same body text, measured in the same run (fastest of 25 runs
 * each, interleaved, so machine noise hits both alike). Goal: at most 1.5.
 * `mono*` is Mono with every day's rows out of order (timestamps no help): the balance-chain search
 * puts each day back.
 *   npx tsx bench/ingest.ts [rows]
 */
import { FORMATS, type FormatName } from '../src/domain/statement.js';
import { formatByName } from '../src/statements/formats/index.js';
import { parseStatement } from '../src/statements/parse.js';
import { bodyFor, generateRows } from '../test/statements/bodies.js';

const rowCount = Number(process.argv[2] ?? 10_000);
const rows = generateRows(rowCount);

/** Fastest of `runs`: on a shared machine the minimum is the least noisy estimate of the cost. */
function time(fn: () => void, runs: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

console.log(`rows: ${rowCount}`);
console.log('format      body MB   JSON.parse ms   validate+normalise ms   ratio');
/** Mono with every day's rows in reverse time order: each day needs the balance-chain search. */
function monoDaysReversed(): unknown {
  const body = bodyFor('mono', rows) as { data: Array<{ date: string; seconds?: number }> };
  const byDay = new Map<string, typeof body.data>();
  for (const r of body.data) {
    const day = r.date.slice(0, 10);
    byDay.set(day, [...(byDay.get(day) ?? []), r]);
  }
  const days = [...byDay.values()];
  body.data = days.flatMap((rowsOfDay) => {
    const times = rowsOfDay.map((r) => r.date);
    return rowsOfDay.reverse().map((r, i) => ({ ...r, date: times[i] as string }));
  });
  return body;
}

const cases: Array<[string, FormatName, unknown]> = [
  ...FORMATS.map((name): [string, FormatName, unknown] => [name, name, bodyFor(name, rows)]),
  ['mono*', 'mono', monoDaysReversed()],
];

for (const [label, name, body] of cases) {
  const format = formatByName.get(name);
  if (!format) throw new Error(`no format ${name}`);
  const textBody = JSON.stringify(body);
  const parsed = JSON.parse(textBody);
  const check = parseStatement(format, parsed, { defaultTimeZone: 'Africa/Lagos' });
  if (!check.ok) throw new Error(`${label}: ${JSON.stringify(check.problems.slice(0, 3))}`);
  if (label === 'mono*' && check.reorderedDays === 0) throw new Error('mono*: expected days to be reordered');
  // Warm both paths, then interleave so machine noise hits both alike.
  for (let i = 0; i < 5; i++) {
    JSON.parse(textBody);
    parseStatement(format, parsed, { defaultTimeZone: 'Africa/Lagos' });
  }
  const parseMs: number[] = [];
  const ingestMs: number[] = [];
  for (let round = 0; round < 5; round++) {
    parseMs.push(time(() => JSON.parse(textBody), 5));
    ingestMs.push(time(() => parseStatement(format, parsed, { defaultTimeZone: 'Africa/Lagos' }), 5));
  }
  const p = Math.min(...parseMs);
  const n = Math.min(...ingestMs);
  console.log(
    `${label.padEnd(10)} ${(textBody.length / 1e6).toFixed(2).padStart(7)} ${p.toFixed(2).padStart(15)} ${n
      .toFixed(2)
      .padStart(23)} ${(n / p).toFixed(2).padStart(7)}`,
  );
}
