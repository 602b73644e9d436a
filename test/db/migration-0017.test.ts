import { type KyselyPlugin, Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';
import { migrationProvider } from '../../src/db/migrations/index.js';
import type { CanonicalStatement } from '../../src/domain/statement.js';
import { analyseStatement } from '../../src/statements/analytics/analyse.js';
import { compressJson, decompressJson } from '../../src/statements/compression.js';
import { encodeTransactions } from '../../src/statements/transaction-document.js';
import { runningBalanceRows } from '../helpers/analytics-fixtures.js';
import { statementOf, withoutRowBalances } from '../helpers/statement-builder.js';

// Statements analysed before the running balances and otherIncomeStreams read back with them, the
// running balances as the analysis now works them out.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
});
afterAll(async () => database.close());

const rows = runningBalanceRows;
const full = statementOf(rows, { openingNaira: 10_000 });
const statements: CanonicalStatement[] = [full, withoutRowBalances(full, { opening: true }), withoutRowBalances(full)];

type Sections = { monthlySummary: Array<Record<string, unknown>>; incomeAnalysis: Record<string, unknown> };

/** The sections as the analysis writes them now, and as an earlier release stored them. */
function sectionsOf(statement: CanonicalStatement): { now: Sections; before: Sections } {
  const { labels: _, ...now } = analyseStatement(statement);
  const before = structuredClone(now) as unknown as Sections;
  for (const month of before.monthlySummary) {
    delete month.lowestRunningBalance;
    delete month.highestRunningBalance;
  }
  delete before.incomeAnalysis.otherIncomeStreams;
  return { now: now as unknown as Sections, before };
}

describe('migration 0017', () => {
  it('gives stored monthly summaries their running balances and stored income sections otherIncomeStreams', async () => {
    const db = database.db;
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo('0016-integrity-duplicates')).error).toBeUndefined();
    await sql`insert into clients (client_id, name, slug, secret_hash, scopes) values ('c1', 'c', 'c', 'x', 'statements:read')`.execute(
      db,
    );
    const analysed = statements.map(sectionsOf);
    for (const [i, statement] of statements.entries()) {
      await sql`insert into statements (client_id, name, format, statement_type, processing_status)
        values (1, ${`s${i}`}, 'periculum', 'consumer', 'PROCESSED')`.execute(db);
      const sections = Buffer.from(compressJson(JSON.stringify(analysed[i]?.before)));
      const transactions = Buffer.from(encodeTransactions(statement.transactions, undefined, 'derived'));
      await sql`insert into statement_results (statement_key, integrity, sections, transactions)
        values (${i + 1}, 'null', ${sections}, ${transactions})`.execute(db);
    }
    // A failed analysis stores no sections to rewrite.
    await sql`insert into statements (client_id, name, format, statement_type, processing_status)
      values (1, 'failed', 'periculum', 'consumer', 'FAILED')`.execute(db);
    await sql`insert into statement_results (statement_key, integrity, sections)
      values (4, 'null', ${Buffer.from(compressJson('{}'))})`.execute(db);

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const read = async () =>
      (
        await sql<{ sections: Uint8Array }>`select sections from statement_results order by statement_key`.execute(db)
      ).rows.map((r) => JSON.parse(decompressJson(r.sections)) as Sections);
    const migrated = await read();
    expect(migrated).toEqual([...analysed.map((a) => a.now), {}]);
    // The dip inside April 10 (a ride before a fee) and the peak inside April 20 (a refund before the rent), not only the end-of-day ones.
    expect(migrated[0]?.monthlySummary[0]).toMatchObject({
      month: '2025-04',
      lowestBalance: 60_000,
      lowestRunningBalance: 56_750,
      highestRunningBalance: 196_750,
    });
    expect(migrated[2]?.monthlySummary[0]).toMatchObject({ lowestRunningBalance: null, highestRunningBalance: null });

    // Down takes them out again.
    expect((await migrator.migrateTo('0016-integrity-duplicates')).error).toBeUndefined();
    expect(await read()).toEqual([...analysed.map((a) => a.before), {}]);
  });
});

describe('migration 0017 over many statements', () => {
  it('reads the stored statements a page at a time by key, never all at once, and rewrites every one', async () => {
    const handle = await openDatabase({ dataDir: 'memory://' });
    try {
      // The most rows any one query brought back, as the migration ran.
      let largest = 0;
      const watch: KyselyPlugin = {
        transformQuery: (args) => args.node,
        transformResult: async (args) => {
          largest = Math.max(largest, args.result.rows.length);
          return args.result;
        },
      };
      const db = handle.db;
      const migrator = new Migrator({ db: db.withPlugin(watch), provider: migrationProvider });
      expect((await migrator.migrateTo('0016-integrity-duplicates')).error).toBeUndefined();
      await sql`insert into clients (client_id, name, slug, secret_hash, scopes) values ('c1', 'c', 'c', 'x', 'statements:read')`.execute(
        db,
      );
      const { now, before } = sectionsOf(full);
      const sections = Buffer.from(compressJson(JSON.stringify(before)));
      const transactions = Buffer.from(encodeTransactions(full.transactions, undefined, 'derived'));
      await sql`insert into statements (client_id, name, format, statement_type, processing_status)
        select 1, 's' || g, 'periculum', 'consumer', 'PROCESSED' from generate_series(1, 500) g`.execute(db);
      // 450 stored results, with gaps in their keys (every tenth statement has none).
      await sql`insert into statement_results (statement_key, integrity, sections, transactions)
        select g, 'null', ${sections}, ${transactions} from generate_series(1, 500) g where g % 10 <> 3`.execute(db);
      largest = 0;

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(largest).toBeGreaterThan(0);
      expect(largest).toBeLessThanOrEqual(200);
      const stored = await sql<{ statement_key: number; sections: Uint8Array }>`
        select statement_key, sections from statement_results order by statement_key`.execute(db);
      expect(stored.rows).toHaveLength(450);
      for (const row of stored.rows) expect(JSON.parse(decompressJson(row.sections))).toEqual(now);
    } finally {
      await handle.close();
    }
  });
});
