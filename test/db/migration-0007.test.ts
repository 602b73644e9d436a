import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';
import { migrationProvider } from '../../src/db/migrations/index.js';
import { decompressJson } from '../../src/statements/compression.js';
import { decodeTransactions } from '../../src/statements/transaction-document.js';

// An installation that stored transactions a row each (migrations up to 0006) upgrades to one
// document per statement: every field and label comes back, in position order.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
});
afterAll(async () => database.close());

describe('migration 0007', () => {
  it("converts each statement's transaction rows into its document, compresses its sections, drops the table", async () => {
    const db = database.db;
    const migrator = new Migrator({ db, provider: migrationProvider });
    const before = await migrator.migrateTo('0006-statement-transactions-cascade');
    expect(before.error).toBeUndefined();
    await sql`insert into clients (client_id, name, slug, secret_hash, scopes) values ('c1', 'c', 'c', 'x', 'statements:read')`.execute(
      db,
    );
    await sql`insert into statements (client_id, name, format, statement_type, processing_status)
      values (1, 'labelled', 'mono', 'consumer', 'PROCESSED'), (1, 'failed', 'mono', 'consumer', 'FAILED')`.execute(db);
    await sql`insert into statement_results (statement_key, integrity, analytics)
      values (1, '{}', '{"cashFlowAnalysis":{"totalCreditTurnover":10000.5}}'), (2, '{}', '{}')`.execute(db);
    // Inserted out of position order: the document follows `position`.
    await sql`insert into statement_transactions
      (statement_key, position, id, date, posted_at, value_date, direction, amount, balance, narration, reference, category, channel)
      values
      (1, 1, 'b', '2023-01-03', null, null, 'debit', 250, null, 'FGN STAMP DUTY', null, 'bank_charges', 'bank_charge'),
      (1, 0, 'a', '2023-01-02', '2023-01-02T09:00:00Z', '2023-01-02', 'credit', 1000050, 1000050, 'SALARY JAN', 'R1', 'salary', 'transfer'),
      (2, 0, 'c', '2023-02-01', null, null, 'credit', 7, 7, 'X', null, null, null)`.execute(db);

    const after = await migrator.migrateToLatest();
    expect(after.error).toBeUndefined();
    const rows = await db
      .selectFrom('statement_results')
      .select(['statement_key', 'transactions', 'sections'])
      .orderBy('statement_key')
      .execute();
    expect(rows.map((r) => decompressJson(r.sections))).toEqual([
      '{"cashFlowAnalysis":{"totalCreditTurnover":10000.5}}',
      '{}',
    ]);
    const docs = new Map(rows.map((r) => [r.statement_key, r.transactions && decodeTransactions(r.transactions)]));
    // The rows kept no confidence or evidence: they read as null.
    expect(docs.get(1)).toEqual({
      v: 3,
      id: ['a', 'b'],
      date: ['2023-01-02', '2023-01-03'],
      postedAt: ['2023-01-02T09:00:00Z', null],
      valueDate: ['2023-01-02', null],
      direction: 'CD',
      amount: [1000050, 250],
      balance: [1000050, null],
      narration: ['SALARY JAN', 'FGN STAMP DUTY'],
      reference: ['R1', null],
      categories: ['salary', 'bank_charges'],
      category: [0, 1],
      channels: ['transfer', 'bank_charge'],
      channel: [0, 1],
      confidence: [null, null],
      evidences: [],
      evidence: [null, null],
    });
    expect(docs.get(2)).toMatchObject({ id: ['c'], categories: [], category: [null], channel: [null] });
    const left = await sql<{ n: number }>`
      select count(*)::int as n from information_schema.tables where table_name = 'statement_transactions'`.execute(db);
    expect(left.rows[0]?.n).toBe(0);
  });
});
