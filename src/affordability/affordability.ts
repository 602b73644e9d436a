/**
 * Affordability: how much more a borrower can repay each month, from the statement's averages.
 *
 *   income      = average predicted salary + average other income            (per month)
 *   existing    = the request's averageMonthlyLoanRepaymentAmount, else the statement's
 *   disposable  = income - average monthly total expenses - existing
 *   by DTI      = dti x income - existing
 *   monthly affordability = max(0, min(by DTI, disposable))   (maximum recommended monthly repayment)
 *   affordability amount  = monthly affordability x loan tenure (months)
 *
 * Money in kobo throughout; the DTI product is rounded down to the kobo.
 */

/** Monthly averages from the statement's analytics, kobo. */
export interface AffordabilityInputs {
  averagePredictedSalary: number;
  averageOtherIncome: number;
  averageMonthlyTotalExpenses: number;
  averageMonthlyLoanRepaymentAmount: number;
}

export interface AffordabilityTerms {
  /** Debt-to-income ratio allowed, 0..1. */
  dti: number;
  /** Months. */
  loanTenure: number;
  /** Kobo: the borrower's existing monthly repayments when the lender knows better than the statement. */
  averageMonthlyLoanRepaymentAmount?: number;
}

export interface Affordability {
  monthlyIncome: number;
  existingRepayment: number;
  /** Floored at 0. */
  monthlyDisposableIncome: number;
  /** Floored at 0: the maximum recommended monthly repayment of a new loan. */
  monthlyAffordability: number;
  affordabilityAmount: number;
}

export function computeAffordability(inputs: AffordabilityInputs, terms: AffordabilityTerms): Affordability {
  const monthlyIncome = inputs.averagePredictedSalary + inputs.averageOtherIncome;
  const existingRepayment = terms.averageMonthlyLoanRepaymentAmount ?? inputs.averageMonthlyLoanRepaymentAmount;
  const disposable = monthlyIncome - inputs.averageMonthlyTotalExpenses - existingRepayment;
  const byDti = Math.floor(terms.dti * monthlyIncome) - existingRepayment;
  const monthlyAffordability = Math.max(0, Math.min(byDti, disposable));
  return {
    monthlyIncome,
    existingRepayment,
    monthlyDisposableIncome: Math.max(0, disposable),
    monthlyAffordability,
    affordabilityAmount: monthlyAffordability * terms.loanTenure,
  };
}
