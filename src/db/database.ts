import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { type DataDirLock, lockDataDir } from './data-dir-lock.js';
import { pglitePoolConfig } from './pglite-connection.js';
import { preparingPool } from './prepared.js';
import type { Database } from './schema.js';

// BIGINT (int8) and NUMERIC come back as strings by default; our bigints are kobo amounts and keys
// that fit in 2^53, so read them as numbers.
pg.types.setTypeParser(20, (v) => Number(v));

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** Round trip to the database; rejects when it is unreachable. */
  ping(): Promise<void>;
  /**
   * PGlite only: its data directory as a tar archive, uncompressed. A consistent copy: it is taken
   * between queries (they wait meanwhile) and a transaction still open is not in it.
   */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` for a throwaway in-memory database. */
  dataDir?: string;
  /** A PGlite data directory dump to start from (tests). */
  loadDataDir?: Blob;
  poolSize?: number;
}

/** Where PGlite keeps its files in a data directory (the lock and the admin socket sit beside it). */
export const pgdataOf = (dataDir: string): string => join(dataDir, 'pgdata');

/** True when `dataDir` holds an embedded database (a server started there once, or a restore made it). */
export const holdsDatabase = (dataDir: string): boolean => existsSync(join(pgdataOf(dataDir), 'PG_VERSION'));

export async function openDatabase(opts: DatabaseOptions): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    pool.on('error', () => {}); // an idle client dying must not crash the process; queries report it
    return wrap(pool, 'postgres', async () => {});
  }
  const dataDir = opts.dataDir ?? 'memory://';
  let lock: DataDirLock | undefined;
  if (!dataDir.startsWith('memory://')) {
    ownerOnly(dataDir);
    lock = lockDataDir(dataDir);
  }
  try {
    const pglite = await PGlite.create({
      dataDir: dataDir.startsWith('memory://') ? undefined : pgdataOf(dataDir),
      loadDataDir: opts.loadDataDir,
    });
    const pool = new pg.Pool(pglitePoolConfig(pglite));
    const handle = wrap(pool, 'pglite', async () => {
      await pglite.close();
      lock?.release();
    });
    return { ...handle, dumpDataDir: () => pglite.dumpDataDir('none') };
  } catch (err) {
    lock?.release();
    throw err;
  }
}

/**
 * The data directory, made if missing, readable by its owner only: PGlite writes its files readable
 * by anyone (0666 under the usual umask), and the directory holds BVNs, reports and the admin socket
 * (PostgreSQL itself refuses a data directory others can enter). A directory this process may not
 * change the mode of is left as it is.
 */
function ownerOnly(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    chmodSync(dataDir, 0o700);
  } catch {}
}

function wrap(pool: pg.Pool, kind: DatabaseHandle['kind'], after: () => Promise<void>): DatabaseHandle {
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  let closed = false;
  return {
    db,
    kind,
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
      await after();
    },
  };
}
