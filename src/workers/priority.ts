import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** The kernel's id of a thread, from the target of `/proc/thread-self` (`<pid>/task/<tid>`). */
export function threadIdOf(link: string): number | undefined {
  const match = /(?:^|\/)task\/(\d+)$/.exec(link);
  return match ? Number(match[1]) : undefined;
}

/**
 * Raises the calling thread's nice value by `by` (at most to 19). On Linux a thread's nice value is
 * its own, so a worker thread can yield to its process's event loop without slowing the event loop;
 * elsewhere (no `/proc/thread-self`) nothing changes. Answers whether the priority was lowered.
 */
export function lowerThreadPriority(by: number): boolean {
  if (!(by > 0)) return false;
  let tid: number | undefined;
  try {
    tid = threadIdOf(readlinkSync('/proc/thread-self'));
  } catch {
    return false;
  }
  if (tid === undefined) return false;
  try {
    setPriority(tid, Math.min(19, getPriority(tid) + by));
    return true;
  } catch {
    return false;
  }
}
