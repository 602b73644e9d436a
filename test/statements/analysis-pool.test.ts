import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CanonicalStatement } from '../../src/domain/statement.js';
import { createAnalysisPool } from '../../src/statements/analytics/worker/pool.js';
import { formatByName } from '../../src/statements/formats/index.js';
import { parseStatement } from '../../src/statements/parse.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { generateStatement } from '../helpers/statement-generator.js';

function bigStatement(rows: number): CanonicalStatement {
  const generated = generateStatement({ seed: 11, months: 24, rows });
  const format = formatByName.get('periculum');
  if (!format) throw new Error('periculum format missing');
  const parsed = parseStatement(format, generated.body('periculum'), { defaultTimeZone: 'Africa/Lagos' });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return parsed.statement;
}

describe('statement analysis on worker threads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ANALYSIS_WORKERS: '1', ANALYSIS_INLINE_BELOW_ROWS: '1000' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers /health while a 50,000-row statement is being analysed', async () => {
    const statement = bigStatement(50_000);
    expect(statement.transactions.length).toBeGreaterThanOrEqual(50_000);
    const order: string[] = [];
    const analysis = t.services.statementAnalysis.analyse(statement).then((result) => {
      order.push('analysis');
      return result;
    });
    const health = t.app.inject({ method: 'GET', url: '/health' }).then((res) => {
      order.push('health');
      return res;
    });
    const [res, result] = await Promise.all([health, analysis]);
    expect(res.statusCode).toBe(200);
    expect(order).toEqual(['health', 'analysis']);
    expect(result.transactions).toHaveLength(statement.transactions.length);
    expect(result.transactionPatternAnalysis.totalNumberOfTransactions).toBe(statement.transactions.length);
  });

  it('gives the same result on a worker as on the calling thread', async () => {
    const statement = bigStatement(3_000);
    const { analyseStatement } = await import('../../src/statements/analytics/analyse.js');
    const onWorker = await t.services.statementAnalysis.analyse(statement);
    expect(onWorker).toEqual(analyseStatement(statement));
  });
});

describe('the analysis pool', () => {
  it('stops an analysis that overruns its time and keeps refusing overruns on fresh workers', async () => {
    // 1 ms: a worker cannot even start that fast, so the first job always overruns.
    const pool = createAnalysisPool({ workers: 1, inlineBelowRows: 0, timeoutMs: 1 });
    try {
      await expect(pool.analyse(bigStatement(5_000))).rejects.toThrow(/took longer than 1 ms/);
      const small = bigStatement(200);
      const quick = createAnalysisPool({ workers: 1, inlineBelowRows: 0, timeoutMs: 60_000 });
      const expected = await quick.analyse(small);
      await quick.stop();
      await expect(pool.analyse(small)).rejects.toThrow(/took longer than 1 ms/);
      expect(expected.transactions).toHaveLength(small.transactions.length);
    } finally {
      await pool.stop();
    }
  });

  it('refuses work once stopped', async () => {
    const pool = createAnalysisPool({ workers: 1, inlineBelowRows: 0, timeoutMs: 60_000 });
    await pool.stop();
    await expect(pool.analyse(bigStatement(200))).rejects.toThrow(/stopped/);
  });
});
