// Worker-thread entry: the service runs TypeScript through tsx, and a worker starts without the
// parent's loader under some runners (vitest), so register it here before loading the worker's module.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.script);
