import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
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

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes an exclusive lock on a PGlite data directory: a lock file created with O_EXCL holding our
 * pid. A lock left by a dead process (kill -9) is taken over; one held by a live process refuses.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const path = join(dataDir, 'lendsight.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        try {
          if (readFileSync(path, 'utf8') === String(process.pid)) rmSync(path);
        } catch {}
      };
      process.once('exit', release);
      return { release };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const holder = Number.parseInt(readFileSync(path, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && processAlive(holder)) {
        throw new DataDirLockedError(dataDir, holder);
      }
      if (holder === process.pid) throw new DataDirLockedError(dataDir, holder);
      rmSync(path, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}
