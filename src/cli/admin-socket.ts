import { chmodSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Socket } from 'node:net';
import { isAbsolute, join } from 'node:path';

/**
 * The embedded database admits one process, so while the server runs, `lendsight` commands reach
 * its database through the server: a Unix socket in the data directory, readable and writable by
 * its owner only (0600), like the database files beside it. A command goes as one JSON line
 * `{"argv": [...], "cwd": "..."}` (the directory its file names are relative to) and comes back as
 * one JSON line `{"code", "out", "err"}`: what the CLI would have printed and its exit code.
 */
export const adminSocketPath = (dataDir: string): string => join(dataDir, 'lendsight.sock');

/** What a command printed and its exit code. */
export interface CommandResult {
  code: number;
  out: string;
  err: string;
}

/** Runs a command's words (`lendsight` excluded) on the server's database; file names are relative to `cwd`. */
export type RunCommand = (argv: string[], cwd: string) => Promise<CommandResult>;

/** A command line is a few hundred bytes; anything past this is not one. */
const MAX_REQUEST_BYTES = 64 * 1024;
/** A connection that has not sent its line by then is closed. */
const IDLE_MS = 10_000;
/** Linux takes 107 bytes of path for a Unix socket (macOS 103). */
const MAX_PATH_BYTES = 103;

export interface AdminSocket {
  path: string;
  /**
   * Stops taking commands at once (the socket file is removed), then waits for the ones running:
   * call it before draining HTTP and await it after, so a long backup does not hold up the drain.
   */
  close(): Promise<void>;
}

/**
 * Serves `run` on the admin socket of a data directory this process holds the lock of (so a socket
 * file already there was left by a process that died, and is removed). The directory is its
 * owner's only (`database.ts`), and so is the socket. Resolves undefined where Unix sockets are not
 * available (Windows) or the path is too long for one: the CLI then needs the server stopped.
 */
export async function serveAdminSocket(
  dataDir: string,
  run: RunCommand,
  onError: (err: Error) => void,
): Promise<AdminSocket | undefined> {
  const path = adminSocketPath(dataDir);
  if (process.platform === 'win32' || Buffer.byteLength(path) > MAX_PATH_BYTES) return undefined;
  rmSync(path, { force: true });
  const running = new Set<Promise<unknown>>();
  const connections = new Set<Socket>();
  const server = createServer((socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
    answer(socket, track(running, run), onError);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', onError);
  chmodSync(path, 0o600);
  return {
    path,
    async close() {
      server.close();
      rmSync(path, { force: true });
      await Promise.allSettled(running);
      for (const socket of connections) socket.destroy();
    },
  };
}

/** `run`, with each command's promise in `running` until it settles. */
function track(running: Set<Promise<unknown>>, run: RunCommand): RunCommand {
  return (argv, cwd) => {
    const result = run(argv, cwd);
    running.add(result);
    const settled = () => running.delete(result);
    result.then(settled, settled);
    return result;
  };
}

/** Reads one line, runs it, writes the result and closes; a bad line is answered with exit 1. */
function answer(socket: Socket, run: RunCommand, onError: (err: Error) => void): void {
  let received = '';
  socket.setEncoding('utf8');
  socket.setTimeout(IDLE_MS, () => socket.destroy());
  socket.on('error', () => socket.destroy());
  // A client that does not read its answer is cut off, as one that does not send its line.
  const reply = (result: CommandResult) => {
    socket.setTimeout(IDLE_MS, () => socket.destroy());
    socket.end(`${JSON.stringify(result)}\n`);
  };
  const onData = (chunk: string) => {
    received += chunk;
    const newline = received.indexOf('\n');
    if (newline < 0) {
      if (received.length > MAX_REQUEST_BYTES) {
        socket.off('data', onData);
        reply(refused('the command line is too long'));
      }
      return;
    }
    socket.off('data', onData);
    socket.setTimeout(0); // a command (a backup) may take a while
    const request = requestOf(received.slice(0, newline));
    if (request === undefined) {
      reply(refused('expected one JSON line {"argv": [strings], "cwd": "/absolute/directory"}'));
      return;
    }
    run(request.argv, request.cwd).then(reply, (err: unknown) => {
      onError(err instanceof Error ? err : new Error(String(err)));
      reply(refused('the command failed in the server (see its log)'));
    });
  };
  socket.on('data', onData);
}

const refused = (reason: string): CommandResult => ({ code: 1, out: '', err: `lendsight: ${reason}\n` });

function requestOf(line: string): { argv: string[]; cwd: string } | undefined {
  try {
    const { argv, cwd } = (JSON.parse(line) ?? {}) as { argv?: unknown; cwd?: unknown };
    const words = Array.isArray(argv) && argv.every((a) => typeof a === 'string');
    return words && typeof cwd === 'string' && isAbsolute(cwd) ? { argv, cwd } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sends a command to the server serving `path` and gives its result. Rejects with the connection's
 * error (`ENOENT`, `ECONNREFUSED`: no server serves it) or when the answer is not a result.
 */
export function sendCommand(path: string, argv: string[], cwd: string, timeoutMs = 600_000): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(path);
    let received = '';
    socket.setEncoding('utf8');
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`no answer from ${path} in ${timeoutMs} ms`)));
    socket.on('connect', () => socket.write(`${JSON.stringify({ argv, cwd })}\n`));
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', reject);
    socket.on('end', () => {
      const result = resultOf(received);
      if (result) resolve(result);
      else reject(new Error(`${path} gave no command result`));
    });
  });
}

function resultOf(text: string): CommandResult | undefined {
  try {
    const r = JSON.parse(text) as Partial<CommandResult>;
    return typeof r.code === 'number' && typeof r.out === 'string' && typeof r.err === 'string'
      ? { code: r.code, out: r.out, err: r.err }
      : undefined;
  } catch {
    return undefined;
  }
}
