import { type Insertable, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database, StatementsTable } from '../db/schema.js';
import { ownedBy } from '../db/tenant.js';
import { decompressJson } from './compression.js';

type Db = Kysely<Database> | Transaction<Database>;

export type StatementRow = Selectable<StatementsTable>;
export type NewStatement = Insertable<StatementsTable>;

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

/** What is stored beside a statement: its integrity report (JSON), analytics sections and transactions (compressed). */
export interface StatementResults {
  integrity: string;
  sections: Uint8Array;
  transactions: Uint8Array;
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Writes a statement and its results in one statement (a data-modifying CTE): one round trip, and
 * atomic on its own. A taken name or BVN record fails it with a unique violation.
 */
export async function insertStatement(
  db: Db,
  statement: NewStatement,
  results: StatementResults,
): Promise<StatementRow> {
  return (db as Kysely<Database>)
    .with('s', (q) => q.insertInto('statements').values(statement).returningAll())
    .with('r', (q) =>
      q
        .insertInto('statement_results')
        .columns(['statement_key', 'integrity', 'sections', 'transactions'])
        .expression((eb) =>
          eb
            .selectFrom('s')
            .select([
              's.key',
              sql<string>`${results.integrity}::text`.as('integrity'),
              sql<Uint8Array>`${asBuffer(results.sections)}::bytea`.as('sections'),
              sql<Uint8Array>`${asBuffer(results.transactions)}::bytea`.as('transactions'),
            ]),
        ),
    )
    .selectFrom('s')
    .selectAll()
    .executeTakeFirstOrThrow() as Promise<StatementRow>;
}

export async function getStatement(db: Db, clientId: number, key: number): Promise<StatementRow | undefined> {
  return (await ownedBy(db as Kysely<Database>, 'statements', clientId)
    .selectAll()
    .where('statements.key', '=', key)
    .executeTakeFirst()) as StatementRow | undefined;
}

/** A statement's integrity report and analytics sections, JSON text. */
export async function getResults(db: Db, key: number): Promise<{ integrity: string; analytics: string } | undefined> {
  const row = await db
    .selectFrom('statement_results')
    .select(['integrity', 'sections'])
    .where('statement_key', '=', key)
    .executeTakeFirst();
  return row && { integrity: row.integrity, analytics: decompressJson(row.sections) };
}

/** The encoded transactions of a statement (`transaction-document.ts`). */
export async function getTransactions(db: Db, key: number): Promise<Uint8Array | undefined> {
  const row = await db
    .selectFrom('statement_results')
    .select('transactions')
    .where('statement_key', '=', key)
    .executeTakeFirst();
  return row?.transactions ?? undefined;
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
