import { createHash } from 'node:crypto';
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

/** Reports are "as of" a fixed day so that a BVN always gives the same report. */
const AS_OF = Date.UTC(2026, 9, 31);
const DAY = 86_400_000;

const SURNAMES = [
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

/** A small seeded generator (mulberry32) over the SHA-256 of the BVN. */
function rngFor(bvn: string): () => number {
  let seed = createHash('sha256').update(`sandbox:${bvn}`).digest().readUInt32BE(0);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ddmmyyyy = (ms: number): string => {
  const d = new Date(ms);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
};

interface Account {
  lender: string;
  kind: AccountKind;
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

/** A deterministic, realistic consumer report for a BVN, in the spec's exact shape. */
export function generateReport(bvn: string, fixed?: Profile): CreditReport {
  const rnd = rngFor(bvn);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const profile: Profile = fixed ?? (rnd() < 0.7 ? 'good' : 'mixed');

  const female = rnd() < 0.5;
  const surname = pick(SURNAMES);
  const firstName = pick(female ? FIRST_F : FIRST_M);
  const otherNames = rnd() < 0.5 ? pick(female ? FIRST_F : FIRST_M) : '';
  const born = AS_OF - int(23, 60) * 365 * DAY - int(0, 364) * DAY;
  const [city, state] = pick(CITIES);
  const street = `${int(1, 120)} ${pick(STREETS)}`;
  const phone = `080${String(int(10_000_000, 99_999_999))}`;
  const employer = pick(EMPLOYERS);
  const consumerID = 1_000_000 + (Number.parseInt(bvn.slice(-7), 10) % 8_999_999);

  const accountCount = { thin: 1, good: int(4, 7), bad: int(5, 8), mixed: int(3, 6) }[profile];
  const accounts: Account[] = [];
  for (let i = 0; i < accountCount; i++) {
    const [lender, kind] = profile === 'thin' ? (LENDERS[0] as [string, AccountKind]) : pick(LENDERS);
    const months = pick([3, 6, 12, 18, 24]);
    const opened = AS_OF - int(60, 2400) * DAY;
    const closed = opened + months * 30 * DAY < AS_OF && rnd() < 0.7 ? opened + months * 30 * DAY : undefined;
    const principal = int(20, 1500) * 1000 * 100;
    const instalment = Math.round(principal / months / 100) * 100;
    const troubled = profile === 'bad' ? i % 2 === 0 : profile === 'mixed' && i === 0;
    const balance = closed ? 0 : Math.round(principal * rnd());
    const overdue = troubled && !closed ? Math.min(balance, instalment * int(2, 6)) : 0;
    accounts.push({
      lender,
      kind,
      accountNo: String(int(1_000_000_000, 9_999_999_999)),
      opened,
      closed: troubled ? undefined : closed,
      principal,
      balance: troubled && balance === 0 ? Math.round(principal / 2) : balance,
      instalment,
      overdue: troubled && overdue === 0 ? instalment * 3 : overdue,
      months,
      performance: troubled ? (profile === 'bad' ? pick(['Doubtful', 'Lost'] as const) : 'Watchlist') : 'Performing',
    });
  }

  const badAccounts = accounts.filter((a) => a.performance !== 'Performing');
  const open = accounts.filter((a) => a.closed === undefined);
  const dishonoured =
    profile === 'bad'
      ? Array.from({ length: int(2, 3) }, (_, i) => ({
          date: AS_OF - int(30, 700) * DAY - i,
          amount: int(50, 900) * 1000 * 100,
          bank: pick(LENDERS)[0],
        })).sort((a, b) => b.date - a.date)
      : [];
  const judgements =
    profile === 'bad' ? [{ date: AS_OF - int(90, 900) * DAY, amount: int(200, 3000) * 1000 * 100 }] : [];

  const accountRating = emptyAccountRating();
  for (const a of accounts) {
    const key = a.performance === 'Performing' ? goodKey(a.kind) : badKey(a.kind);
    accountRating[key] = String(Number(accountRating[key] ?? '0') + 1);
  }

  const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
  const summary = emptySummary(['NGN']);
  const lastJudgement = judgements[0];
  const lastCheque = dishonoured[0];
  Object.assign(summary, {
    rating: String(profile === 'bad' ? int(1, 3) : profile === 'thin' ? int(4, 6) : int(7, 12) * 10),
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
    totalaccountinGoodconditionNGN: String(accounts.length - badAccounts.length),
  });

  const agreements: SectionRows = accounts.map((a) => ({
    currency: 'NGN',
    accountNo: a.accountNo,
    closedDate: a.closed ? ddmmyyyy(a.closed) : '',
    loanDuration: String(a.months * 30),
    subAccountNo: '',
    accountStatus: a.closed ? 'Closed' : 'Open',
    amountOverdue: formatMajor(a.overdue),
    subscriberName: a.lender,
    lastUpdatedDate: ddmmyyyy(AS_OF - int(1, 40) * DAY),
    instalmentAmount: formatMajor(a.instalment),
    currentBalanceAmt: formatMajor(a.balance),
    dateAccountOpened: ddmmyyyy(a.opened),
    openingBalanceAmt: formatMajor(a.principal),
    performanceStatus: a.performance,
    repaymentFrequency: 'Monthly',
  }));
  const paymentHistory: SectionRows = accounts.map((a, i) => ({
    ...agreements[i],
    loanDuration: `${a.months * 30} Day(s)`,
    monthlyInstalmentAmt: formatMajor(a.instalment),
    // One character per month, most recent first: 0 paid on time, 1..6 months in arrears.
    paymentHistory: Array.from({ length: Math.min(12, a.months) }, (_, m) =>
      a.overdue > 0 && m < 4 ? String(Math.min(6, 4 - m)) : '0',
    ).join(''),
  }));

  const sections = emptySections();
  const report: CreditReport = {
    ...sections,
    accountRating,
    creditAccountSummary: summary,
    personalDetailsSummary: {
      title: female ? 'Mrs' : 'Mr',
      gender: female ? 'Female' : 'Male',
      header: `PERSONAL DETAILS SUMMARY: ${surname} ${firstName} `,
      surname,
      birthDate: ddmmyyyy(born),
      firstName,
      otheridNo: '',
      cellularNo: phone,
      dependants: String(int(0, 4)),
      otherNames,
      passportNo: '',
      pencomIDNo: '',
      nationality: 'Nigeria',
      referenceNo: '',
      emailAddress: `${firstName}.${surname}@example.com`.toLowerCase(),
      nationalIDNo: '',
      maritalStatus: pick(['Single', 'Married', 'Married', '']),
      employerDetail: employer,
      postalAddress1: '',
      postalAddress2: '',
      postalAddress3: '',
      postalAddress4: '',
      homeTelephoneNo: '',
      workTelephoneNo: '',
      driversLicenseNo: '',
      propertyOwnedType: '',
      residentialAddress1: street,
      residentialAddress2: city,
      residentialAddress3: state,
      residentialAddress4: '',
      consumerID,
    },
    creditAgreementSummary: agreements,
    accountMonthlyPaymentHistory: paymentHistory,
    guarantorCount: [{ accounts: '0', guarantorsSecured: '0' }],
    addressHistory: [
      { address1: street, address2: city, address3: state, address4: '', addressTypeInd: 'Residential' },
    ],
    telephoneHistory: [{ mobileTelephoneNumber: phone, homeTelephoneNumber: '', workTelephoneNumber: '' }],
  };
  if (profile !== 'thin') {
    report.employmentHistory = [{ employerDetail: employer, occupation: '', upDateDate: ddmmyyyy(AS_OF - 200 * DAY) }];
    report.identificationHistory = [
      { identificationType: 'BVN', identificationNumber: `${bvn.slice(0, 3)}******${bvn.slice(-2)}` },
    ];
    report.highestDelinquencyRating = [{ highestDelinquencyRating: badAccounts.length > 0 ? '6' : '0' }];
  }
  if (profile === 'bad') {
    report.dudCheqEventSummary = dishonoured.map((d) => ({
      dateBounced: ddmmyyyy(d.date),
      subscriberName: d.bank,
      amount: formatMajor(d.amount),
    }));
    report.judgementSummary = judgements.map((j) => ({
      caseNo: `ID/${new Date(j.date).getUTCFullYear()}/${int(100, 999)}`,
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
