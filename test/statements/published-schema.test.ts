import { Compile } from 'typebox/compile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_BVNS } from '../../src/credit/adapters/sandbox/sandbox-bureau.js';
import type { FormatName } from '../../src/domain/statement.js';
import { saveLivenessResult } from '../../src/liveness/liveness-repository.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { closedSchema, openPlaces } from '../helpers/closed-schema.js';
import { type GeneratorOptions, generateStatement } from '../helpers/statement-generator.js';

/**
 * The statement answer as /openapi.json publishes it, held to what the routes really answer: every
 * object of the published schema is closed, so a field the service starts sending without a schema
 * fails here, and a documented field the service stops sending (required) fails too.
 */

let t: TestApp;
let headers: { authorization: string };
let doc: {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content: Record<string, { schema: unknown }> }> }>
  >;
};
beforeAll(async () => {
  t = await createTestApp({ env: { CREDIT_SANDBOX_DELAY_MS: '0', CREDIT_POLL_INTERVAL_MS: '10' } });
  headers = await t.auth();
  doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
});
afterAll(async () => t.close());

const answerSchema = (path: string, method: string) => {
  const schema = doc.paths[path]?.[method]?.responses['200']?.content['application/json']?.schema;
  expect(schema, `${method} ${path}`).toBeDefined();
  return schema as Record<string, unknown>;
};

/** The first few problems of a value against a closed schema, readable. */
function problems(schema: Record<string, unknown>, value: unknown): string[] {
  const check = Compile(closedSchema(schema));
  return check.Check(value)
    ? []
    : [...check.Errors(value)]
        .slice(0, 5)
        .map((e) => `${e.instancePath || '/'}: ${e.message} ${JSON.stringify(e.params)}`);
}

const generated: Array<[GeneratorOptions, FormatName]> = [
  [{ seed: 3, months: 6, salary: true, gambling: true, loans: true }, 'periculum'],
  [{ seed: 8, months: 4, salary: true, loans: true }, 'mono'],
  [{ seed: 21, months: 5, gambling: true }, 'okra'],
  [{ seed: 34, months: 3, balances: false }, 'dojah'],
  [{ seed: 55, months: 7, salary: true, loans: true, gambling: true }, 'mbs'],
  [{ seed: 89, months: 3, salary: true }, 'zeeh'],
];

describe('the published statement answer', () => {
  it('leaves no member open: every place documents what it holds', () => {
    for (const [path, method] of [
      ['/statements/{key}', 'get'],
      ['/statements/analytics', 'post'],
      ['/statements/bvn-first/analytics', 'post'],
    ] as const) {
      expect(openPlaces(answerSchema(path, method)), `${method} ${path}`).toEqual([]);
    }
  });

  it.each(generated)(
    'describes every field of a generated statement %j in %s, submitted and read back',
    async (options, format) => {
      const body = generateStatement(options).body(format, `published ${options.seed}`);
      const submitted = await t.app.inject({
        method: 'POST',
        url: `/statements/analytics?format=${format}`,
        headers,
        payload: body as object,
      });
      expect(submitted.statusCode, submitted.body).toBe(200);
      expect(problems(answerSchema('/statements/analytics', 'post'), submitted.json())).toEqual([]);

      const key = submitted.json().key as number;
      const read = await t.app.inject({ method: 'GET', url: `/statements/${key}`, headers });
      expect(read.statusCode).toBe(200);
      expect(problems(answerSchema('/statements/{key}', 'get'), read.json())).toEqual([]);
    },
  );

  it('describes an integrity report with breaks and duplicates', async () => {
    const body = generateStatement({ seed: 13, months: 4, salary: true }).body('periculum', 'published broken') as {
      transactions: Array<{ balance: number }>;
    };
    const rows = body.transactions;
    (rows[10] as { balance: number }).balance += 12_345; // edited
    rows.splice(21, 0, structuredClone(rows[20] as { balance: number })); // repeated
    rows.splice(40, 1); // missing
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/statements/analytics?format=periculum',
      headers,
      payload: body,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const { integrity } = submitted.json();
    expect(integrity.breaks.map((b: { kind: string }) => b.kind)).toEqual(expect.arrayContaining(['edited', 'gap']));
    // The repeated row is the same record sent twice: counted once, listed as a duplicate.
    expect(integrity.duplicates).not.toEqual([]);
    expect(integrity.duplicateCount).toBe(1);
    expect(problems(answerSchema('/statements/analytics', 'post'), submitted.json())).toEqual([]);
  });

  it('describes the records linked to a statement: credit reports and liveness results', async () => {
    const body = generateStatement({ seed: 144, months: 3, salary: true }).body('periculum', 'published linked');
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/statements/analytics?format=periculum',
      headers,
      payload: body as object,
    });
    const key = submitted.json().key as number;
    const report = await t.app.inject({
      method: 'POST',
      url: '/credit/consumer-reports',
      headers,
      payload: { bvn: SANDBOX_BVNS.thinFile, statementKey: key },
    });
    expect(report.statusCode, report.body).toBe(202);
    const { id: clientId } = await t.database.db
      .selectFrom('statements')
      .select('client_id as id')
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    await saveLivenessResult(t.database.db, {
      clientId,
      statementKey: key,
      imageSha256: 'a'.repeat(64),
      entity: {
        liveness: { liveness_check: false, liveness_probability: 0.0146 },
        face: {
          face_detected: false,
          message: 'no face detected',
          multiface_detected: false,
          details: null,
          quality: null,
          confidence: 0,
          bounding_box: null,
        },
      },
    });

    const read = await t.app.inject({ method: 'GET', url: `/statements/${key}`, headers });
    const answer = read.json();
    expect(answer.creditReports).toHaveLength(1);
    expect(answer.livenessResults).toHaveLength(1);
    const schema = answerSchema('/statements/{key}', 'get');
    expect(problems(schema, answer)).toEqual([]);
    // A field the service would add without documenting it fails, at any depth.
    expect(problems(schema, { ...answer, surprise: 1 })).not.toEqual([]);
    const deeper = structuredClone(answer);
    deeper.livenessResults[0].surprise = 1;
    deeper.transactionPatternAnalysis.largestIncomingTransfer = {
      ...answer.transactionPatternAnalysis.largestIncomingTransfer,
      surprise: 1,
    };
    expect(problems(schema, deeper)).not.toEqual([]);
  });
});
