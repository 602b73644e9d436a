/**
 * Fits and evaluates the liveness model (`src/liveness/liveness-model.json`).
 *
 * Bona fide: public photos available offline (Debian python3-skimage's astronaut and cameraman,
 * opencv-doc's messi5, and the faces of @vladmandic/face-api's demo group photos when that package is
 * (a devDependency, installed by npm ci; FACEAPI_DEMO overrides the folder), each face cropped like a selfie, in
 * four honest variants. Attacks: screen replay, halftone print, heavy recompression, phone-in-frame
 * and a phone whose pixels are not resolved (`phone-hd`), made from every source (`liveness-attacks.ts`). The split is by SOURCE face: every
 * image of a face is in TRAIN or in TEST, never both.
 *
 * Prints APCER (per attack type and the worst), BPCER (ISO/IEC 30107-3) at the operating threshold
 * and the AUC, on TRAIN and on the held-out TEST, for the combined model and for Human's own
 * antispoof+liveness scores alone, then a 3-fold cross-validation by face (every face held out once).
 * First it scores the stored model as it is on every image (`-- --stored <file>`: another one).
 * `npm run eval:liveness` (add `-- --write` to store the fitted model, `-- --without <feature>` to
 * measure the model without one of its features).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { observeImage } from '../src/liveness/face-engine.js';
import { loadHuman } from '../src/liveness/human-loader.js';
import { prepareImage } from '../src/liveness/image-intake.js';
import { type LivenessModel, linear, livenessFeatures } from '../src/liveness/liveness-score.js';
import { ATTACK_KINDS, bonaFideVariants, synthesiseAttack } from './liveness-attacks.js';

const SKIMAGE = '/usr/lib/python3/dist-packages/skimage/data';
const OPENCV = '/usr/share/doc/opencv-doc/examples/data';
const FACEAPI = process.env.FACEAPI_DEMO ?? 'node_modules/@vladmandic/face-api/demo';
const THRESHOLD = 50;
const write = process.argv.includes('--write');
const option = (name: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined;
/** `-- --without darkFrame` fits and reports the model without that feature (what it adds). */
const without = option('--without');
/** The model to score as stored, before any fit: `-- --stored <file>` scores another (an earlier one). */
const stored = JSON.parse(
  readFileSync(option('--stored') ?? new URL('../src/liveness/liveness-model.json', import.meta.url), 'utf8'),
) as LivenessModel;

const human = await loadHuman();
const limits = { maxBytes: 50e6, maxPixels: 1e8, maxSide: 800 };
const observe = async (bytes: Buffer) => observeImage(human, await prepareImage(bytes, limits));

/** Every face of the available public photos, cropped like a selfie (face about 40 % of the width). */
async function sources(): Promise<Array<{ name: string; image: Buffer }>> {
  const files = [
    `${SKIMAGE}/astronaut.png`,
    `${SKIMAGE}/camera.png`,
    `${OPENCV}/messi5.jpg`,
    ...[1, 2, 3, 4, 5, 6].map((i) => `${FACEAPI}/sample${i}.jpg`),
  ];
  const out: Array<{ name: string; image: Buffer }> = [];
  for (const file of files) {
    if (!existsSync(file)) {
      console.log(`(missing, skipped: ${file})`);
      continue;
    }
    const bytes = readFileSync(file);
    const meta = await sharp(bytes).metadata();
    const obs = await observe(bytes);
    const scale = (meta.width ?? obs.width) / obs.width;
    obs.faces.forEach((face, i) => {
      const [x, y, w, h] = face.box.map((v) => v * scale) as [number, number, number, number];
      if (w < 40) return;
      const side = Math.max(w, h) * 2.5;
      const left = Math.max(0, Math.round(x + w / 2 - side / 2));
      const top = Math.max(0, Math.round(y + h / 2 - side * 0.45));
      const width = Math.min((meta.width ?? 0) - left, Math.round(side));
      const height = Math.min((meta.height ?? 0) - top, Math.round(side * 1.2));
      out.push({ name: `${file.split('/').pop()}#${i}`, image: Buffer.from([]) });
      const entry = out[out.length - 1] as { name: string; image: Buffer };
      pending.push(
        sharp(bytes)
          .extract({ left, top, width, height })
          .resize({ width: 480, withoutEnlargement: false })
          .jpeg({ quality: 95 })
          .toBuffer()
          .then((b) => {
            entry.image = b;
          }),
      );
    });
  }
  await Promise.all(pending);
  return out;
}
const pending: Promise<void>[] = [];

interface Sample {
  source: string;
  kind: 'bona fide' | (typeof ATTACK_KINDS)[number];
  features: Record<string, number> | null;
}

const background = readFileSync(`${SKIMAGE}/coffee.png`);
const all: Sample[] = [];
const faces = await sources();
console.log(`${faces.length} source faces`);
let seed = 1;
for (const { name, image } of faces) {
  for (const variant of await bonaFideVariants(image, seed++)) {
    all.push({ source: name, kind: 'bona fide', features: livenessFeatures(await observe(variant)) });
  }
  for (const kind of ATTACK_KINDS) {
    const attack = await synthesiseAttack(kind, image, background, seed++);
    all.push({ source: name, kind, features: livenessFeatures(await observe(attack)) });
  }
  process.stdout.write('.');
}
process.stdout.write('\n');

// Split by source face: every third face is held out.
const testSources = new Set(faces.filter((_, i) => i % 3 === 2).map((f) => f.name));
const train = all.filter((s) => !testSources.has(s.source));
const test = all.filter((s) => testSources.has(s.source));

const FEATURES = [
  'real',
  'live',
  'spectralPeak',
  'highBandEnergy',
  'nativePeak',
  'nativeHighBand',
  'blockiness',
  'darkBorder',
  'darkFrame',
  'glare',
  'sharpness',
  'faceRatio',
  'saturation',
  'brightness',
].filter((name) => name !== without);

/**
 * Signs of a recapture (a periodic grid, JPEG blocking, a dark frame, glare on glass): more of one
 * never makes a still more live, so their weights are kept at or below zero. Fit freely, a sign
 * that the other features already explain can take a small positive weight by chance (darkBorder
 * did once darkFrame was added) and then lift a real attack that shows it.
 */
const RECAPTURE_SIGNS = new Set(['spectralPeak', 'nativePeak', 'blockiness', 'darkBorder', 'darkFrame', 'glare']);

function fitModel(samples: Sample[], names: string[]): LivenessModel {
  const rows = samples.filter((s) => s.features) as Array<Sample & { features: Record<string, number> }>;
  const mean = names.map((n) => rows.reduce((a, r) => a + (r.features[n] ?? 0), 0) / rows.length);
  const std = names.map((n, i) => {
    const v = rows.reduce((a, r) => a + ((r.features[n] ?? 0) - (mean[i] as number)) ** 2, 0) / rows.length;
    return Math.sqrt(v) || 1;
  });
  const x = rows.map((r) => names.map((n, i) => ((r.features[n] ?? 0) - (mean[i] as number)) / (std[i] as number)));
  const y = rows.map((r) => (r.kind === 'bona fide' ? 1 : 0));
  const positives = y.filter((v) => v === 1).length;
  // Balanced classes: bona fide and attacks weigh the same in total.
  const weightOf = (label: number) =>
    label === 1 ? rows.length / (2 * positives) : rows.length / (2 * (rows.length - positives));
  const w = names.map(() => 0);
  let b = 0;
  const lambda = 0.05;
  for (let iter = 0; iter < 4000; iter++) {
    const gw = names.map(() => 0);
    let gb = 0;
    x.forEach((xi, k) => {
      const z = b + xi.reduce((a, v, i) => a + v * (w[i] as number), 0);
      const p = 1 / (1 + Math.exp(-z));
      const err = (p - (y[k] as number)) * weightOf(y[k] as number);
      xi.forEach((v, i) => {
        gw[i] = (gw[i] as number) + err * v;
      });
      gb += err;
    });
    for (let i = 0; i < w.length; i++) {
      w[i] = (w[i] as number) - 0.1 * ((gw[i] as number) / rows.length + lambda * (w[i] as number));
      if (RECAPTURE_SIGNS.has(names[i] as string)) w[i] = Math.min(0, w[i] as number);
    }
    b -= (0.1 * gb) / rows.length;
  }
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  return { features: names, mean: mean.map(round), std: std.map(round), weights: w.map(round), bias: round(b) };
}

const probability = (model: LivenessModel, s: Sample) =>
  s.features ? 100 / (1 + Math.exp(-linear(model, s.features))) : 0;

function auc(model: LivenessModel, samples: Sample[]): number {
  const pos = samples.filter((s) => s.kind === 'bona fide').map((s) => probability(model, s));
  const neg = samples.filter((s) => s.kind !== 'bona fide').map((s) => probability(model, s));
  let wins = 0;
  for (const p of pos) for (const n of neg) wins += p > n ? 1 : p === n ? 0.5 : 0;
  return wins / (pos.length * neg.length);
}

function report(label: string, model: LivenessModel, samples: Sample[]) {
  const bona = samples.filter((s) => s.kind === 'bona fide');
  const bpcer = bona.filter((s) => probability(model, s) <= THRESHOLD).length / bona.length;
  const perKind = ATTACK_KINDS.map((kind) => {
    const attacks = samples.filter((s) => s.kind === kind);
    const accepted = attacks.filter((s) => probability(model, s) > THRESHOLD).length;
    return {
      kind,
      apcer: accepted / attacks.length,
      n: attacks.length,
      noFace: attacks.filter((s) => !s.features).length,
    };
  });
  const attacks = samples.filter((s) => s.kind !== 'bona fide');
  const apcerAll = attacks.filter((s) => probability(model, s) > THRESHOLD).length / attacks.length;
  const pct = (v: number) => `${(100 * v).toFixed(1)}%`;
  console.log(
    `${label.padEnd(34)} AUC ${auc(model, samples).toFixed(3)}  BPCER ${pct(bpcer)} (n=${bona.length}, ${bona.filter((s) => !s.features).length} without a face)  ` +
      `APCER all ${pct(apcerAll)} worst ${pct(Math.max(...perKind.map((k) => k.apcer)))}`,
  );
  console.log(
    `${''.padEnd(34)} ${perKind.map((k) => `${k.kind} ${pct(k.apcer)} (n=${k.n}, no face ${k.noFace})`).join('  ')}`,
  );
  return {
    auc: auc(model, samples),
    bpcer,
    apcer: apcerAll,
    apcerWorst: Math.max(...perKind.map((k) => k.apcer)),
    perKind,
  };
}

console.log('\nThe stored model, as it is, on every image (some were its training images):');
report('STORED model', stored, all);
const model = fitModel(train, FEATURES);
const humanOnly = fitModel(train, ['real', 'live']);
console.log(
  `\nTRAIN ${train.length} images from ${faces.length - testSources.size} faces; TEST ${test.length} images from ${testSources.size} faces; threshold ${THRESHOLD}`,
);
report('TRAIN combined', model, train);
const held = report('TEST combined', model, test);
report('TEST Human antispoof+liveness only', humanOnly, test);
// Three-fold cross-validation by source face: every face is held out once; predictions pooled.
const pooled: Array<{ kind: Sample['kind']; p: number }> = [];
const pooledHuman: Array<{ kind: Sample['kind']; p: number }> = [];
for (let fold = 0; fold < 3; fold++) {
  const held = new Set(faces.filter((_, i) => i % 3 === fold).map((f) => f.name));
  const foldTrain = all.filter((s) => !held.has(s.source));
  const m = fitModel(foldTrain, FEATURES);
  const h = fitModel(foldTrain, ['real', 'live']);
  for (const s of all.filter((x) => held.has(x.source))) {
    pooled.push({ kind: s.kind, p: probability(m, s) });
    pooledHuman.push({ kind: s.kind, p: probability(h, s) });
  }
}
function pooledReport(label: string, rows: Array<{ kind: Sample['kind']; p: number }>) {
  const bona = rows.filter((r) => r.kind === 'bona fide');
  const attacks = rows.filter((r) => r.kind !== 'bona fide');
  let wins = 0;
  for (const b of bona) for (const a of attacks) wins += b.p > a.p ? 1 : b.p === a.p ? 0.5 : 0;
  const pct = (v: number) => `${(100 * v).toFixed(1)}%`;
  const perKind = ATTACK_KINDS.map((kind) => {
    const k = rows.filter((r) => r.kind === kind);
    return `${kind} ${pct(k.filter((r) => r.p > THRESHOLD).length / k.length)}`;
  });
  const summary = {
    auc: wins / (bona.length * attacks.length),
    bpcer: bona.filter((r) => r.p <= THRESHOLD).length / bona.length,
    apcer: attacks.filter((r) => r.p > THRESHOLD).length / attacks.length,
  };
  console.log(
    `${label.padEnd(34)} AUC ${(wins / (bona.length * attacks.length)).toFixed(3)}  BPCER ${pct(bona.filter((r) => r.p <= THRESHOLD).length / bona.length)} (n=${bona.length})  ` +
      `APCER all ${pct(attacks.filter((r) => r.p > THRESHOLD).length / attacks.length)} (n=${attacks.length}): ${perKind.join('  ')}`,
  );
  return summary;
}
console.log('\n3-fold cross-validation by face (every face held out once):');
const cv = pooledReport('CV combined', pooled);
pooledReport('CV Human antispoof+liveness only', pooledHuman);
console.log('\nweights (standardised):', Object.fromEntries(model.features.map((f, i) => [f, model.weights[i]])));
if (write && without) {
  console.log(`not written: the model without ${without} is for comparison only`);
} else if (write) {
  const out: LivenessModel = {
    ...model,
    fit: {
      by: 'scripts/eval-liveness.ts',
      train: { images: train.length, faces: faces.length - testSources.size },
      crossValidation: { folds: 3, images: all.length, faces: faces.length, ...cv, threshold: THRESHOLD },
      test: {
        images: test.length,
        faces: testSources.size,
        auc: held.auc,
        apcer: held.apcer,
        apcerWorst: held.apcerWorst,
        bpcer: held.bpcer,
        threshold: THRESHOLD,
      },
    },
  };
  writeFileSync(new URL('../src/liveness/liveness-model.json', import.meta.url), `${JSON.stringify(out, null, 2)}\n`);
  console.log('model written to src/liveness/liveness-model.json');
}
