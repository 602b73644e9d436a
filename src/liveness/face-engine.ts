import type { Human } from '@vladmandic/human';
import { cropQuality, forensicSignals, meshMeasures, toGrey } from './measures.js';
import type { FaceObservation, ImageObservation } from './observation.js';

/** An RGB image as the engine takes it (see `image-intake.ts`). */
export interface RgbImage {
  pixels: Uint8Array;
  width: number;
  height: number;
}

type Point = [number, number, number?];

/** The bare model inference: one `detect()` on the image. */
export async function detectFaces(human: Human, image: RgbImage) {
  const tensor = human.tf.tensor3d(image.pixels, [image.height, image.width, 3], 'int32');
  try {
    return await human.detect(tensor as never);
  } finally {
    tensor.dispose();
  }
}

const clampBox = (box: number[], width: number, height: number): [number, number, number, number] => {
  const x = Math.max(0, box[0] as number);
  const y = Math.max(0, box[1] as number);
  return [
    x,
    y,
    Math.max(1, Math.min(width - x, box[2] as number)),
    Math.max(1, Math.min(height - y, box[3] as number)),
  ];
};

/** Detection plus the measurements of every face and the forensic signals around the largest one. */
export async function observeImage(human: Human, image: RgbImage): Promise<ImageObservation> {
  const result = await detectFaces(human, image);
  const grey = toGrey(image.pixels, image.width, image.height);
  const faces: FaceObservation[] = result.face.map((face) => {
    const box = clampBox(face.box, image.width, image.height);
    const emotions: Record<string, number> = {};
    for (const e of face.emotion ?? []) emotions[e.emotion] = e.score;
    return {
      box,
      score: face.faceScore ?? face.score,
      age: face.age ?? 0,
      gender: face.gender ?? 'unknown',
      genderScore: face.genderScore ?? 0,
      emotions,
      real: face.real ?? 0,
      live: face.live ?? 0,
      ...meshMeasures(grey, (face.mesh ?? []) as Point[], box),
      ...cropQuality(grey, box),
    };
  });
  faces.sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3]);
  const largest = faces[0];
  return {
    width: image.width,
    height: image.height,
    faces,
    forensics: largest ? forensicSignals(image.pixels, grey, largest.box) : null,
  };
}
