import { type TSchema, Type } from 'typebox';
import { CommercialCreditReportSchema, REGISTRATION_NUMBER_INPUT } from '../../credit/commercial-report.js';
import { CreditReportSchema } from '../../credit/report.js';
import { CalendarDay, DayQuery, Formatted, INT4_MAX, PageQuery } from '../schemas.js';

/** The credit routes' schemas: requests, the real API's envelopes, and its error envelope. */

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
    retryAfter: Type.Optional(
      Type.String({
        format: 'date-time',
        description:
          'CREDIT_PULL_LIMIT: when the client can start a new pull (also in the Retry-After header, in seconds)',
      }),
    ),
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
export const creditErrors = {
  400: CreditError,
  401: CreditError,
  403: CreditError,
  404: CreditError,
  429: CreditError,
  500: CreditError,
};

/** Births before this are taken for a typing error (a lender's bureau search would find no one). */
const EARLIEST_BIRTH_DATE = '1900-01-01';

/** A date of birth: a real day, from 1900 to today (UTC). */
const BirthDate = Type.Refine(
  CalendarDay('a date as YYYY-MM-DD', { description: `YYYY-MM-DD, from ${EARLIEST_BIRTH_DATE} to today` }),
  (day) => day >= EARLIEST_BIRTH_DATE && day <= new Date().toISOString().slice(0, 10),
  (day) => (day < EARLIEST_BIRTH_DATE ? `must be ${EARLIEST_BIRTH_DATE} or later` : 'must not be in the future'),
);

export const RequestBody = Type.Object(
  {
    bvn: Formatted('^\\s*[0-9]{11}\\s*$', 'a BVN: 11 digits', {
      description: 'Bank Verification Number: 11 digits; spaces around them are ignored, as in a statement',
    }),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: "The subject's full name" })),
    dateOfBirth: Type.Optional(BirthDate),
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

export const CommercialRequestBody = Type.Object(
  {
    registrationNumber: Formatted(
      REGISTRATION_NUMBER_INPUT,
      'a CAC registration number: RC, BN, IT, LP or LLP, then 1 to 10 digits (RC1234567)',
      {
        maxLength: 30,
        description:
          'The CAC registration number: RC (company), BN (business name), IT (incorporated trustees), LP or LLP, then the digits. The prefix is required; case, and spaces and dashes anywhere, are ignored: `rc 123-456` is `RC123456`.',
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

/** The fetch routes take no body (the spec's callers send none); `{}` is accepted, a member is refused. */
export const NoBody = Type.Object(
  {},
  { additionalProperties: false, description: 'No body: the reference is in the path. `{}` is accepted.' },
);

export const Requested = Type.Object(
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

/** A report schema inlined in an envelope, without the `$id` it is registered under elsewhere. */
const inlined = (schema: TSchema): TSchema => {
  const { $id: _id, ...rest } = schema as TSchema & { $id?: string };
  return rest as TSchema;
};

/**
 * The real API's envelope around one reference: `status` (false only when the report failed),
 * `message`, a failure `code`, then `data`: the reference, its state, who the report is about
 * (`subject`) and the report, null until it is completed.
 */
const reportEnvelope = (subject: Record<string, TSchema>, report: TSchema, example: Record<string, unknown>) =>
  Type.Object(
    {
      status: Type.Boolean({ description: 'false only when the report failed' }),
      message: Type.String({ description: '"Sucessful" (sic, as the real API) when completed; otherwise what to do' }),
      code: Type.Optional(Type.String({ description: 'Why the report failed (failed state only)' })),
      data: Type.Object({
        reference: Type.String(),
        state: State,
        ...subject,
        report_type: Type.Literal('basic'),
        report: Type.Union([Type.Null(), inlined(report)]),
      }),
    },
    { examples: [example] },
  );

export const ReportEnvelope = reportEnvelope(
  {
    name: Type.String(),
    date_of_birth: Type.String({ description: 'YYYY-MM-DD, or empty when unknown' }),
  },
  CreditReportSchema,
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
);

export const CommercialReportEnvelope = reportEnvelope(
  { business_registration_number: Type.String({ description: 'As the bureau files it (or as asked, until then)' }) },
  CommercialCreditReportSchema,
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
);

export const ReferenceParams = Type.Object({
  reference: Type.String({ minLength: 1, maxLength: 200, examples: [REFERENCE_EXAMPLE] }),
});
export const RefreshQuery = Type.Object({
  refresh: Type.Optional(Type.Boolean({ default: false, description: 'Pull a new report even if a fresh one exists' })),
});

const Kind = Type.Union([Type.Literal('consumer'), Type.Literal('commercial')]);

export const ReportListQuery = Type.Object({
  kind: Type.Optional(Kind),
  state: Type.Optional(State),
  statementKey: Type.Optional(Type.Integer({ minimum: 1, maximum: INT4_MAX })),
  from: DayQuery('First day asked for (UTC), YYYY-MM-DD'),
  to: DayQuery('Last day asked for (UTC), YYYY-MM-DD'),
  ...PageQuery,
});

const KindUsage = Type.Object({
  newPulls: Type.Integer({
    description:
      'References that started a new bureau pull: one bureau request each (a failed one may or may not be billed)',
  }),
  reused: Type.Integer({ description: 'References served by an earlier pull: no bureau charge' }),
  completed: Type.Integer(),
  failed: Type.Integer(),
  inFlight: Type.Integer({ description: 'pending or processing' }),
});

export const ReportList = Type.Object(
  {
    page: Type.Integer(),
    pageSize: Type.Integer(),
    total: Type.Integer(),
    summary: Type.Object(
      { consumer: KindUsage, commercial: KindUsage },
      { description: 'Over every matching reference, not only this page' },
    ),
    reports: Type.Array(
      Type.Object({
        reference: Type.String(),
        kind: Kind,
        state: State,
        reused: Type.Boolean(),
        statementKey: Type.Union([Type.Integer(), Type.Null()]),
        createdDate: Type.String({ format: 'date-time' }),
        endedDate: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
      }),
    ),
  },
  {
    examples: [
      {
        page: 1,
        pageSize: 100,
        total: 1,
        summary: {
          consumer: { newPulls: 1, reused: 0, completed: 1, failed: 0, inFlight: 0 },
          commercial: { newPulls: 0, reused: 0, completed: 0, failed: 0, inFlight: 0 },
        },
        reports: [
          {
            reference: REFERENCE_EXAMPLE,
            kind: 'consumer',
            state: 'completed',
            reused: false,
            statementKey: 12,
            createdDate: '2026-11-20T09:14:03.120Z',
            endedDate: '2026-11-20T09:14:05.480Z',
          },
        ],
      },
    ],
  },
);
