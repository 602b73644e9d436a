import { minorToDecimalText, toMajor } from '../../src/domain/money.js';
import type { FormatName } from '../../src/domain/statement.js';
import { dmy, mdy } from '../helpers/day-text.js';

/** One generated row: amounts in minor units, a running balance that chains, a local day. */
export interface GeneratedRow {
  day: string;
  /** Seconds after local midnight. */
  second: number;
  direction: 'credit' | 'debit';
  amount: number;
  balance: number;
  narration: string;
}

const NARRATIONS = [
  'NIP/FCMB/DANIEL AFOLABI/App food o To Zenith Bank FUNKE OJO',
  'VC POS Loc-215016609012--BOLA NURAT YUSUFF OY NG',
  'Airtime Purchase USSD-101CT0000000002033042235-2348068810228',
  'FGN STAMP DUTY/S10761279 ON 31-DEC-21 FOR ACCOUNT',
  'TRANSFER BETWEEN CUSTOMERS via GAPS 637368962161801700-1 from ELTA SOLUTIONS LIMITED',
  'SALARY FOR THE MONTH ACME NIGERIA LTD',
  'ATM WDL 10033945 LAGOS NG',
  'COMMISSION 000013200926153958000180345243 USSD NIP RECOVERY CHARGE',
];

/** A deterministic statement of `count` rows over about a year, oldest first. */
export function generateRows(count: number, seed = 42): GeneratedRow[] {
  let state = seed >>> 0;
  const rand = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const rows: GeneratedRow[] = [];
  let balance = 50_000_00;
  const start = Date.UTC(2022, 0, 1);
  for (let i = 0; i < count; i++) {
    const dayIndex = Math.floor((i * 365) / count);
    const day = new Date(start + dayIndex * 86_400_000).toISOString().slice(0, 10);
    const credit = rand() < 0.35 || balance < 5_000_00;
    const amount = Math.max(1, Math.floor(rand() * (credit ? 20_000_000 : Math.min(balance, 5_000_000))));
    balance += credit ? amount : -amount;
    rows.push({
      day,
      second: 0, // set below: increasing within each day
      direction: credit ? 'credit' : 'debit',
      amount,
      balance,
      narration: `${NARRATIONS[Math.floor(rand() * NARRATIONS.length)]} ${i}`,
    });
  }
  // Times of day that increase within each day, spread over business hours.
  let dayStart = 0;
  for (let i = 1; i <= rows.length; i++) {
    if (i === rows.length || rows[i]?.day !== rows[dayStart]?.day) {
      const n = i - dayStart;
      for (let j = dayStart; j < i; j++)
        (rows[j] as GeneratedRow).second = 8 * 3600 + Math.floor(((j - dayStart) * 12 * 3600) / n);
      dayStart = i;
    }
  }
  return rows;
}

const hhmmss = (s: number) =>
  `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
/** The UTC instant of a Lagos local time (UTC+1). */
const lagosInstant = (day: string, second: number) =>
  new Date(Date.parse(`${day}T${hhmmss(second)}.000Z`) - 3_600_000).toISOString();

/** Writes a raw body in one provider's own shape (with its quirks) for `rows`. */
type BodyWriter = (rows: GeneratedRow[], name: string) => unknown;

const head = (name: string) => ({ statementName: name, clientFullName: 'Funke Ojo' });

/** One writer per format: a format added to FORMATS and not here does not compile. */
const writers: Record<FormatName, BodyWriter> = {
  periculum: (rows, name) => ({
    ...head(name),
    transactions: [
      {
        date: mdy(rows[0]?.day ?? '2022-01-01'),
        description: 'opb opening balance',
        balance: 500_00,
        amount: 0,
        type: 'Debit',
      },
      ...rows.map((r) => ({
        date: mdy(r.day),
        description: r.narration,
        balance: toMajor(r.balance),
        amount: toMajor(r.amount),
        type: r.direction === 'credit' ? 'Credit' : 'Debit',
      })),
    ],
  }),
  mono: (rows, name) => ({
    ...head(name),
    meta: { count: rows.length },
    data: rows
      .map((r, i) => ({
        _id: `62a05bc04112ea670b${String(i).padStart(6, '0')}`,
        type: r.direction,
        amount: r.amount,
        narration: r.narration,
        date: lagosInstant(r.day, r.second),
        balance: r.balance,
        currency: 'NGN',
        category: 'transfer',
      }))
      .reverse(),
  }),
  okra: (rows, name) => ({
    ...head(name),
    status: 'success',
    data: {
      pagination: { totalDocs: rows.length, page: 1 },
      transaction: rows.map((r, i) => ({
        _id: `5f0f0a0b0c0d0e0f${String(i).padStart(8, '0')}`,
        id: `5f0f0a0b0c0d0e0f${String(i).padStart(8, '0')}`,
        notes: {
          desc: r.narration,
          topics: [],
          places: [],
          people: [],
          actions: ['transfer'],
          subjects: [],
          prepositions: [],
        },
        manual: false,
        reconciled: false,
        fetched: [null],
        record: ['5f0f0a0b0c0d0e0f00000000'],
        trans_date: lagosInstant(r.day, r.second),
        cleared_date: lagosInstant(r.day, r.second),
        unformatted_trans_date: dmy(r.day, '-'),
        unformatted_cleared_date: dmy(r.day, '-'),
        credit: r.direction === 'credit' ? String(toMajor(r.amount)) : null,
        debit: r.direction === 'debit' ? toMajor(r.amount) : null,
        balance: toMajor(r.balance),
        ref: i % 3 === 0 ? null : `FT${i}`,
        bank: { icon: 'https://x/icon.png', logo: 'https://x/logo.png', name: 'Access Bank', status: 'active' },
        customer: i % 2 === 0 ? '5f0f0a0b0c0d0e0f00000001' : { _id: '5f0f0a0b0c0d0e0f00000001', name: 'FUNKE OJO' },
        account: { _id: '5f0f0a0b0c0d0e0f00000002', nuban: '0123456789', name: 'FUNKE OJO' },
        branch: 'LAGOS',
        code: '044',
        currency: 'NGN',
        env: 'production',
        projects: [],
        created_at: lagosInstant(r.day, r.second),
        last_updated: lagosInstant(r.day, r.second),
      })),
    },
  }),
  dojah: (rows, name) => ({
    ...head(name),
    entity: {
      transactions: rows
        .map((r, i) => ({
          id: 1870 + i,
          transaction_date: r.day,
          value_date: r.day,
          trans_type: r.direction,
          bank_name: 'Guaranty Trust Bank',
          amount: minorToDecimalText(r.amount),
          available_balance: minorToDecimalText(r.balance),
          reference: '0',
          narration: r.narration,
        }))
        .reverse(),
      total: rows.length,
      previous_page: '',
      next_page: '',
      total_pages: 1,
      current_page: 1,
    },
  }),
  mbs: (rows, name) => ({
    bankStatement: {
      mbs: {
        bank: 'GTB',
        jsonData: {
          statementName: name,
          status: 'success',
          Name: 'FUNKE OJO',
          Nuban: '0825902262',
          AccountType: 'SAVINGS',
          AvailableBal: `${minorToDecimalText(rows.at(-1)?.balance ?? 0)}00`,
          Period: '1/1/2022 12:00:00 AM to 12/31/2022 12:00:00 AM',
          Currency: 'NGN',
          Signatories: [{ Name: 'N/A', BVN: 'N/A' }],
          Details: [
            {
              PTransactionDate: mdy(rows[0]?.day ?? '2022-01-01'),
              PValueDate: mdy(rows[0]?.day ?? '2022-01-01'),
              PNarration: 'OPB Opening Balance',
              PCredit: '0',
              PDebit: '0',
              PBalance: '50000.00',
            },
            ...rows.map((r) => ({
              PTransactionDate: mdy(r.day),
              PValueDate: mdy(r.day),
              PNarration: r.narration,
              PCredit: r.direction === 'credit' ? minorToDecimalText(r.amount) : '0',
              PDebit: r.direction === 'debit' ? minorToDecimalText(r.amount) : '0',
              PBalance: minorToDecimalText(r.balance),
            })),
          ],
        },
      },
    },
  }),
  zeeh: (rows, name) => ({
    ...head(name),
    paging: null,
    data: rows.map((r, i) => ({
      type: r.direction,
      amount: minorToDecimalText(r.amount),
      narration: r.narration,
      date: `${dmy(r.day, '/')} ${hhmmss(r.second).replace(/^0/, '')}`,
      closingBalance: i % 2 === 0 ? minorToDecimalText(r.balance) : toMajor(r.balance),
      tranId: `NIP-DCO-${1833962182 + i}`,
    })),
  }),
};

/** A raw body in a provider's own shape (with its quirks) for these rows. */
export function bodyFor(format: FormatName, rows: GeneratedRow[], name = 'Generated statement'): unknown {
  return writers[format](rows, name);
}

type BodyRow = Record<string, unknown>;
const listAt = (body: unknown, ...keys: string[]): BodyRow[] =>
  keys.reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], body) as BodyRow[];

/**
 * A body from `bodyFor` with the running balance taken off its generated rows where `drop` says
 * (`i`: the row's index in `rows`, oldest first), as each provider leaves one out: Mono and Okra
 * `null`, Dojah and Periculum no field, MBS and Zeeh `""`. The opening rows of Periculum and MBS stay.
 */
export function withoutBalances(format: FormatName, body: unknown, drop: (i: number) => boolean): unknown {
  const [list, field, none, first, newestFirst] = ((): [BodyRow[], string, unknown, number, boolean] => {
    switch (format) {
      case 'periculum':
        return [listAt(body, 'transactions'), 'balance', undefined, 1, false];
      case 'mono':
        return [listAt(body, 'data'), 'balance', null, 0, true];
      case 'okra':
        return [listAt(body, 'data', 'transaction'), 'balance', null, 0, false];
      case 'dojah':
        return [listAt(body, 'entity', 'transactions'), 'available_balance', undefined, 0, true];
      case 'mbs':
        return [listAt(body, 'bankStatement', 'mbs', 'jsonData', 'Details'), 'PBalance', '', 1, false];
      case 'zeeh':
        return [listAt(body, 'data'), 'closingBalance', '', 0, false];
    }
  })();
  const count = list.length - first;
  for (let i = 0; i < count; i++) {
    if (!drop(i)) continue;
    const row = list[newestFirst ? count - 1 - i : first + i] as BodyRow;
    if (none === undefined) delete row[field];
    else row[field] = none;
  }
  return body;
}
