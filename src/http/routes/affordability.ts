import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AffordabilityRequest, AffordabilityResult } from '../../affordability/affordability-schemas.js';
import type { Services } from '../../services.js';
import { principalOf } from '../plugins/auth.js';
import { authErrors, INT4_MAX } from '../schemas.js';

const FORMULA = [
  'From the statement analytics (monthly averages):',
  '`income = average_predicted_salary + average_other_income`;',
  "`existing = averageMonthlyLoanRepaymentAmount` from the request, else the statement's average monthly loan repayment;",
  '`disposable = income - average_monthly_total_expenses - existing`;',
  '`monthly = max(0, min(floor(dti x income) - existing, disposable))` (the maximum recommended monthly repayment of a new loan);',
  '`dti x income` is exact (dti read as the decimal sent) and rounded down to the kobo, so the repayment never exceeds the share allowed;',
  '`affordability_amount = monthly x loanTenure`.',
  'Expenses leave out self-transfers, savings and loan repayments. Negative results are floored at 0.',
].join(' ');

const Params = Type.Object({ statementKey: Type.Integer({ minimum: 1, maximum: INT4_MAX }) });

const errors = {
  400: Type.Ref('ErrorResponse'),
  404: Type.Ref('ErrorResponse'),
  409: Type.Ref('ErrorResponse'),
  ...authErrors,
};

const affordabilityRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const affordability = services.affordability;

  app.post(
    '/affordability',
    {
      config: { scope: 'statements:write' },
      schema: {
        tags: ['affordability'],
        operationId: 'assessAffordability',
        summary: 'Assess how much a borrower can repay, from an analysed statement',
        description: FORMULA,
        consumes: ['application/json'],
        body: AffordabilityRequest,
        response: { 200: AffordabilityResult, ...errors },
      },
    },
    async (request) => affordability.assess(principalOf(request).clientId, request.body),
  );

  app.get(
    '/affordability/:statementKey',
    {
      config: { scope: 'statements:read' },
      schema: {
        tags: ['affordability'],
        operationId: 'listAffordabilityResults',
        summary: "A statement's earlier affordability results, newest first",
        description: FORMULA,
        params: Params,
        response: { 200: Type.Array(AffordabilityResult), ...errors },
      },
    },
    async (request) => affordability.list(principalOf(request).clientId, request.params.statementKey),
  );
};

export default affordabilityRoutes;
