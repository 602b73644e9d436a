import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../services.js';
import { jsonBodyParser } from '../json-body.js';
import { principalOf } from '../plugins/auth.js';
import { authErrors } from '../schemas.js';
import {
  CommercialReportEnvelope,
  CommercialRequestBody,
  creditErrors,
  NoBody,
  ReferenceParams,
  RefreshQuery,
  ReportEnvelope,
  ReportList,
  ReportListQuery,
  RequestBody,
  Requested,
} from './credit-schemas.js';

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

const creditRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const credit = services.credit;

  // The real API's clients send `Content-Type: application/json` with no body to the fetch route.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, jsonBodyParser(app, { emptyAllowed: true }));

  app.post(
    '/credit/consumer-reports',
    {
      config: { scope: 'credit:read', envelope: 'credit' },
      schema: {
        tags: ['credit'],
        operationId: 'requestConsumerCreditReport',
        summary: 'Request a consumer credit report from the bureau',
        description:
          'Answers at once with a reference. A completed report for the same BVN pulled for you within the ' +
          'freshness window (30 days by default) is reused instead of paying the bureau again; requests for a ' +
          'BVN already being fetched share that fetch. `refresh=true` forces a new pull.',
        consumes: ['application/json'],
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
        operationId: 'requestCommercialCreditReport',
        summary: 'Request a business (commercial) credit report from the bureau',
        description:
          'The twin of the consumer request, by CAC registration number. Answers at once with a reference; ' +
          'a completed report for the same registration number pulled for you within the freshness window is ' +
          'reused, and requests for one already being fetched share that fetch. `refresh=true` forces a new pull.',
        consumes: ['application/json'],
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

  app.get(
    '/credit/reports',
    {
      config: { scope: 'credit:read' },
      schema: {
        tags: ['credit'],
        operationId: 'listCreditReports',
        summary: 'Your credit report references, newest first, with how many new bureau pulls they came to',
        description:
          'Filter by kind, state, linked statement or the days they were asked for (UTC, both ends included). ' +
          '`summary` counts every matching reference by kind: new pulls (one bureau request each) and reused reports.',
        querystring: ReportListQuery,
        response: { 200: ReportList, 400: Type.Ref('ErrorResponse'), ...authErrors },
      },
    },
    async (request) => {
      const { page = 1, pageSize = 100, ...filter } = request.query;
      return credit.list(principalOf(request), filter, { page, pageSize });
    },
  );

  app.post(
    '/statements/get-consumer-credit/:reference',
    {
      config: { scope: 'credit:read', envelope: 'credit' },
      schema: {
        tags: ['credit'],
        operationId: 'getConsumerCreditReport',
        summary: 'Fetch a consumer credit report by reference',
        description:
          "The reference contains `&`; send it as is or URL-encoded (`%26`). Another client's reference, or a business one, is 404.",
        params: ReferenceParams,
        body: NoBody,
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
        operationId: 'getCommercialCreditReport',
        summary: 'Fetch a business (commercial) credit report by reference',
        description:
          "The reference contains `&`; send it as is or URL-encoded (`%26`). Another client's reference, or a consumer one, is 404.",
        params: ReferenceParams,
        body: NoBody,
        response: { 200: CommercialReportEnvelope, ...creditErrors },
      },
    },
    async (request) => enveloped(await credit.getCommercial(principalOf(request), request.params.reference)),
  );
};

export default creditRoutes;
