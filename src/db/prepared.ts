import {
  type Compilable,
  CompiledQuery,
  type Kysely,
  type PostgresCursor,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
  type Transaction,
} from 'kysely';
import type pg from 'pg';
import type { Database } from './schema.js';

/** SQL text → the name it is prepared under. */
const names = new Map<string, string>();

/**
 * Marks a SQL text to run as a named prepared statement: each connection parses and plans it once,
 * then only binds and executes it. For a statement run on every request (the submission's insert):
 * parsing and planning it each time cost the database about a quarter of the insert (on PGlite,
 * event-loop time). Answers the text, to be run as usual (`CompiledQuery.raw(text, parameters)`).
 */
export function preparedSql(name: string, text: string): string {
  const taken = names.get(text);
  if (taken === name) return text;
  if (taken !== undefined) throw new Error(`this SQL is already prepared as ${taken}`);
  for (const [other, otherName] of names) {
    if (otherName === name && other !== text) throw new Error(`another SQL is already prepared as ${name}`);
  }
  names.set(text, name);
  return text;
}

/**
 * Runs a query built with Kysely as the named prepared statement `name` (`preparedSql`): for a query
 * run on every request whose SQL text never varies (no optional filters, no lists of varying
 * length: a second text under one name throws). Parsing and planning each time cost PGlite about a
 * third of a simple read: two reads of a statement took 336-344 µs of CPU, 234-239 µs prepared.
 * Its columns are named, never `*`: when another instance's migration adds a column, PostgreSQL
 * refuses to run a prepared `select *` again ("cached plan must not change result type").
 */
export async function runPrepared<R>(
  db: Kysely<Database> | Transaction<Database>,
  name: string,
  query: Compilable<R>,
): Promise<R[]> {
  const { sql, parameters } = query.compile();
  if (preparedName(sql) === undefined && STAR.test(sql)) throw new Error(`${name} selects *: name its columns`);
  return (await db.executeQuery<R>(CompiledQuery.raw(preparedSql(name, sql), parameters as unknown[]))).rows;
}

/** `select *`, `select "t".*` or `returning *` as Kysely writes them. */
const STAR = /\b(select|returning)\s+("\w+"\.)?\*/i;

/** The name a SQL text is prepared under, if it was marked with `preparedSql`. */
export const preparedName = (text: string): string | undefined => names.get(text);

/**
 * The pool as Kysely's dialect uses it, with the texts marked by `preparedSql` sent as named
 * statements (node-postgres remembers, per connection, which names it has already prepared).
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  // One wrapper per connection: Kysely keys its connection objects by the client it is given.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
    function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
    function query(sqlOrCursor: unknown, parameters?: ReadonlyArray<unknown>): unknown {
      if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor as never);
      const name = names.get(sqlOrCursor);
      const values = parameters as unknown[];
      return name ? client.query({ name, text: sqlOrCursor, values }) : client.query(sqlOrCursor, values);
    }
    return { query, release: () => client.release() };
  };
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
