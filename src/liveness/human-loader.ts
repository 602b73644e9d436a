import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Human, Config as HumanConfig } from '@vladmandic/human';

const require = createRequire(import.meta.url);

/** The models one analysis needs; each must be loaded or the engine refuses to start. */
export const REQUIRED_MODELS = [
  'blazeface',
  'facemesh',
  'iris',
  'emotion',
  'faceres',
  'antispoof',
  'liveness',
] as const;

/** The package's `exports` map points node at the tfjs-node build, so resolve the directory ourselves. */
export function humanPackageDir(): string {
  return join(dirname(require.resolve('@vladmandic/human')), '..');
}

function wasmDir(): string {
  return `${dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))}/`;
}

interface ModelJson {
  modelTopology: unknown;
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
  signature?: unknown;
  userDefinedMetadata?: Record<string, unknown>;
  weightsManifest: Array<{ paths: string[]; weights: unknown[] }>;
}

type Tf = Human['tf'];

/**
 * tfjs-core has no `file://` loader outside tfjs-node and Node's fetch refuses `file:`: without this
 * router Human logs "fetch failed", loads nothing and then finds no face, silently.
 */
function registerFileLoader(tf: Tf): void {
  tf.io.registerLoadRouter((url: string | string[]) => {
    if (typeof url !== 'string' || !url.startsWith('file://')) return null;
    return {
      async load() {
        const path = fileURLToPath(url);
        const model = JSON.parse(await readFile(path, 'utf8')) as ModelJson;
        const weightSpecs = [];
        const buffers: Buffer[] = [];
        for (const group of model.weightsManifest) {
          weightSpecs.push(...group.weights);
          for (const file of group.paths) buffers.push(await readFile(join(dirname(path), file)));
        }
        const all = Buffer.concat(buffers);
        return {
          modelTopology: model.modelTopology,
          format: model.format,
          generatedBy: model.generatedBy,
          convertedBy: model.convertedBy,
          signature: model.signature,
          userDefinedMetadata: model.userDefinedMetadata,
          weightSpecs,
          weightData: all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength),
        };
      },
    } as never;
  });
}

/** Human's configuration for still-image face analysis: face models only, no frame cache. */
export function humanConfig(modelDir: string): Partial<HumanConfig> {
  return {
    backend: 'wasm',
    wasmPath: wasmDir(),
    modelBasePath: `${pathToFileURL(modelDir).href}/`,
    debug: false,
    async: false,
    // The default reuses results between "frames", i.e. between two users' uploads.
    cacheSensitivity: 0,
    skipAllowed: false,
    filter: { enabled: false },
    gesture: { enabled: false },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    segmentation: { enabled: false },
    face: {
      enabled: true,
      detector: {
        modelPath: 'blazeface.json',
        rotation: true,
        maxDetected: 10,
        minConfidence: 0.5,
        iouThreshold: 0.1,
        skipFrames: 0,
        skipTime: 0,
        return: false,
      },
      mesh: { enabled: true, modelPath: 'facemesh.json' },
      iris: { enabled: true, modelPath: 'iris.json', skipFrames: 0, skipTime: 0 },
      emotion: { enabled: true, modelPath: 'emotion.json', minConfidence: 0, skipFrames: 0, skipTime: 0 },
      description: { enabled: true, modelPath: 'faceres.json', minConfidence: 0, skipFrames: 0, skipTime: 0 },
      antispoof: { enabled: true, modelPath: 'antispoof.json', skipFrames: 0, skipTime: 0 },
      liveness: { enabled: true, modelPath: 'liveness.json', skipFrames: 0, skipTime: 0 },
      attention: { enabled: false },
      gear: { enabled: false },
    },
  } as Partial<HumanConfig>;
}

/**
 * Loads Human's node-wasm build from the installed package, its models from the package's `models`
 * folder, and checks that every model this service needs really loaded.
 */
export async function loadHuman(): Promise<Human> {
  const dir = humanPackageDir();
  const mod = require(join(dir, 'dist', 'human.node-wasm.js')) as {
    Human: new (config: Partial<HumanConfig>) => Human;
  };
  const human = new mod.Human(humanConfig(join(dir, 'models')));
  registerFileLoader(human.tf);
  await human.init();
  await human.load();
  const loaded = new Set(human.models.loaded());
  const missing = REQUIRED_MODELS.filter((m) => !loaded.has(m));
  if (missing.length > 0) throw new Error(`face models did not load: ${missing.join(', ')}`);
  return human;
}
