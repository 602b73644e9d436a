import { serveWorker } from '../../src/workers/serve.js';

/** A worker for the pool's own tests: echoes, fails, sleeps or dies on request. */
type Request = { op: 'echo'; value: number } | { op: 'fail' } | { op: 'sleep'; ms: number } | { op: 'die' };

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
      case 'die':
        process.exit(3);
    }
  };
});
