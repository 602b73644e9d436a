import { type Kysely, sql } from 'kysely';
import { signingKeyAad } from '../auth/signing-keys.js';
import type { ReportCipher } from '../credit/report-cipher.js';
import { reportAad, requestAad, subjectAad, subjectIdentifier } from '../credit/sealing.js';
import { identityAad } from '../statements/identity.js';
import { webhookSecretAad } from '../webhooks/signature.js';
import type { Database } from './schema.js';
import { isUniqueViolation } from './sql-state.js';

type Row = Record<string, string | number>;

/**
 * A column holding values sealed with the service's cipher (`v1.<kid>.…`), and how to rebuild the
 * associated data that binds each value to its row.
 */
interface SealedColumn {
  table: keyof Database & string;
  id: string;
  column: string;
  /** The other columns the associated data is built from. */
  context: string[];
  aad(row: Row): string;
  /**
   * What to write for a value sealed again (default: the value under the current key, same
   * associated data). A credit job's subject hash is an HMAC under the current key too.
   */
  renew?(row: Row, plain: string, cipher: ReportCipher): Row;
}

const SEALED: readonly SealedColumn[] = [
  {
    table: 'signing_keys',
    id: 'kid',
    column: 'private_jwk',
    context: [],
    aad: (r) => signingKeyAad(String(r.kid)),
  },
  {
    table: 'statements',
    id: 'key',
    column: 'bvn_sealed',
    context: ['client_id'],
    aad: (r) => identityAad(Number(r.client_id), 'bvn'),
  },
  {
    table: 'statements',
    id: 'key',
    column: 'nin_sealed',
    context: ['client_id'],
    aad: (r) => identityAad(Number(r.client_id), 'nin'),
  },
  {
    table: 'credit_jobs',
    id: 'id',
    column: 'subject_enc',
    context: ['client_id', 'kind', 'subject_hash'],
    aad: (r) => subjectAad(Number(r.client_id), String(r.subject_hash)),
    renew(row, plain, cipher) {
      const hash = cipher.subjectHash(
        subjectIdentifier(row.kind === 'commercial' ? 'commercial' : 'consumer', JSON.parse(plain)),
      );
      return { subject_hash: hash, subject_enc: cipher.seal(plain, subjectAad(Number(row.client_id), hash)) };
    },
  },
  { table: 'credit_jobs', id: 'id', column: 'report_enc', context: [], aad: (r) => reportAad(Number(r.id)) },
  {
    table: 'credit_reports',
    id: 'id',
    column: 'request_enc',
    context: ['reference'],
    aad: (r) => requestAad(String(r.reference)),
  },
  {
    table: 'webhook_endpoints',
    id: 'client_id',
    column: 'secret_sealed',
    context: [],
    aad: (r) => webhookSecretAad(Number(r.client_id)),
  },
];

const nameOf = (c: SealedColumn) => `${c.table}.${c.column}`;

/** How many values of each sealed column each key sealed. */
export interface KeyUsage {
  column: string;
  kid: string;
  count: number;
}

export async function sealedKeyUsage(db: Kysely<Database>): Promise<KeyUsage[]> {
  const usage: KeyUsage[] = [];
  for (const c of SEALED) {
    const value = sql.ref(c.column);
    const { rows } = await sql<{ kid: string; count: string | number }>`
      select split_part(${value}, '.', 2) as kid, count(*) as count from ${sql.table(c.table)}
      where ${value} like 'v1.%' group by 1 order by 1`.execute(db);
    for (const r of rows) usage.push({ column: nameOf(c), kid: r.kid, count: Number(r.count) });
  }
  return usage;
}

/** What sealing again did to one column. */
export interface ResealCount {
  column: string;
  /** Values now sealed with the current key. */
  resealed: number;
  /** Values no configured key opens (listed by row id): left as they are. */
  unreadable: Array<string | number>;
}

/**
 * Seals every value sealed with an older key again with the current one (`cipher.kid`), after
 * CREDIT_ENCRYPTION_KEY was changed and the old key listed in CREDIT_ENCRYPTION_PREVIOUS_KEYS.
 * Rows are read in id order in batches; each is written only if its value is still the one read,
 * so a running service writing at the same time is safe, and running it again does nothing more.
 */
export async function resealAll(db: Kysely<Database>, cipher: ReportCipher, batch = 200): Promise<ResealCount[]> {
  const counts: ResealCount[] = [];
  for (const c of SEALED) counts.push(await resealColumn(db, cipher, c, batch));
  return counts;
}

async function resealColumn(
  db: Kysely<Database>,
  cipher: ReportCipher,
  c: SealedColumn,
  batch: number,
): Promise<ResealCount> {
  const count: ResealCount = { column: nameOf(c), resealed: 0, unreadable: [] };
  const value = sql.ref(c.column);
  const id = sql.ref(c.id);
  const columns = sql.join([c.id, c.column, ...c.context].map((name) => sql.ref(name)));
  let after: string | number | undefined;
  for (;;) {
    const { rows } = await sql<Row>`
      select ${columns} from ${sql.table(c.table)}
      where ${value} like 'v1.%' and ${value} not like ${`v1.${cipher.kid}.%`}
        ${after === undefined ? sql`` : sql`and ${id} > ${after}`}
      order by ${id} limit ${batch}`.execute(db);
    for (const row of rows) {
      const old = String(row[c.column]);
      let plain: string;
      try {
        plain = cipher.open(old, c.aad(row));
      } catch {
        count.unreadable.push(row[c.id] as string | number);
        continue;
      }
      const next = c.renew?.(row, plain, cipher) ?? { [c.column]: cipher.seal(plain, c.aad(row)) };
      if (await writeIfUnchanged(db, c, row, old, next)) count.resealed++;
      else if (c.renew) {
        // A pull in flight for the same subject under its new hash already exists: this one keeps
        // its hash (it only decides reuse) and is sealed again with the current key.
        const same = { [c.column]: cipher.seal(plain, c.aad(row)) };
        if (await writeIfUnchanged(db, c, row, old, same)) count.resealed++;
      }
    }
    if (rows.length < batch) return count;
    after = (rows[rows.length - 1] as Row)[c.id];
  }
}

/** Writes `next` to the row if its sealed value is still `old`; false when it changed or a unique index refused. */
async function writeIfUnchanged(
  db: Kysely<Database>,
  c: SealedColumn,
  row: Row,
  old: string,
  next: Row,
): Promise<boolean> {
  const set = sql.join(Object.entries(next).map(([k, v]) => sql`${sql.ref(k)} = ${v}`));
  try {
    const result = await sql`update ${sql.table(c.table)} set ${set}
      where ${sql.ref(c.id)} = ${row[c.id]} and ${sql.ref(c.column)} = ${old}`.execute(db);
    return Number(result.numAffectedRows ?? 0) > 0;
  } catch (err) {
    if (c.renew && isUniqueViolation(err)) return false;
    throw err;
  }
}
