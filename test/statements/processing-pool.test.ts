import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatementsConfig } from '../../src/config.js';
import { type ProcessRequest, processSubmission } from '../../src/statements/processing.js';
import { decodeTransactions } from '../../src/statements/transaction-document.js';
import { createStatementProcessor } from '../../src/statements/worker/processing-pool.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { generateStatement } from '../helpers/statement-generator.js';

const config: StatementsConfig = { defaultTimeZone: 'Africa/Lagos', minTransactions: 10 };

/** A generated periculum body of `rows` rows, as the bytes a client sends. */
function bigRequest(rows: number): ProcessRequest {
  const generated = generateStatement({ seed: 11, months: 24, rows });
  const body = Buffer.from(JSON.stringify(generated.body('periculum', `big ${rows}`)));
  return { format: 'periculum', statementType: 'consumer', body };
}

function processed(outcome: Awaited<ReturnType<typeof processSubmission>>) {
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.refusal));
  return outcome.statement;
}

describe('statement processing on worker threads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ANALYSIS_WORKERS: '1', ANALYSIS_INLINE_BELOW_BYTES: '1000' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers /health while a 50,000-row statement is being processed', async () => {
    const order: string[] = [];
    const processing = t.services.statementProcessor.process(bigRequest(50_000)).then((outcome) => {
      order.push('processing');
      return outcome;
    });
    const health = t.app.inject({ method: 'GET', url: '/health' }).then((res) => {
      order.push('health');
      return res;
    });
    const [res, outcome] = await Promise.all([health, processing]);
    expect(res.statusCode).toBe(200);
    expect(order).toEqual(['health', 'processing']);
    const statement = processed(outcome);
    expect(statement.transactionCount).toBeGreaterThanOrEqual(50_000);
    expect(decodeTransactions(statement.transactions).id).toHaveLength(statement.transactionCount);
    expect(JSON.parse(statement.analytics).transactionPatternAnalysis.totalNumberOfTransactions).toBe(
      statement.transactionCount,
    );
  });

  it('gives the same result on a worker as on the calling thread', async () => {
    const request = bigRequest(3_000);
    // The worker takes the body's bytes (they are moved, not copied): the calling thread gets a copy.
    const copy = { ...request, body: Buffer.from(request.body as Buffer) };
    const onWorker = processed(await t.services.statementProcessor.process(request));
    expect((request.body as Buffer).byteLength).toBe(0);
    const here = processed(processSubmission(copy, config));
    // Bytes come back from a thread as a Uint8Array, not a Buffer: compare the bytes.
    const bytes = (s: typeof here) => ({
      ...s,
      transactions: Buffer.from(s.transactions),
      sections: Buffer.from(s.sections),
    });
    expect(bytes(onWorker)).toEqual(bytes(here));
  });

  it('takes a body in the chunks it arrived in, moved and not copied, and reads it as the joined bytes', async () => {
    const request = bigRequest(3_000);
    const bytes = request.body as Buffer;
    // Chunks with buffers of their own, as Node's HTTP parser gives them.
    const chunks = [bytes.subarray(0, 70_000), bytes.subarray(70_000, 140_000), bytes.subarray(140_000)].map((c) =>
      Uint8Array.prototype.slice.call(c),
    );
    const onWorker = processed(await t.services.statementProcessor.process({ ...request, body: chunks }));
    expect(chunks.map((c) => c.byteLength)).toEqual([0, 0, 0]);
    const whole = processed(processSubmission({ ...request, body: Buffer.from(bytes) }, config));
    expect(onWorker.analytics).toBe(whole.analytics);
    expect(Buffer.from(onWorker.transactions)).toEqual(Buffer.from(whole.transactions));
  });

  it('refuses a broken body on a worker with every offending path, as on the calling thread', async () => {
    const body = Buffer.from(JSON.stringify({ statementName: 'x', transactions: [{ date: 'soon' }] }).padEnd(2000));
    const request = { format: 'periculum', statementType: 'consumer', body };
    const here = processSubmission({ ...request, body: Buffer.from(body) }, config);
    const onWorker = await t.services.statementProcessor.process(request);
    expect(onWorker.ok).toBe(false);
    expect(onWorker).toEqual(here);
  });
});

describe('the processing pool', () => {
  it('stops processing that overruns its time and keeps refusing overruns on fresh workers', async () => {
    // 1 ms: a worker cannot even start that fast, so the first job always overruns.
    const pool = createStatementProcessor({ workers: 1, inlineBelowBytes: 0, timeoutMs: 1 }, config);
    try {
      await expect(pool.process(bigRequest(5_000))).rejects.toThrow(/took longer than 1 ms/);
      const small = bigRequest(200);
      const quick = createStatementProcessor({ workers: 1, inlineBelowBytes: 0, timeoutMs: 60_000 }, config);
      const expected = processed(await quick.process(small));
      await quick.stop();
      await expect(pool.process(small)).rejects.toThrow(/took longer than 1 ms/);
      expect(expected.transactionCount).toBeGreaterThanOrEqual(200);
    } finally {
      await pool.stop();
    }
  });

  it('warms its threads on the warm-up statement before it says ready; threads started on first use need none', async () => {
    const warm = createStatementProcessor({ workers: 2, inlineBelowBytes: 0, timeoutMs: 60_000 }, config, {
      warm: true,
    });
    try {
      expect(warm.status()).toEqual({ ok: false, detail: 'warming up the processing threads' });
      await warm.warmUp();
      expect(warm.status()).toEqual({ ok: true });
      expect(processed(await warm.process(bigRequest(200))).transactionCount).toBeGreaterThanOrEqual(200);
    } finally {
      await warm.stop();
    }
    const lazy = createStatementProcessor({ workers: 1, inlineBelowBytes: 0, timeoutMs: 60_000 }, config);
    expect(lazy.status()).toEqual({ ok: true, detail: 'threads start on first use' });
    await lazy.stop();
    const inline = createStatementProcessor({ workers: 0, inlineBelowBytes: 0, timeoutMs: 60_000 }, config, {
      warm: true,
    });
    await inline.warmUp();
    expect(inline.status()).toEqual({
      ok: true,
      detail: 'statements are processed on the event loop (ANALYSIS_WORKERS=0)',
    });
    await inline.stop();
  });

  it('is not ready when the warm-up statement is refused: processing would refuse statements too', async () => {
    // The warm-up statement has 300 transactions: a minimum above that refuses it.
    const strict = { ...config, minTransactions: 1_000 };
    const pool = createStatementProcessor({ workers: 1, inlineBelowBytes: 0, timeoutMs: 60_000 }, strict, {
      warm: true,
    });
    try {
      await pool.warmUp();
      expect(pool.status()).toEqual({
        ok: false,
        detail: 'the warm-up statement was refused (NOT_ENOUGH_TRANSACTIONS): processing is not working',
      });
    } finally {
      await pool.stop();
    }
  });

  it('a processor stopped while it warms up starts no threads and says why it is not ready', async () => {
    const pool = createStatementProcessor({ workers: 1, inlineBelowBytes: 0, timeoutMs: 60_000 }, config, {
      warm: true,
    });
    await pool.stop();
    await pool.warmUp();
    expect(pool.status()).toEqual({
      ok: false,
      detail: 'processing threads failed: the statement analysis pool is stopped',
    });
  });

  it('refuses work once stopped', async () => {
    const pool = createStatementProcessor({ workers: 1, inlineBelowBytes: 0, timeoutMs: 60_000 }, config);
    await pool.stop();
    await expect(pool.process(bigRequest(200))).rejects.toThrow(/stopped/);
  });
});
