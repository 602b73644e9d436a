import { describe, expect, it } from 'vitest';
import { byDate } from '../../../test/helpers/by-date.js';
import { type Row, statementOf } from '../../../test/helpers/statement-builder.js';
import { analyseStatement } from './analyse.js';

const MONTHS = ['01', '02', '03', '04', '05', '06', '07', '08', '09'];

// A Remita salary on the 25th, and weekend tutoring paid on the 5th by a tutoring company.
const salary: Row[] = MONTHS.map((m) => [`2025-${m}-25`, 'C', 385_000.5, 'REMITA/ZENITH LOGISTICS LTD/SEP 2025']);
const tutoringAmounts = [40_000, 42_500, 40_000, 45_000, 40_000, 40_000, 47_500, 40_000];
const tutoring: Row[] = tutoringAmounts.map((naira, i) => [
  `2025-${MONTHS[i + 1]}-05`,
  'C',
  naira,
  'NIP FROM BRIGHTMINDS TUTORS LTD/ADEBAYO OKAFOR/TUTORING FEE',
]);
const spending: Row[] = MONTHS.map((m) => [`2025-${m}-12`, 'D', 8_000, 'POS PURCHASE SHOPRITE LEKKI']);
const holder = 'ADEBAYO CHINEDU OKAFOR';

describe('other income: regular side income', () => {
  // Jan 12 .. Sep 25: 20/31 of January, seven full months, 25/30 of September.
  const analysed = analyseStatement(
    statementOf(byDate([...salary, ...tutoring, ...spending]), { holder, openingNaira: 10_000 }),
  );
  const income = analysed.incomeAnalysis;
  const stream = analysed.recurringStreams.find((s) => s.counterparty === 'BRIGHTMINDS TUTORS LTD');

  it('is a MATURE monthly inflow stream that is not salary', () => {
    expect(stream).toMatchObject({ direction: 'inflow', category: 'transfer_in', status: 'MATURE', occurrences: 8 });
    expect(income.salaryStreams).toHaveLength(1);
  });

  it('counts as other income: listed, counted and averaged over the statement’s months', () => {
    expect(income.hasOtherIncome).toBe('Yes');
    expect(income.numberOfOtherIncomePayments).toBe(8);
    expect(income.otherIncomeTransactions.map((t) => [t.date, t.amount])).toEqual(tutoring.map((r) => [r[0], r[2]]));
    // 335,000 over 20/31 + 7 + 25/30 = 8.4785 months.
    expect(income.averageOtherIncome).toBe(39_511.73);
    expect(income.netAverageMonthlyEarning).toBe(424_512.23); // 385,000.50 + 39,511.73
  });

  it('names the stream behind it, as the salary streams are named', () => {
    expect(income.otherIncomeStreams).toEqual([
      {
        counterparty: 'BRIGHTMINDS TUTORS LTD',
        category: 'transfer_in',
        frequency: 'MONTHLY',
        payments: 8,
        total: 335_000,
        evidence: [
          'MONTHLY inflow stream from BRIGHTMINDS TUTORS LTD: 8 payments from 2025-02-05 to 2025-09-05, still MATURE at the statement’s end; not salary, a self-transfer, a loan, gambling or a reversal',
        ],
        transactionIds: stream?.transactionIds,
      },
    ]);
  });
});

describe('other income: what a recurring inflow must be to count', () => {
  const analyse = (rows: Row[]) =>
    analyseStatement(statementOf(byDate([...salary, ...spending, ...rows]), { holder, openingNaira: 10_000 }));

  it('not two payments alone (EARLY_DETECTION)', () => {
    const rows: Row[] = [
      ['2025-08-05', 'C', 40_000, 'NIP FROM BRIGHTMINDS TUTORS LTD/TUTORING FEE'],
      ['2025-09-05', 'C', 40_000, 'NIP FROM BRIGHTMINDS TUTORS LTD/TUTORING FEE'],
    ];
    const income = analyse(rows).incomeAnalysis;
    expect(income.hasOtherIncome).toBe('No');
    expect(income.otherIncomeStreams).toEqual([]);
    expect(income.netAverageMonthlyEarning).toBe(385_000.5);
  });

  it('not a stream that stopped (TOMBSTONED): its payments are not current income', () => {
    // Amounts too uneven for pay (a fall of more than 10%), as tutoring fees are.
    const rows: Row[] = [40_000, 47_500, 40_000, 45_000].map((naira, i) => [
      `2025-0${i + 2}-05`,
      'C',
      naira,
      'NIP FROM BRIGHTMINDS TUTORS LTD/TUTORING FEE',
    ]);
    const analysed = analyse(rows);
    expect(analysed.recurringStreams.find((s) => s.counterparty === 'BRIGHTMINDS TUTORS LTD')?.status).toBe(
      'TOMBSTONED',
    );
    expect(analysed.incomeAnalysis.hasOtherIncome).toBe('No');
  });

  it('never a monthly loan, betting win or transfer from the holder’s own account', () => {
    const rows: Row[] = MONTHS.slice(1).flatMap((m): Row[] => [
      [`2025-${m}-07`, 'C', 20_000, 'NIP CR/FAIRMONEY MFB/LOAN'],
      [`2025-${m}-09`, 'C', 15_000, 'NIP CR/KC GAMING NETWORKS LIMITED/BET9JA WITHDRAWAL'],
      [`2025-${m}-10`, 'C', 50_000, `NIP FROM ${holder}/KUDA MFB/OWN ACCOUNT`],
    ]);
    const analysed = analyse(rows);
    const inflows = analysed.recurringStreams.filter((s) => s.direction === 'inflow' && s.category !== 'salary');
    expect(inflows.map((s) => s.category).sort()).toEqual(['gambling_winnings', 'loan_disbursement', 'self_transfer']);
    expect(inflows.every((s) => s.status === 'MATURE')).toBe(true);
    expect(analysed.incomeAnalysis.hasOtherIncome).toBe('No');
    expect(analysed.incomeAnalysis.averageOtherIncome).toBe(0);
  });
});
