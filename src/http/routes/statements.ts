import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Static, Type } from 'typebox';
import type { Services } from '../../services.js';
import { keepChunks } from '../body-chunks.js';
import { principalOf } from '../plugins/auth.js';
import { authErrors } from '../schemas.js';
import {
  BvnFirstQuery,
  KeyParams,
  ListQuery,
  PublishedSubmitBody,
  publishedSubmitQuery,
  StatementAnswer,
  StatementList,
  SubmitBody,
  SubmitHeaders,
  SubmitQuery,
  submitErrors,
  TransactionPage,
  TransactionsQuery,
} from './statement-schemas.js';

const statementRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { statements } = services;

  const submitConfig = (querystring: typeof SubmitQuery | typeof BvnFirstQuery) => ({
    scope: 'statements:write' as const,
    published: { querystring: publishedSubmitQuery(querystring), body: PublishedSubmitBody },
  });
  const submitSchema = <Q extends typeof SubmitQuery | typeof BvnFirstQuery>(
    operationId: string,
    summary: string,
    querystring: Q,
  ) => ({
    tags: ['statements'],
    operationId,
    summary,
    description:
      'Validates the body in its format, normalises it, analyses it and stores it, all or nothing. Refusals list every offending field by JSON path (first 100).',
    consumes: ['application/json'],
    querystring,
    headers: SubmitHeaders,
    body: SubmitBody,
    response: { 200: StatementAnswer, ...submitErrors },
  });

  // Submission bodies are JSON only (no form or plain text: 415), and stay the chunks they came in:
  // they are joined and parsed with the rest of the processing, on a worker thread for large ones
  // (`statements/worker/processing-pool.ts`).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', keepChunks);

  const submitHandler =
    (bvnFirst: boolean) =>
    async (
      request: FastifyRequest<{
        Querystring: Static<typeof SubmitQuery> | Static<typeof BvnFirstQuery>;
        Headers: Static<typeof SubmitHeaders>;
      }>,
      reply: FastifyReply,
    ) => {
      const result = await statements.submit({
        clientId: principalOf(request).clientId,
        query: request.query,
        bvnFirst,
        body: request.body,
        idempotencyKey: request.headers['idempotency-key'],
      });
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(200).type('application/json; charset=utf-8').send(result.body);
    };

  app.post(
    '/statements/bvn-first/analytics',
    {
      config: submitConfig(BvnFirstQuery),
      schema: submitSchema(
        'submitBvnFirstStatement',
        'Submit a statement linked to a BVN record for analytics',
        BvnFirstQuery,
      ),
    },
    submitHandler(true),
  );

  app.post(
    '/statements/analytics',
    {
      config: submitConfig(SubmitQuery),
      schema: submitSchema('submitStatement', 'Submit a statement for analytics', SubmitQuery),
    },
    submitHandler(false),
  );

  app.get(
    '/statements',
    {
      config: { scope: 'statements:read' },
      schema: {
        tags: ['statements'],
        operationId: 'listStatements',
        summary: 'Your statements, newest first, optionally those of one BVN record',
        querystring: ListQuery,
        response: { 200: StatementList, 400: Type.Ref('ErrorResponse'), ...authErrors },
      },
    },
    async (request) => {
      const { bvnUuid, page = 1, pageSize = 100 } = request.query;
      return statements.list(principalOf(request).clientId, { bvnUuid }, { page, pageSize });
    },
  );

  app.get(
    '/statements/:key',
    {
      config: { scope: 'statements:read' },
      schema: {
        tags: ['statements'],
        operationId: 'getStatement',
        summary: 'A stored statement with its integrity report and analytics',
        params: KeyParams,
        response: {
          200: StatementAnswer,
          400: Type.Ref('ErrorResponse'),
          404: Type.Ref('ErrorResponse'),
          ...authErrors,
        },
      },
    },
    async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send(await statements.get(principalOf(request).clientId, request.params.key)),
  );

  app.get(
    '/statements/:key/transactions',
    {
      config: { scope: 'statements:read' },
      schema: {
        tags: ['statements'],
        operationId: 'listStatementTransactions',
        summary: "A statement's normalised transactions, oldest first, paginated and filterable",
        params: KeyParams,
        querystring: TransactionsQuery,
        response: {
          200: TransactionPage,
          400: Type.Ref('ErrorResponse'),
          404: Type.Ref('ErrorResponse'),
          ...authErrors,
        },
      },
    },
    async (request) => {
      const { page = 1, pageSize = 100, ...filter } = request.query;
      return statements.transactions(principalOf(request).clientId, request.params.key, filter, { page, pageSize });
    },
  );

  app.delete(
    '/statements/:key',
    {
      config: { scope: 'statements:write' },
      schema: {
        tags: ['statements'],
        operationId: 'deleteStatement',
        summary: 'Erase a statement and everything linked to it',
        params: KeyParams,
        response: {
          204: Type.Null({ description: 'Erased' }),
          400: Type.Ref('ErrorResponse'),
          404: Type.Ref('ErrorResponse'),
          ...authErrors,
        },
      },
    },
    async (request, reply) => {
      await statements.remove(principalOf(request).clientId, request.params.key);
      return reply.code(204).send(null);
    },
  );
};

export default statementRoutes;
