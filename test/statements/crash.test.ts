import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { decodeTransactions } from '../../src/statements/transaction-document.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Runs the writer in a child process until it prints `marker`, then kills it with SIGKILL. */
async function killWhen(dataDir: string, mode: 'mid' | 'after', marker: string): Promise<string> {
  const script = new URL('./crash-writer.ts', import.meta.url).pathname;
  // Start from the migrated template PGlite dump the suite already made (a fresh initdb takes seconds).
  const template = inject('pgliteTemplate');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script, dataDir, mode, template], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr?.on('data', (d) => {
    err += d;
  });
  const line = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (d) => {
      out += d;
      const found = out.split('\n').find((l) => l.startsWith(marker));
      if (found) resolve(found);
    });
    child.on('exit', (code) => reject(new Error(`writer exited (${code}) before ${marker}: ${out} ${err}`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  return line;
}

async function countsIn(dataDir: string) {
  // The writer's lock file names a dead process: the data directory is taken over.
  const database = await openDatabase({ dataDir });
  try {
    const db = database.db;
    const statements = await db.selectFrom('statements').select(['key', 'transaction_count']).execute();
    const results = await db.selectFrom('statement_results').select('transactions').execute();
    const transactions = results.reduce(
      (n, r) => n + (r.transactions ? decodeTransactions(r.transactions).id.length : 0),
      0,
    );
    return { statements, transactions, results: results.length };
  } finally {
    await database.close();
  }
}

describe('a process killed while writing a statement', () => {
  it('leaves no partial statement when killed mid-write', { timeout: 180_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lendsight-crash-'));
    dirs.push(dir);
    const line = await killWhen(dir, 'mid', 'MID-WRITE');
    expect(line).toBe('MID-WRITE');
    expect(await countsIn(dir)).toEqual({ statements: [], transactions: 0, results: 0 });
  });

  it('keeps all of a statement whose write committed before the kill', { timeout: 180_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lendsight-crash-'));
    dirs.push(dir);
    const line = await killWhen(dir, 'after', 'COMMITTED');
    const key = Number(line.split(' ')[1]);
    expect(await countsIn(dir)).toEqual({
      statements: [{ key, transaction_count: 12_000 }],
      transactions: 12_000,
      results: 1,
    });
  });
});
