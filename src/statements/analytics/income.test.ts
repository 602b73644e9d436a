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
});
