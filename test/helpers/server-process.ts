import { type ChildProcess, spawn } from 'node:child_process';
import pkg from '../../package.json' with { type: 'json' };

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the first match of `pattern` in the output. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  exited: Promise<number | null>;
}

/**
 * The command `npm start` runs, which the README says to run directly under a supervisor (npm
 * would not pass SIGTERM on): `node …`, run here as this process's node.
 */
export function startCommand(): string[] {
  const [program, ...args] = pkg.scripts.start.split(' ');
  if (program !== 'node') throw new Error(`npm start runs ${program}, not node: the README's advice needs a look`);
  return args;
}

/** Starts the service exactly as `npm start` does, as its own process (signals reach it), with extra environment. */
export function startServer(env: Record<string, string>): ServerProcess {
  const base = { ...process.env };
  delete base.DATABASE_URL; // the embedded database unless the test asks otherwise
  const child = spawn(process.execPath, startCommand(), {
    env: { ...base, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    text += chunk.toString();
    for (const l of listeners) l();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => text,
    exited,
    waitFor(pattern, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = text.match(pattern);
          if (m) {
            listeners.delete(check);
            clearTimeout(timer);
            resolve(m);
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`timed out waiting for ${pattern}; output so far:\n${text}`));
        }, timeoutMs);
        listeners.add(check);
        exited.then(() => {
          check();
          if (listeners.has(check)) {
            listeners.delete(check);
            clearTimeout(timer);
            reject(new Error(`process exited before ${pattern}; output:\n${text}`));
          }
        });
        check();
      });
    },
  };
}
