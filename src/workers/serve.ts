import { parentPort, workerData } from 'node:worker_threads';
import { lowerThreadPriority } from './priority.js';
import type { WorkerMessage } from './worker-pool.js';

/**
 * The worker side of `createWorkerPool`: runs `init` once (loading models, say), reports ready or
 * the failure, then answers each request with `handle`. The pool sends one request at a time.
 */
export async function serveWorker<Req, Res>(init: () => Promise<(request: Req) => Promise<Res> | Res>): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('serveWorker runs in a worker thread');
  lowerThreadPriority(Number((workerData as { niceness?: unknown } | null)?.niceness ?? 0));
  const post = (message: WorkerMessage<Res>) => port.postMessage(message);
  let handle: (request: Req) => Promise<Res> | Res;
  try {
    handle = await init();
  } catch (error) {
    post({ ready: false, message: error instanceof Error ? error.message : String(error) });
    return;
  }
  port.on('message', async ({ id, request }: { id: number; request: Req }) => {
    try {
      post({ id, ok: true, result: await handle(request) });
    } catch (error) {
      post({ id, ok: false, message: error instanceof Error ? error.message : String(error) });
    }
  });
  post({ ready: true });
}
