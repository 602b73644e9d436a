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

  it('counts as other income: listed, counted and averaged as its monthly equivalent', () => {
    expect(income.hasOtherIncome).toBe('Yes');
    expect(income.numberOfOtherIncomePayments).toBe(8);
    expect(income.otherIncomeTransactions.map((t) => [t.date, t.amount])).toEqual(tutoring.map((r) => [r[0], r[2]]));
    // A monthly stream: its average payment, 335,000 / 8 (not 335,000 over the statement's 8.4785 months).
    expect(income.averageOtherIncome).toBe(41_875);
    expect(income.netAverageMonthlyEarning).toBe(426_875.5); // 385,000.50 + 41,875
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
          'MONTHLY inflow stream from BRIGHTMINDS TUTORS LTD: 8 payments from 2025-02-05 to 2025-09-05, still MATURE at the statement’s end; not salary, a self-transfer, a loan, gambling, a reversal or support from family; ₦41875.00 a month',
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

describe('other income: money from family and rotating savings is not income', () => {
  // Feb 1 .. Jul 13: 28/28 + 4 + 13/31 = 5.42 months; six monthly credits on the 3rd, the last still due.
  const months = ['02', '03', '04', '05', '06', '07'];
  const monthly = (naira: number, narration: string, day = '03'): Row[] =>
    months.map((m) => [`2025-${m}-${day}`, 'C', naira, narration]);
  const shopping: Row[] = [
    ['2025-02-01', 'D', 5_000, 'POS PURCHASE SHOPRITE LEKKI'],
    ...months.map((m): Row => [`2025-${m}-12`, 'D', 8_000, 'POS PURCHASE SHOPRITE LEKKI']),
    ['2025-07-13', 'D', 5_000, 'POS PURCHASE SHOPRITE LEKKI'],
  ];
  const analyse = (rows: Row[]) =>
    analyseStatement(statementOf(byDate([...shopping, ...rows]), { holder, openingNaira: 10_000 }));
  const streamOf = (analysed: ReturnType<typeof analyse>, who: string) =>
    analysed.recurringStreams.find((s) => s.counterparty === who);

  it('not a relative’s upkeep: listed in recurringStreams, but neither salary nor other income', () => {
    const analysed = analyse(monthly(150_000, 'NIP FROM NGOZI OKAFOR/UPKEEP'));
    const income = analysed.incomeAnalysis;
    expect(streamOf(analysed, 'NGOZI OKAFOR')).toMatchObject({ status: 'MATURE', occurrences: 6 });
    expect(income.averagePredictedSalary).toBe(0);
    expect(income.otherIncomeStreams).toEqual([]);
    expect(income.hasOtherIncome).toBe('No');
    expect(income.averageOtherIncome).toBe(0);
    expect(income.netAverageMonthlyEarning).toBe(0);
  });

  it('not a relative’s regular transfers without a note, nor anyone’s with a note of support', () => {
    const analysed = analyse([
      ...monthly(60_000, 'NIP FROM CHIDI OKAFOR', '05'),
      ...monthly(30_000, 'NIP FROM TUNDE BAKARE/FEEDING MONEY', '08'),
    ]);
    expect(streamOf(analysed, 'CHIDI OKAFOR')?.status).toBe('MATURE');
    expect(streamOf(analysed, 'TUNDE BAKARE')?.status).toBe('MATURE');
    expect(analysed.incomeAnalysis.otherIncomeStreams).toEqual([]);
    expect(analysed.incomeAnalysis.averageOtherIncome).toBe(0);
  });

  it('not an ajo, esusu or thrift payout: the holder’s own contributions coming back', () => {
    const analysed = analyse([
      ...monthly(40_000, 'NIP FROM MAMA IYABO ADEWALE/AJO CONTRIBUTION', '20'),
      ...monthly(25_000, 'NIP FROM IFEOMA EZE/ESUSU PAYOUT', '22'),
    ]);
    expect(streamOf(analysed, 'MAMA IYABO ADEWALE')).toMatchObject({ status: 'MATURE', category: 'self_transfer' });
    expect(streamOf(analysed, 'IFEOMA EZE')).toMatchObject({ status: 'MATURE', category: 'self_transfer' });
    expect(analysed.incomeAnalysis.hasOtherIncome).toBe('No');
    expect(analysed.incomeAnalysis.averageOtherIncome).toBe(0);
  });

  it('a private person’s regular transfers without a note still count, at their monthly equivalent', () => {
    const analysed = analyse(monthly(150_000, 'NIP FROM TUNDE BAKARE'));
    const income = analysed.incomeAnalysis;
    expect(income.otherIncomeStreams.map((s) => [s.counterparty, s.payments, s.total])).toEqual([
      ['TUNDE BAKARE', 6, 900_000],
    ]);
    // 150,000 a month, not 900,000 over the statement's 5.42 months (166,098.39).
    expect(income.averageOtherIncome).toBe(150_000);
    expect(income.netAverageMonthlyEarning).toBe(150_000);
  });
});

describe('other income: a stream’s monthly equivalent', () => {
  const shopping: Row[] = [
    ['2025-02-01', 'D', 5_000, 'POS PURCHASE SHOPRITE LEKKI'],
    ['2025-05-30', 'D', 5_000, 'POS PURCHASE SHOPRITE LEKKI'],
  ];
  const analyse = (rows: Row[]) =>
    analyseStatement(statementOf(byDate([...shopping, ...rows]), { holder, openingNaira: 10_000 }));

  it('a weekly stream counts its average payment 52/12 times a month; a named credit over the statement’s months', () => {
    // Saturdays Feb 1 .. May 24: 17 payments of 10,000 and 12,000 alternately.
    const weekly: Row[] = Array.from({ length: 17 }, (_, i): Row => {
      const day = new Date(Date.UTC(2025, 1, 1 + 7 * i)).toISOString().slice(0, 10);
      return [day, 'C', i % 2 === 0 ? 10_000 : 12_000, 'NIP FROM BRIGHTMINDS TUTORS LTD/LESSONS'];
    });
    const pension: Row = ['2025-03-15', 'C', 60_000, 'PENSION PAYMENT/LEADWAY PFA'];
    const analysed = analyse([...weekly, pension]);
    const income = analysed.incomeAnalysis;
    expect(income.otherIncomeStreams.map((s) => [s.counterparty, s.frequency, s.payments])).toEqual([
      ['BRIGHTMINDS TUTORS LTD', 'WEEKLY', 17],
    ]);
    expect(income.numberOfOtherIncomePayments).toBe(18);
    // 186,000 / 17 × 52 / 12 = 47,411.76; the pension 60,000 over Feb 1 .. May 30 (3.9677 months) = 15,121.95.
    expect(income.averageOtherIncome).toBe(62_533.71);
  });
});
