import { type TSchema, Type } from 'typebox';

/** The events a client's endpoint is told of, with the shape of each one's `data`. */
export const WEBHOOK_EVENTS = {
  statementProcessed: 'statement.processed',
  creditReportCompleted: 'credit_report.completed',
  creditReportFailed: 'credit_report.failed',
  ping: 'webhook.ping',
} as const;

const CreditReportData = (state: 'completed' | 'failed') =>
  Type.Object(
    {
      reference: Type.String({ examples: ['perilenda&fcbe874a19544c9ab0f8697c8240b48b'] }),
      kind: Type.Union([Type.Literal('consumer'), Type.Literal('commercial')], {
        description:
          'Which fetch route serves the reference: `/statements/get-consumer-credit/{reference}` or `/statements/get-commercial-credit/{reference}`',
      }),
      state: Type.Literal(state),
    },
    { additionalProperties: false },
  );

/** Each event's documentation: `operationId` names the receiving method an SDK generator makes. */
const DATA: Record<string, { operationId: string; summary: string; data: TSchema }> = {
  [WEBHOOK_EVENTS.statementProcessed]: {
    operationId: 'statementProcessedWebhook',
    summary: 'A submitted statement was stored',
    data: Type.Object(
      {
        statementKey: Type.Integer(),
        format: Type.String({ examples: ['periculum'] }),
        processingStatus: Type.Union([
          Type.Literal('PROCESSED'),
          Type.Literal('ALTERED'),
          Type.Literal('NO BALANCE'),
          Type.Literal('FAILED'),
        ]),
      },
      { additionalProperties: false },
    ),
  },
  [WEBHOOK_EVENTS.creditReportCompleted]: {
    operationId: 'creditReportCompletedWebhook',
    summary: 'The bureau pull behind a credit report reference ended with a report',
    data: CreditReportData('completed'),
  },
  [WEBHOOK_EVENTS.creditReportFailed]: {
    operationId: 'creditReportFailedWebhook',
    summary: 'The bureau pull behind a credit report reference failed (fetch the reference for why)',
    data: CreditReportData('failed'),
  },
  [WEBHOOK_EVENTS.ping]: {
    operationId: 'pingWebhook',
    summary: 'The operator asked for a test delivery (`lendsight webhooks ping`)',
    data: Type.Object({}, { additionalProperties: false }),
  },
};

/** The body of a delivery of `event`: the same `id` on every attempt. */
export const webhookBodySchema = (event: string): TSchema =>
  Type.Object(
    {
      id: Type.String({ description: 'The delivery id; a repeat of one already handled can be dropped' }),
      event: Type.Literal(event),
      createdAt: Type.String({ format: 'date-time' }),
      data: (DATA[event] as { data: TSchema }).data,
    },
    { additionalProperties: false },
  );

const header = (name: string, description: string) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
});

/** The OpenAPI 3.1 `webhooks` object: what a client's endpoint receives, event by event. */
export function webhookDocs(): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(DATA).map(([event, { operationId, summary }]) => [
      event,
      {
        post: {
          operationId,
          summary,
          description:
            'Sent to the endpoint set with `lendsight webhooks set`; at least once, in no guaranteed order. ' +
            'Answer 2xx to acknowledge; anything else is tried again with backoff.',
          parameters: [
            header('X-Lendsight-Signature', '`sha512=` and the hex HMAC-SHA512 of the exact body under the secret'),
            header('X-Lendsight-Event', 'The event'),
            header('X-Lendsight-Delivery', 'The delivery id (as `id`)'),
            header('X-Lendsight-Attempt', 'Which attempt this is, from 1'),
          ],
          requestBody: { required: true, content: { 'application/json': { schema: webhookBodySchema(event) } } },
          responses: { '2XX': { description: 'Received' } },
          // Authenticated by its signature header, not by a scheme of this API.
          security: [],
        },
      },
    ]),
  );
}
