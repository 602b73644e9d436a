import { describe, expect, it } from 'vitest';
import { byDate } from '../../../test/helpers/by-date.js';
import { contextOf } from '../../../test/helpers/context-of.js';
import { type Row, statementOf } from '../../../test/helpers/statement-builder.js';
import { analyseStatement } from './analyse.js';
import { incomeAnalysis } from './income.js';

// 2023: Feb 25, Mar 25 and Jun 25 fall on a weekend, so those salaries come on the Friday before.
// The employer is renamed in April (Diamond Bank -> Access Bank); January is pro-rated; a raise in May.
const salary: Row[] = [
  ['2023-01-25', 'C', 120_000, 'NIP CR/DIAMOND BANK PLC/JAN 2023'],
  ['2023-02-24', 'C', 300_000, 'NIP CR/DIAMOND BANK PLC/FEB 2023'],
  ['2023-03-24', 'C', 300_000, 'NIP CR/DIAMOND BANK PLC/MAR 2023'],
  ['2023-04-25', 'C', 300_000, 'NIP CR/ACCESS BANK PLC/APR 2023'],
  ['2023-05-25', 'C', 345_000, 'NIP CR/ACCESS BANK PLC/MAY 2023'],
  ['2023-06-23', 'C', 345_000, 'NIP CR/ACCESS BANK PLC/JUN 2023'],
];
const notIncome: Row[] = [
  // Monthly money from the holder's own other account: regular, but never income.
  ...['01', '02', '03', '04', '05', '06'].map(
    (m): Row => [`2023-${m}-10`, 'C', 50_000, 'TRANSFER from ADAEZE CHIOMA NWANKWO to ADAEZE NWANKWO'],
  ),
  ['2023-03-05', 'C', 80_000, 'NIP CR/FAIRMONEY MFB/LOAN'],
  ...['01', '02', '03', '04'].map(
    (m): Row => [`2023-${m}-18`, 'C', 40_000, 'NIP CR/KC GAMING NETWORKS LIMITED/BET9JA WITHDRAWAL'],
  ),
  ['2023-04-02', 'C', 25_000, 'REVERSAL OF FAILED NIP TRANSFER'],
];
const other: Row[] = [
  ['2023-02-11', 'C', 2_000, 'Cashback | Airtime bonus'],
  ['2023-06-30', 'C', 500, 'INTEREST PAID ON SAVINGS JUN 2023'],
];
const rows = byDate([...salary, ...notIncome, ...other]);
const result = analyseStatement(statementOf(rows, { openingNaira: 5_000 }));
const income = result.incomeAnalysis;

describe('incomeAnalysis: a renamed employer, weekend pay days, a pro-rated first month and a raise', () => {
  it('finds one monthly salary stream of six payments on the 25th', () => {
    expect(income.isSalaryEarner).toBe('Yes');
    expect(income.frequencyOfSalaryPayments).toBe('Monthly');
    expect(income.expectedSalaryPaymentDay).toBe(25);
    expect(income.numberOfSalaryPayments).toBe(6);
    expect(income.salaryTransactions.map((t) => t.date)).toEqual(salary.map((r) => r[0]));
    expect(income.salaryStreams).toHaveLength(1);
    expect(income.salaryStreams[0]?.proRatedFirstPayment).toBe(true);
    expect(income.salaryStreams[0]?.evidence.join(' ')).toContain('employer renamed: DIAMOND then ACCESS');
  });

  it('predicts the current pay: median of the last three full payments (300,000, 345,000, 345,000)', () => {
    expect(income.averagePredictedSalary).toBe(345_000);
    expect(income.lowestSalary).toBe(120_000);
    expect(income.lowestSalaryDate).toBe('2023-01-25');
    expect(income.mostRecentSalary).toBe(345_000);
    expect(income.lastDateOfSalaryPayment).toBe('2023-06-23');
  });

  it('gives the positions of each stream’s payments, ascending', () => {
    const ctx = contextOf(rows, { openingNaira: 5_000 });
    const found = incomeAnalysis(ctx);
    expect(found.streamRows).toHaveLength(1);
    const positions = found.streamRows[0] ?? [];
    expect(positions.map((i) => ctx.rows[i]?.date)).toEqual(salary.map((r) => r[0]));
    expect(positions.map((i) => ctx.rows[i]?.id)).toEqual(
      [...(found.streams[0]?.transactionIds ?? [])].sort(
        (a, b) => ctx.rows.findIndex((t) => t.id === a) - ctx.rows.findIndex((t) => t.id === b),
      ),
    );
  });

  it('never counts self-transfers, loans, gambling winnings or reversals as income', () => {
    const salaryDates = new Set(income.salaryTransactions.map((t) => t.date));
    for (const [date] of notIncome) expect(salaryDates.has(date)).toBe(false);
    expect(income.otherIncomeTransactions.map((t) => t.amount)).toEqual([2_000, 500]);
  });

  it('other income: 2,500 over Jan 10 .. Jun 30; net monthly earning adds it to the salary', () => {
    expect(income.hasOtherIncome).toBe('Yes');
    expect(income.numberOfOtherIncomePayments).toBe(2);
    // 22/31 of January and five full months = 177/31 months: 2,500 x 31 / 177
    expect(income.averageOtherIncome).toBe(437.85);
    expect(income.netAverageMonthlyEarning).toBe(345_437.85);
  });

  it('the renamed salary is one recurring inflow stream', () => {
    const salaryStreams = result.recurringStreams.filter((st) => st.category === 'salary');
    expect(salaryStreams).toHaveLength(1);
    expect(salaryStreams[0]).toMatchObject({ direction: 'inflow', frequency: 'MONTHLY', occurrences: 6 });
  });

  it('labels the stream credits salary in the per-transaction categories, with the reason', () => {
    const first = result.labels.find((t) => t.category === 'salary');
    expect(first?.evidence).toMatch(/monthly salary stream/);
    expect(result.labels.filter((t) => t.category === 'salary')).toHaveLength(6);
  });
});

describe('incomeAnalysis: pay that carries the holder’s name as beneficiary', () => {
  // Holder ADAEZE CHIOMA NWANKWO: her employer's monthly credit names her after itself, as inflows do.
  const pay: Row[] = ['05', '06', '07', '08'].map((m) => [
    `2023-${m}-28`,
    'C',
    240_000,
    `NIP FROM HALDANE MOTORS PLC/NWANKWO ADAEZE C/${m}-2023`,
  ]);
  const own: Row[] = ['05', '06', '07', '08'].map((m) => [
    `2023-${m}-10`,
    'C',
    30_000,
    'NIP FROM NWANKWO ADAEZE C/from my kuda',
  ]);

  it('is a monthly salary stream from the employer, not a self-transfer; her own transfers stay out', () => {
    const statement = statementOf(byDate([...pay, ...own]), { openingNaira: 10_000 });
    const analysed = analyseStatement(statement);
    const income = analysed.incomeAnalysis;
    expect(income.isSalaryEarner).toBe('Yes');
    expect(income.averagePredictedSalary).toBe(240_000);
    expect(income.salaryStreams.map((st) => st.employer)).toEqual(['HALDANE MOTORS PLC']);
    expect(income.salaryTransactions.map((t) => t.date)).toEqual(pay.map((r) => r[0]));
    const ownLabels = statement.transactions.flatMap((t, i) =>
      t.amount === 3_000_000 ? [analysed.labels[i]?.category] : [],
    );
    expect(ownLabels).toEqual(['self_transfer', 'self_transfer', 'self_transfer', 'self_transfer']);
  });
});

describe('incomeAnalysis: pensions', () => {
  it('a monthly pension is other income, counted in the monthly earning, but no salary', () => {
    const rows: Row[] = ['03', '04', '05', '06'].map((m) => [
      `2023-${m}-26`,
      'C',
      85_000,
      'NIP FROM KWARA STATE PENSIONS BOARD/MONTHLY PENSION',
    ]);
    const income = analyseStatement(statementOf(rows)).incomeAnalysis;
    expect(income.isSalaryEarner).toBe('No');
    expect(income.hasOtherIncome).toBe('Yes');
    expect(income.numberOfOtherIncomePayments).toBe(4);
    expect(income.netAverageMonthlyEarning).toBeGreaterThan(0);
  });
});

describe('incomeAnalysis: payroll rails and non-earners', () => {
  it('a monthly Remita IPPIS credit is a salary even without the word', () => {
    const rows: Row[] = ['03', '04', '05', '06'].map((m) => [
      `2023-${m}-27`,
      'C',
      95_000,
      'REMITA/IPPIS/FGN/OGUN STATE',
    ]);
    const income = analyseStatement(statementOf(rows)).incomeAnalysis;
    expect(income.isSalaryEarner).toBe('Yes');
    expect(income.salaryConfidence).toBeGreaterThanOrEqual(0.9);
  });

  it('a small monthly allowance from a relative is not a salary', () => {
    const rows: Row[] = ['03', '04', '05', '06'].map((m) => [`2023-${m}-01`, 'C', 5_000, 'NIP CR/MAMA NWANKWO/GTB']);
    expect(analyseStatement(statementOf(rows)).incomeAnalysis.isSalaryEarner).toBe('No');
  });

  it('irregular transfers from many people are not a salary', () => {
    const rows: Row[] = [
      ['2023-03-02', 'C', 40_000, 'NIP CR/TUNDE BAKARE/GTB'],
      ['2023-03-19', 'C', 120_000, 'NIP CR/HAUWA SULE/UBA'],
      ['2023-04-07', 'C', 15_000, 'NIP CR/TUNDE BAKARE/GTB'],
      ['2023-05-28', 'C', 60_000, 'NIP CR/EMEKA OBI/ZENITH'],
    ];
    const income = analyseStatement(statementOf(rows)).incomeAnalysis;
    expect(income.isSalaryEarner).toBe('No');
    expect(income.averagePredictedSalary).toBe(0);
    expect(income.expectedSalaryPaymentDay).toBeNull();
  });

  it('a credit of 0 (a placeholder or failed row) is never income, however it is worded', () => {
    const rows: Row[] = [
      ['2023-03-02', 'C', 40_000, 'NIP CR/TUNDE BAKARE/GTB'],
      ['2023-03-31', 'C', 0, 'INTEREST CREDIT'],
      ['2023-04-25', 'C', 0, 'ACME NIGERIA LTD SALARY'],
      ['2023-05-01', 'D', 1_000, 'POS PURCHASE SHOPRITE LEKKI'],
    ];
    const income = analyseStatement(statementOf(rows)).incomeAnalysis;
    expect(income.hasOtherIncome).toBe('No');
    expect(income.numberOfOtherIncomePayments).toBe(0);
    expect(income.salaryTransactions).toEqual([]);
    expect(income.lowestSalary).toBeNull();
  });
});

const OKAFOR = { holder: 'ADEBAYO JOHN OKAFOR', openingNaira: 10_000 };
const monthsOf2024 = (from: number, to: number): string[] =>
  Array.from({ length: to - from + 1 }, (_, i) => `2024-${String(from + i).padStart(2, '0')}`);

describe('incomeAnalysis: a salary that stopped is not current income', () => {
  // Salary on the 25th of January to March 2024, then only debits until 28 August: the April
  // payment was due on the 25th and, two weeks on, had still not come by 9 May.
  const salaryRows = monthsOf2024(1, 3).map((m): Row => [`${m}-25`, 'C', 300_000, 'ACME NIGERIA LTD SALARY']);
  const stale = (lastDay: string): Row[] =>
    byDate([
      ...salaryRows,
      ['2024-01-28', 'D', 20_000, 'TRF TO EMEKA NWOSU'],
      [lastDay, 'D', 20_000, 'TRF TO EMEKA NWOSU'],
    ]);

  it('no salary earner, nothing predicted, and the net monthly earning without it', () => {
    const income = analyseStatement(statementOf(stale('2024-08-28'), OKAFOR)).incomeAnalysis;
    expect(income.isSalaryEarner).toBe('No');
    expect(income.averagePredictedSalary).toBe(0);
    // No other income either: nothing a month.
    expect(income.netAverageMonthlyEarning).toBe(0);
    expect(income.expectedSalaryPaymentDay).toBeNull();
    expect(income.frequencyOfSalaryPayments).toBeNull();
  });

  it('still lists the payments and the stream, saying it stopped', () => {
    const result = analyseStatement(statementOf(stale('2024-08-28'), OKAFOR));
    const income = result.incomeAnalysis;
    expect(income.salaryTransactions.map((t) => t.date)).toEqual(['2024-01-25', '2024-02-25', '2024-03-25']);
    expect(income.numberOfSalaryPayments).toBe(3);
    expect(income.lastDateOfSalaryPayment).toBe('2024-03-25');
    expect(income.salaryStreams).toHaveLength(1);
    expect(income.salaryStreams[0]?.predictedAmount).toBe(300_000);
    expect(income.salaryStreams[0]?.evidence.at(-1)).toBe(
      "stopped: last paid 2024-03-25; the payment due 2024-04-25 had not come by the statement's end (2024-08-28), so it is not current income",
    );
    // 156 days from 25 March to 28 August.
    expect(result.riskSignals.find((s) => s.code === 'SALARY_GAPS_AND_RECENCY')).toMatchObject({
      severity: 'high',
      figures: { daysSinceLastSalary: 156 },
    });
  });

  it('the payment due on 25 April may be two weeks late: current to 9 May, stopped on the 10th', () => {
    const until9 = analyseStatement(statementOf(stale('2024-05-09'), OKAFOR)).incomeAnalysis;
    expect(until9.isSalaryEarner).toBe('Yes');
    expect(until9.averagePredictedSalary).toBe(300_000);
    const until10 = analyseStatement(statementOf(stale('2024-05-10'), OKAFOR)).incomeAnalysis;
    expect(until10.isSalaryEarner).toBe('No');
    expect(until10.averagePredictedSalary).toBe(0);
  });

  it('a new job after one that stopped: only the new pay is predicted, on its pay day', () => {
    // ACME pays 250,000 on the 25th, January to April; GLOBEX 400,000 on the 10th, May to August
    // (a different pay day: not ACME renamed). ACME's May payment never came.
    const rows = byDate([
      ...monthsOf2024(1, 4).map((m): Row => [`${m}-25`, 'C', 250_000, 'ACME NIGERIA LTD SALARY']),
      ...monthsOf2024(5, 8).map((m): Row => [`${m}-10`, 'C', 400_000, 'GLOBEX LTD SALARY']),
      ['2024-08-28', 'D', 20_000, 'TRF TO EMEKA NWOSU'],
    ]);
    const income = analyseStatement(statementOf(rows, OKAFOR)).incomeAnalysis;
    expect(income.salaryStreams.map((s) => s.employer)).toEqual(['ACME NIGERIA LTD', 'GLOBEX LTD']);
    expect(income.isSalaryEarner).toBe('Yes');
    expect(income.averagePredictedSalary).toBe(400_000);
    expect(income.expectedSalaryPaymentDay).toBe(10);
    expect(income.numberOfSalaryPayments).toBe(8);
    // The confidence is the current stream's, the one isSalaryEarner speaks of.
    expect(income.salaryConfidence).toBe(income.salaryStreams[1]?.confidence);
  });
});

describe('incomeAnalysis: transfers from the holder under initials are not salary', () => {
  it.each(['TRF FROM OKAFOR A J', 'TRF FROM A J OKAFOR'])('six months of "%s" are self-transfers', (narration) => {
    const rows = monthsOf2024(1, 6).flatMap((m): Row[] => [
      [`${m}-26`, 'C', 200_000, narration],
      [`${m}-28`, 'D', 150_000, 'TRF TO EMEKA NWOSU'],
    ]);
    const result = analyseStatement(statementOf(rows, OKAFOR));
    expect(result.incomeAnalysis.isSalaryEarner).toBe('No');
    expect(result.incomeAnalysis.salaryStreams).toEqual([]);
    expect(result.incomeAnalysis.averagePredictedSalary).toBe(0);
    expect(result.categoryTotals.credits).toEqual([{ category: 'self_transfer', count: 6, total: 1_200_000 }]);
  });
});

describe('incomeAnalysis: a raise three months in, and an employer whose name begins with a bank’s', () => {
  // ZENITH TECH pays 300,000 on the 27th (January-March), renamed ZENITH TECHNOLOGIES in April
  // with a raise to 360,000. The first payment is full pay, not a pro-rated month.
  const rows = monthsOf2024(1, 6).flatMap((m, i): Row[] => [
    [`${m}-27`, 'C', i < 3 ? 300_000 : 360_000, i < 3 ? 'ZENITH TECH LTD SAL' : 'ZENITH TECHNOLOGIES PLC SAL'],
    [`${m}-28`, 'D', 250_000, 'TRF TO EMEKA NWOSU'],
  ]);
  const income = analyseStatement(statementOf(rows, OKAFOR)).incomeAnalysis;

  it('one stream, named with the bank word kept', () => {
    expect(income.salaryStreams).toHaveLength(1);
    expect(income.salaryStreams[0]?.employer).toBe('ZENITH TECH LTD / ZENITH TECHNOLOGIES PLC');
  });

  it('no pro-rated first month; the predicted pay is the raised 360,000 (median of the last three)', () => {
    expect(income.salaryStreams[0]?.proRatedFirstPayment).toBe(false);
    expect(income.salaryStreams[0]?.evidence.join(' ')).not.toContain('pro-rated');
    expect(income.averagePredictedSalary).toBe(360_000);
    expect(income.lowestSalary).toBe(300_000);
  });
});

/** Six monthly credits, March to August 2025, with two card purchases a month. */
const ADEBAYO = { holder: 'ADEBAYO CHINEDU OKAFOR', openingNaira: 200_000 };
const MONTHS_2025 = ['MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG'];
function sixMonths(day: string, naira: number, narration: (month: string) => string): Row[] {
  return byDate(
    MONTHS_2025.flatMap((mon, i): Row[] => {
      const m = `2025-${String(i + 3).padStart(2, '0')}`;
      return [
        [`${m}-${day}`, 'C', naira, narration(mon)],
        [`${m}-04`, 'D', 1_500, 'POS PURCHASE SPAR IKEJA'],
        [`${m}-12`, 'D', 1_500, 'POS PURCHASE SPAR IKEJA'],
      ];
    }),
  );
}
const incomeOf = (rows: Row[]) => analyseStatement(statementOf(rows, ADEBAYO)).incomeAnalysis;

describe('incomeAnalysis: an employer named with a bank word, or after a payroll rail, pays the holder', () => {
  it.each([
    ['NIP FROM ZENITH LOGISTICS LTD/OKAFOR ADEBAYO C/{M} 2025', 'ZENITH LOGISTICS LTD'],
    ['NIP FROM ACCESS SOLUTIONS LTD/OKAFOR ADEBAYO C/{M} 2025', 'ACCESS SOLUTIONS LTD'],
    ['REMITA/ACME LOGISTICS LTD/OKAFOR ADEBAYO C/{M} 2025', 'ACME LOGISTICS LTD'],
    ['REMITA/ZENITH LOGISTICS LTD/OKAFOR ADEBAYO C/{M} 2025', 'ZENITH LOGISTICS LTD'],
  ])('six monthly "%s" credits are a salary from %s', (narration, employer) => {
    const income = incomeOf(sixMonths('25', 300_000, (mon) => narration.replace('{M}', mon)));
    expect(income.isSalaryEarner).toBe('Yes');
    expect(income.averagePredictedSalary).toBe(300_000);
    expect(income.salaryStreams.map((s) => s.employer)).toEqual([employer]);
    expect(income.numberOfSalaryPayments).toBe(6);
  });
});

describe('incomeAnalysis: a private person is no employer unless the narration says pay', () => {
  it('monthly upkeep from a relative (the holder’s surname, a note of support) is no salary', () => {
    const income = incomeOf(sixMonths('01', 150_000, () => 'NIP FROM NGOZI OKAFOR/UPKEEP'));
    expect(income.isSalaryEarner).toBe('No');
    expect(income.salaryStreams).toEqual([]);
    expect(income.salaryTransactions).toEqual([]);
    expect(income.averagePredictedSalary).toBe(0);
  });

  it('monthly transfers from a person with no note are no salary', () => {
    const income = incomeOf(sixMonths('28', 150_000, () => 'NIP FROM EMEKA JOHNSON OBI'));
    expect(income.isSalaryEarner).toBe('No');
    expect(income.salaryStreams).toEqual([]);
    expect(income.averagePredictedSalary).toBe(0);
  });

  it('nor from a relative who writes salary', () => {
    const income = incomeOf(sixMonths('28', 150_000, (mon) => `NIP FROM NGOZI OKAFOR/${mon} SALARY`));
    expect(income.isSalaryEarner).toBe('No');
    expect(income.salaryTransactions).toEqual([]);
  });

  it.each(['NIP FROM EMEKA JOHNSON OBI/{M} SALARY', 'NIP FROM EMEKA JOHNSON OBI/{M} PAY'])(
    'a person whose narration says pay ("%s") may be an employer',
    (narration) => {
      const income = incomeOf(sixMonths('28', 150_000, (mon) => narration.replace('{M}', mon)));
      expect(income.isSalaryEarner).toBe('Yes');
      expect(income.salaryStreams.map((s) => s.employer)).toEqual(['EMEKA JOHNSON OBI']);
    },
  );

  it.each([
    'NIP FROM KORAMA FOODS LTD/{M}',
    'NIP FROM LAGOS STATE UNIVERSITY/{M}',
    'PAYSTACK PAYOUT/TECHCORP AFRICA/STAFF',
  ])('an organisation paying monthly without the word ("%s") still pays a salary', (narration) => {
    const income = incomeOf(sixMonths('27', 250_000, (mon) => narration.replace('{M}', mon)));
    expect(income.isSalaryEarner).toBe('Yes');
    expect(income.averagePredictedSalary).toBe(250_000);
  });
});

describe('incomeAnalysis: one salary payment shows no pay frequency', () => {
  const rows = byDate([
    ['2025-08-04', 'D', 1_504, 'POS PURCHASE SPAR IKEJA'],
    ['2025-08-12', 'D', 1_512, 'POS PURCHASE SPAR IKEJA'],
    ['2025-08-19', 'D', 1_519, 'POS PURCHASE SPAR IKEJA'],
    ['2025-08-26', 'D', 1_526, 'POS PURCHASE SPAR IKEJA'],
    ...[5, 6, 7, 8, 9, 10].map((d): Row => [`2025-08-${String(d).padStart(2, '0')}`, 'D', 500, 'MTN AIRTIME VTU']),
    ['2025-08-25', 'C', 300_000, 'ACME NIGERIA PLC SALARY AUG'],
  ]);
  const income = incomeOf(rows);

  it('is listed as a salary credit, but makes no monthly salary earner', () => {
    expect(income.salaryTransactions.map((t) => t.date)).toEqual(['2025-08-25']);
    expect(income.isSalaryEarner).toBe('No');
    expect(income.frequencyOfSalaryPayments).toBeNull();
    expect(income.expectedSalaryPaymentDay).toBeNull();
    expect(income.averagePredictedSalary).toBe(0);
  });

  it('its stream says it is one payment, with a low confidence', () => {
    expect(income.salaryStreams).toHaveLength(1);
    const stream = income.salaryStreams[0];
    expect(stream?.payments).toBe(1);
    expect(stream?.confidence).toBeLessThan(0.6);
    expect(income.salaryConfidence).toBe(stream?.confidence);
    expect(stream?.evidence[0]).toBe(
      '1 payment, on 2025-08-25: one payment shows no pay frequency and no month-to-month amounts, so it is not a monthly salary',
    );
    expect(stream?.evidence.join(' ')).not.toContain('month-to-month amounts within');
  });

  it('beside a monthly salary, a one-off salary credit from another payer adds nothing to the predicted pay', () => {
    const monthly = sixMonths('25', 300_000, (mon) => `ACME NIGERIA PLC SALARY ${mon}`);
    const withOneOff = byDate([...monthly, ['2025-08-10', 'C', 80_000, 'GLOBEX LTD SALARY ARREARS']]);
    const both = incomeOf(withOneOff);
    expect(both.isSalaryEarner).toBe('Yes');
    expect(both.averagePredictedSalary).toBe(300_000);
    expect(both.salaryStreams.map((s) => [s.employer, s.payments])).toEqual([
      ['ACME NIGERIA PLC', 6],
      ['GLOBEX LTD', 1],
    ]);
  });
});

describe('incomeAnalysis: the employer is named by its own words, not a rail’s', () => {
  it('a Remita payment of a renamed employer: ZENITH LOGISTICS LTD / ZENLOG AFRICA LTD', () => {
    const rows = sixMonths('25', 350_000, (mon) =>
      ['MAR', 'APR', 'MAY'].includes(mon)
        ? `REMITA PAYMT ZENITH LOGISTICS LTD ${mon} 2025`
        : `REMITA PAYMT ZENLOG AFRICA LTD ${mon} 2025`,
    );
    expect(incomeOf(rows).salaryStreams.map((s) => s.employer)).toEqual(['ZENITH LOGISTICS LTD / ZENLOG AFRICA LTD']);
  });

  it.each([
    ['PAYSTACK PAYOUT/TECHCORP AFRICA/STAFF', 'TECHCORP AFRICA'],
    ['IPPIS/FMOH/OKAFOR ADEBAYO CHINEDU/{M} 2025', 'FMOH'],
    ['ACME NIGERIA PLC SALARY', 'ACME NIGERIA PLC'],
  ])('"%s" is paid by %s', (narration, employer) => {
    const income = incomeOf(sixMonths('27', 250_000, (mon) => narration.replace('{M}', mon)));
    expect(income.salaryStreams.map((s) => s.employer)).toEqual([employer]);
  });
});

/**
 * Whether two regular monthly payments make a salary earner. One payment shows no pay frequency,
 * so it never does. Two a month apart show the frequency and a steady amount: enough when the
 * narration says pay (a salary word, a month's pay `APR 2024 PAY`, or a payroll rail's credit from
 * an organisation, `REMITA PAYMT/LAGOS STATE UNIVERSITY`), not when it says nothing (a company's two
 * transfers may be a contract's instalments) or names only a payment gateway; three on schedule
 * are a salary without a word.
 */
describe('incomeAnalysis: two monthly payments, worked', () => {
  const months = (n: number, day: string, naira: number, narration: (mon: string) => string): Row[] =>
    byDate(
      ['APR', 'MAY', 'JUN'].slice(0, n).flatMap((mon, i): Row[] => {
        const m = `2024-${String(i + 4).padStart(2, '0')}`;
        return [
          [`${m}-${day}`, 'C', naira, narration(mon)],
          [`${m}-09`, 'D', 15_000, 'POS PURCHASE SHOPRITE IBADAN'],
          [`${m}-28`, 'D', 10_000, 'ATM CASH WDL FBN DUGBE IBADAN'],
        ];
      }),
    );
  const incomeOf = (rows: Row[]) =>
    analyseStatement(statementOf(rows, { holder: 'OLUWATOYIN GRACE ADEYEMI', openingNaira: 20_000 })).incomeAnalysis;
  const remita = (mon: string) => `REMITA PAYMT/LAGOS STATE UNIVERSITY/${mon} 2024`;
  const monthPay = (mon: string) => `NIP/CHEVRON NIGERIA LTD/${mon} 2024 PAY`;

  it('one payment through a payroll rail from an organisation is listed, but makes no earner', () => {
    const income = incomeOf(months(1, '26', 185_000, remita));
    expect(income.salaryTransactions.map((t) => t.amount)).toEqual([185_000]);
    expect(income.isSalaryEarner).toBe('No');
    expect(income.salaryStreams.map((s) => [s.payments, s.confidence])).toEqual([[1, 0.45]]);
  });

  it.each([
    ['a payroll rail from an organisation', remita, 0.8],
    ['a month’s pay from an organisation', monthPay, 0.7],
  ])('two payments, %s: a monthly salary earner', (_, narration, confidence) => {
    const income = incomeOf(months(2, '26', 185_000, narration));
    expect(income.isSalaryEarner).toBe('Yes');
    expect(income.frequencyOfSalaryPayments).toBe('Monthly');
    expect(income.averagePredictedSalary).toBe(185_000);
    expect(income.salaryStreams.map((s) => [s.payments, s.namedAsSalary, s.confidence])).toEqual([
      [2, true, confidence],
    ]);
  });

  it('two payments that say nothing of pay, or name only a payment gateway: no earner; three: an earner', () => {
    const silent = (mon: string) => `NIP/CHEVRON NIGERIA LTD/${mon} 2024`;
    const gateway = (mon: string) => `PAYSTACK PAYOUT/TECHCORP AFRICA/${mon}`;
    for (const narration of [silent, gateway]) {
      expect(incomeOf(months(2, '26', 185_000, narration)).isSalaryEarner).toBe('No');
      expect(incomeOf(months(3, '26', 185_000, narration)).isSalaryEarner).toBe('Yes');
    }
  });
});
