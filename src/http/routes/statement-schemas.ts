import { Type } from 'typebox';
import { analyticsSectionSchemas } from '../../statements/analytics/schema.js';
import { formatNames, statementFormats } from '../../statements/formats/index.js';
import { statementLinks } from '../../statements/links.js';
import { STATEMENT_TYPES } from '../../statements/submission.js';
import { authErrors, DayQuery, Formatted, INT4_MAX, PageQuery } from '../schemas.js';

/** The statement routes' schemas: the submission in its six formats, the statement answer, paging. */

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

const FORMAT_DOCS = {
  description: `The body's format: ${formatNames.join(', ')} (the spec's F1..F6), in any case; another is 400 UNKNOWN_FORMAT`,
  examples: ['periculum'],
};
const STATEMENT_TYPE_DOCS = {
  default: 'consumer',
  description: '`consumer` or `business`, in any case',
  examples: ['consumer'],
};

// The route reads `format` and `statementType` in any case and refuses others itself (`submission.ts`
// checkQuery), so Fastify checks them as strings; the published query lists their values.
export const SubmitQuery = Type.Object({
  format: Type.String(FORMAT_DOCS),
  statementType: Type.Optional(Type.String(STATEMENT_TYPE_DOCS)),
});
export const BvnFirstQuery = Type.Object({
  ...SubmitQuery.properties,
  bvnUuid: Formatted(UUID, 'a UUID', {
    description: 'The BVN record this statement belongs to (one statement per record)',
  }),
});
/** A submission query as published: its members, with the values of `format` and `statementType`. */
export const publishedSubmitQuery = (query: typeof SubmitQuery | typeof BvnFirstQuery) =>
  Type.Object({
    ...query.properties,
    format: Type.Enum(formatNames, FORMAT_DOCS),
    statementType: Type.Optional(Type.Enum(STATEMENT_TYPES, STATEMENT_TYPE_DOCS)),
  });
export const SubmitHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 255,
      description: 'A retry with the same key and body returns the first answer and creates nothing',
    }),
  ),
});
/** A valid F1 body: an opening-balance row and ten transactions. */
const periculumExample = {
  statementName: 'Chioma Adeyemi GTB Jun-Aug 2020',
  clientFullName: 'Chioma Adeyemi',
  transactions: [
    { date: '6/17/2020', description: 'opb opening balance', balance: 16162.02, amount: 0, type: 'Debit' },
    ...[
      ['6/19/2020', 'SALARY JUNE 2020 ACME NIGERIA LTD', 250000, 'Credit'],
      ['6/19/2020', 'NIP TRF TO ADEYEMI FOLA', 5010.75, 'Debit'],
      ['6/22/2020', 'POS PURCHASE SHOPRITE LEKKI', 12500, 'Debit'],
      ['6/25/2020', 'AIRTIME MTN 08031234567', 1000, 'Debit'],
      ['6/30/2020', 'SMS ALERT CHARGES', 40, 'Debit'],
      ['7/3/2020', 'ATM WDL GTB ALLEN AVENUE', 20000, 'Debit'],
      ['7/10/2020', 'IKEJA ELECTRIC PREPAID TOKEN', 8000, 'Debit'],
      ['7/20/2020', 'SALARY JULY 2020 ACME NIGERIA LTD', 250000, 'Credit'],
      ['7/21/2020', 'RENT TRF TO LANDLORD OKAFOR', 150000, 'Debit'],
      ['8/1/2020', 'FGN STAMP DUTY', 50, 'Debit'],
    ].reduce<{ balance: number; rows: Array<Record<string, unknown>> }>(
      (acc, [date, description, amount, type]) => {
        const minor = Math.round(Number(amount) * 100);
        const balance = acc.balance + (type === 'Credit' ? minor : -minor);
        acc.rows.push({ date, description, balance: balance / 100, amount, type });
        return { balance, rows: acc.rows };
      },
      { balance: 1616202, rows: [] },
    ).rows,
  ],
};

const SUBMIT_BODY_DOCS = {
  description:
    'The statement in the shape of `format`: F1 periculum `{statementName, clientFullName, transactions[]}`, F2 mono `{data[]}`, F3 okra `{data:{transaction[]}}`, F4 dojah `{entity:{transactions[]}}`, F5 mbs `{bankStatement:{mbs:{jsonData, bank}}}`, F6 zeeh `{nin, bvn, transactions[]}`. Every format but mbs carries `statementName` and `clientFullName` at the top level (mbs: `jsonData.statementName` and `jsonData.Name`): required, at most 255 characters. Every other text field is at most 255 characters, a narration at most 1,000. A currency is an ISO 4217 code of a currency with two decimal places.',
  examples: [periculumExample],
};

/**
 * What Fastify checks of a submission: nothing, as the body stays its bytes until it is parsed and
 * checked in its format with the rest of the processing (`statements/parse.ts`).
 */
export const SubmitBody = Type.Unknown(SUBMIT_BODY_DOCS);

/** A submission body as published: one of the six formats' own schemas, the one `format` names. */
export const PublishedSubmitBody = Type.Union(
  statementFormats.map((f) => ({ ...f.schema, title: `${f.label} ${f.name}`, description: `With ?format=${f.name}` })),
  SUBMIT_BODY_DOCS,
);

const Identification = Type.Object({
  identifierName: Type.Union([Type.Literal('bvn'), Type.Literal('nin')]),
  identifierValue: Type.String({ examples: ['*******5678'] }),
});
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Naira = (description: string) => Type.Number({ description: `${description} (naira, two decimals)` });

const IntegrityBreak = Type.Object({
  position: Type.Integer({ minimum: 0, description: 'Index of the row in the chronological list' }),
  transactionId: Type.String(),
  date: Type.String({ description: 'YYYY-MM-DD' }),
  kind: Type.Union([Type.Literal('gap'), Type.Literal('edited'), Type.Literal('duplicate')], {
    description:
      'gap: rows seem to be missing before this one (or an amount was changed); edited: this row looks changed; duplicate: it repeats the row before it, balance included',
  }),
  field: Type.Optional(Type.Literal('balance', { description: 'What looks edited' })),
  expectedBalance: Naira('The balance the previous rows lead to'),
  statedBalance: Naira('The balance the row states'),
  difference: Naira('Stated less expected'),
  missingAmount: Type.Optional(Naira('Gaps: the net amount that seems missing')),
  missingDirection: Type.Optional(Type.Union([Type.Literal('credit'), Type.Literal('debit')])),
});

/** `integrity.ts`'s report, as stored with the statement. */
const IntegrityReport = Type.Object(
  {
    verdict: Type.Union(
      ['INTACT', 'INCONSISTENT', 'ALTERED', 'UNVERIFIABLE'].map((v) => Type.Literal(v)),
      {
        description:
          'INTACT: every balance follows; INCONSISTENT: breaks with no sign of editing; ALTERED: a row looks edited; UNVERIFIABLE: no running balances',
      },
    ),
    checkedTransactions: Type.Integer({ minimum: 0, description: 'Rows with a balance checked against the chain' }),
    roundingDifferences: Type.Integer({ minimum: 0, description: 'Balances off by one kobo, tolerated' }),
    reorderedDays: Type.Integer({ minimum: 0, description: 'Days whose rows were put back in balance order' }),
    breakCount: Type.Integer({ minimum: 0 }),
    gapCount: Type.Integer({ minimum: 0, description: 'Breaks of kind gap, all of them' }),
    breaks: Type.Array(IntegrityBreak, { description: 'The first hundred breaks' }),
    duplicates: Type.Array(
      Type.Object({
        transactionId: Type.String({ description: 'The row kept' }),
        date: Type.String({ description: 'YYYY-MM-DD' }),
        amount: Naira('Amount'),
        narration: Type.String(),
        repeats: Type.Integer({ minimum: 1, description: 'Copies of it left out' }),
      }),
      {
        description:
          'Rows sent more than once as the same record (same provider id, or the same fields and a balance that does not follow), counted once: the first hundred',
      },
    ),
    duplicateCount: Type.Integer({ minimum: 0, description: 'Copies left out, all of them' }),
  },
  { description: 'The running-balance integrity report; null for a statement stored without results' },
);

export const StatementAnswer = Type.Object(
  {
    key: Type.Integer({ description: 'The statement key used everywhere' }),
    name: Type.String(),
    source: Type.Union(
      formatNames.map((f) => Type.Literal(f)),
      { description: 'The format it came in' },
    ),
    clientFullName: Nullable(Type.String()),
    accountType: Nullable(Type.String()),
    accountName: Nullable(Type.String()),
    accountNumber: Nullable(Type.String()),
    bankName: Nullable(Type.String()),
    statementType: Type.Union([Type.Literal('CONSUMER'), Type.Literal('BUSINESS')]),
    bvnUuid: Nullable(Type.String({ description: 'The BVN record (bvn-first submissions)' })),
    startDate: Nullable(Type.String({ description: 'YYYY-MM-DD, local day of the first transaction' })),
    endDate: Nullable(Type.String({ description: 'YYYY-MM-DD, local day of the last transaction' })),
    createdDate: Type.String({ format: 'date-time' }),
    processingStatus: Type.Union(
      ['PROCESSED', 'ALTERED', 'NO BALANCE', 'FAILED'].map((s) => Type.Literal(s)),
      {
        description: 'ALTERED: a row looks edited; NO BALANCE: no usable balance; FAILED: stored without analytics',
      },
    ),
    currency: Type.String({ examples: ['NGN'] }),
    openingBalance: Nullable(
      Naira(
        'Opening balance: stated (an opening-balance row), else worked back from the first row with a balance; null when no balance is known',
      ),
    ),
    closingBalance: Nullable(
      Naira(
        'Closing balance: stated (a closing-balance row), else the last row balance carried forward through the rows after it (as cashFlowAnalysis and monthlySummary give it); null when no balance is known',
      ),
    ),
    transactionCount: Type.Integer({ minimum: 0 }),
    clientIdentification: Type.Array(Identification, { description: 'BVN and NIN, masked: *******5678' }),
    nameMatch: Nullable(
      Type.Object(
        { score: Type.Number({ minimum: 0, maximum: 1 }), passed: Type.Boolean(), threshold: Type.Number() },
        { description: 'clientFullName against the account holder on the statement; null when either is missing' },
      ),
    ),
    integrity: Nullable(IntegrityReport),
    // Documented only: the answer is written as JSON text (`statement-view.ts`), not serialised from this.
    // The sections are absent from a FAILED statement.
    ...Type.Partial(Type.Object(analyticsSectionSchemas)).properties,
    ...Object.fromEntries(statementLinks.map((link) => [link.field, link.schema])),
  },
  {
    additionalProperties: true,
    description: 'The statement envelope, then the analytics sections, then the records linked to the statement',
  },
);

export const KeyParams = Type.Object({ key: Type.Integer({ minimum: 1, maximum: INT4_MAX }) });

export const TransactionsQuery = Type.Object({
  ...PageQuery,
  direction: Type.Optional(Type.Union([Type.Literal('credit'), Type.Literal('debit')])),
  from: DayQuery('First local day, YYYY-MM-DD'),
  to: DayQuery('Last local day, YYYY-MM-DD'),
  category: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
});

const Transaction = Type.Object({
  id: Type.String(),
  position: Type.Integer(),
  date: Type.String(),
  postedAt: Nullable(Type.String()),
  valueDate: Nullable(Type.String()),
  direction: Type.String(),
  amount: Type.Number(),
  balance: Nullable(Type.Number()),
  narration: Type.String(),
  reference: Nullable(Type.String()),
  category: Nullable(Type.String({ description: "The categoriser's category; null when the analysis failed" })),
  channel: Nullable(Type.String({ description: 'How the money moved (transfer, pos, ussd, ...); null as category' })),
  confidence: Nullable(
    Type.Number({
      minimum: 0,
      maximum: 1,
      description:
        'How sure the categoriser is of the category, 0..1; null as category, and for statements stored before it was kept',
    }),
  ),
  evidence: Nullable(
    Type.String({
      description:
        'The rule or lexicon entry that decided the category (`<rule> matched "<phrase>"`); null as confidence',
    }),
  ),
});

export const TransactionPage = Type.Object(
  {
    page: Type.Integer(),
    pageSize: Type.Integer(),
    total: Type.Integer(),
    transactions: Type.Array(Transaction),
  },
  {
    examples: [
      {
        page: 1,
        pageSize: 100,
        total: 1,
        transactions: [
          {
            id: '62b71cd1c7e8a4ad',
            position: 3,
            date: '2021-05-05',
            postedAt: null,
            valueDate: '2021-05-05',
            direction: 'credit',
            amount: 150000,
            balance: 240576.8,
            narration: 'NIP CR/MOB/ACME NIGERIA LTD/SALARY APRIL 2021',
            reference: null,
            category: 'salary',
            channel: 'transfer',
            confidence: 0.95,
            evidence: 'income:Salary matched "SALARY"',
          },
        ],
      },
    ],
  },
);

export const ListQuery = Type.Object({
  bvnUuid: Type.Optional(Formatted(UUID, 'a UUID')),
  ...PageQuery,
});

export const StatementList = Type.Object(
  {
    page: Type.Integer(),
    pageSize: Type.Integer(),
    total: Type.Integer(),
    statements: Type.Array(Type.Object({ key: Type.Integer() }, { additionalProperties: true })),
  },
  {
    examples: [
      {
        page: 1,
        pageSize: 100,
        total: 1,
        statements: [
          {
            key: 1,
            name: 'John Doe GTB May 2021',
            source: 'mbs',
            statementType: 'CONSUMER',
            bvnUuid: '0b6f3c8e-2d4a-4f1b-9c7e-5a2d8e1f4b3c',
            accountName: 'John Doe',
            bankName: 'GTB',
            startDate: '2021-05-03',
            endDate: '2021-05-28',
            createdDate: '2026-11-22T01:34:32.386Z',
            processingStatus: 'PROCESSED',
            transactionCount: 14,
          },
        ],
      },
    ],
  },
);

export const submitErrors = {
  400: Type.Ref('ErrorResponse'),
  409: Type.Ref('ErrorResponse'),
  413: Type.Ref('ErrorResponse'),
  415: Type.Ref('ErrorResponse'),
  422: Type.Ref('ErrorResponse'),
  503: Type.Ref('ErrorResponse'),
  ...authErrors,
};
