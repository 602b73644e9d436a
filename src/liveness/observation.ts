/**
 * What one detection run reports about an image: raw model outputs and measurements, before they are
 * turned into the spec's answer (`answer.ts`). Plain data, so it crosses worker threads as is.
 */
export interface FaceObservation {
  /** Pixels [x, y, width, height] in the analysed (resized) image. */
  box: [number, number, number, number];
  /** Face detector confidence 0..1. */
  score: number;
  age: number;
  gender: 'male' | 'female' | 'unknown';
  genderScore: number;
  /** Human's seven emotions, scores 0..1 (angry, disgust, fear, happy, sad, surprise, neutral). */
  emotions: Record<string, number>;
  /** Human's antispoof (real) and liveness (live) scores 0..1. */
  real: number;
  live: number;
  /** Eyelid opening / eye width, mean of both eyes (face mesh); 0 when unknown. */
  eyeOpenRatio: number;
  /** Inner lip opening / mouth width (face mesh). */
  mouthOpenRatio: number;
  /** Mean luminance 0..255 and Laplacian variance of the face crop (grey). */
  brightness: number;
  laplacianVariance: number;
  /** Region luminance ratios for the attribute heuristics (region mean / cheek mean). */
  regions: { eyes: number; bridgeEdges: number; upperLip: number; chin: number; chinTexture: number };
}

export interface ImageObservation {
  width: number;
  height: number;
  /** Every face found, largest first. */
  faces: FaceObservation[];
  /** Still-image forensic signals around the largest face (null when no face). */
  forensics: ForensicSignals | null;
}

export interface ForensicSignals {
  /** Strongest isolated mid/high-frequency spectral peak over the band median (log10): moire, screen grid, halftone. */
  spectralPeak: number;
  /** Share of spectral energy in the high band. */
  highBandEnergy: number;
  /** The same two on a 128 x 128 patch of the face at native resolution. */
  nativePeak: number;
  nativeHighBand: number;
  /** JPEG 8 x 8 blocking (step across the grid over the step elsewhere). */
  blockiness: number;
  /** Share of the image border that is dark and flat (a screen or phone bezel). */
  darkBorder: number;
  /** Share of rays from the face crossing a dark flat band closed on both sides (a bezel around it, anywhere). */
  darkFrame: number;
  /** Share of face pixels saturated near white (glare on glass or glossy paper). */
  glare: number;
  /** log10 of the face crop's Laplacian variance (blur). */
  sharpness: number;
  /** Face box area over image area. */
  faceRatio: number;
  /** Mean colour saturation of the face crop 0..1 (prints and screens shift it). */
  saturation: number;
}
