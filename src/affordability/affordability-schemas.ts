import { type Static, Type } from 'typebox';
import { INT4_MAX } from '../http/schemas.js';

/** The affordability request and answer: checked and published by the routes, typed here for the service. */

const Naira = (description: string, example: number) => Type.Number({ description, examples: [example] });

/** One affordability result as the real API answers it (naira), plus our explicit fields. */
export const AffordabilityResult = Type.Object({
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
export type AffordabilityResult = Static<typeof AffordabilityResult>;

export const AffordabilityRequest = Type.Object(
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
export type AffordabilityRequest = Static<typeof AffordabilityRequest>;
