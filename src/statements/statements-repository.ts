import { CompiledQuery, type Kysely, type Selectable, type Transaction } from 'kysely';
import { preparedSql, runPrepared } from '../db/prepared.js';
import type { Database, StatementsTable } from '../db/schema.js';
import { ownedBy } from '../db/tenant.js';
import { purgeOlderThan } from '../jobs/retention.js';
import { WEBHOOK_EVENTS } from '../webhooks/events.js';
import { decompressJson } from './compression.js';

type Db = Kysely<Database> | Transaction<Database>;

export type StatementRow = Selectable<StatementsTable>;

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

/** Every column a submission writes; the database adds `key` and `created_at`. */
export type StatementValues = Omit<StatementRow, 'key' | 'created_at'>;

// Listing the columns as an object makes the compiler refuse a missing or unknown one.
const STATEMENT_COLUMNS = Object.keys({
  client_id: true,
  name: true,
  format: true,
  statement_type: true,
  bvn_uuid: true,
  processing_status: true,
  client_full_name: true,
  account_name: true,
  account_number: true,
  account_type: true,
  bank_name: true,
  currency: true,
  time_zone: true,
  start_date: true,
  end_date: true,
  opening_balance: true,
  closing_balance: true,
  transaction_count: true,
  bvn_masked: true,
  bvn_sealed: true,
  nin_masked: true,
  nin_sealed: true,
  name_match: true,
  integrity_verdict: true,
} satisfies Record<keyof StatementValues, true>) as Array<keyof StatementValues>;

/** What the database makes of an inserted statement: its key and time, and the UUID as it stores it. */
type Generated = Pick<StatementRow, 'key' | 'created_at' | 'bvn_uuid'>;

const placeholder = (n: number) => `$${n}`;
const RESULTS_AT = STATEMENT_COLUMNS.length + 1;

/**
 * The submission's write, as SQL text made once and prepared once per connection: it runs on every
 * submission, and building it through Kysely's query builder (a CTE over 24 columns, then compiling
 * it) took about a tenth of the event loop's time per request. Only what the database generates is
 * read back. A client with a webhook endpoint gets `statement.processed` queued by the same statement.
 */
const INSERT_STATEMENT = preparedSql(
  'insert_statement',
  `with s as (
  insert into statements (${STATEMENT_COLUMNS.join(', ')})
  values (${STATEMENT_COLUMNS.map((_, i) => placeholder(i + 1)).join(', ')})
  returning key, created_at, bvn_uuid, client_id, format, processing_status
), r as (
  insert into statement_results (statement_key, integrity, sections, transactions)
  select s.key, ${placeholder(RESULTS_AT)}::text, ${placeholder(RESULTS_AT + 1)}::bytea, ${placeholder(RESULTS_AT + 2)}::bytea from s
), w as (
  insert into webhook_deliveries (client_id, event, data)
  select s.client_id, '${WEBHOOK_EVENTS.statementProcessed}',
    json_build_object('statementKey', s.key, 'format', s.format, 'processingStatus', s.processing_status)::text
  from s join webhook_endpoints e on e.client_id = s.client_id
)
select key, created_at, bvn_uuid from s`,
);

/**
 * Writes a statement and its results in one statement (a data-modifying CTE): one round trip, and
 * atomic on its own. A taken name or BVN record fails it with a unique violation.
 */
export async function insertStatement(
  db: Db,
  statement: StatementValues,
  results: StatementResults,
): Promise<StatementRow> {
  const parameters = [
    ...STATEMENT_COLUMNS.map((column) => statement[column]),
    results.integrity,
    asBuffer(results.sections),
    asBuffer(results.transactions),
  ];
  const query = CompiledQuery.raw(INSERT_STATEMENT, parameters) as CompiledQuery<Generated>;
  const { rows } = await db.executeQuery(query);
  const generated = rows[0];
  if (!generated) throw new Error('inserting a statement returned no row');
  return { ...statement, ...generated };
}

/** Every column of a statement row, named: a prepared read lists its columns (`runPrepared`). */
const ROW_COLUMNS = ['key', 'created_at', ...STATEMENT_COLUMNS] as const satisfies ReadonlyArray<keyof StatementRow>;

export async function getStatement(db: Db, clientId: number, key: number): Promise<StatementRow | undefined> {
  const query = ownedBy(db as Kysely<Database>, 'statements', clientId)
    .select(ROW_COLUMNS.map((column) => `statements.${column}` as const))
    .where('statements.key', '=', key);
  return (await runPrepared(db, 'get_statement', query))[0] as StatementRow | undefined;
}

/** A statement's integrity report and analytics sections, JSON text. */
export async function getResults(db: Db, key: number): Promise<{ integrity: string; analytics: string } | undefined> {
  const query = db.selectFrom('statement_results').select(['integrity', 'sections']).where('statement_key', '=', key);
  const [row] = await runPrepared(db, 'get_statement_results', query);
  return row && { integrity: row.integrity, analytics: decompressJson(row.sections) };
}

/** The encoded transactions of a statement (`transaction-document.ts`). */
export async function getTransactions(db: Db, key: number): Promise<Uint8Array | undefined> {
  const query = db.selectFrom('statement_results').select('transactions').where('statement_key', '=', key);
  const [row] = await runPrepared(db, 'get_statement_transactions', query);
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
  const query = db
    .selectFrom('statement_idempotency')
    .select(['request_hash', 'status_code', 'response', 'statement_key'])
    .where('client_id', '=', clientId)
    .where('key', '=', key);
  return (await runPrepared(db, 'find_idempotency_key', query))[0];
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
  const query = db
    .insertInto('statement_idempotency')
    .values({ client_id: row.clientId, key: row.key, request_hash: row.requestHash })
    .onConflict((oc) => oc.columns(['client_id', 'key']).doNothing())
    .returning('key');
  return (await runPrepared(db, 'claim_idempotency_key', query)).length > 0;
}

/** Stores the answer of the request holding the key. */
export async function completeIdempotencyKey(
  db: Db,
  row: { clientId: number; key: string; statementKey: number; statusCode: number; response: string },
): Promise<void> {
  const query = db
    .updateTable('statement_idempotency')
    .set({ statement_key: row.statementKey, status_code: row.statusCode, response: row.response })
    .where('client_id', '=', row.clientId)
    .where('key', '=', row.key);
  await runPrepared(db, 'complete_idempotency_key', query);
}

/**
 * Deletes the statements stored more than `days` days ago, with everything that goes with them
 * (transactions, analytics, affordability and liveness results, idempotency records); a credit
 * report linked to one stays, unlinked, like when a client deletes the statement. Answers how many
 * were deleted. STATEMENT_RETENTION_DAYS, swept by `jobs/retention.ts`.
 */
export const purgeStatementsOlderThan = (db: Kysely<Database>, days: number, batch?: number): Promise<number> =>
  purgeOlderThan(db, { table: 'statements', id: 'key', time: 'created_at' }, days, batch);

/**
 * True when the statement exists and belongs to the client (another client's key reads as absent).
 * `forKeyShare`, inside a transaction: the statement cannot be deleted before a row referring to it
 * is written (otherwise the writer translates the foreign-key refusal into a 404).
 */
export async function ownsStatement(
  db: Db,
  clientId: number,
  statementKey: number,
  lock: { forKeyShare?: boolean } = {},
): Promise<boolean> {
  const query = ownedBy(db, 'statements', clientId).select('statements.key').where('statements.key', '=', statementKey);
  return (await (lock.forKeyShare ? query.forKeyShare() : query).executeTakeFirst()) !== undefined;
}
