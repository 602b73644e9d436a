import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';
import { migrationProvider } from '../../src/db/migrations/index.js';

// Liveness results stored without a statement could be read or erased by no one: they are deleted.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
});
afterAll(async () => database.close());

describe('migration 0018', () => {
  it('deletes the liveness results stored without a statement and keeps those of a statement', async () => {
    const db = database.db;
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo('0016-integrity-duplicates')).error).toBeUndefined();
    await sql`insert into clients (client_id, name, slug, secret_hash, scopes) values ('c1', 'c', 'c', 'x', 'liveness:write')`.execute(
      db,
    );
    await sql`insert into statements (client_id, name, format, statement_type, processing_status)
      values (1, 'a', 'mono', 'consumer', 'PROCESSED')`.execute(db);
    await sql`insert into liveness_results (client_id, statement_key, image_sha256, result)
      values (1, null, ${'a'.repeat(64)}, '{}'), (1, 1, ${'b'.repeat(64)}, '{}'), (1, null, ${'c'.repeat(64)}, '{}')`.execute(
      db,
    );

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = await sql<{ statement_key: number | null; image_sha256: string }>`
      select statement_key, image_sha256 from liveness_results order by id`.execute(db);
    expect(rows.rows).toEqual([{ statement_key: 1, image_sha256: 'b'.repeat(64) }]);
  });
});
