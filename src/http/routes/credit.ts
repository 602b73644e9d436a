import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CommercialCreditReportSchema, REGISTRATION_NUMBER_INPUT } from '../../credit/commercial-report.js';
import { CreditReportSchema } from '../../credit/report.js';
import type { Services } from '../../services.js';
import { principalOf } from '../plugins/auth.js';
import { bearer, Formatted, INT4_MAX } from '../schemas.js';

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
        message: `no consumer credit report with reference ${REFERENCE_EXAMPLE}`,
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
    bvn: Formatted('^[0-9]{11}$', 'a BVN: 11 digits', { description: 'Bank Verification Number: 11 digits' }),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: "The subject's full name" })),
    dateOfBirth: Type.Optional(
      Formatted('^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$', 'a date as YYYY-MM-DD', {
        description: 'YYYY-MM-DD',
      }),
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

const CommercialRequestBody = Type.Object(
  {
    registrationNumber: Formatted(
      REGISTRATION_NUMBER_INPUT,
      'a CAC registration number: RC, BN, IT, LP or LLP, then 1 to 10 digits (RC1234567)',
      {
        maxLength: 30,
        description:
          'The CAC registration number: RC (company), BN (business name), IT (incorporated trustees), LP or LLP, then the digits. Case, spaces and dashes are ignored; `rc 123456` is `RC123456`.',
      },
    ),
    businessName: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: "The business's registered name; helps the bureau match",
      }),
    ),
    statementKey: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: INT4_MAX,
        description: 'One of your statements (a business statement, say); the reference then appears on it',
      }),
    ),
    enquiryReason: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  },
  {
    additionalProperties: false,
    examples: [{ registrationNumber: 'RC1234567', businessName: 'Adeyemi Foods Limited', statementKey: 12 }],
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
const { $id: _omitCommercial, ...commercialReportSchema } =
  CommercialCreditReportSchema as typeof CommercialCreditReportSchema & {
    $id?: string;
  };

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

const CommercialReportEnvelope = Type.Object(
  {
    status: Type.Boolean({ description: 'false only when the report failed' }),
    message: Type.String({ description: '"Sucessful" (sic, as the real API) when completed; otherwise what to do' }),
    code: Type.Optional(Type.String({ description: 'Why the report failed (failed state only)' })),
    data: Type.Object({
      reference: Type.String(),
      state: State,
      business_registration_number: Type.String({ description: 'As the bureau files it (or as asked, until then)' }),
      report_type: Type.Literal('basic'),
      report: Type.Union([Type.Null(), commercialReportSchema]),
    }),
  },
  {
    examples: [
      {
        status: true,
        message: 'The report has been queued for FirstCentral Credit Bureau; ask again in a few seconds.',
        data: {
          reference: REFERENCE_EXAMPLE,
          state: 'pending',
          business_registration_number: 'RC1234567',
          report_type: 'basic',
          report: null,
        },
      },
    ],
  },
);

/** The answer to a report request: 200 with a reused completed report, else 202. */
function requested(
  result: { reference: string; state: 'pending' | 'processing' | 'completed' | 'failed' },
  of: { subject: string; fetchPath: string },
) {
  const message =
    result.state === 'completed'
      ? `A report pulled recently for this ${of.subject} was reused (no new bureau charge). Fetch it with POST ${of.fetchPath}.`
      : `The report has been requested. Fetch it with POST ${of.fetchPath}.`;
  return {
    code: result.state === 'completed' ? 200 : 202,
    body: { status: true as const, message, data: { reference: result.reference, state: result.state } },
  };
}

/** The real API's envelope around a fetched report: `status` is false only for a failed one. */
function enveloped<View extends { state: string }>(answer: { data: View; message: string; failureCode?: string }) {
  return {
    status: answer.data.state !== 'failed',
    message: answer.message,
    ...(answer.failureCode ? { code: answer.failureCode } : {}),
    data: answer.data,
  };
}

const ReferenceParams = Type.Object({
  reference: Type.String({ minLength: 1, maxLength: 200, examples: [REFERENCE_EXAMPLE] }),
});
const RefreshQuery = Type.Object({
  refresh: Type.Optional(Type.Boolean({ default: false, description: 'Pull a new report even if a fresh one exists' })),
});

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
        querystring: RefreshQuery,
        body: RequestBody,
        response: { 200: Requested, 202: Requested, ...creditErrors },
      },
    },
    async (request, reply) => {
      const result = await credit.request(principalOf(request), request.body, { refresh: request.query.refresh });
      const answer = requested(result, { subject: 'BVN', fetchPath: '/statements/get-consumer-credit/{reference}' });
      return reply.code(answer.code).send(answer.body);
    },
  );

  app.post(
    '/credit/commercial-reports',
    {
      config: { scope: 'credit:read', envelope: 'credit' },
      schema: {
        tags: ['credit'],
        summary: 'Request a business (commercial) credit report from the bureau',
        description:
          'The twin of the consumer request, by CAC registration number. Answers at once with a reference; ' +
          'a completed report for the same registration number pulled for you within the freshness window is ' +
          'reused, and requests for one already being fetched share that fetch. `refresh=true` forces a new pull.',
        security: bearer,
        querystring: RefreshQuery,
        body: CommercialRequestBody,
        response: { 200: Requested, 202: Requested, ...creditErrors },
      },
    },
    async (request, reply) => {
      const result = await credit.requestCommercial(principalOf(request), request.body, {
        refresh: request.query.refresh,
      });
      const answer = requested(result, {
        subject: 'registration number',
        fetchPath: '/statements/get-commercial-credit/{reference}',
      });
      return reply.code(answer.code).send(answer.body);
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
          "The reference contains `&`; send it as is or URL-encoded (`%26`). Another client's reference, or a business one, is 404.",
        security: bearer,
        params: ReferenceParams,
        response: { 200: ReportEnvelope, ...creditErrors },
      },
    },
    async (request) => enveloped(await credit.get(principalOf(request), request.params.reference)),
  );

  app.post(
    '/statements/get-commercial-credit/:reference',
    {
      config: { scope: 'credit:read', envelope: 'credit' },
      schema: {
        tags: ['credit'],
        summary: 'Fetch a business (commercial) credit report by reference',
        description:
          "The reference contains `&`; send it as is or URL-encoded (`%26`). Another client's reference, or a consumer one, is 404.",
        security: bearer,
        params: ReferenceParams,
        response: { 200: CommercialReportEnvelope, ...creditErrors },
      },
    },
    async (request) => enveloped(await credit.getCommercial(principalOf(request), request.params.reference)),
  );
};

export default creditRoutes;
