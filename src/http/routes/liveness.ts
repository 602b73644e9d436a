import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AppError } from '../../domain/errors.js';
import { EMOTION_TYPES, type EmotionType } from '../../liveness/answer.js';
import { findBoundary, type Part, parseMultipart } from '../../liveness/multipart.js';
import type { Services } from '../../services.js';
import { principalOf } from '../plugins/auth.js';

const Flag = Type.Object({ value: Type.Boolean(), confidence: Type.Number({ minimum: 0, maximum: 100 }) });
const Details = Type.Object({
  age_range: Type.Object({ low: Type.Integer(), high: Type.Integer() }),
  smile: Flag,
  eyeglasses: Flag,
  sunglasses: Flag,
  gender: Type.Object({ value: Type.String(), confidence: Type.Number() }),
  beard: Flag,
  mustache: Flag,
  eyes_open: Flag,
  mouth_open: Flag,
  emotions: Type.Array(
    Type.Object({
      type: Type.Union(
        [...EMOTION_TYPES].map((t) => Type.Literal(t)) as [ReturnType<typeof Type.Literal<EmotionType>>],
      ),
      confidence: Type.Number(),
    }),
  ),
});

const LivenessResult = Type.Object(
  {
    success: Type.Literal(true),
    message: Type.String(),
    code: Type.Literal('200'),
    data: Type.Object({
      entity: Type.Object({
        liveness: Type.Object({
          liveness_check: Type.Boolean({
            description:
              'liveness_probability is above LIVENESS_THRESHOLD (default 50). It judges the largest face only: check multiface_detected',
          }),
          liveness_probability: Type.Number({ minimum: 0, maximum: 100, description: 'Percent' }),
        }),
        face: Type.Object({
          face_detected: Type.Boolean(),
          message: Type.String(),
          multiface_detected: Type.Boolean({
            description: 'Several faces: the largest one is described and judged; refuse or review such an upload',
          }),
          details: Type.Union([Type.Null(), Details], { description: 'null when no face was found' }),
          quality: Type.Union([
            Type.Null(),
            Type.Object({ brightness: Type.Number(), sharpness: Type.Number() }, { description: '0..100' }),
          ]),
          confidence: Type.Number({ minimum: 0, maximum: 100 }),
          bounding_box: Type.Union([
            Type.Null(),
            Type.Object(
              { width: Type.Number(), height: Type.Number(), left: Type.Number(), top: Type.Number() },
              { description: 'Fractions of the image, 0..1' },
            ),
          ]),
        }),
      }),
    }),
  },
  {
    examples: [
      {
        success: true,
        message: 'Success',
        code: '200',
        data: {
          entity: {
            liveness: { liveness_check: true, liveness_probability: 87.4 },
            face: {
              face_detected: true,
              message: 'face detected',
              multiface_detected: false,
              details: {
                age_range: { low: 19, high: 44 },
                smile: { value: true, confidence: 99 },
                eyeglasses: { value: false, confidence: 55.1 },
                sunglasses: { value: false, confidence: 60 },
                gender: { value: 'Female', confidence: 62.5 },
                beard: { value: false, confidence: 60 },
                mustache: { value: false, confidence: 60 },
                eyes_open: { value: true, confidence: 99.9 },
                mouth_open: { value: false, confidence: 83.1 },
                emotions: [
                  { type: 'HAPPY', confidence: 99 },
                  { type: 'CALM', confidence: 0.5 },
                  { type: 'ANGRY', confidence: 0.2 },
                  { type: 'SAD', confidence: 0.1 },
                  { type: 'FEAR', confidence: 0.1 },
                  { type: 'SURPRISED', confidence: 0.1 },
                  { type: 'DISGUSTED', confidence: 0 },
                  { type: 'CONFUSED', confidence: 0 },
                ],
              },
              quality: { brightness: 52.1, sharpness: 79.6 },
              confidence: 100,
              bounding_box: { width: 0.2875, height: 0.232, left: 0.2925, top: 0.074 },
            },
          },
        },
      },
    ],
  },
);

/** Errors of this route come in the spec's liveness envelope. */
const LivenessError = Type.Object(
  {
    success: Type.Literal(false),
    message: Type.String(),
    code: Type.String({ description: 'The HTTP status as text, as the success answer carries "200"' }),
    error: Type.String({ description: 'Stable machine-readable code' }),
    errors: Type.Optional(Type.Array(Type.Object({ path: Type.String(), message: Type.String() }))),
    requestId: Type.String(),
  },
  {
    examples: [
      {
        success: false,
        message: 'the file is not an image (JPEG, PNG, WebP, TIFF, GIF, HEIF or AVIF)',
        code: '422',
        error: 'IMAGE_UNREADABLE',
        errors: [{ path: '/body/file', message: 'is not a raster image' }],
        requestId: '3f1c2d9e-6a1b-4c2e-9f0a-1b2c3d4e5f60',
      },
    ],
  },
);

/**
 * The form as published. The route splits the multipart body itself (`liveness/multipart.ts`) and
 * the service checks its parts, naming each offending one; Fastify checks nothing of it.
 */
const LivenessForm = Type.Object(
  {
    file: Type.String({
      format: 'binary',
      contentMediaType: 'image/*',
      description: 'The face image: JPEG, PNG, WebP, TIFF, GIF, HEIF or AVIF, at most LIVENESS_MAX_BYTES',
    }),
    statementKey: Type.Optional(
      Type.Integer({ minimum: 1, description: 'One of your statements: the result is listed on it' }),
    ),
  },
  { additionalProperties: false, description: 'Any other part is refused (400 at `/body/<its name>`)' },
);

interface MultipartBody {
  parts: Part[];
}

const livenessRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { config } = services;
  // Parsers of this plugin only (encapsulated): the body is buffered (it is at most one image) and
  // split here, for multipart/form-data and for the spec's example, which sends its `--form` parts
  // under `Content-Type: application/json`.
  const parse = (contentType: string | undefined, body: Buffer): MultipartBody => {
    const boundary = findBoundary(contentType, body);
    const parts = boundary ? parseMultipart(body, boundary) : null;
    if (!parts) {
      throw new AppError('MALFORMED_BODY', 'the body must be a multipart form with a `file` part', [
        { path: '/body', message: 'is not a well-formed multipart form' },
      ]);
    }
    return { parts };
  };
  app.removeContentTypeParser('application/json');
  for (const type of ['multipart/form-data', 'application/json']) {
    app.addContentTypeParser(
      type,
      { parseAs: 'buffer', bodyLimit: config.liveness.maxBytes + 1024 * 1024 },
      (request, body, done) => {
        try {
          done(null, parse(request.headers['content-type'], body as Buffer));
        } catch (error) {
          done(error as Error, undefined);
        }
      },
    );
  }

  app.post(
    '/verify/liveness',
    {
      config: { scope: 'liveness:write', envelope: 'liveness', published: { body: LivenessForm } },
      bodyLimit: config.liveness.maxBytes + 1024 * 1024,
      schema: {
        tags: ['liveness'],
        operationId: 'checkLiveness',
        summary: 'Check a face image for liveness and describe the face',
        description:
          'Multipart form: `file` (required, a JPEG, PNG, WebP, TIFF, GIF, HEIF or AVIF image, at most LIVENESS_MAX_BYTES) and ' +
          '`statementKey` (optional, one of your statements); any other part is refused with 400 at `/body/<its name>`. A request sent like the spec example (curl with ' +
          "`-H 'Content-Type: application/json'` and `--form` parts) is accepted too. The image is analysed on this " +
          'machine and never stored; with a `statementKey` its SHA-256 and the answer are kept on that statement, without one nothing is.',
        consumes: ['multipart/form-data'],
        response: {
          200: LivenessResult,
          400: LivenessError,
          401: LivenessError,
          403: LivenessError,
          404: LivenessError,
          413: LivenessError,
          415: LivenessError,
          422: LivenessError,
          429: LivenessError,
          500: LivenessError,
          503: LivenessError,
        },
      },
    },
    async (request) => {
      const { parts } = (request.body ?? { parts: [] }) as MultipartBody;
      return services.liveness.check(principalOf(request).clientId, parts);
    },
  );
};

export default livenessRoutes;
