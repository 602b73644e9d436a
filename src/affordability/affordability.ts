/**
 * Affordability: how much more a borrower can repay each month, from the statement's averages.
 *
 *   income      = average predicted salary + average other income            (per month)
 *   existing    = the request's averageMonthlyLoanRepaymentAmount, else the statement's
 *   disposable  = income - average monthly total expenses - existing
 *   by DTI      = floor(dti x income) - existing
 *   monthly affordability = max(0, min(by DTI, disposable))   (maximum recommended monthly repayment)
 *   affordability amount  = monthly affordability x loan tenure (months)
 *
 * Money in whole kobo throughout. The DTI cap is worked out exactly, the DTI read as the decimal the
 * lender sent (0.33 is 33/100, not the nearest binary fraction), and rounded down to the kobo: a
 * maximum recommended repayment never exceeds the share of income the lender allows, so
 * 0.33 x 385,000.50 = 127,050.165 caps at 127,050.16 and 0.29 x 250,000 is exactly 72,500.00.
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

/** `x` (finite, not negative) as the decimal its shortest text writes: `digits / 10^scale`. */
function decimalOf(x: number): { digits: bigint; scale: number } {
  const [mantissa = '0', exponent = '0'] = String(x).toLowerCase().split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const scale = fraction.length - Number(exponent);
  const digits = BigInt(whole + fraction);
  return scale >= 0 ? { digits, scale } : { digits: digits * 10n ** BigInt(-scale), scale: 0 };
}

/** `dti x minor`, rounded down to a whole minor unit, without a floating-point step. */
function dtiShare(dti: number, minor: number): number {
  const { digits, scale } = decimalOf(dti);
  const product = digits * BigInt(minor);
  const divisor = 10n ** BigInt(scale);
  // BigInt division truncates toward zero; a negative income (never produced) would floor below it.
  const quotient = product / divisor;
  return Number(product % divisor < 0n ? quotient - 1n : quotient);
}

export function computeAffordability(inputs: AffordabilityInputs, terms: AffordabilityTerms): Affordability {
  const monthlyIncome = inputs.averagePredictedSalary + inputs.averageOtherIncome;
  const existingRepayment = terms.averageMonthlyLoanRepaymentAmount ?? inputs.averageMonthlyLoanRepaymentAmount;
  const disposable = monthlyIncome - inputs.averageMonthlyTotalExpenses - existingRepayment;
  const byDti = dtiShare(terms.dti, monthlyIncome) - existingRepayment;
  const monthlyAffordability = Math.max(0, Math.min(byDti, disposable));
  return {
    monthlyIncome,
    existingRepayment,
    monthlyDisposableIncome: Math.max(0, disposable),
    monthlyAffordability,
    affordabilityAmount: monthlyAffordability * terms.loanTenure,
  };
}
