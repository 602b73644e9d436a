import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES, currencyDecimals, MINOR_UNIT_DECIMALS } from '../../domain/currency.js';
import { amountText, hasReferenceRate, thresholdsOf, thresholdText } from './thresholds.js';
import table from './thresholds.json' with { type: 'json' };

describe('thresholdsOf', () => {
  it('naira: the figures as written, in kobo', () => {
    expect(thresholdsOf('NGN')).toEqual({
      lowBalance: 500_000,
      minimumSalary: 1_500_000,
      sweepMinimumCredit: 2_000_000,
      largeInflowMinimum: 10_000_000,
      amountBands: [1_000_000, 10_000_000, 50_000_000, 100_000_000],
    });
  });

  it('US dollars: each naira figure over ₦1,530 to the dollar, to two significant figures, in cents', () => {
    // 5,000 / 1,530 = 3.27 -> 3.3; 15,000 / 1,530 = 9.80 -> 9.8; 20,000 / 1,530 = 13.07 -> 13;
    // 100,000 / 1,530 = 65.36 -> 65; bands 6.54 -> 6.5, 65, 326.8 -> 330, 653.6 -> 650.
    expect(thresholdsOf('USD')).toEqual({
      lowBalance: 330,
      minimumSalary: 980,
      sweepMinimumCredit: 1_300,
      largeInflowMinimum: 6_500,
      amountBands: [650, 6_500, 33_000, 65_000],
    });
  });

  it('cedis: through the dollar rates (10.5 cedis and 1,530 naira to the dollar)', () => {
    // 5,000 x 10.5 / 1,530 = 34.31 -> 34 cedis; 100,000 x 10.5 / 1,530 = 686.3 -> 690.
    expect(thresholdsOf('GHS')).toMatchObject({ lowBalance: 3_400, largeInflowMinimum: 69_000 });
  });

  it('every currency a statement may be in has a reference rate, and every rate is such a currency', () => {
    const accepted = CURRENCY_CODES.filter((code) => currencyDecimals(code) === MINOR_UNIT_DECIMALS);
    expect(accepted.filter((code) => !hasReferenceRate(code))).toEqual([]);
    expect(Object.keys(table.unitsPerUsd).filter((code) => !accepted.includes(code))).toEqual([]);
    for (const rate of Object.values(table.unitsPerUsd)) expect(rate).toBeGreaterThan(0);
  });
});

describe('amounts in messages', () => {
  it('naira with the sign, other currencies with their code', () => {
    expect(thresholdText('NGN', 2_000_000)).toBe('₦20,000');
    expect(thresholdText('USD', 330)).toBe('USD 3.3');
    expect(['USD 65', 'USD 1,000,000', 'USD 3.05', 'USD 10,000.5', 'USD 0']).toEqual(
      [6500, 100_000_000, 305, 1_000_050, 0].map((minor) => thresholdText('USD', minor)),
    );
    expect(amountText('NGN', 123_450)).toBe('₦1234.50');
    expect(amountText('KES', 5)).toBe('KES 0.05');
  });
});
