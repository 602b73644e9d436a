/**
 * Analytics benchmark: the time to analyse a 10,000-transaction statement (categorise every
 * narration and compute every section), as a ratio to JSON.parse of the statement's raw body, same
 * run, medians of repeated runs. Goal: at most 1.0.
 *   npx tsx bench/analytics.ts [rows] [format ...]
 * The statement comes from the generator (test/helpers/statement-generator.ts): a year of
 * salary, transfers with fresh references, POS, airtime, bills, betting and loans.
 */
import { FORMATS, type FormatName } from '../src/domain/statement.js';
import { analyseStatement } from '../src/statements/analytics/analyse.js';
import { categoriseStatement } from '../src/statements/analytics/categorise/categorise.js';
import { formatByName } from '../src/statements/formats/index.js';
import { parseStatement } from '../src/statements/parse.js';
import { generateStatement } from '../test/helpers/statement-generator.js';

const rows = Number(process.argv[2] ?? 10_000);
const formats = (process.argv.length > 3 ? process.argv.slice(3) : ['periculum', 'mono', 'okra']) as FormatName[];
for (const f of formats) if (!FORMATS.includes(f)) throw new Error(`unknown format ${f}`);

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

/** Median milliseconds of `fn` over `runs` runs after three warm-ups. */
function time(fn: () => unknown, runs = 15): number {
  for (let i = 0; i < 3; i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    samples.push(performance.now() - t);
  }
  return median(samples);
}

const generated = generateStatement({ seed: 2024, months: 12, rows, gambling: true, loans: true });
// Warm the JIT on every format first, so the first format measured does not pay for it.
for (const format of formats) {
  const spec = formatByName.get(format);
  const parsed = spec && parseStatement(spec, generated.body(format), { defaultTimeZone: 'Africa/Lagos' });
  if (parsed?.ok) for (let i = 0; i < 20; i++) analyseStatement(parsed.statement);
}
for (const format of formats) {
  const text = JSON.stringify(generated.body(format));
  const spec = formatByName.get(format);
  if (!spec) throw new Error(format);
  const parsed = parseStatement(spec, JSON.parse(text), { defaultTimeZone: 'Africa/Lagos' });
  if (!parsed.ok) throw new Error(`${format}: ${JSON.stringify(parsed.problems.slice(0, 2))}`);
  const statement = parsed.statement;
  const shapes = new Set(statement.transactions.map((t) => `${t.direction}${t.narration.replace(/\d{4,}/g, '#')}`))
    .size;
  // Interleave the measurements so machine load drifts affect both alike.
  const parseMs: number[] = [];
  const analyseMs: number[] = [];
  const categoriseMs: number[] = [];
  // Seven rounds: on a shared 2-core host three rounds' ratio drifted by ±8 % between runs.
  for (let round = 0; round < 7; round++) {
    parseMs.push(time(() => JSON.parse(text)));
    categoriseMs.push(time(() => categoriseStatement(statement)));
    analyseMs.push(time(() => analyseStatement(statement)));
  }
  const p = median(parseMs);
  const a = median(analyseMs);
  const ratios = analyseMs.map((ms, i) => ms / (parseMs[i] as number));
  console.log(
    `${format.padEnd(9)} ${statement.transactions.length} rows, body ${(text.length / 1048576).toFixed(1)} MiB, ` +
      `${shapes} distinct narration shapes: JSON.parse ${p.toFixed(1)} ms, categorise ${median(categoriseMs).toFixed(1)} ms, ` +
      `analyse ${a.toFixed(1)} ms -> ratio ${(a / p).toFixed(2)} ` +
      `(rounds ${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}; goal <= 1.0)`,
  );
}
