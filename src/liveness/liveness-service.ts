import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { AppError, statementNotFound } from '../domain/errors.js';
import { ownsStatement } from '../statements/statements-repository.js';
import { type LivenessAnswer, livenessAnswer } from './answer.js';
import type { FaceAnalyzer } from './face-pool.js';
import { type IntakeLimits, prepareImage } from './image-intake.js';
import model from './liveness-model.json' with { type: 'json' };
import { saveLivenessResult } from './liveness-repository.js';
import { type LivenessModel, livenessProbability } from './liveness-score.js';
import { onePart, type Part, refuseUnknownParts } from './multipart.js';

/** The parts of the liveness form, as published (`http/routes/liveness.ts`). */
export const LIVENESS_FORM_PARTS = ['file', 'statementKey'] as const;

export interface LivenessService {
  /** Checks the `file` part of a client's upload; with a `statementKey` keeps the result on that statement (never the image). */
  check(clientId: number, parts: Part[]): Promise<LivenessAnswer>;
}

export function createLivenessService(deps: {
  db: Kysely<Database>;
  faces: FaceAnalyzer;
  limits: IntakeLimits;
  /** `liveness_check` is true above this probability (0..100). */
  threshold: number;
}): LivenessService {
  const { db, faces } = deps;

  async function statementKeyOf(parts: Part[], clientId: number): Promise<number | null> {
    const part = onePart(parts, 'statementKey');
    if (!part) return null;
    const text = part.data.toString('utf8').trim();
    if (text === '') return null;
    if (!/^[0-9]{1,9}$/.test(text) || Number(text) < 1) {
      throw new AppError('VALIDATION_FAILED', 'statementKey must be a positive integer', [
        { path: '/body/statementKey', message: 'must be a positive integer' },
      ]);
    }
    const key = Number(text);
    if (!(await ownsStatement(db, clientId, key))) throw statementNotFound(key, '/body/statementKey');
    return key;
  }

  return {
    async check(clientId, parts) {
      refuseUnknownParts(parts, LIVENESS_FORM_PARTS);
      const file = onePart(parts, 'file');
      if (!file) throw new AppError('IMAGE_MISSING', undefined, [{ path: '/body/file', message: 'is required' }]);
      const statementKey = await statementKeyOf(parts, clientId);
      const image = await prepareImage(file.data, deps.limits);
      const observation = await faces.analyse(image).catch(() => {
        throw new AppError('SERVICE_UNAVAILABLE', 'the face analysis is not available; retry later');
      });
      const answer = livenessAnswer(observation, {
        probability: livenessProbability(model as LivenessModel, observation),
        threshold: deps.threshold,
      });
      // Kept only on a statement, where `livenessResults` lists it and deleting the statement erases
      // it; without one nothing would ever read it, so nothing is stored.
      if (statementKey !== null) {
        await saveLivenessResult(db, { clientId, statementKey, imageSha256: image.sha256, entity: answer.data.entity });
      }
      return answer;
    },
  };
}
