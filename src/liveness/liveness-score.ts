import type { ImageObservation } from './observation.js';

/** A logistic-regression liveness model over standardised features (fit by `scripts/eval-liveness.ts`). */
export interface LivenessModel {
  features: string[];
  mean: number[];
  std: number[];
  weights: number[];
  bias: number;
  /** How it was fit and what it scored on the held-out split (for the record). */
  fit?: Record<string, unknown>;
}

/**
 * The signals the model combines: Human's antispoof (`real`) and liveness (`live`) scores, and the
 * still-image forensics around the largest face (see `measures.ts`).
 */
export function livenessFeatures(observation: ImageObservation): Record<string, number> | null {
  const face = observation.faces[0];
  const f = observation.forensics;
  if (!face || !f) return null;
  return {
    real: face.real,
    live: face.live,
    spectralPeak: f.spectralPeak,
    highBandEnergy: f.highBandEnergy,
    nativePeak: f.nativePeak,
    nativeHighBand: f.nativeHighBand,
    blockiness: f.blockiness,
    darkBorder: f.darkBorder,
    darkFrame: f.darkFrame,
    glare: f.glare,
    sharpness: f.sharpness,
    faceRatio: Math.sqrt(f.faceRatio),
    saturation: f.saturation,
    brightness: face.brightness / 255,
  };
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** The probability (0..100) that the still shows a live person rather than a recapture; 0 without a face. */
export function livenessProbability(model: LivenessModel, observation: ImageObservation): number {
  const features = livenessFeatures(observation);
  if (!features) return 0;
  return 100 * sigmoid(linear(model, features));
}

export function linear(model: LivenessModel, features: Record<string, number>): number {
  let z = model.bias;
  model.features.forEach((name, i) => {
    const x = features[name] ?? 0;
    z += (model.weights[i] as number) * ((x - (model.mean[i] as number)) / ((model.std[i] as number) || 1));
  });
  return z;
}
