/**
 * Realistic Nigerian bank statements with ground truth, written as the raw body of any of the six
 * provider formats: salary streams (pay day shifted off weekends, a pro-rated first month, a raise,
 * an employer renamed mid-stream), loan stacking, betting, fees and stamp duty, self-transfers,
 * bills, airtime and everyday spending. Deterministic for a seed. Used by property tests and benches.
 */
import { minorToDecimalText, toMajor } from '../../src/domain/money.js';
import type { Direction, FormatName } from '../../src/domain/statement.js';
import { dmy, mdy } from './day-text.js';

export interface GeneratorOptions {
  seed: number;
  /** 3..24 months. */
  months: number;
  /** Number of rows: small everyday debits and credits are added to reach it, the last months cut to it. */
  rows?: number;
  /** First day, `YYYY-MM-DD` (default 2023-01-01). */
  start?: string;
  salary?: boolean;
  gambling?: boolean;
  loans?: boolean;
  /** Give every row a running balance (default true). */
  balances?: boolean;
}

export interface TruthRow {
  date: string;
  direction: Direction;
  /** Kobo. */
  amount: number;
  /** Kobo, after this row. */
  balance: number;
  narration: string;
  /** The category a careful analyst would give. */
  category: string;
}

export interface GroundTruth {
  holder: string;
  /** Kobo. */
  opening: number;
  closing: number;
  rows: TruthRow[];
  salary: null | {
    employers: string[];
    payDay: number;
    payments: number;
    /** Kobo: the salary after the last raise. */
    current: number;
    proRatedFirst: boolean;
  };
  /** Lender names as the lexicon names them. */
  lenders: string[];
  lendersLast30Days: string[];
  gamblingStakes: number;
  selfTransfers: number;
}

export interface GeneratedStatement {
  truth: GroundTruth;
  /** The raw request body in `format`. */
  body(format: FormatName, statementName?: string): unknown;
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ['ADEBAYO', 'CHINEDU', 'FUNKE', 'IBRAHIM', 'BLESSING', 'OLUWASEUN', 'NGOZI', 'MUSA', 'AMAKA', 'TUNDE'];
const MIDDLE = ['OLUWAFEMI', 'CHIDI', 'ABOSEDE', 'SANI', 'NKECHI', 'ADEOLA', 'EMEKA', 'ZAINAB'];
const LAST = ['OKAFOR', 'ADEYEMI', 'BELLO', 'EZE', 'BALOGUN', 'NWOSU', 'ABUBAKAR', 'OJO', 'LAWAL', 'IHEANACHO'];
const FRIEND_FIRST = [
  'KEMI',
  'SEGUN',
  'HAUWA',
  'CHIKA',
  'YUSUF',
  'GRACE',
  'IFEANYI',
  'BISI',
  'EMEKA',
  'AISHA',
  'TOBI',
  'UCHE',
];
const FRIEND_LAST = ['ALABI', 'OGUNDELE', 'DANJUMA', 'OBI', 'GARBA', 'UDOH', 'OKORO', 'ADEWALE', 'NNAMDI', 'SULE'];
const BANK_CODES = ['UBA', 'ZIB', 'FBN', 'ACCESS', 'KUDA', 'OPAY', 'PALMPAY', 'GTB', 'FCMB', 'WEMA'];
const EMPLOYERS: Array<[string, string]> = [
  ['DIAMOND BANK PLC', 'ACCESS BANK PLC'],
  ['SKYE BANK PLC', 'POLARIS BANK LIMITED'],
  ['ORIENTAL ENERGY RESOURCES', 'OER OIL AND GAS LIMITED'],
  ['SIMBA INDUSTRIES LTD', 'SIMBA GROUP NIGERIA'],
];
const LENDERS: Array<[string, string, string]> = [
  ['Carbon', 'NIP CR/CARBON FINANCE LIMITED/LOAN DISBURSEMENT', 'MONNIFY/CARBON LOAN REPAYMENT'],
  ['FairMoney', 'NIP CR/FAIRMONEY MFB/LOAN', 'WEB PMT PAYSTACK*FAIRMONEY LAGOS NG'],
  ['Branch', 'NIP CR/BRANCH INTERNATIONAL FINANCIAL SERVICES/LOAN', 'PAYSTACK BRANCH INTERNATIONAL REPAYMENT'],
  ['PalmCredit', 'PalmCredit loan disbursed', 'PalmCredit repayment'],
  ['Renmoney', 'NIP CR/RENMONEY MFB/LOAN DISB', 'REMITA DD MANDATE/RENMONEY/LOAN REPAYMENT'],
];
const SHOPS = ['SHOPRITE LEKKI', 'SPAR IKEJA', 'JUSTRITE AKOWONJO', 'HUBMART IKOYI', 'PRINCE EBEANO LEKKI'];
const FOOD = ['CHICKEN REPUBLIC OGBA', 'KFC ALLEN AVENUE', 'DOMINOS PIZZA LEKKI', 'SWEET SENSATION SURULERE'];
const TELCOS = ['MTN', 'AIRTEL', 'GLO', '9MOBILE'];

const MS_PER_DAY = 86_400_000;
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / MS_PER_DAY;
const dateOf = (day: number) => new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
const lastDayOfMonth = (y: number, m0: number) => new Date(Date.UTC(y, m0 + 1, 0)).getUTCDate();

interface Event {
  day: number;
  order: number;
  direction: Direction;
  amount: number;
  narration: string;
  category: string;
  /** Debits that may be skipped when the balance cannot pay them. */
  optional: boolean;
}

export function generateStatement(options: GeneratorOptions): GeneratedStatement {
  const rnd = mulberry32(options.seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const naira = (lo: number, hi: number) => int(lo, hi) * 100;
  // A person's circle: a dozen regular contacts, plus one-off names.
  const circle = Array.from({ length: 12 }, () => `${pick(FRIEND_FIRST)} ${pick(FRIEND_LAST)}`);
  const friend = () => (rnd() < 0.8 ? pick(circle) : `${pick(FRIEND_FIRST)} ${pick(FRIEND_LAST)}`);
  const session = () => `0000${int(10000000, 99999999)}${int(10000000, 99999999)}`;
  const card = () => `5399XXXXXXXX${int(1000, 9999)}`;

  const months = Math.max(3, Math.min(24, options.months));
  const startDay = dayOf(options.start ?? '2023-01-01');
  const startDate = dateOf(startDay);
  const y0 = Number(startDate.slice(0, 4));
  const m0 = Number(startDate.slice(5, 7)) - 1;
  const endDay = dayOf(dateOf(Date.UTC(y0, m0 + months, 0) / MS_PER_DAY));
  const first = pick(FIRST);
  const last = pick(LAST);
  const holder = `${first} ${pick(MIDDLE)} ${last}`;
  const events: Event[] = [];
  let order = 0;
  const add = (
    day: number,
    direction: Direction,
    amount: number,
    narration: string,
    category: string,
    optional = direction === 'debit',
  ) => {
    if (day < startDay || day > endDay || amount <= 0) return;
    events.push({ day, order: order++, direction, amount, narration, category, optional });
  };

  // Salary: monthly on a pay day moved to the Friday before a weekend.
  let salaryTruth: GroundTruth['salary'] = null;
  if (options.salary ?? true) {
    const [oldName, newName] = pick(EMPLOYERS);
    const renameAt = int(2, Math.max(2, months - 2));
    const payDay = pick([24, 25, 26, 27, 28]);
    let amount = naira(150, 900) * 1000;
    const proRated = rnd() < 0.6;
    const raiseAt = int(3, months);
    let payments = 0;
    for (let i = 0; i < months; i++) {
      const y = y0 + Math.floor((m0 + i) / 12);
      const mm = (m0 + i) % 12;
      let day = Date.UTC(y, mm, Math.min(payDay, lastDayOfMonth(y, mm))) / MS_PER_DAY;
      const wd = (day + 4) % 7;
      if (wd === 6) day -= 1;
      if (wd === 0) day -= 2;
      if (i === raiseAt) amount = Math.round((amount * 1.15) / 100) * 100;
      const paid = i === 0 && proRated ? Math.round((amount * int(30, 70)) / 10000) * 100 : amount;
      const employer = i < renameAt ? oldName : newName;
      const month = new Date(Date.UTC(y, mm, 1))
        .toLocaleString('en-US', { month: 'short', timeZone: 'UTC' })
        .toUpperCase();
      const narration =
        i % 3 === 0
          ? `NIP CR/${employer}/${month} ${y} SALARY`
          : `TRANSFER BETWEEN CUSTOMERS via GAPS ${int(100000, 999999)} from ${employer} to ${holder}`;
      add(day, 'credit', paid, narration, 'salary', false);
      payments++;
    }
    salaryTruth = { employers: [oldName, newName], payDay, payments, current: amount, proRatedFirst: proRated };
  }

  // Everyday life, per month.
  for (let i = 0; i < months; i++) {
    const y = y0 + Math.floor((m0 + i) / 12);
    const mm = (m0 + i) % 12;
    const monthStart = Date.UTC(y, mm, 1) / MS_PER_DAY;
    const len = lastDayOfMonth(y, mm);
    const dayIn = () => monthStart + int(0, len - 1);
    add(
      monthStart + 14,
      'debit',
      9_900_00,
      `WEB PMT 5399XXXXXXXX1234 QUICKTELLER DSTV SUBSCRIPTION LAGOS NG`,
      'utilities',
    );
    add(monthStart + len - 1, 'debit', 400_00, `SMS ALERT CHARGES FOR ${y}-${mm + 1}`, 'bank_charges', false);
    for (let k = int(1, 3); k > 0; k--) {
      add(
        dayIn(),
        'credit',
        naira(5_000, 60_000),
        `NIP CR/${friend()}/${pick(BANK_CODES)}/REF:${session()}`,
        'transfer_in',
        false,
      );
    }
    for (let k = int(2, 5); k > 0; k--) {
      const d = dayIn();
      const ref = session();
      const to = `${pick(BANK_CODES)}/${friend()}`;
      add(
        d,
        'debit',
        naira(2_000, 40_000),
        `NIBSS Instant Payment Outward ${ref} via GTWORLD TO ${to} /REF:GW${ref}`,
        'transfer',
      );
      add(
        d,
        'debit',
        26_88,
        `COMMISSION ${ref} NIP TRANSFER COMMISSION FOR ${ref} via GTWORLD TO ${to}`,
        'bank_charges',
        false,
      );
      add(d, 'debit', 2_02, `VALUE ADDED TAX ${ref} VAT ON NIP TRANSFER FOR ${ref}`, 'bank_charges', false);
    }
    for (let k = int(2, 4); k > 0; k--) {
      add(
        dayIn(),
        'debit',
        naira(200, 3_000),
        `Airtime Purchase USSD-101CT${session()}-23480${int(10000000, 99999999)} ${pick(TELCOS)}`,
        'airtime_and_data',
      );
    }
    for (let k = int(1, 4); k > 0; k--)
      add(
        dayIn(),
        'debit',
        naira(3_000, 45_000),
        `POS PURCHASE ${card()} TID${int(10000000, 99999999)} ${pick(SHOPS)} LA NG`,
        'shopping',
      );
    for (let k = int(0, 3); k > 0; k--)
      add(
        dayIn(),
        'debit',
        naira(2_500, 15_000),
        `POS PURCHASE ${card()} TID${int(10000000, 99999999)} ${pick(FOOD)} LA NG`,
        'hospitality_and_food',
      );
    if (rnd() < 0.7)
      add(dayIn(), 'debit', naira(5_000, 40_000), `ATM WDL ${card()} GTB ATM IKEJA LANG`, 'cash_withdrawal');
    if (rnd() < 0.5)
      add(
        dayIn(),
        'debit',
        naira(10_000, 80_000),
        `NIBSS Instant Payment Outward ${session()} via GTWORLD TO KUDA/${holder}`,
        'self_transfer',
      );
    if (options.gambling) {
      for (let k = int(1, 6); k > 0; k--)
        add(dayIn(), 'debit', naira(500, 10_000), 'WEB PMT 5399XXXXXXXX1234 PAYSTACK*SPORTYBET LAGOS NG', 'gambling');
      if (rnd() < 0.4)
        add(
          dayIn(),
          'credit',
          naira(2_000, 50_000),
          'NIP CR/KC GAMING NETWORKS LIMITED/BET9JA WITHDRAWAL',
          'gambling_winnings',
          false,
        );
    }
  }

  // Loans: one lender early on, then stacking in the last two months.
  const lenderNames: string[] = [];
  if (options.loans) {
    const chosen = LENDERS.slice().sort(() => rnd() - 0.5);
    const schedule = [
      { lender: chosen[0], at: startDay + 20 },
      { lender: chosen[1], at: endDay - 50 },
      { lender: chosen[2], at: endDay - 25 },
      { lender: chosen[3], at: endDay - 12 },
    ];
    for (const { lender, at } of schedule) {
      if (!lender) continue;
      const principal = naira(20, 150) * 1000;
      add(at, 'credit', principal, lender[1], 'loan_disbursement', false);
      add(at + 10, 'debit', Math.round(principal * 0.55), lender[2], 'loan_repayment', false);
      lenderNames.push(lender[0]);
    }
  }

  // Filler to reach the requested size: small everyday rows, spread evenly.
  const wanted = options.rows ?? 0;
  for (let k = events.length; k < wanted; k++) {
    const day = int(startDay, endDay);
    const r = rnd();
    if (r < 0.3)
      add(
        day,
        'credit',
        naira(1_000, 20_000),
        `NIP CR/${friend()}/${pick(BANK_CODES)}/REF:${session()}`,
        'transfer_in',
        false,
      );
    else if (r < 0.5)
      add(
        day,
        'debit',
        naira(500, 20_000),
        `NIBSS Instant Payment Outward ${session()} via GTWORLD TO ${pick(BANK_CODES)}/${friend()}`,
        'transfer',
      );
    else if (r < 0.7)
      add(
        day,
        'debit',
        naira(100, 2_000),
        `Airtime Purchase USSD-101CT${session()}-23480${int(10000000, 99999999)} ${pick(TELCOS)}`,
        'airtime_and_data',
      );
    else if (r < 0.9)
      add(
        day,
        'debit',
        naira(500, 8_000),
        `POS PURCHASE ${card()} TID${int(10000000, 99999999)} ${pick(SHOPS)} LA NG`,
        'shopping',
      );
    else
      add(
        day,
        'debit',
        naira(1_000, 9_000),
        `POS PURCHASE ${card()} TID${int(10000000, 99999999)} ${pick(FOOD)} LA NG`,
        'hospitality_and_food',
      );
  }

  events.sort((a, b) => a.day - b.day || a.order - b.order);
  const opening = naira(20_000, 400_000);
  let balance = opening;
  const rows: TruthRow[] = [];
  for (const e of events) {
    if (e.direction === 'debit' && e.optional && e.amount > balance) continue;
    balance += e.direction === 'credit' ? e.amount : -e.amount;
    rows.push({
      date: dateOf(e.day),
      direction: e.direction,
      amount: e.amount,
      balance,
      narration: e.narration,
      category: e.category,
    });
    // Stamp duty on electronic credits of ₦10,000 or more.
    if (e.direction === 'credit' && e.amount >= 1_000_000 && e.category !== 'loan_disbursement') {
      balance -= 50_00;
      rows.push({
        date: dateOf(e.day),
        direction: 'debit',
        amount: 50_00,
        balance,
        narration: 'FGN STAMP DUTY ON CREDIT',
        category: 'bank_charges',
      });
    }
  }
  // Exactly the rows asked for: a prefix keeps the balance chain intact.
  if (options.rows !== undefined && rows.length > options.rows) {
    rows.length = options.rows;
    balance = rows[rows.length - 1]?.balance ?? opening;
  }
  const lenderDays = new Map<string, number>();
  if (options.loans) {
    for (const r of rows) {
      const lender = LENDERS.find((l) => l[1] === r.narration || l[2] === r.narration);
      if (lender) lenderDays.set(lender[0], Math.max(lenderDays.get(lender[0]) ?? 0, dayOf(r.date)));
    }
  }
  const lastRowDay = dayOf(rows[rows.length - 1]?.date ?? startDate);
  const truth: GroundTruth = {
    holder,
    opening,
    closing: balance,
    rows,
    salary: salaryTruth,
    lenders: lenderNames,
    lendersLast30Days: [...lenderDays]
      .filter(([, d]) => lastRowDay - d < 30)
      .map(([n]) => n)
      .sort(),
    gamblingStakes: rows.filter((r) => r.category === 'gambling').length,
    selfTransfers: rows.filter((r) => r.category === 'self_transfer').length,
  };
  const withBalances = options.balances ?? true;
  return { truth, body: (format, name) => writers[format](truth, name ?? `generated-${options.seed}`, withBalances) };
}

/** A UTC timestamp that is still the same day in Lagos (UTC+1); rows of a day a minute apart. */
const isoAt = (date: string, i: number) =>
  `${date}T${String(8 + Math.floor((i % 600) / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00.000Z`;

/** Writes the raw body of one format for the truth's rows, with or without their running balances. */
type BodyWriter = (truth: GroundTruth, statementName: string, balances: boolean) => unknown;

/** One writer per format: a format added to FORMATS and not here does not compile. */
const writers: Record<FormatName, BodyWriter> = {
  periculum: ({ rows, holder }, statementName, balances) => ({
    statementName,
    clientFullName: holder,
    transactions: rows.map((r) => ({
      date: mdy(r.date),
      description: r.narration,
      balance: balances ? toMajor(r.balance) : undefined,
      amount: toMajor(r.amount),
      type: r.direction === 'credit' ? 'Credit' : 'Debit',
    })),
  }),
  mono: ({ rows, holder }, statementName, balances) => ({
    statementName,
    clientFullName: holder,
    account: { name: holder, currency: 'NGN', accountNumber: '0123456789' },
    meta: { count: rows.length },
    data: rows
      .map((r, i) => ({
        _id: `mono${i}`,
        type: r.direction,
        amount: r.amount,
        narration: r.narration,
        date: isoAt(r.date, i),
        balance: balances ? r.balance : undefined,
      }))
      .reverse(),
  }),
  okra: ({ rows, holder }, statementName, balances) => ({
    statementName,
    clientFullName: holder,
    data: {
      transaction: rows.map((r, i) => ({
        _id: `okra${i}`,
        id: `okra${i}`,
        credit: r.direction === 'credit' ? toMajor(r.amount) : null,
        debit: r.direction === 'debit' ? toMajor(r.amount) : null,
        balance: balances ? toMajor(r.balance) : null,
        currency: 'NGN',
        trans_date: isoAt(r.date, i),
        unformatted_trans_date: dmy(r.date),
        notes: { desc: r.narration },
        customer: { _id: 'c1', name: holder, bvn: '22222222222' },
        account: { _id: 'a1', nuban: '0123456789', name: holder },
        bank: { name: 'Guaranty Trust Bank' },
      })),
    },
  }),
  dojah: ({ rows, holder }, statementName, balances) => ({
    statementName,
    clientFullName: holder,
    entity: {
      transactions: rows
        .map((r, i) => ({
          id: i + 1,
          transaction_date: r.date,
          value_date: r.date,
          trans_type: r.direction,
          bank_name: 'GTBank',
          amount: minorToDecimalText(r.amount),
          available_balance: balances ? minorToDecimalText(r.balance) : undefined,
          reference: `REF${i}`,
          narration: r.narration,
        }))
        .reverse(),
      next_page: '',
    },
  }),
  mbs: ({ rows, holder }, statementName, balances) => ({
    bankStatement: {
      mbs: {
        bank: 'GTB',
        jsonData: {
          statementName,
          status: 'Successful',
          Name: holder,
          Nuban: '0123456789',
          Currency: 'NGN',
          Details: rows.map((r) => ({
            PTransactionDate: mdy(r.date),
            PValueDate: mdy(r.date),
            PNarration: r.narration,
            PCredit: r.direction === 'credit' ? minorToDecimalText(r.amount) : '0.00',
            PDebit: r.direction === 'debit' ? minorToDecimalText(r.amount) : '0.00',
            PBalance: balances ? minorToDecimalText(r.balance) : undefined,
          })),
        },
      },
    },
  }),
  zeeh: ({ rows, holder }, statementName, balances) => ({
    statementName,
    clientFullName: holder,
    accountName: holder,
    nin: '12345678901',
    bvn: '22222222222',
    transactions: rows.map((r, i) => ({
      type: r.direction,
      amount: r.direction === 'debit' ? -toMajor(r.amount) : toMajor(r.amount),
      narration: r.narration,
      date: r.date,
      closingBalance: balances ? toMajor(r.balance) : undefined,
      tranId: `Z${i}`,
    })),
  }),
};
