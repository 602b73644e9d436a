import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';
import { migrationProvider } from '../../src/db/migrations/index.js';
import { compressJson } from '../../src/statements/compression.js';

// Integrity reports stored before repeated rows were left out take the report's present shape.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
});
afterAll(async () => database.close());

describe('migration 0016', () => {
  it('gives old integrity reports an empty duplicates list and a duplicateCount of 0; new and null ones unchanged', async () => {
    const db = database.db;
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo('0015-client-slug-unique')).error).toBeUndefined();
    await sql`insert into clients (client_id, name, slug, secret_hash, scopes) values ('c1', 'c', 'c', 'x', 'statements:read')`.execute(
      db,
    );
    await sql`insert into statements (client_id, name, format, statement_type, processing_status)
      values (1, 'a', 'mono', 'consumer', 'PROCESSED'), (1, 'b', 'mono', 'consumer', 'PROCESSED'),
             (1, 'c', 'mono', 'consumer', 'FAILED')`.execute(db);
    const old = {
      verdict: 'INCONSISTENT',
      breakCount: 1,
      breaks: [{ position: 3, kind: 'duplicate' }],
      duplicates: [{ transactionIds: ['ab', 'ab-2'], date: '2024-01-02', amount: 50, narration: 'RENT' }],
    };
    const current = { verdict: 'INTACT', breakCount: 0, breaks: [], duplicates: [], duplicateCount: 2 };
    const empty = Buffer.from(compressJson('{}'));
    for (const [i, integrity] of [JSON.stringify(old), JSON.stringify(current), 'null'].entries()) {
      await sql`insert into statement_results (statement_key, integrity, sections)
        values (${i + 1}, ${integrity}, ${empty})`.execute(db);
    }

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = await sql<{ integrity: string }>`
      select integrity from statement_results order by statement_key`.execute(db);
    const [first, second, third] = rows.rows.map((r) => JSON.parse(r.integrity));
    expect(first).toEqual({ ...old, duplicates: [], duplicateCount: 0 });
    expect(second).toEqual(current);
    expect(third).toBeNull();
  });
});
