import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pglitePoolConfig } from '../../src/db/pglite-connection.js';

describe('node-postgres over PGlite, a query to one call', () => {
  let pglite: PGlite;
  let pool: pg.Pool;
  let calls = 0;

  beforeAll(async () => {
    pglite = await PGlite.create();
    const run = pglite.execProtocolRawStream.bind(pglite);
    pglite.execProtocolRawStream = (...args: Parameters<PGlite['execProtocolRawStream']>) => {
      calls++;
      return run(...args);
    };
    pool = new pg.Pool(pglitePoolConfig(pglite));
    await pool.query('create table t (id int primary key, note text, data bytea)');
  });
  afterAll(async () => {
    await pool.end();
    await pglite.close();
  });

  const counted = async <T>(fn: () => Promise<T>): Promise<{ result: T; calls: number }> => {
    const before = calls;
    const result = await fn();
    return { result, calls: calls - before };
  };

  it('runs an extended query (parse, bind, describe, execute, sync) in one call, with its answer', async () => {
    const data = Buffer.from([0, 1, 2, 255]);
    const { result, calls: n } = await counted(() =>
      pool.query('insert into t values ($1, $2, $3) returning id, note, data', [1, 'one', data]),
    );
    expect(n).toBe(1);
    expect(result.rows).toEqual([{ id: 1, note: 'one', data }]);
  });

  it('prepares a named statement once and runs it again as bind, describe, execute, sync in one call', async () => {
    const query = (id: number) =>
      pool.query({ name: 'note_of', text: 'select note from t where id = $1', values: [id] });
    expect((await counted(() => query(1))).calls).toBe(1);
    const again = await counted(() => query(1));
    expect(again).toEqual({ result: expect.objectContaining({ rows: [{ note: 'one' }] }), calls: 1 });
  });

  it('reports an error in the middle of a batch, then serves the next query on the same connection', async () => {
    await expect(pool.query('insert into t values ($1, $2)', [1, 'again'])).rejects.toMatchObject({ code: '23505' });
    await expect(pool.query('select $1::int + 1 as n', ['x'])).rejects.toMatchObject({ code: '22P02' });
    await expect(pool.query('selec 1')).rejects.toMatchObject({ code: '42601' });
    expect((await pool.query('select count(*)::int as n from t')).rows).toEqual([{ n: 1 }]);
  });

  it('keeps a transaction across queries and rolls it back', async () => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query('insert into t (id, note) values ($1, $2)', [2, 'two']);
      expect((await client.query('select count(*)::int as n from t')).rows).toEqual([{ n: 2 }]);
      await client.query('rollback');
    } finally {
      client.release();
    }
    expect((await pool.query('select count(*)::int as n from t')).rows).toEqual([{ n: 1 }]);
  });

  it('answers a simple query with several statements', async () => {
    const results = (await pool.query('select 1 as a; select 2 as b')) as unknown as pg.QueryResult[];
    expect(results.map((r) => r.rows)).toEqual([[{ a: 1 }], [{ b: 2 }]]);
  });

  it('serves queries queued at once in order', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => pool.query('select $1::int as i', [i]).then((r) => r.rows[0].i)),
    );
    expect(answers).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });
});
