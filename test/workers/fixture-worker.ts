import { resourceLimits } from 'node:worker_threads';
import { serveWorker } from '../../src/workers/serve.js';

/** A worker for the pool's own tests: echoes, fails, sleeps, dies or tells its young generation's limit on request. */
export type Request =
  | { op: 'echo'; value: number }
  | { op: 'fail' }
  | { op: 'sleep'; ms: number }
  | { op: 'die' }
  | { op: 'youngGenerationMb' };

await serveWorker<Request, number>(async () => {
  return async (request) => {
    switch (request.op) {
      case 'echo':
        return request.value * 2;
      case 'fail':
        throw new Error('bad input');
      case 'sleep':
        await new Promise((r) => setTimeout(r, request.ms));
        return request.ms;
      case 'youngGenerationMb':
        return resourceLimits.maxYoungGenerationSizeMb ?? 0;
      case 'die':
        process.exit(3);
    }
  };
});
