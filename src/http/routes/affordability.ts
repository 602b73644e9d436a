import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
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

const Naira = (description: string, example: number) => Type.Number({ description, examples: [example] });

const AffordabilityResult = Type.Object({
  id: Type.Integer(),
  statementKey: Type.Integer({ examples: [42] }),
  dti: Type.Number({ examples: [0.4] }),
  loanTenure: Type.Integer({ description: 'Months', examples: [6] }),
  'monthly_disposable_income/monthly_affordability_amount': Naira('Monthly affordability, naira', 110_040),
  affordability_amount: Naira('Monthly affordability x loan tenure, naira', 660_240),
  average_predicted_salary: Naira('Naira', 300_000),
  average_other_income: Naira('Naira', 100),
  average_monthly_total_expenses: Naira('Naira', 54_033.33),
  average_monthly_loan_repayment_amount: Naira('Existing monthly repayments used, naira', 10_000),
  monthly_disposable_income: Naira('Income - expenses - existing repayments, floored at 0, naira', 236_066.67),
  maximum_recommended_monthly_repayment: Naira('Same as the monthly affordability, naira', 110_040),
  createdDate: Type.String({ format: 'date-time' }),
});

const AffordabilityBody = Type.Object(
  {
    statementKey: Type.Integer({ minimum: 1, maximum: INT4_MAX, examples: [42] }),
    dti: Type.Number({ minimum: 0, maximum: 1, description: 'Debt-to-income ratio allowed, 0..1', examples: [0.4] }),
    loanTenure: Type.Integer({ minimum: 1, maximum: 360, description: 'Months', examples: [6] }),
    averageMonthlyLoanRepaymentAmount: Type.Optional(
      Type.Number({
        minimum: 0,
        description: "Existing monthly loan repayments in naira, when known better than the statement's",
        examples: [15_000],
      }),
    ),
  },
  { additionalProperties: false },
);

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
        body: AffordabilityBody,
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
