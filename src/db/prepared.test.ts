import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers/database.js';
import type { DatabaseHandle } from './database.js';
import { preparedName, preparedSql, runPrepared } from './prepared.js';

describe('preparedSql', () => {
  it('answers the text and remembers its name', () => {
    const text = preparedSql('prepared_test_a', 'select 1 as one');
    expect(text).toBe('select 1 as one');
    expect(preparedName(text)).toBe('prepared_test_a');
    expect(preparedName('select 2')).toBeUndefined();
  });

  it('accepts the same text under the same name again (a module loaded twice)', () => {
    expect(preparedSql('prepared_test_a', 'select 1 as one')).toBe('select 1 as one');
  });

  it('refuses a second name for a text, and a second text for a name', () => {
    expect(() => preparedSql('prepared_test_b', 'select 1 as one')).toThrow(/already prepared as prepared_test_a/);
    expect(() => preparedSql('prepared_test_a', 'select 3')).toThrow(/already prepared as prepared_test_a/);
  });
});

describe('prepared statements through the database handle', () => {
  let database: DatabaseHandle;
  const text = preparedSql('prepared_test_sum', 'select $1::int + $2::int as total, 1 / $2::int as inverse');
  const run = (a: number, b: number) =>
    database.db.executeQuery(CompiledQuery.raw(text, [a, b]) as CompiledQuery<{ total: number; inverse: number }>);

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('runs a prepared text again and again with new parameters', async () => {
    for (let i = 1; i <= 5; i++) expect((await run(i, 1)).rows).toEqual([{ total: i + 1, inverse: 1 }]);
  });

  it('is prepared on the connection under its name', async () => {
    const names = await database.db.transaction().execute(async (tx) => {
      await tx.executeQuery(CompiledQuery.raw(text, [1, 1]));
      const r = await tx.executeQuery(
        CompiledQuery.raw("select name from pg_prepared_statements where name = 'prepared_test_sum'") as CompiledQuery<{
          name: string;
        }>,
      );
      return r.rows.map((row) => row.name);
    });
    expect(names).toEqual(['prepared_test_sum']);
  });

  it('reports an execution error, and the statement still runs afterwards', async () => {
    await expect(run(1, 0)).rejects.toThrow(/division by zero/);
    expect((await run(2, 1)).rows).toEqual([{ total: 3, inverse: 1 }]);
  });

  it('runs inside a transaction, and after one that rolled back', async () => {
    await expect(
      database.db.transaction().execute(async (tx) => {
        await tx.executeQuery(CompiledQuery.raw(text, [1, 1]));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const total = await database.db.transaction().execute(async (tx) => {
      const r = await tx.executeQuery(CompiledQuery.raw(text, [4, 1]) as CompiledQuery<{ total: number }>);
      return r.rows[0]?.total;
    });
    expect(total).toBe(5);
  });

  it('leaves other SQL unnamed and working', async () => {
    const r = await database.db.executeQuery(CompiledQuery.raw('select $1::int * 2 as twice', [21]));
    expect(r.rows).toEqual([{ twice: 42 }]);
  });
});

describe('runPrepared', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const clientNamed = (db: DatabaseHandle['db'], name: string) =>
    db.selectFrom('clients').select(['name']).where('name', '=', name);

  it('runs a Kysely query under its name, prepared on the connection, with new parameters each time', async () => {
    const seen = await database.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('clients')
        .values({ client_id: 'prep-a', name: 'A', slug: 'a', secret_hash: 'x', scopes: '' })
        .execute();
      const first = await runPrepared(tx, 'prepared_test_client', clientNamed(database.db, 'A'));
      const none = await runPrepared(tx, 'prepared_test_client', clientNamed(database.db, 'B'));
      const r = await tx.executeQuery(
        CompiledQuery.raw(
          "select name from pg_prepared_statements where name = 'prepared_test_client'",
        ) as CompiledQuery<{
          name: string;
        }>,
      );
      return { first, none, prepared: r.rows.length };
    });
    expect(seen).toEqual({ first: [{ name: 'A' }], none: [], prepared: 1 });
  });

  it('refuses a query that selects *, which a column added by a migration would break once prepared', async () => {
    const all = database.db.selectFrom('clients').selectAll().where('client_id', '=', 'x');
    await expect(runPrepared(database.db, 'prepared_test_star', all)).rejects.toThrow(/selects \*/);
    const allOfOne = database.db.selectFrom('clients').selectAll('clients').where('client_id', '=', 'x');
    await expect(runPrepared(database.db, 'prepared_test_star', allOfOne)).rejects.toThrow(/selects \*/);
  });

  it('still runs once prepared after a migration adds a column to its table (another instance upgrading)', async () => {
    const named = () => database.db.selectFrom('clients').select(['name', 'slug']).where('client_id', '=', 'prep-a');
    await database.db.transaction().execute(async (tx) => {
      await runPrepared(tx, 'prepared_test_named', named());
      await sql`alter table clients add column prepared_test_extra int`.execute(tx);
      expect(await runPrepared(tx, 'prepared_test_named', named())).toEqual([{ name: 'A', slug: 'a' }]);
      await sql`alter table clients drop column prepared_test_extra`.execute(tx);
    });
  });

  it('refuses a query whose text varies under one name', async () => {
    const other = database.db.selectFrom('clients').select(['name']).where('client_id', '=', 'x');
    await expect(runPrepared(database.db, 'prepared_test_client', other)).rejects.toThrow(/already prepared/);
  });
});
