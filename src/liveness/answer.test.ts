import { describe, expect, it } from 'vitest';
import { boundingBox, EMOTION_TYPES, HEURISTIC_MAX_CONFIDENCE, livenessAnswer } from './answer.js';
import type { FaceObservation, ImageObservation } from './observation.js';

const face = (over: Partial<FaceObservation> = {}): FaceObservation => ({
  box: [100, 50, 200, 220],
  score: 0.97,
  age: 29.3,
  gender: 'female',
  genderScore: 0.9,
  emotions: { happy: 0.02, neutral: 0.8, sad: 0.1, angry: 0.03, fear: 0.02, surprise: 0.02, disgust: 0.01 },
  real: 0.5,
  live: 0.9,
  eyeOpenRatio: 0.35,
  mouthOpenRatio: 0.05,
  brightness: 128,
  laplacianVariance: 300,
  regions: { eyes: 0.8, bridgeEdges: 1, upperLip: 0.95, chin: 1, chinTexture: 1 },
  ...over,
});
const image = (faces: FaceObservation[]): ImageObservation => ({ width: 400, height: 500, faces, forensics: null });

describe('livenessAnswer', () => {
  it('answers the spec shape for one face', () => {
    const answer = livenessAnswer(image([face()]), { probability: 73.2, threshold: 50 });
    expect(answer).toMatchObject({ success: true, message: 'Success', code: '200' });
    const { liveness, face: f } = answer.data.entity;
    expect(liveness).toEqual({ liveness_check: true, liveness_probability: 73.2 });
    expect(f.face_detected).toBe(true);
    expect(f.multiface_detected).toBe(false);
    expect(f.confidence).toBe(97);
    expect(f.bounding_box).toEqual({ width: 0.5, height: 0.44, left: 0.25, top: 0.1 });
    const d = f.details;
    if (!d) throw new Error('details expected');
    expect(d.age_range.low).toBeLessThan(29);
    expect(d.age_range.high).toBeGreaterThan(30);
    expect(d.gender).toEqual({ value: 'Female', confidence: 95 });
    expect(d.smile.value).toBe(false);
    expect(d.eyes_open.value).toBe(true);
    expect(d.mouth_open.value).toBe(false);
    expect(d.emotions.map((e) => e.type).sort()).toEqual([...EMOTION_TYPES].sort());
    expect(d.emotions[0]).toEqual({ type: 'CALM', confidence: 80 });
    const confidences = d.emotions.map((e) => e.confidence);
    expect(confidences).toEqual([...confidences].sort((a, b) => b - a));
    for (const flag of [d.eyeglasses, d.sunglasses, d.beard, d.mustache]) {
      expect(flag.confidence).toBeGreaterThanOrEqual(50);
      expect(flag.confidence).toBeLessThanOrEqual(HEURISTIC_MAX_CONFIDENCE);
    }
    expect(f.quality?.brightness).toBeCloseTo(50.2, 1);
    expect(f.quality?.sharpness).toBe(75);
  });

  it('is not live at or below the threshold', () => {
    const answer = livenessAnswer(image([face()]), { probability: 50, threshold: 50 });
    expect(answer.data.entity.liveness.liveness_check).toBe(false);
  });

  it('derives smile, closed eyes, open mouth and sunglasses', () => {
    const d = livenessAnswer(
      image([
        face({
          emotions: { happy: 0.99 },
          eyeOpenRatio: 0.08,
          mouthOpenRatio: 0.5,
          regions: { eyes: 0.2, bridgeEdges: 1, upperLip: 1, chin: 1, chinTexture: 1 },
        }),
      ]),
      { probability: 10, threshold: 50 },
    ).data.entity.face.details;
    expect(d?.smile).toEqual({ value: true, confidence: 99 });
    expect(d?.eyes_open.value).toBe(false);
    expect(d?.mouth_open.value).toBe(true);
    expect(d?.sunglasses.value).toBe(true);
    expect(d?.sunglasses.confidence).toBeLessThanOrEqual(60);
  });

  it('reports no face without inventing details', () => {
    const answer = livenessAnswer(image([]), { probability: 99, threshold: 50 });
    expect(answer.data.entity).toEqual({
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
    });
  });

  it('describes the first (largest) face when there are several', () => {
    const answer = livenessAnswer(image([face(), face({ box: [0, 0, 20, 20], gender: 'male' })]), {
      probability: 80,
      threshold: 50,
    });
    expect(answer.data.entity.face.multiface_detected).toBe(true);
    expect(answer.data.entity.face.message).toMatch(/2 faces/);
    expect(answer.data.entity.face.details?.gender.value).toBe('Female');
  });
});

describe('boundingBox', () => {
  it('clamps a box overshooting the image to 0..1', () => {
    const b = boundingBox([-10, 450, 500, 100], 400, 500);
    expect(b).toEqual({ left: 0, top: 0.9, width: 1, height: 0.1 });
  });
});
