import { createHash } from 'node:crypto';
import { maskIdentifier } from '../../../domain/identifier.js';
import { formatMajor } from '../../../domain/money.js';
import {
  type AccountKind,
  badKey,
  type CreditReport,
  emptyAccountRating,
  emptySections,
  emptySummary,
  goodKey,
  type SectionRows,
} from '../../report.js';

export type Profile = 'thin' | 'good' | 'bad' | 'mixed';

/** Reports are "as of" a fixed day so that a key (BVN, registration number) always gives the same report. */
export const AS_OF = Date.UTC(2026, 9, 31);
export const DAY = 86_400_000;
export const YEAR = 365 * DAY;

export const SURNAMES = [
  'Adeyemi',
  'Okafor',
  'Bello',
  'Eze',
  'Ibrahim',
  'Okonkwo',
  'Adebayo',
  'Nwosu',
  'Abubakar',
  'Ogunleye',
];
const FIRST_F = ['Chioma', 'Aisha', 'Funmilayo', 'Ngozi', 'Amina', 'Temitope', 'Blessing', 'Zainab'];
const FIRST_M = ['Emeka', 'Tunde', 'Ibrahim', 'Chinedu', 'Segun', 'Musa', 'Obinna', 'Femi'];
const STREETS = ['Allen Avenue', 'Herbert Macaulay Way', 'Ahmadu Bello Way', 'Awolowo Road', 'Aba Road', 'Ogui Road'];
const CITIES: Array<[string, string]> = [
  ['Ikeja', 'Lagos'],
  ['Yaba', 'Lagos'],
  ['Garki', 'FCT'],
  ['Port Harcourt', 'Rivers'],
  ['Enugu', 'Enugu'],
  ['Ibadan', 'Oyo'],
];
const EMPLOYERS = ['Dangote Cement Plc', 'Lagos State Government', 'MTN Nigeria', 'Self employed', 'Access Bank Plc'];
const LENDERS: Array<[string, AccountKind]> = [
  ['LAPO Microfinance Bank Limited', 'PersonalLoan'],
  ['Access Bank Plc', 'PersonalLoan'],
  ['Guaranty Trust Bank Plc', 'CreditCard'],
  ['Carbon Finance Ltd', 'Other'],
  ['FairMoney Microfinance Bank', 'Other'],
  ['MTN Nigeria Communications', 'Telecom'],
  ['Coscharis Motors Finance', 'AutoLoan'],
  ['Slot Systems Ltd', 'Retail'],
];
const CONSUMER_ACCOUNTS: AccountPlan<AccountKind> = {
  lenders: LENDERS,
  principalThousands: [20, 1500],
  terms: [3, 6, 12, 18, 24],
};

/** Draws from a seeded generator: `next` in [0, 1), `pick` one of `xs`, `int` in [lo, hi]. */
export interface Random {
  next(): number;
  pick<T>(xs: readonly T[]): T;
  int(lo: number, hi: number): number;
}

/** A small seeded generator (mulberry32) over the SHA-256 of the key. */
export function seeded(key: string): Random {
  let seed = createHash('sha256').update(`sandbox:${key}`).digest().readUInt32BE(0);
  const next = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
  };
}

/** The profile of a key with no fixed one: mostly a good history, some mixed. */
export const drawProfile = (r: Random): Profile => (r.next() < 0.7 ? 'good' : 'mixed');

export const ddmmyyyy = (ms: number): string => {
  const d = new Date(ms);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
};

/** The bureau's numeric id for a subject, from the last digits of its key. */
export const bureauId = (key: string): number => 1_000_000 + (Number(key.replace(/\D/g, '').slice(-7)) % 8_999_999);

export const drawMobile = (r: Random): string => `080${String(r.int(10_000_000, 99_999_999))}`;

export interface Person {
  female: boolean;
  surname: string;
  firstName: string;
  otherNames: string;
  born: number;
}

export function drawPerson(r: Random, minAge: number, maxAge: number): Person {
  const female = r.next() < 0.5;
  const names = female ? FIRST_F : FIRST_M;
  const surname = r.pick(SURNAMES);
  const firstName = r.pick(names);
  const otherNames = r.next() < 0.5 ? r.pick(names) : '';
  const born = AS_OF - r.int(minAge, maxAge) * YEAR - r.int(0, 364) * DAY;
  return { female, surname, firstName, otherNames, born };
}

export interface Address {
  street: string;
  city: string;
  state: string;
}

export function drawAddress(r: Random): Address {
  const [city, state] = r.pick(CITIES);
  return { street: `${r.int(1, 120)} ${r.pick(STREETS)}`, city, state };
}

/** An `addressHistory` row. */
export const addressRow = (a: Address, addressTypeInd: string): Record<string, string> => ({
  address1: a.street,
  address2: a.city,
  address3: a.state,
  address4: '',
  addressTypeInd,
});

export interface Account<K> {
  lender: string;
  kind: K;
  accountNo: string;
  opened: number;
  closed: number | undefined;
  principal: number; // kobo
  balance: number;
  instalment: number;
  overdue: number;
  months: number;
  performance: 'Performing' | 'Watchlist' | 'Substandard' | 'Doubtful' | 'Lost';
}

/** Who lends what: the lenders (each with its kind of credit), loan sizes in thousands of naira, terms in months. */
export interface AccountPlan<K> {
  lenders: ReadonlyArray<readonly [string, K]>;
  principalThousands: readonly [number, number];
  terms: readonly number[];
}

/** `count` credit accounts; a bad profile has every other one in arrears, a mixed one its first. */
export function drawAccounts<K>(r: Random, profile: Profile, count: number, plan: AccountPlan<K>): Account<K>[] {
  const accounts: Account<K>[] = [];
  for (let i = 0; i < count; i++) {
    const [lender, kind] = profile === 'thin' ? (plan.lenders[0] as readonly [string, K]) : r.pick(plan.lenders);
    const months = r.pick(plan.terms);
    const opened = AS_OF - r.int(60, 2400) * DAY;
    const closed = opened + months * 30 * DAY < AS_OF && r.next() < 0.7 ? opened + months * 30 * DAY : undefined;
    const principal = r.int(...plan.principalThousands) * 1000 * 100;
    const instalment = Math.round(principal / months / 100) * 100;
    const troubled = profile === 'bad' ? i % 2 === 0 : profile === 'mixed' && i === 0;
    const drawn = closed ? 0 : Math.round(principal * r.next());
    const missed = troubled && !closed ? r.int(2, 6) : 3;
    // A troubled account stays open and owes something; what is overdue is never more than it owes.
    const balance = troubled && drawn === 0 ? Math.round(principal / 2) : drawn;
    accounts.push({
      lender,
      kind,
      accountNo: String(r.int(1_000_000_000, 9_999_999_999)),
      opened,
      closed: troubled ? undefined : closed,
      principal,
      balance,
      instalment,
      overdue: troubled ? Math.min(balance, instalment * missed) : 0,
      months,
      performance: troubled ? (profile === 'bad' ? r.pick(['Doubtful', 'Lost'] as const) : 'Watchlist') : 'Performing',
    });
  }
  return accounts;
}

export const isPerforming = <K>(a: Account<K>): boolean => a.performance === 'Performing';

export interface Dishonour {
  date: number;
  amount: number;
  bank: string;
}

/** Bounced cheques, most recent first: two or three for a bad profile, none otherwise. */
export function drawDishonoured<K>(
  r: Random,
  profile: Profile,
  banks: ReadonlyArray<readonly [string, K]>,
): Dishonour[] {
  if (profile !== 'bad') return [];
  return Array.from({ length: r.int(2, 3) }, (_, i) => ({
    date: AS_OF - r.int(30, 700) * DAY - i,
    amount: r.int(50, 900) * 1000 * 100,
    bank: r.pick(banks)[0],
  })).sort((a, b) => b.date - a.date);
}

export interface Judgement {
  date: number;
  amount: number;
}

/** One court judgement for a bad profile, none otherwise. */
export function drawJudgements(r: Random, profile: Profile): Judgement[] {
  return profile === 'bad' ? [{ date: AS_OF - r.int(90, 900) * DAY, amount: r.int(200, 3000) * 1000 * 100 }] : [];
}

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

/** The credit account summary in NGN (the spec's currencies at their empty values), agreeing with the accounts. */
export function accountSummary<K>(
  r: Random,
  profile: Profile,
  accounts: Account<K>[],
  dishonoured: Dishonour[],
  judgements: Judgement[],
): CreditReport['creditAccountSummary'] {
  const open = accounts.filter((a) => a.closed === undefined);
  const summary = emptySummary(['NGN']);
  const lastJudgement = judgements[0];
  const lastCheque = dishonoured[0];
  return Object.assign(summary, {
    rating: String(profile === 'bad' ? r.int(1, 3) : profile === 'thin' ? r.int(4, 6) : r.int(7, 12) * 10),
    lastJudgementDateNGN: lastJudgement ? ddmmyyyy(lastJudgement.date) : '-',
    totalActiveAccountsNGN: String(open.length),
    totalAmountInArrearNGN: formatMajor(sum(accounts.map((a) => a.overdue))),
    totalClosedAccountsNGN: String(accounts.length - open.length),
    totalAccountInArrearNGN: String(accounts.filter((a) => a.overdue > 0).length),
    totalJudgementAmountNGN: formatMajor(sum(judgements.map((j) => j.amount))),
    totalOutstandingdebtNGN: formatMajor(sum(accounts.map((a) => a.balance))),
    totalNumberofAccountsNGN: String(accounts.length),
    lastBouncedChequesDateNGN: lastCheque ? ddmmyyyy(lastCheque.date) : '-',
    totalDishonouredAmountNGN: formatMajor(sum(dishonoured.map((d) => d.amount))),
    totalMonthlyInstalmentNGN: formatMajor(sum(open.map((a) => a.instalment))),
    totalNumberofJudgementNGN: String(judgements.length),
    totalNumberofDishonouredNGN: String(dishonoured.length),
    totalaccountinGoodconditionNGN: String(accounts.filter(isPerforming).length),
  });
}

/** `creditAgreementSummary`: one row per account, amounts as the bureau formats them. */
export function agreementRows<K>(r: Random, accounts: Account<K>[]): SectionRows {
  return accounts.map((a) => ({
    currency: 'NGN',
    accountNo: a.accountNo,
    closedDate: a.closed ? ddmmyyyy(a.closed) : '',
    loanDuration: String(a.months * 30),
    subAccountNo: '',
    accountStatus: a.closed ? 'Closed' : 'Open',
    amountOverdue: formatMajor(a.overdue),
    subscriberName: a.lender,
    lastUpdatedDate: ddmmyyyy(AS_OF - r.int(1, 40) * DAY),
    instalmentAmount: formatMajor(a.instalment),
    currentBalanceAmt: formatMajor(a.balance),
    dateAccountOpened: ddmmyyyy(a.opened),
    openingBalanceAmt: formatMajor(a.principal),
    performanceStatus: a.performance,
    repaymentFrequency: 'Monthly',
  }));
}

/** `accountMonthlyPaymentHistory`: each agreement row with its last twelve months. */
export function paymentHistoryRows<K>(accounts: Account<K>[], agreements: SectionRows): SectionRows {
  return accounts.map((a, i) => ({
    ...agreements[i],
    loanDuration: `${a.months * 30} Day(s)`,
    monthlyInstalmentAmt: formatMajor(a.instalment),
    // One character per month, most recent first: 0 paid on time, 1..6 months in arrears.
    paymentHistory: Array.from({ length: Math.min(12, a.months) }, (_, m) =>
      a.overdue > 0 && m < 4 ? String(Math.min(6, 4 - m)) : '0',
    ).join(''),
  }));
}

export const highestDelinquencyRows = <K>(accounts: Account<K>[]): SectionRows => [
  { highestDelinquencyRating: accounts.every(isPerforming) ? '0' : '6' },
];

/** A deterministic, realistic consumer report for a BVN, in the spec's exact shape. */
export function generateReport(bvn: string, fixed?: Profile): CreditReport {
  const r = seeded(bvn);
  const profile: Profile = fixed ?? drawProfile(r);

  const person = drawPerson(r, 23, 60);
  const { surname, firstName, female } = person;
  const address = drawAddress(r);
  const phone = drawMobile(r);
  const employer = r.pick(EMPLOYERS);

  // Every count is drawn (not only the profile's) so that the draws after it stay where they were.
  const accountCount = { thin: 1, good: r.int(4, 7), bad: r.int(5, 8), mixed: r.int(3, 6) }[profile];
  const accounts = drawAccounts(r, profile, accountCount, CONSUMER_ACCOUNTS);
  const badAccounts = accounts.filter((a) => !isPerforming(a));
  const dishonoured = drawDishonoured(r, profile, LENDERS);
  const judgements = drawJudgements(r, profile);

  const accountRating = emptyAccountRating();
  for (const a of accounts) {
    const key = isPerforming(a) ? goodKey(a.kind) : badKey(a.kind);
    accountRating[key] = String(Number(accountRating[key] ?? '0') + 1);
  }
  const summary = accountSummary(r, profile, accounts, dishonoured, judgements);
  const agreements = agreementRows(r, accounts);

  const report: CreditReport = {
    ...emptySections(),
    accountRating,
    creditAccountSummary: summary,
    personalDetailsSummary: {
      title: female ? 'Mrs' : 'Mr',
      gender: female ? 'Female' : 'Male',
      header: `PERSONAL DETAILS SUMMARY: ${surname} ${firstName} `,
      surname,
      birthDate: ddmmyyyy(person.born),
      firstName,
      otheridNo: '',
      cellularNo: phone,
      dependants: String(r.int(0, 4)),
      otherNames: person.otherNames,
      passportNo: '',
      pencomIDNo: '',
      nationality: 'Nigeria',
      referenceNo: '',
      emailAddress: `${firstName}.${surname}@example.com`.toLowerCase(),
      nationalIDNo: '',
      maritalStatus: r.pick(['Single', 'Married', 'Married', '']),
      employerDetail: employer,
      postalAddress1: '',
      postalAddress2: '',
      postalAddress3: '',
      postalAddress4: '',
      homeTelephoneNo: '',
      workTelephoneNo: '',
      driversLicenseNo: '',
      propertyOwnedType: '',
      residentialAddress1: address.street,
      residentialAddress2: address.city,
      residentialAddress3: address.state,
      residentialAddress4: '',
      consumerID: bureauId(bvn),
    },
    creditAgreementSummary: agreements,
    accountMonthlyPaymentHistory: paymentHistoryRows(accounts, agreements),
    guarantorCount: [{ accounts: '0', guarantorsSecured: '0' }],
    addressHistory: [addressRow(address, 'Residential')],
    telephoneHistory: [{ mobileTelephoneNumber: phone, homeTelephoneNumber: '', workTelephoneNumber: '' }],
  };
  if (profile !== 'thin') {
    report.employmentHistory = [{ employerDetail: employer, occupation: '', upDateDate: ddmmyyyy(AS_OF - 200 * DAY) }];
    report.identificationHistory = [{ identificationType: 'BVN', identificationNumber: maskIdentifier(bvn) }];
    report.highestDelinquencyRating = highestDelinquencyRows(accounts);
  }
  if (profile === 'bad') {
    report.dudCheqEventSummary = dishonoured.map((d) => ({
      dateBounced: ddmmyyyy(d.date),
      subscriberName: d.bank,
      amount: formatMajor(d.amount),
    }));
    report.judgementSummary = judgements.map((j) => ({
      caseNo: `ID/${new Date(j.date).getUTCFullYear()}/${r.int(100, 999)}`,
      dateOfJudgement: ddmmyyyy(j.date),
      judgementAmount: formatMajor(j.amount),
      courtName: 'High Court of Lagos State',
    }));
    report.defaults = badAccounts.map((a) => ({
      subscriberName: a.lender,
      accountNo: a.accountNo,
      amountOverdue: formatMajor(a.overdue),
      performanceStatus: a.performance,
    }));
    report.adverseDetails = badAccounts.map((a) => ({ subscriberName: a.lender, classification: a.performance }));
  }
  return report;
}
