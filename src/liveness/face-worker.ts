import { serveWorker } from '../workers/serve.js';
import { observeImage, type RgbImage } from './face-engine.js';
import { loadHuman } from './human-loader.js';
import type { ImageObservation } from './observation.js';

// One Human instance per worker; the pool sends one request at a time, so detect() never overlaps.
await serveWorker<RgbImage, ImageObservation>(async () => {
  const human = await loadHuman();
  return (image) => observeImage(human, image);
});
