import type { Kysely, Transaction } from 'kysely';
import { Type } from 'typebox';
import { runPrepared } from '../db/prepared.js';
import type { Database } from '../db/schema.js';
import { isForeignKeyViolation } from '../db/sql-state.js';
import { statementNotFound } from '../domain/errors.js';
import { purgeOlderThan } from '../jobs/retention.js';
import type { LivenessEntity } from './answer.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Saves a statement's result; its statement deleted since it was checked is a NOT_FOUND at `/body/statementKey`. */
export async function saveLivenessResult(
  db: Kysely<Database>,
  row: { clientId: number; statementKey: number; imageSha256: string; entity: LivenessEntity },
): Promise<{ id: number; createdAt: Date }> {
  const saved = await db
    .insertInto('liveness_results')
    .values({
      client_id: row.clientId,
      statement_key: row.statementKey,
      image_sha256: row.imageSha256,
      result: JSON.stringify(row.entity),
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow()
    .catch((err: unknown) => {
      if (isForeignKeyViolation(err)) throw statementNotFound(row.statementKey, '/body/statementKey');
      throw err;
    });
  return { id: saved.id, createdAt: saved.created_at };
}

/** The liveness results attached to one of the client's statements, oldest first. */
export async function listLivenessForStatement(db: Db, clientId: number, statementKey: number) {
  const query = db
    .selectFrom('liveness_results')
    .select(['id', 'image_sha256', 'result', 'created_at'])
    .where('client_id', '=', clientId)
    .where('statement_key', '=', statementKey)
    .orderBy('id');
  const rows = await runPrepared(db, 'liveness_for_statement', query);
  return rows.map((r) => {
    const entity = JSON.parse(r.result) as LivenessEntity;
    return {
      id: r.id,
      imageSha256: r.image_sha256,
      livenessCheck: entity.liveness.liveness_check,
      livenessProbability: entity.liveness.liveness_probability,
      faceDetected: entity.face.face_detected,
      createdDate: new Date(r.created_at).toISOString(),
    };
  });
}

/** `livenessResults` on `GET /statements/{key}` (registered in `statements/links.ts`). */
export const livenessResultsLink = {
  field: 'livenessResults',
  none: [],
  load: (db: Db, statementKey: number, clientId: number) => listLivenessForStatement(db, clientId, statementKey),
  schema: Type.Array(
    Type.Object({
      id: Type.Integer(),
      imageSha256: Type.String({ description: 'SHA-256 of the image, hex (the image is never kept)' }),
      livenessCheck: Type.Boolean(),
      livenessProbability: Type.Number({ minimum: 0, maximum: 100, description: 'Percent' }),
      faceDetected: Type.Boolean(),
      createdDate: Type.String({ format: 'date-time' }),
    }),
    { description: 'Liveness checks sent with this statementKey, oldest first' },
  ),
};

/** Deletes liveness results stored more than `days` days ago (LIVENESS_RETENTION_DAYS); answers how many. */
export const purgeLivenessResultsOlderThan = (db: Kysely<Database>, days: number, batch?: number): Promise<number> =>
  purgeOlderThan(db, { table: 'liveness_results', id: 'id', time: 'created_at' }, days, batch);
