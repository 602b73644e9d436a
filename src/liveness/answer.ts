import type { FaceObservation, ImageObservation } from './observation.js';

export interface Flag {
  value: boolean;
  confidence: number;
}

export interface FaceDetails {
  age_range: { low: number; high: number };
  smile: Flag;
  eyeglasses: Flag;
  sunglasses: Flag;
  gender: { value: string; confidence: number };
  beard: Flag;
  mustache: Flag;
  eyes_open: Flag;
  mouth_open: Flag;
  emotions: Array<{ type: EmotionType; confidence: number }>;
}

export interface LivenessEntity {
  liveness: { liveness_check: boolean; liveness_probability: number };
  face: {
    face_detected: boolean;
    message: string;
    multiface_detected: boolean;
    /** null when no face was found: nothing is invented. */
    details: FaceDetails | null;
    quality: { brightness: number; sharpness: number } | null;
    confidence: number;
    bounding_box: { width: number; height: number; left: number; top: number } | null;
  };
}

export interface LivenessAnswer {
  success: true;
  message: string;
  code: '200';
  data: { entity: LivenessEntity };
}

export const EMOTION_TYPES = ['CALM', 'FEAR', 'SURPRISED', 'SAD', 'ANGRY', 'DISGUSTED', 'HAPPY', 'CONFUSED'] as const;
export type EmotionType = (typeof EMOTION_TYPES)[number];

/** Human's emotion labels and the spec's (Rekognition's) names; CONFUSED has no model. */
const EMOTION_NAMES: Record<string, EmotionType> = {
  neutral: 'CALM',
  fear: 'FEAR',
  surprise: 'SURPRISED',
  sad: 'SAD',
  angry: 'ANGRY',
  disgust: 'DISGUSTED',
  happy: 'HAPPY',
};

/** Heuristic attributes (no model exists for them) never claim more than this confidence. */
export const HEURISTIC_MAX_CONFIDENCE = 60;

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Number.isFinite(x) ? x : lo));
const round = (x: number) => Math.round(x * 1e4) / 1e4;
const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** A yes/no from a probability of "yes": confidence is the probability of the answer given. */
function fromProbability(p: number): Flag {
  const q = clamp(p, 0, 1);
  return { value: q >= 0.5, confidence: round(100 * Math.max(q, 1 - q)) };
}

/**
 * A heuristic yes/no: `margin` > 0 means yes; confidence grows with the margin from 50 but stays at
 * or below HEURISTIC_MAX_CONFIDENCE, so a client can tell it from a model output.
 */
function heuristic(margin: number, scale: number): Flag {
  const m = Number.isFinite(margin) ? margin : 0;
  return {
    value: m > 0,
    confidence: round(50 + Math.min(HEURISTIC_MAX_CONFIDENCE - 50, (Math.abs(m) / scale) * 10)),
  };
}

/** Thresholds of the mesh measures (eyelid gap / eye width; inner-lip gap / mouth width). */
export const EYE_OPEN_RATIO = 0.2;
export const MOUTH_OPEN_RATIO = 0.3;

/**
 * The face details of one observed face. Model outputs: age, gender, emotions (Human's faceres and
 * emotion models). Derived: smile from the happiness score, eyes and mouth open from face-mesh
 * distances. Heuristics with confidence at most 60: sunglasses (eye regions much darker than the
 * cheeks), eyeglasses (strong edges on the nose bridge between the eyes), beard (chin darker and more
 * textured than the cheeks), mustache (the skin between nose and upper lip darker than the cheeks),
 * CONFUSED (surprise mixed with a negative emotion).
 */
export function faceDetails(face: FaceObservation): FaceDetails {
  const age = Math.round(face.age);
  const e = face.emotions;
  const emotions = Object.entries(EMOTION_NAMES).map(([label, type]) => ({
    type,
    confidence: round(100 * clamp(e[label] ?? 0, 0, 1)),
  }));
  const negative = (e.angry ?? 0) + (e.sad ?? 0) + (e.fear ?? 0) + (e.disgust ?? 0);
  emotions.push({
    type: 'CONFUSED',
    confidence: round(Math.min(HEURISTIC_MAX_CONFIDENCE, 100 * Math.sqrt(clamp((e.surprise ?? 0) * negative, 0, 1)))),
  });
  emotions.sort((a, b) => b.confidence - a.confidence);
  const hasMesh = face.eyeOpenRatio > 0;
  const r = face.regions;
  return {
    // The age model squeezes adults into a narrow band: the range is honestly wide.
    age_range: { low: Math.max(0, age - 10), high: age + 15 },
    smile: fromProbability(e.happy ?? 0),
    eyeglasses: heuristic(r.bridgeEdges - 1.8, 0.8),
    sunglasses: heuristic(0.45 - r.eyes, 0.2),
    gender: {
      value: face.gender === 'female' ? 'Female' : face.gender === 'male' ? 'Male' : 'Unknown',
      // Human's genderScore is 2 x |p - 0.5|: the probability of the answer is 0.5 + score / 2.
      confidence: round(100 * (0.5 + clamp(face.genderScore, 0, 1) / 2)),
    },
    beard: heuristic(1 - r.chin + (r.chinTexture - 1) * 0.5 - 0.5, 0.3),
    mustache: heuristic(0.7 - r.upperLip, 0.2),
    eyes_open: hasMesh
      ? fromProbability(sigmoid((face.eyeOpenRatio - EYE_OPEN_RATIO) / 0.04))
      : { value: true, confidence: 50 },
    mouth_open: hasMesh
      ? fromProbability(sigmoid((face.mouthOpenRatio - MOUTH_OPEN_RATIO) / 0.06))
      : { value: false, confidence: 50 },
    emotions,
  };
}

/** Brightness (mean luminance) and sharpness (Laplacian variance v as 100 v / (v + 100)) on 0..100. */
export function faceQuality(face: FaceObservation): { brightness: number; sharpness: number } {
  const v = Math.max(0, face.laplacianVariance);
  return { brightness: round(clamp((100 * face.brightness) / 255, 0, 100)), sharpness: round((100 * v) / (v + 100)) };
}

/** The spec's answer for an observed image: the largest face is the one described. */
export function livenessAnswer(
  observation: ImageObservation,
  liveness: { probability: number; threshold: number },
): LivenessAnswer {
  const face = observation.faces[0];
  const count = observation.faces.length;
  const entity: LivenessEntity = face
    ? {
        liveness: {
          liveness_check: liveness.probability > liveness.threshold,
          liveness_probability: round(clamp(liveness.probability, 0, 100)),
        },
        face: {
          face_detected: true,
          message: count > 1 ? `${count} faces detected; the largest one was analysed` : 'face detected',
          multiface_detected: count > 1,
          details: faceDetails(face),
          quality: faceQuality(face),
          confidence: round(100 * clamp(face.score, 0, 1)),
          bounding_box: boundingBox(face.box, observation.width, observation.height),
        },
      }
    : {
        liveness: { liveness_check: false, liveness_probability: 0 },
        face: {
          face_detected: false,
          message: 'no face detected in the image',
          multiface_detected: false,
          details: null,
          quality: null,
          confidence: 0,
          bounding_box: null,
        },
      };
  return { success: true, message: 'Success', code: '200', data: { entity } };
}

/** The box in fractions of the image, each clamped to 0..1 (the detector's box can overshoot). */
export function boundingBox(box: [number, number, number, number], width: number, height: number) {
  const left = clamp(box[0] / width, 0, 1);
  const top = clamp(box[1] / height, 0, 1);
  return {
    width: round(clamp(box[2] / width, 0, 1 - left)),
    height: round(clamp(box[3] / height, 0, 1 - top)),
    left: round(left),
    top: round(top),
  };
}
