import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CreditReportSchema } from '../../credit/report.js';
import type { Services } from '../../services.js';
import { principalOf } from '../plugins/auth.js';
import { bearer, INT4_MAX } from '../schemas.js';

const REFERENCE_EXAMPLE = 'perilenda&fcbe874a19544c9ab0f8697c8240b48b';
const State = Type.Union(
  [Type.Literal('pending'), Type.Literal('processing'), Type.Literal('completed'), Type.Literal('failed')],
  {
    description:
      'pending: queued; processing: at the bureau (or waiting to retry it); completed: the report is here; failed: see message',
  },
);

/** Errors of the credit routes come in the spec's credit envelope. */
const CreditError = Type.Object(
  {
    status: Type.Literal(false),
    message: Type.String(),
    code: Type.String({ description: 'Stable machine-readable code' }),
    data: Type.Null(),
    errors: Type.Optional(Type.Array(Type.Object({ path: Type.String(), message: Type.String() }))),
    requestId: Type.String(),
  },
  {
    examples: [
      {
        status: false,
        message: `no credit report with reference ${REFERENCE_EXAMPLE}`,
        code: 'NOT_FOUND',
        data: null,
        requestId: '3f1c2d9e-6a1b-4c2e-9f0a-1b2c3d4e5f60',
      },
    ],
  },
);
const creditErrors = {
  400: CreditError,
  401: CreditError,
  403: CreditError,
  404: CreditError,
  429: CreditError,
  500: CreditError,
};

const RequestBody = Type.Object(
  {
    bvn: Type.String({ pattern: '^[0-9]{11}$', description: 'Bank Verification Number: 11 digits' }),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: "The subject's full name" })),
    dateOfBirth: Type.Optional(
      Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$', description: 'YYYY-MM-DD' }),
    ),
    statementKey: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: INT4_MAX,
        description: 'One of your statements; the reference then appears on it',
      }),
    ),
    enquiryReason: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  },
  {
    additionalProperties: false,
    examples: [{ bvn: '22200000002', name: 'Chioma Adeyemi', dateOfBirth: '1990-04-12', statementKey: 12 }],
  },
);

const Requested = Type.Object(
  {
    status: Type.Literal(true),
    message: Type.String(),
    data: Type.Object({ reference: Type.String(), state: State }),
  },
  {
    examples: [
      {
        status: true,
        message: 'The report has been requested. Fetch it with POST /statements/get-consumer-credit/{reference}.',
        data: { reference: REFERENCE_EXAMPLE, state: 'pending' },
      },
    ],
  },
);

const { $id: _omit, ...reportSchema } = CreditReportSchema as typeof CreditReportSchema & { $id?: string };

const ReportEnvelope = Type.Object(
  {
    status: Type.Boolean({ description: 'false only when the report failed' }),
    message: Type.String({ description: '"Sucessful" (sic, as the real API) when completed; otherwise what to do' }),
    code: Type.Optional(Type.String({ description: 'Why the report failed (failed state only)' })),
    data: Type.Object({
      reference: Type.String(),
      state: State,
      name: Type.String(),
      date_of_birth: Type.String({ description: 'YYYY-MM-DD, or empty when unknown' }),
      report_type: Type.Literal('basic'),
      report: Type.Union([Type.Null(), reportSchema]),
    }),
  },
  {
    examples: [
      {
        status: true,
        message: 'FirstCentral Credit Bureau is preparing the report; ask again in a few seconds.',
        data: {
          reference: REFERENCE_EXAMPLE,
          state: 'processing',
          name: 'Chioma Adeyemi',
          date_of_birth: '1990-04-12',
          report_type: 'basic',
          report: null,
        },
      },
    ],
  },
);

const creditRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const credit = services.credit;

  // The real API's clients send `Content-Type: application/json` with no body to the fetch route.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    return json(request, body as string, done);
  });

  app.post(
    '/credit/consumer-reports',
    {
      config: { scope: 'credit:read', envelope: 'credit' },
      schema: {
        tags: ['credit'],
        summary: 'Request a consumer credit report from the bureau',
        description:
          'Answers at once with a reference. A completed report for the same BVN pulled for you within the ' +
          'freshness window (30 days by default) is reused instead of paying the bureau again; requests for a ' +
          'BVN already being fetched share that fetch. `refresh=true` forces a new pull.',
        security: bearer,
        querystring: Type.Object({
          refresh: Type.Optional(
            Type.Boolean({ default: false, description: 'Pull a new report even if a fresh one exists' }),
          ),
        }),
        body: RequestBody,
        response: { 200: Requested, 202: Requested, ...creditErrors },
      },
    },
    async (request, reply) => {
      const result = await credit.request(principalOf(request), request.body, { refresh: request.query.refresh });
      const message =
        result.state === 'completed'
          ? 'A report pulled recently for this BVN was reused (no new bureau charge). Fetch it with POST /statements/get-consumer-credit/{reference}.'
          : 'The report has been requested. Fetch it with POST /statements/get-consumer-credit/{reference}.';
      return reply
        .code(result.state === 'completed' ? 200 : 202)
        .send({ status: true as const, message, data: { reference: result.reference, state: result.state } });
    },
  );

  app.post(
    '/statements/get-consumer-credit/:reference',
    {
      config: { scope: 'credit:read', envelope: 'credit' },
      schema: {
        tags: ['credit'],
        summary: 'Fetch a consumer credit report by reference',
        description:
          "The reference contains `&`; send it as is or URL-encoded (`%26`). Another client's reference is 404.",
        security: bearer,
        params: Type.Object({
          reference: Type.String({ minLength: 1, maxLength: 200, examples: [REFERENCE_EXAMPLE] }),
        }),
        response: { 200: ReportEnvelope, ...creditErrors },
      },
    },
    async (request) => {
      const answer = await credit.get(principalOf(request), request.params.reference);
      return {
        status: answer.data.state !== 'failed',
        message: answer.message,
        ...(answer.failureCode ? { code: answer.failureCode } : {}),
        data: answer.data,
      };
    },
  );
};

export default creditRoutes;
