import type { Insertable, Selectable } from 'kysely';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, StatementsTable } from '../db/schema.js';
import { ownedBy } from '../db/tenant.js';
import type { CanonicalTransaction } from '../domain/statement.js';

type Db = Kysely<Database> | Transaction<Database>;

export type StatementRow = Selectable<StatementsTable>;
export type NewStatement = Insertable<StatementsTable>;

/** Rows per INSERT of transactions: one statement with one JSON parameter per chunk. */
const CHUNK = 5000;

export async function findKeyByName(db: Db, clientId: number, name: string): Promise<number | undefined> {
  const row = await ownedBy(db as Kysely<Database>, 'statements', clientId)
    .select('statements.key')
    .where('statements.name', '=', name)
    .executeTakeFirst();
  return (row as { key: number } | undefined)?.key;
}

export async function findKeyByBvnUuid(db: Db, clientId: number, bvnUuid: string): Promise<number | undefined> {
  const row = await ownedBy(db as Kysely<Database>, 'statements', clientId)
    .select('statements.key')
    .where('statements.bvn_uuid', '=', bvnUuid)
    .executeTakeFirst();
  return (row as { key: number } | undefined)?.key;
}

export async function insertStatement(db: Db, statement: NewStatement): Promise<StatementRow> {
  return db.insertInto('statements').values(statement).returningAll().executeTakeFirstOrThrow();
}

export interface TransactionLabels {
  category?: string;
  channel?: string;
}

/**
 * Inserts a statement's transactions in chunks, each one INSERT ... SELECT FROM json_to_recordset
 * of a single JSON text parameter. The server reads it as fast as 12 unnest arrays, and building
 * it is one native JSON.stringify instead of pg's per-element array-literal escaping (which was
 * ~3 ms of main-thread time for 1,000 rows). `afterChunk` is called after each chunk (the crash
 * test uses it to stop mid-write).
 */
export async function insertTransactions(
  db: Db,
  statementKey: number,
  transactions: readonly CanonicalTransaction[],
  labels: ReadonlyMap<string, TransactionLabels>,
  afterChunk?: (written: number) => Promise<void>,
): Promise<void> {
  for (let start = 0; start < transactions.length; start += CHUNK) {
    const n = Math.min(CHUNK, transactions.length - start);
    const rows = new Array<TransactionRecord>(n);
    for (let i = 0; i < n; i++) {
      const t = transactions[start + i] as CanonicalTransaction;
      const label = labels.get(t.id);
      // Absent optional fields stay undefined: JSON.stringify leaves them out and they read as null.
      rows[i] = {
        p: start + i,
        i: t.id,
        d: t.date,
        pa: t.postedAt,
        vd: t.valueDate,
        dr: t.direction,
        a: t.amount,
        b: t.balance,
        n: t.narration,
        r: t.reference,
        c: label?.category,
        ch: label?.channel,
      };
    }
    await sql`
      insert into statement_transactions
        (statement_key, position, id, date, posted_at, value_date, direction, amount, balance, narration,
         reference, category, channel)
      select ${statementKey}::int, j.* from json_to_recordset(${JSON.stringify(rows)}::json) as j(
        p int, i text, d text, pa text, vd text, dr text, a bigint, b bigint, n text, r text, c text, ch text)`.execute(
      db,
    );
    if (afterChunk) await afterChunk(start + n);
  }
}

/**
 * One transaction row as sent to json_to_recordset. Short keys and no nulls keep the text (written
 * to the database socket) small: position, id, date, posted_at, value_date, direction, amount,
 * balance, narration, reference, category, channel.
 */
interface TransactionRecord {
  p: number;
  i: string;
  d: string;
  pa: string | undefined;
  vd: string | undefined;
  dr: string;
  a: number;
  b: number | undefined;
  n: string;
  r: string | undefined;
  c: string | undefined;
  ch: string | undefined;
}

export async function insertResults(db: Db, statementKey: number, integrity: string, analytics: string) {
  await db.insertInto('statement_results').values({ statement_key: statementKey, integrity, analytics }).execute();
}

export async function getStatement(db: Db, clientId: number, key: number): Promise<StatementRow | undefined> {
  return (await ownedBy(db as Kysely<Database>, 'statements', clientId)
    .selectAll()
    .where('statements.key', '=', key)
    .executeTakeFirst()) as StatementRow | undefined;
}

export async function getResults(db: Db, key: number): Promise<{ integrity: string; analytics: string } | undefined> {
  return db
    .selectFrom('statement_results')
    .select(['integrity', 'analytics'])
    .where('statement_key', '=', key)
    .executeTakeFirst();
}

export interface TransactionFilter {
  direction?: 'credit' | 'debit';
  from?: string;
  to?: string;
  category?: string;
}

export async function listTransactions(
  db: Db,
  statementKey: number,
  filter: TransactionFilter,
  page: { offset: number; limit: number },
) {
  let q = db.selectFrom('statement_transactions').where('statement_key', '=', statementKey);
  if (filter.direction) q = q.where('direction', '=', filter.direction);
  if (filter.from) q = q.where('date', '>=', filter.from);
  if (filter.to) q = q.where('date', '<=', filter.to);
  if (filter.category) q = q.where('category', '=', filter.category);
  const [count, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    q
      .select([
        'position',
        'id',
        'date',
        'posted_at',
        'value_date',
        'direction',
        'amount',
        'balance',
        'narration',
        'reference',
        'category',
        'channel',
      ])
      .orderBy('position')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
  ]);
  return { total: Number(count.total), rows };
}

export async function listStatements(
  db: Db,
  clientId: number,
  filter: { bvnUuid?: string },
  page: { offset: number; limit: number },
) {
  let q = ownedBy(db as Kysely<Database>, 'statements', clientId);
  if (filter.bvnUuid) q = q.where('statements.bvn_uuid', '=', filter.bvnUuid);
  const [count, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    q.selectAll().orderBy('statements.key', 'desc').offset(page.offset).limit(page.limit).execute(),
  ]);
  return { total: Number((count as { total: number }).total), rows: rows as StatementRow[] };
}

/** Deletes a statement and, by cascade, everything linked to it. False when the client has no such statement. */
export async function deleteStatement(db: Db, clientId: number, key: number): Promise<boolean> {
  const r = await db
    .deleteFrom('statements')
    .where('client_id', '=', clientId)
    .where('key', '=', key)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function findIdempotent(db: Db, clientId: number, key: string) {
  return db
    .selectFrom('statement_idempotency')
    .select(['request_hash', 'status_code', 'response', 'statement_key'])
    .where('client_id', '=', clientId)
    .where('key', '=', key)
    .executeTakeFirst();
}

/**
 * Takes an Idempotency-Key inside the submission's transaction, before anything is written: a
 * concurrent request with the same key waits on the row lock and then finds it taken. False when
 * the key was already taken.
 */
export async function claimIdempotencyKey(
  db: Db,
  row: { clientId: number; key: string; requestHash: string },
): Promise<boolean> {
  const r = await db
    .insertInto('statement_idempotency')
    .values({ client_id: row.clientId, key: row.key, request_hash: row.requestHash })
    .onConflict((oc) => oc.columns(['client_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return r !== undefined;
}

/** Stores the answer of the request holding the key. */
export async function completeIdempotencyKey(
  db: Db,
  row: { clientId: number; key: string; statementKey: number; statusCode: number; response: string },
): Promise<void> {
  await db
    .updateTable('statement_idempotency')
    .set({ statement_key: row.statementKey, status_code: row.statusCode, response: row.response })
    .where('client_id', '=', row.clientId)
    .where('key', '=', row.key)
    .execute();
}
