/**
 * Transaction document benchmark: encoding a statement's transactions with their labels (and
 * decoding them), against a baseline encoder given as a module path, measured in the same run
 * (interleaved, medians and p10 of `runs`). Also the stored bytes of each.
 *   npx tsx bench/transaction-document.ts [rows] [baseline module] [format]
 * The baseline module exports `encodeTransactions` and `decodeTransactions` with this module's
 * signatures (e.g. a copy of an older `src/statements/transaction-document.ts`).
 */
import { resolve } from 'node:path';
import type { FormatName } from '../src/domain/statement.js';
import { analyseStatement } from '../src/statements/analytics/analyse.js';
import { readSubmission } from '../src/statements/submission.js';
import * as current from '../src/statements/transaction-document.js';
import { bodyFor, generateRows } from '../test/statements/bodies.js';

type Codec = Pick<typeof current, 'encodeTransactions' | 'decodeTransactions'>;

const rowCount = Number(process.argv[2] ?? 1000);
const baselinePath = process.argv[3];
const format = (process.argv[4] ?? 'periculum') as FormatName;
const baseline: Codec = baselinePath ? await import(resolve(baselinePath)) : current;

const { statement } = readSubmission(
  { format, statementType: 'consumer', body: bodyFor(format, generateRows(rowCount)) },
  { defaultTimeZone: 'Africa/Lagos', minTransactions: 10 },
);
const txs = statement.transactions;
const labels = analyseStatement(statement).labels;

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))] as number;
const runs = 400;
const codecs: Array<[string, Codec]> = [
  ['baseline', baseline],
  ['current', current],
];
const encodeMs = codecs.map(() => [] as number[]);
const decodeMs = codecs.map(() => [] as number[]);
for (let r = 0; r < runs + 50; r++) {
  codecs.forEach(([, codec], k) => {
    let t = performance.now();
    const stored = codec.encodeTransactions(txs, labels, 'derived');
    const encoded = performance.now() - t;
    t = performance.now();
    codec.decodeTransactions(stored);
    const decoded = performance.now() - t;
    if (r >= 50) {
      encodeMs[k]?.push(encoded);
      decodeMs[k]?.push(decoded);
    }
  });
}
console.log(`${format}, ${txs.length} rows, ${runs} interleaved runs (medians, p10 in brackets)`);
codecs.forEach(([name, codec], k) => {
  const bytes = codec.encodeTransactions(txs, labels, 'derived').byteLength;
  const e = encodeMs[k] as number[];
  const d = decodeMs[k] as number[];
  console.log(
    `${name.padEnd(9)} stored ${(bytes / 1000).toFixed(1)} KB  encode ${quantile(e, 0.5).toFixed(3)} (${quantile(e, 0.1).toFixed(3)}) ms  decode ${quantile(d, 0.5).toFixed(3)} (${quantile(d, 0.1).toFixed(3)}) ms`,
  );
});
