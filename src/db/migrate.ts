import { type Kysely, Migrator } from 'kysely';
import { migrationProvider } from './migrations/index.js';

/**
 * Brings the schema up to date. Kysely's migrator takes a PostgreSQL advisory lock, so several
 * instances starting at once against one server run each migration exactly once.
 */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
