import { readFile } from 'node:fs/promises';
import { createWorkerPool } from '../workers/worker-pool.js';
import type { RgbImage } from './face-engine.js';
import { prepareImage } from './image-intake.js';
import type { ImageObservation } from './observation.js';

/**
 * The face-model port: one detection and its measurements per image. The service uses the worker
 * pool below; nothing else implements it today, and tests use the real models.
 */
export interface FaceAnalyzer {
  analyse(image: RgbImage): Promise<ImageObservation>;
  /** ok once every worker has loaded its models and the warm-up detection found a face. */
  status(): { ok: boolean; detail?: string };
  /** Starts the workers if needed; resolves when the warm-up finished (successfully or not). */
  warmUp(): Promise<void>;
  stop(): Promise<void>;
}

export interface FacePoolOptions {
  workers: number;
  /** Longest side images are resized to (same as the intake's). */
  maxSide: number;
  /** A detection still running after this long fails, and its worker is replaced. */
  timeoutMs: number;
  /** Detections waiting beyond this many per worker are refused at once (the caller answers 503). */
  maxQueuePerWorker?: number;
  /** Start the workers on first use instead of at once (NODE_ENV=test: most test apps never need them). */
  lazy?: boolean;
}

const WARMUP_IMAGE = new URL('./assets/warmup-face.jpg', import.meta.url);

/**
 * A fixed pool of worker threads, each with its own Human instance (WASM runs one detection per
 * core). Jobs queue in order and a worker only ever runs one detection at a time.
 */
export function createFacePool(options: FacePoolOptions): FaceAnalyzer {
  const pool = createWorkerPool<RgbImage, ImageObservation>({
    script: new URL('./face-worker.ts', import.meta.url),
    name: 'face analysis',
    size: options.workers,
    timeoutMs: options.timeoutMs,
    onDemand: options.lazy,
    maxQueue: Math.max(1, options.workers) * (options.maxQueuePerWorker ?? 16),
  });
  let state: { ok: boolean; detail?: string } = { ok: false, detail: 'loading face models' };
  const workers = Math.max(1, options.workers);

  let warmedUp: Promise<void> | null = null;
  const analyse = (image: RgbImage) => {
    void start();
    return pool.run(image);
  };

  // Warm up every worker with one real detection of a committed face (Human's own warmup() does
  // nothing in the node-wasm build); ready only when each one found the face.
  const warmUp = async () => {
    try {
      const image = await prepareImage(await readFile(WARMUP_IMAGE), {
        maxBytes: 1e7,
        maxPixels: 1e8,
        maxSide: options.maxSide,
      });
      await pool.start();
      const results = await Promise.all(Array.from({ length: workers }, () => pool.run(image)));
      state = results.every((r) => r.faces.length > 0)
        ? { ok: true }
        : { ok: false, detail: 'the warm-up detection found no face: models not working' };
    } catch (error) {
      state = { ok: false, detail: `face models failed: ${error instanceof Error ? error.message : String(error)}` };
    }
  };
  function start(): Promise<void> {
    if (!warmedUp) warmedUp = warmUp();
    return warmedUp;
  }
  if (!options.lazy) void start();

  return {
    analyse,
    status: () =>
      warmedUp || !options.lazy ? state : { ok: true, detail: 'face models load on first use (NODE_ENV=test)' },
    warmUp: start,
    stop: () => pool.stop(),
  };
}
