import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';
import { migrationProvider } from '../../src/db/migrations/index.js';
import { compressJson, decompressJson } from '../../src/statements/compression.js';

// Statements analysed before the real API's values (migrations up to 0013) read back with them.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
});
afterAll(async () => database.close());

const transfer = (counterparty: string) => ({ date: '2023-03-05', amount: 20000, description: 'NIP CR', counterparty });

describe('migration 0014', () => {
  it("gives stored sections the real API's category token and counterparty names, keeping the transfers in full", async () => {
    const db = database.db;
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo('0013-credit-reports-client')).error).toBeUndefined();
    await sql`insert into clients (client_id, name, slug, secret_hash, scopes) values ('c1', 'c', 'c', 'x', 'statements:read')`.execute(
      db,
    );
    await sql`insert into statements (client_id, name, format, statement_type, processing_status)
      values (1, 'a', 'mono', 'consumer', 'PROCESSED'), (1, 'b', 'mono', 'consumer', 'PROCESSED'),
             (1, 'c', 'mono', 'consumer', 'FAILED')`.execute(db);
    const stored = [
      {
        spendAnalysis: { totalExpenses: 5, mostFrequentSpendCategory: 'bank_charges' },
        transactionPatternAnalysis: {
          missingTransactions: 'No',
          topIncomingTransfer: transfer('TUNDE BAKARE'),
          topOutgoingTransfer: transfer(''),
        },
      },
      {
        spendAnalysis: { mostFrequentSpendCategory: 'shopping' },
        transactionPatternAnalysis: { topIncomingTransfer: null, topOutgoingTransfer: null },
      },
      {},
    ];
    for (const [i, sections] of stored.entries()) {
      await sql`insert into statement_results (statement_key, integrity, sections)
        values (${i + 1}, 'null', ${Buffer.from(compressJson(JSON.stringify(sections)))})`.execute(db);
    }

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const read = async () =>
      (
        await sql<{ sections: Uint8Array }>`select sections from statement_results order by statement_key`.execute(db)
      ).rows.map((r) => JSON.parse(decompressJson(r.sections)));
    expect(await read()).toEqual([
      {
        spendAnalysis: { totalExpenses: 5, mostFrequentSpendCategory: 'charges_and_stamp_duty_transactions' },
        transactionPatternAnalysis: {
          missingTransactions: 'No',
          topIncomingTransfer: 'TUNDE BAKARE',
          topOutgoingTransfer: null,
          largestIncomingTransfer: transfer('TUNDE BAKARE'),
          largestOutgoingTransfer: transfer(''),
        },
      },
      {
        spendAnalysis: { mostFrequentSpendCategory: 'others_transactions' },
        transactionPatternAnalysis: {
          topIncomingTransfer: null,
          topOutgoingTransfer: null,
          largestIncomingTransfer: null,
          largestOutgoingTransfer: null,
        },
      },
      {},
    ]);

    // Down puts the transfers back under their old names.
    expect((await migrator.migrateTo('0013-credit-reports-client')).error).toBeUndefined();
    const [first] = await read();
    expect(first.transactionPatternAnalysis).toEqual(stored[0]?.transactionPatternAnalysis);
  });
});
