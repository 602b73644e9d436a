import { existsSync } from 'node:fs';
import { type FileHandle, link, open, readFile, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { getSystemErrorMap, promisify } from 'node:util';
import { createGzip, gunzip } from 'node:zlib';
import { DataDirLockedError } from '../db/data-dir-lock.js';
import { type DatabaseHandle, openDatabase, pgdataOf } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { AppError } from '../domain/errors.js';

const gunzipAsync = promisify(gunzip);

/** What a backup wrote, and for how long the database's queries waited for it. */
export interface BackupReport {
  file: string;
  bytes: number;
  /** How long the copy held the database (its queries waited meanwhile). */
  heldMs: number;
  /** The whole backup: the copy, then compressing and writing it. */
  tookMs: number;
}

const refused = (message: string) => new AppError('VALIDATION_FAILED', message);

/** `no such file or directory` for ENOENT: the reason without the code and the path. */
const systemReason = (err: unknown): string => {
  const { errno, message } = err as NodeJS.ErrnoException;
  return (errno !== undefined && getSystemErrorMap().get(errno)?.[1]) || String(message);
};

/**
 * Writes the embedded database to `file` as a gzip tar archive of its data directory: a consistent
 * copy, taken while the service runs (its queries wait while the archive is read into memory, then
 * it is compressed and written off the event loop). Never over an existing file: the archive is
 * written beside it and linked into place when complete.
 */
export async function backupTo(database: DatabaseHandle, file: string): Promise<BackupReport> {
  if (!database.dumpDataDir) {
    throw refused('backup copies the embedded database; back up PostgreSQL with pg_dump or its own snapshots');
  }
  const exists = () => refused(`${file} exists: name a new file`);
  if (existsSync(file)) throw exists();
  const partial = `${file}.partial`;
  let out: FileHandle;
  try {
    // Owner only: it holds what the database holds.
    out = await open(partial, 'wx', 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw refused(`cannot write ${file}: ${systemReason(err)}`);
    throw refused(`${partial} exists: another backup to ${file} is running, or one was stopped (remove it)`);
  }
  const started = performance.now();
  let heldMs: number;
  let bytes: number;
  try {
    const archive = await database.dumpDataDir();
    heldMs = performance.now() - started;
    // Flushed to the disk before it closes: a backup reported written is on the disk.
    await pipeline(Readable.fromWeb(archive.stream() as never), createGzip(), out.createWriteStream({ flush: true }));
    bytes = (await stat(partial)).size;
    // A link, unlike a rename, never replaces a file that appeared meanwhile.
    await link(partial, file).catch((err: NodeJS.ErrnoException) => {
      throw err.code === 'EEXIST' ? exists() : err;
    });
    await syncDirectory(dirname(file)); // the new name, on the disk too
  } finally {
    await out.close().catch(() => {}); // the write stream closed it when it finished
    await rm(partial, { force: true });
  }
  return { file, bytes, heldMs: Math.round(heldMs), tookMs: Math.round(performance.now() - started) };
}

/**
 * Makes `dataDir` the database of a backup (`backupTo`), then brings it to the current schema. The
 * directory must not hold a database yet: a restore never replaces one.
 */
export async function restoreFrom(dataDir: string, file: string): Promise<{ dataDir: string; file: string }> {
  if (!existsSync(file)) throw refused(`${file} does not exist`);
  const made = pgdataOf(dataDir);
  if (existsSync(made)) throw refused(`${dataDir} already holds a database: restore into an empty DATA_DIR`);
  const archive = await readBackup(file);
  let database: DatabaseHandle;
  try {
    database = await openDatabase({ dataDir, loadDataDir: archive });
  } catch (err) {
    // Another process took the directory meanwhile: what is there is its own.
    if (err instanceof DataDirLockedError) throw err;
    // A damaged backup: no half-made database is left behind.
    await rm(made, { recursive: true, force: true });
    throw refused(`${file} could not be restored: ${(err as Error).message}`);
  }
  let migrated = false;
  try {
    await migrateToLatest(database.db);
    migrated = true;
  } finally {
    await database.close();
    if (!migrated) await rm(made, { recursive: true, force: true });
  }
  return { dataDir, file };
}

/**
 * A backup's tar archive, uncompressed and checked to be a database's data directory (it holds
 * `PG_VERSION`): what PGlite is given is never anything else (it decompresses and reads what it is
 * given where an error would end the process).
 */
async function readBackup(file: string): Promise<Blob> {
  let tar: Buffer;
  try {
    tar = await gunzipAsync(await readFile(file));
  } catch (err) {
    // zlib's codes start with Z_; a file that cannot be read says why.
    if (String((err as NodeJS.ErrnoException).code).startsWith('Z_')) throw notBackup(file);
    throw err;
  }
  if (!tarNames(tar).some((name) => /^([^/]*\/)?PG_VERSION$/.test(name))) throw notBackup(file);
  // gunzip's buffer is never over shared memory.
  return new Blob([tar as Buffer<ArrayBuffer>], { type: 'application/x-tar' });
}

async function syncDirectory(path: string): Promise<void> {
  const directory = await open(path, 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}

const notBackup = (file: string) => refused(`${file} is not a lendsight backup (db backup writes one)`);

/** The names of a tar archive's entries, as far as its headers read well. */
function tarNames(tar: Buffer): string[] {
  const names: string[] = [];
  // Each entry: a 512-byte header (name at 0, size in octal at 124, "ustar" at 257), then its data in 512-byte blocks.
  for (let at = 0; at + 512 <= tar.length; ) {
    const header = tar.subarray(at, at + 512);
    if (header.toString('latin1', 257, 262) !== 'ustar') break;
    names.push(header.toString('utf8', 0, 100).replace(/\0.*$/s, ''));
    const size = Number.parseInt(header.toString('latin1', 124, 136).replace(/\0.*$/s, '').trim() || '0', 8);
    if (!Number.isFinite(size)) break;
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return names;
}
