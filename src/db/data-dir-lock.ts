import { closeSync, openSync, readFileSync, rmSync, statSync, utimesSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export interface DataDirLock {
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `data directory ${dataDir} is in use by another lendsight process (pid ${pid}); ` +
        'two processes on one embedded database silently lose writes. Stop the other process, ' +
        'use another DATA_DIR, or set DATABASE_URL to share a PostgreSQL server.',
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * Who holds a lock. A pid alone is no identity: pids are reused, and in a container the server is
 * pid 1 in every life. On Linux the process's start time (clock ticks since boot) and the boot id
 * make it one; `host` tells whether the holder's processes are visible to us at all.
 */
interface Holder {
  pid: number;
  host?: string;
  boot?: string;
  start?: string;
}

/** A holder we cannot see (another container or host) touches the lock this often... */
const HEARTBEAT_MS = 15_000;
/** ...and is taken to be dead when the lock has not been touched for this long. */
const HEARTBEAT_STALE_MS = 60_000;

/** Lock files this process holds: a second lock of one directory in one process is refused too. */
const heldHere = new Set<string>();

function readProc(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/<pid>/stat; the command name before it may hold spaces and parentheses. */
function processStartTime(pid: number): string | undefined {
  const stat = readProc(`/proc/${pid}/stat`);
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

function ourselves(): Holder {
  return {
    pid: process.pid,
    host: hostname(),
    boot: readProc('/proc/sys/kernel/random/boot_id')?.trim(),
    start: processStartTime(process.pid),
  };
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Older versions wrote the bare pid. */
function parseHolder(text: string): Holder | undefined {
  if (/^\d+$/.test(text.trim())) return { pid: Number(text.trim()) };
  try {
    const holder = JSON.parse(text) as Holder;
    return Number.isInteger(holder.pid) ? holder : undefined;
  } catch {
    return undefined;
  }
}

function holderAlive(holder: Holder, lockTouchedMs: number): boolean {
  const me = ourselves();
  if (holder.pid === me.pid) return false; // not held here, so a previous life of this container
  if (holder.start === undefined || me.start === undefined) return processAlive(holder.pid);
  if (holder.host !== me.host || holder.boot !== me.boot) return Date.now() - lockTouchedMs < HEARTBEAT_STALE_MS;
  return processStartTime(holder.pid) === holder.start;
}

function createLock(path: string): DataDirLock {
  const fd = openSync(path, 'wx');
  writeSync(fd, JSON.stringify(ourselves()));
  closeSync(fd);
  heldHere.add(path);
  const heartbeat = setInterval(() => {
    const now = new Date();
    try {
      utimesSync(path, now, now);
    } catch {}
  }, HEARTBEAT_MS).unref();
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    heldHere.delete(path);
    process.off('exit', release);
    try {
      if (parseHolder(readFileSync(path, 'utf8'))?.pid === process.pid) rmSync(path);
    } catch {}
  };
  process.once('exit', release);
  return { release };
}

/**
 * Takes an exclusive lock on a PGlite data directory: a lock file created with O_EXCL naming its
 * holder. A lock whose holder is gone (kill -9, a previous life of this container, a pid now used
 * by another process) is taken over; one held by a live lendsight process refuses.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const path = join(dataDir, 'lendsight.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      return createLock(path);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const holder = parseHolder(readFileSync(path, 'utf8'));
      if (heldHere.has(path)) throw new DataDirLockedError(dataDir, process.pid);
      const touched = statSync(path).mtimeMs;
      // A lock with no holder written yet is another starter between creating and writing it.
      const unreadable = holder === undefined && Date.now() - touched < HEARTBEAT_STALE_MS;
      if (unreadable || (holder && holderAlive(holder, touched))) {
        throw new DataDirLockedError(dataDir, holder?.pid ?? 0);
      }
      rmSync(path, { force: true });
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}
