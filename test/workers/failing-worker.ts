import { serveWorker } from '../../src/workers/serve.js';

await serveWorker<number, number>(async () => {
  throw new Error('no models here');
});
