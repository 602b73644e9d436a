import type { StatementsConfig } from '../../config.js';
import { serveWorker } from '../../workers/serve.js';
import { type ProcessOutcome, type ProcessRequest, processSubmission } from '../processing.js';

await serveWorker<{ request: ProcessRequest; config: StatementsConfig }, ProcessOutcome>(
  async () =>
    ({ request, config }) =>
      processSubmission(request, config),
);
