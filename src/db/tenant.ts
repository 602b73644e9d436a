import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from './schema.js';

/** Tables whose rows belong to one client (they carry a `client_id` column). */
export type TenantTable = Exclude<
  { [T in keyof Database]: Database[T] extends { client_id: number } ? T : never }[keyof Database],
  'clients'
>;

/**
 * The default way to read tenant data: a select already restricted to one client's rows, so a
 * repository has to go out of its way to see another client's. Another client's key then simply
 * isn't found, and the route answers 404.
 */
export function ownedBy<T extends TenantTable>(
  db: Kysely<Database>,
  table: T,
  clientId: number,
): SelectQueryBuilder<Database, T, object> {
  // biome-ignore lint/suspicious/noExplicitAny: Kysely cannot narrow a generic table's column reference
  return (db.selectFrom(table) as any).where(`${table}.client_id`, '=', clientId);
}
