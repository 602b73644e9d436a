/**
 * Backup benchmark (`lendsight db backup`): a PGlite data directory holding `statements` stored
 * 1,000-row statements (submitted through the route) is backed up while the service runs. Prints
 * how long the copy held the database (its queries wait meanwhile) and the whole backup, as ratios
 * to copying the same data directory's files with `fs.cp` in the same run, and the sizes. The
 * statements are one body under new names, so the archive compresses better than real data would.
 *   npx tsx bench/backup.ts [statements]
 */

import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { cp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backupTo } from '../src/cli/backup.js';
import { generateStatement } from '../test/helpers/statement-generator.js';
import { openBenchApp } from './bench-app.js';

const statements = Number(process.argv[2] ?? 300);
if (process.env.DATABASE_URL) throw new Error('bench/backup measures the embedded database: unset DATABASE_URL');
const { app, database, dataDir, authorization, close } = await openBenchApp(['statements:write']);
const out = mkdtempSync(join(tmpdir(), 'lendsight-backup-bench-'));
try {
  const body = generateStatement({ seed: 7, months: 6, rows: 1_000, gambling: true, loans: true }).body(
    'periculum',
  ) as Record<string, unknown>;
  for (let i = 0; i < statements; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/statements/analytics?format=periculum',
      headers: { authorization, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...body, statementName: `backup-bench-${i}` }),
    });
    if (res.statusCode !== 200) throw new Error(`submission ${i}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[xs.length >> 1] as number;
  const copyMs: number[] = [];
  const heldMs: number[] = [];
  const tookMs: number[] = [];
  let bytes = 0;
  for (let round = 0; round < 5; round++) {
    const copy = join(out, `copy-${round}`);
    const t = performance.now();
    await cp(join(dataDir as string, 'pgdata'), copy, { recursive: true });
    copyMs.push(performance.now() - t);
    await rm(copy, { recursive: true });
    const file = join(out, `backup-${round}.tar.gz`);
    const report = await backupTo(database, file);
    heldMs.push(report.heldMs);
    tookMs.push(report.tookMs);
    bytes = report.bytes;
    await rm(file);
  }
  const c = median(copyMs);
  const size = (await readdir(join(dataDir as string, 'pgdata'), { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .reduce((n, e) => n + statSync(join(e.parentPath, e.name)).size, 0);
  console.log(
    `${statements} statements of 1,000 rows; data directory ${(size / 1048576).toFixed(0)} MiB, archive ${(bytes / 1048576).toFixed(1)} MiB (medians of 5): ` +
      `copying the data directory's files ${c.toFixed(0)} ms; backup held the database ${median(heldMs)} ms ` +
      `(ratio ${(median(heldMs) / c).toFixed(2)}), took ${median(tookMs)} ms in all (ratio ${(median(tookMs) / c).toFixed(2)})`,
  );
} finally {
  rmSync(out, { recursive: true, force: true });
  await close();
}
