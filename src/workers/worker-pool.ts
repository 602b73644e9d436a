import { type ResourceLimits, Worker } from 'node:worker_threads';

/** What a worker posts: its readiness once, then one reply per request. */
export type WorkerMessage<Res> =
  | { ready: true }
  | { ready: false; message: string }
  | { id: number; ok: true; result: Res }
  | { id: number; ok: false; message: string };

export interface WorkerPoolOptions {
  /** The worker's module (TypeScript is fine: it starts through the tsx bootstrap); it calls `serveWorker`. */
  script: URL;
  /** Names the pool in error messages ("statement analysis took longer than ..."). */
  name: string;
  size: number;
  /** A job still running this long after its worker took it fails, and the worker is replaced. */
  timeoutMs: number;
  /** Start workers only when jobs wait for one, and let idle workers not hold the process open. */
  onDemand?: boolean;
  /** Jobs waiting beyond this many are refused at once with a PoolBusyError. */
  maxQueue?: number;
  /**
   * How many nice levels the workers run below the event loop (Linux; see `priority.ts`). 0 (the
   * default) leaves them level with it.
   */
  niceness?: number;
  /** V8 heap limits of each worker (its young generation, say); V8's defaults when left out. */
  resourceLimits?: ResourceLimits;
}

/** The pool is full: the caller should answer 503 rather than queue without bound. */
export class PoolBusyError extends Error {}

export interface WorkerPool<Req, Res> {
  /** `transfer`: buffers moved to the worker rather than copied (unusable here afterwards). */
  run(request: Req, transfer?: readonly ArrayBuffer[]): Promise<Res>;
  /** Starts every worker (eager pools start at creation); resolves when all are ready, rejects if one failed. */
  start(): Promise<void>;
  queued(): number;
  stop(): Promise<void>;
}

interface Job<Req, Res> {
  id: number;
  request: Req;
  transfer: readonly ArrayBuffer[];
  resolve(result: Res): void;
  reject(error: Error): void;
}

interface Slot<Req, Res> {
  worker: Worker;
  ready: Promise<void>;
  job: Job<Req, Res> | null;
  timer: NodeJS.Timeout | null;
}

const BOOTSTRAP = new URL('./bootstrap.mjs', import.meta.url);

/**
 * A fixed-size pool of worker threads. Jobs queue in order and a worker runs one job at a time; a
 * worker that dies or overruns its time is replaced and only its own job fails.
 */
export function createWorkerPool<Req, Res>(options: WorkerPoolOptions): WorkerPool<Req, Res> {
  const size = Math.max(1, options.size);
  const queue: Job<Req, Res>[] = [];
  const slots: Slot<Req, Res>[] = [];
  let nextId = 1;
  let stopped = false;

  const release = (slot: Slot<Req, Res>) => {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
  };

  const spawn = (): Slot<Req, Res> => {
    const worker = new Worker(BOOTSTRAP, {
      workerData: { script: options.script.href, niceness: options.niceness ?? 0 },
      ...(options.resourceLimits ? { resourceLimits: options.resourceLimits } : {}),
    });
    if (options.onDemand) worker.unref();
    let markReady: () => void = () => {};
    let markFailed: (e: Error) => void = () => {};
    const ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      markFailed = reject;
    });
    ready.catch(() => {});
    const slot: Slot<Req, Res> = { worker, ready, job: null, timer: null };
    worker.on('message', (message: WorkerMessage<Res>) => {
      if ('ready' in message) {
        if (message.ready) markReady();
        else markFailed(new Error(`${options.name} worker failed to start: ${message.message}`));
        return;
      }
      const job = slot.job;
      if (!job || job.id !== message.id) return;
      if (message.ok) job.resolve(message.result);
      else job.reject(new Error(`${options.name} failed: ${message.message}`));
      release(slot);
      pump();
    });
    const replace = (reason: Error) => {
      markFailed(reason);
      const job = slot.job;
      release(slot);
      job?.reject(reason);
      const index = slots.indexOf(slot);
      if (index >= 0 && !stopped) slots[index] = spawn();
      pump();
    };
    worker.on('error', (error) => replace(error));
    worker.on('exit', (code) => {
      if (!stopped && slots.includes(slot)) replace(new Error(`${options.name} worker exited with code ${code}`));
    });
    return slot;
  };

  const pump = () => {
    if (options.onDemand) {
      while (slots.length < size && queue.length > slots.filter((s) => !s.job).length) slots.push(spawn());
    }
    for (const slot of slots) {
      if (slot.job || queue.length === 0) continue;
      const job = queue.shift() as Job<Req, Res>;
      slot.job = job;
      if (options.onDemand) slot.worker.ref();
      // The clock starts when a worker takes the job, so it includes that worker's start-up.
      slot.timer = setTimeout(() => {
        job.reject(new Error(`${options.name} took longer than ${options.timeoutMs} ms`));
        release(slot);
        // Take the slot out before terminating, so no new job lands on the dying worker.
        const index = slots.indexOf(slot);
        if (index >= 0) slots.splice(index, 1, ...(stopped ? [] : [spawn()]));
        void slot.worker.terminate();
        pump();
      }, options.timeoutMs);
      slot.ready.then(
        () => {
          if (slot.job === job) slot.worker.postMessage({ id: job.id, request: job.request }, [...job.transfer]);
        },
        (error: Error) => {
          if (slot.job !== job) return;
          release(slot);
          job.reject(error);
          pump();
        },
      );
    }
    if (options.onDemand) for (const slot of slots) if (!slot.job) slot.worker.unref();
  };

  let started: Promise<void> | null = null;
  const start = () => {
    if (stopped) return Promise.reject(new Error(`the ${options.name} pool is stopped`));
    if (!started) {
      while (slots.length < size) slots.push(spawn());
      started = Promise.all(slots.map((s) => s.ready)).then(() => {});
    }
    return started;
  };
  if (!options.onDemand) start().catch(() => {});

  return {
    run(request, transfer = []) {
      if (stopped) return Promise.reject(new Error(`the ${options.name} pool is stopped`));
      if (options.maxQueue !== undefined && queue.length >= options.maxQueue) {
        return Promise.reject(new PoolBusyError(`the ${options.name} pool is busy`));
      }
      return new Promise<Res>((resolve, reject) => {
        queue.push({ id: nextId++, request, transfer, resolve, reject });
        pump();
      });
    },
    start,
    queued: () => queue.length,
    async stop() {
      stopped = true;
      const reason = new Error(`the ${options.name} pool is stopped`);
      for (const job of queue.splice(0)) job.reject(reason);
      await Promise.all(
        slots.splice(0).map(async (slot) => {
          const job = slot.job;
          release(slot);
          job?.reject(reason);
          await slot.worker.terminate();
        }),
      );
    },
  };
}
