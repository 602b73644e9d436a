/**
 * Liveness benchmark, all figures measured in the same run:
 * 1. the time of one image through `POST /verify/liveness` (app.inject: multipart parse, intake,
 *    detection on a worker, measurements, forensics, answer, database row) as a ratio to the bare
 *    model inference (`human.detect` on the same resized image, in this thread). Fastest of N runs
 *    each, interleaved. Goal: at most 1.2.
 * 2. throughput (images/s) with 1 and 2 workers, 12 requests in flight;
 * 3. `/health` answer time while the 2-worker pool is busy.
 *   npx tsx bench/liveness.ts [runs]
 */
import { readFileSync } from 'node:fs';
import { buildApp } from '../src/app.js';
import { createClient } from '../src/auth/clients-repository.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { detectFaces } from '../src/liveness/face-engine.js';
import { loadHuman } from '../src/liveness/human-loader.js';
import { prepareImage } from '../src/liveness/image-intake.js';
import { createServices } from '../src/services.js';
import { form, multipartHeaders } from '../test/liveness/helpers.js';

const runs = Number(process.argv[2] ?? 8);
const photo = readFileSync(new URL('../test/fixtures/images/astronaut.jpg', import.meta.url));
const payload = form([{ name: 'file', value: photo, filename: 'astronaut.jpg', contentType: 'image/jpeg' }]);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

const human = await loadHuman();
const image = await prepareImage(photo, { maxBytes: 1e7, maxPixels: 4e7, maxSide: 800 });
await detectFaces(human, image);

async function appWith(workers: number) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000000',
    LIVENESS_WORKERS: String(workers),
  });
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrateToLatest(database.db);
  const services = await createServices(config, database);
  const app = await buildApp(services, { logger: false });
  await services.faces.warmUp();
  const client = await createClient(database.db, { name: `bench ${workers}`, scopes: ['liveness:write'] });
  const token = await app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: { grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret },
  });
  const close = async () => {
    await app.close();
    await services.stop();
    await database.close();
  };
  return {
    t: { app, close },
    headers: { authorization: `Bearer ${token.json().access_token}`, ...multipartHeaders },
  };
}

const one = await appWith(1);
const post = async (a: typeof one) => {
  const res = await a.t.app.inject({ method: 'POST', url: '/verify/liveness', headers: a.headers, payload });
  if (res.statusCode !== 200) throw new Error(`route answered ${res.statusCode}: ${res.body}`);
};
await post(one);

let bare = Number.POSITIVE_INFINITY;
let route = Number.POSITIVE_INFINITY;
for (let i = 0; i < runs; i++) {
  let t0 = performance.now();
  await detectFaces(human, image);
  bare = Math.min(bare, performance.now() - t0);
  t0 = performance.now();
  await post(one);
  route = Math.min(route, performance.now() - t0);
}
console.log(`image: astronaut.jpg ${image.width}x${image.height}, fastest of ${runs}`);
console.log(
  `bare inference ${bare.toFixed(0)} ms   route ${route.toFixed(0)} ms   ratio ${(route / bare).toFixed(2)} (goal <= 1.2)`,
);

async function throughput(a: typeof one, requests: number, during?: () => Promise<void>) {
  const t0 = performance.now();
  const work = Promise.all(Array.from({ length: requests }, () => post(a)));
  if (during) await during();
  await work;
  return (requests * 1000) / (performance.now() - t0);
}
const tp1 = await throughput(one, 12);
await one.t.close();
const two = await appWith(2);
await post(two);
const healthTimes: number[] = [];
const tp2 = await throughput(two, 12, async () => {
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    await two.t.app.inject({ method: 'GET', url: '/health' });
    healthTimes.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 50));
  }
});
await two.t.close();
console.log(
  `throughput: 1 worker ${tp1.toFixed(2)} images/s   2 workers ${tp2.toFixed(2)} images/s   (x${(tp2 / tp1).toFixed(2)})`,
);
console.log(
  `/health while 2 workers are busy: median ${median(healthTimes).toFixed(1)} ms, max ${Math.max(...healthTimes).toFixed(1)} ms (${healthTimes.length} calls)`,
);
process.exit(0);
