import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.js';
import { AppError } from '../domain/errors.js';
import { DEFAULT_SCOPES, isScope, SCOPES, type Scope } from './scopes.js';
import { hashSecret } from './secret-hash.js';

export interface ClientRecord {
  id: number;
  clientId: string;
  name: string;
  slug: string;
  scopes: Scope[];
  isDev: boolean;
  createdAt: Date;
  revokedAt: Date | null;
}

export interface CreatedClient {
  client_id: string;
  client_secret: string;
  scopes: Scope[];
  /** What this client's credit references begin with: `<prefix>&<32 hex>`. */
  reference_prefix: string;
  /** Said when the name's own prefix was taken: by whom, and which one this client got instead. */
  note?: string;
}

const columns = ['id', 'client_id', 'name', 'slug', 'scopes', 'is_dev', 'created_at', 'revoked_at'] as const;

type Row = Selectable<Database['clients']>;

const toRecord = (r: Omit<Row, 'secret_hash'>): ClientRecord => ({
  id: r.id,
  clientId: r.client_id,
  name: r.name,
  slug: r.slug,
  scopes: r.scopes.split(' ').filter(isScope),
  isDev: r.is_dev,
  createdAt: r.created_at,
  revokedAt: r.revoked_at,
});

/** `Ade's Micro-Lending Ltd` -> `adesmicrolending`: the client part of a credit reference. */
export const slugOf = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 24) || 'client';

/**
 * The first of `base`, `base2`, `base3`, ... no client has: two names can give one prefix
 * (`Client-A full` and `Client A Full` are both `clientafull`), and a reference must say whose it is.
 */
async function freeSlug(db: Kysely<Database>, base: string): Promise<string> {
  const rows = await db.selectFrom('clients').select('slug').where('slug', 'like', `${base}%`).execute();
  const taken = new Set(rows.map((r) => r.slug));
  let n = 1;
  while (taken.has(n === 1 ? base : `${base}${n}`)) n++;
  return n === 1 ? base : `${base}${n}`;
}

/** Who holds a reference prefix, for the note that names the clash. */
async function holderOf(db: Kysely<Database>, slug: string) {
  return db.selectFrom('clients').select(['client_id', 'name']).where('slug', '=', slug).executeTakeFirst();
}

export async function createClient(
  db: Kysely<Database>,
  input: { name: string; scopes?: readonly string[]; isDev?: boolean },
): Promise<CreatedClient> {
  const scopes = [...new Set(input.scopes ?? DEFAULT_SCOPES)];
  if (scopes.length === 0) {
    throw new AppError('VALIDATION_FAILED', `a client needs at least one scope; valid: ${SCOPES.join(', ')}`);
  }
  const unknown = scopes.filter((s) => !isScope(s));
  if (unknown.length > 0) {
    throw new AppError('VALIDATION_FAILED', `unknown scope(s) ${unknown.join(', ')}; valid: ${SCOPES.join(', ')}`);
  }
  if (input.name.trim().length === 0) throw new AppError('VALIDATION_FAILED', 'a client needs a name');
  const clientId = `ls_${randomBytes(12).toString('hex')}`;
  const secret = randomBytes(32).toString('base64url');
  const secretHash = await hashSecret(secret);
  const base = slugOf(input.name);
  // Another client may take the free prefix between the look and the insert: look again.
  for (let attempt = 0; attempt < 10; attempt++) {
    const slug = await freeSlug(db, base);
    const inserted = await db
      .insertInto('clients')
      .values({
        client_id: clientId,
        name: input.name.trim(),
        slug,
        secret_hash: secretHash,
        scopes: scopes.join(' '),
        is_dev: input.isDev ?? false,
        revoked_at: null,
      })
      .onConflict((c) => c.column('slug').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) continue;
    const created = { client_id: clientId, client_secret: secret, scopes: scopes as Scope[], reference_prefix: slug };
    if (slug === base) return created;
    const holder = await holderOf(db, base);
    const by = holder ? ` by ${holder.client_id} ("${holder.name}")` : '';
    return {
      ...created,
      note: `the reference prefix ${base} is taken${by}: this client's credit references begin ${slug}&`,
    };
  }
  throw new Error(`no free credit reference prefix for ${base} after 10 attempts`);
}

export async function findClientByClientId(
  db: Kysely<Database>,
  clientId: string,
): Promise<(ClientRecord & { secretHash: string }) | undefined> {
  // PostgreSQL text cannot hold U+0000, so no client id has one (and the query would fail).
  if (clientId.includes('\u0000')) return undefined;
  const row = await db
    .selectFrom('clients')
    .select([...columns, 'secret_hash'])
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return row ? { ...toRecord(row), secretHash: row.secret_hash } : undefined;
}

export async function listClients(db: Kysely<Database>): Promise<ClientRecord[]> {
  const rows = await db.selectFrom('clients').select(columns).orderBy('id').execute();
  return rows.map(toRecord);
}

/** Marks a client revoked; its tokens stop working. Answers false when no such active client. */
export async function revokeClient(db: Kysely<Database>, clientId: string): Promise<boolean> {
  const result = await db
    .updateTable('clients')
    .set({ revoked_at: new Date() })
    .where('client_id', '=', clientId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function hasDevClient(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('clients').select('id').where('is_dev', '=', true).executeTakeFirst();
  return row !== undefined;
}
