import { maskIdentifier } from '../../../domain/identifier.js';
import { formatMajor } from '../../../domain/money.js';
import {
  type BusinessData,
  type CommercialCreditReport,
  emptyBusinessData,
  emptyCommercialSections,
} from '../../commercial-report.js';
import { emptySummary, type SectionRows } from '../../report.js';
import {
  type Account,
  type AccountPlan,
  type Address,
  AS_OF,
  accountSummary,
  addressRow,
  agreementRows,
  bureauId,
  DAY,
  ddmmyyyy,
  drawAccounts,
  drawAddress,
  drawDishonoured,
  drawJudgements,
  drawMobile,
  drawPerson,
  drawProfile,
  highestDelinquencyRows,
  type Profile,
  paymentHistoryRows,
  type Random,
  SURNAMES,
  seeded,
  YEAR,
} from './generate-report.js';

type Facility = 'Overdraft' | 'Term Loan' | 'Asset Finance' | 'Lease Finance' | 'Invoice Discounting';

const BUSINESS_LENDERS: Array<[string, Facility]> = [
  ['Access Bank Plc', 'Overdraft'],
  ['Zenith Bank Plc', 'Term Loan'],
  ['First Bank of Nigeria Limited', 'Term Loan'],
  ['United Bank for Africa Plc', 'Overdraft'],
  ['Guaranty Trust Bank Plc', 'Invoice Discounting'],
  ['Stanbic IBTC Bank Plc', 'Asset Finance'],
  ['Fidelity Bank Plc', 'Overdraft'],
  ['Bank of Industry Limited', 'Term Loan'],
  ['LAPO Microfinance Bank Limited', 'Term Loan'],
  ['C & I Leasing Plc', 'Lease Finance'],
];
const TERMS = [6, 12, 24, 36, 60];

/** How many credit agreements each profile has on file. */
const AGREEMENTS: Record<Profile, readonly [number, number]> = {
  thin: [0, 0],
  good: [2, 5],
  bad: [3, 6],
  mixed: [2, 5],
};

const BRANDS = ['Sunrise', 'Greenfield', 'Royal Crest', 'Everbright', 'Kingsway', 'Unity', 'Apex', 'Goldline'];
/** Industry sectors, each with the word a business in it puts in its name. */
const SECTORS: Array<[string, string]> = [
  ['Agriculture', 'Agro Allied'],
  ['Manufacturing', 'Industries'],
  ['Wholesale and Retail Trade', 'Trading'],
  ['Information and Communication', 'Technologies'],
  ['Transportation and Storage', 'Logistics'],
  ['Construction', 'Construction'],
  ['Oil and Gas', 'Energy Services'],
  ['Accommodation and Food Services', 'Hospitality'],
  ['Human Health', 'Pharmacy'],
];
const TRUSTEES: Array<[string, string]> = [
  ['Foundation', 'Non-Profit Organisation'],
  ['Community Development Association', 'Community Development'],
  ['Christian Mission', 'Religious Organisation'],
  ['Islamic Society', 'Religious Organisation'],
  ['Schools Trust', 'Education'],
];

interface Identity {
  businessName: string;
  tradingName: string;
  businessType: string;
  industrySector: string;
}

/** What the registration number's prefix makes the business: its name and type, how many directors, how much it borrows. */
interface Entity {
  identity(r: Random, stem: string): Identity;
  directors: readonly [number, number];
  principalThousands: readonly [number, number];
}

function trading(r: Random, stem: string, suffix: string, businessType: string): Identity {
  const [industrySector, word] = r.pick(SECTORS);
  const tradingName = `${stem} ${word}`.toUpperCase();
  return { businessName: `${tradingName} ${suffix}`.toUpperCase(), tradingName, businessType, industrySector };
}

const COMPANY: Entity = {
  identity: (r, stem) => trading(r, stem, 'Limited', 'LIMITED LIABILITY COMPANY'),
  directors: [1, 3],
  principalThousands: [2_000, 250_000],
};

const ENTITIES: Record<string, Entity> = {
  RC: COMPANY,
  BN: {
    identity: (r, stem) => {
      const businessType = r.pick(['SOLE PROPRIETORSHIP', 'BUSINESS NAME']);
      const identity = trading(r, stem, r.pick(['Enterprises', 'Ventures', 'Global Services']), businessType);
      return { ...identity, tradingName: identity.businessName };
    },
    directors: [1, 1],
    principalThousands: [500, 20_000],
  },
  IT: {
    identity: (r, stem) => {
      const [body, industrySector] = r.pick(TRUSTEES);
      const tradingName = `${stem} ${body}`.toUpperCase();
      const businessName = `THE REGISTERED TRUSTEES OF ${tradingName}`;
      return { businessName, tradingName, businessType: 'INCORPORATED TRUSTEES', industrySector };
    },
    directors: [2, 3],
    principalThousands: [1_000, 50_000],
  },
  LP: {
    identity: (r, stem) => trading(r, stem, 'LP', 'LIMITED PARTNERSHIP'),
    directors: [2, 3],
    principalThousands: [1_000, 80_000],
  },
  LLP: {
    identity: (r, stem) => trading(r, stem, 'LLP', 'LIMITED LIABILITY PARTNERSHIP'),
    directors: [2, 3],
    principalThousands: [1_000, 80_000],
  },
};

// Old company numbers are filed without a prefix, so a bare number is a company.
const entityOf = (registrationNumber: string): Entity =>
  ENTITIES[/^(RC|BN|IT|LLP|LP)/.exec(registrationNumber)?.[1] ?? 'RC'] ?? COMPANY;

const slug = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');

function drawBusinessData(
  r: Random,
  registrationNumber: string,
  identity: Identity,
  address: Address,
  incorporated: number,
  noOfDirectors: number,
): BusinessData {
  const domain = `${slug(identity.tradingName)}.example.com`;
  return {
    ...emptyBusinessData(),
    ...identity,
    businessRegistrationNumber: registrationNumber,
    dateOfIncorporation: ddmmyyyy(incorporated),
    dateOfCommencement: ddmmyyyy(incorporated + r.int(0, 180) * DAY),
    commercialAddress1: address.street,
    commercialAddress2: address.city,
    commercialAddress3: address.state,
    telephone1: drawMobile(r),
    telephone2: r.next() < 0.5 ? drawMobile(r) : '',
    commercialEmail1: `info@${domain}`,
    webaddress: r.next() < 0.5 ? `www.${domain}` : '',
    taxIdentificationNumber: `${r.int(10_000_000, 99_999_999)}-0001`,
    noOfDirectors: String(noOfDirectors),
    updatedOn: ddmmyyyy(AS_OF - r.int(1, 90) * DAY),
    commercialID: bureauId(registrationNumber),
  };
}

/** The first director was appointed at incorporation, the others since; all were adults by then. */
function drawDirectors(r: Random, count: number, incorporated: number): SectionRows {
  const yearsSince = Math.floor((AS_OF - incorporated) / YEAR);
  return Array.from({ length: count }, (_, i) => {
    const person = drawPerson(r, yearsSince + 25, yearsSince + 45);
    const appointed = i === 0 ? incorporated : incorporated + r.int(1, yearsSince * 365) * DAY;
    return {
      directorid: String(r.int(100_000, 999_999)),
      dateofBirth: ddmmyyyy(person.born),
      firstName: person.firstName,
      othernames: person.otherNames,
      surname: person.surname,
      identificationnumber: maskIdentifier(`22${r.int(100_000_000, 999_999_999)}`),
      directorAppointmentdate: ddmmyyyy(appointed),
    };
  });
}

/** One row per performance classification, with its facilities' count, balance and arrears. */
function facilityPerformanceRows(accounts: Account<Facility>[]): SectionRows {
  const statuses = [...new Set(accounts.map((a) => a.performance))];
  return statuses.map((performanceStatus) => {
    const these = accounts.filter((a) => a.performance === performanceStatus);
    return {
      performanceStatus,
      noOfFacilities: String(these.length),
      currentBalanceAmt: formatMajor(these.reduce((s, a) => s + a.balance, 0)),
      amountOverdue: formatMajor(these.reduce((s, a) => s + a.overdue, 0)),
    };
  });
}

/** A deterministic, realistic commercial report for a CAC registration number, in the schema's exact shape. */
export function generateCommercialReport(registrationNumber: string, fixed?: Profile): CommercialCreditReport {
  const r = seeded(registrationNumber);
  const profile: Profile = fixed ?? drawProfile(r);
  const entity = entityOf(registrationNumber);

  const identity = entity.identity(r, r.next() < 0.5 ? r.pick(SURNAMES) : r.pick(BRANDS));
  const address = drawAddress(r);
  // A business with no credit history is usually a young one; an older one has room for its loans.
  const age = profile === 'thin' ? r.int(1, 6) : r.int(7, 30);
  const incorporated = AS_OF - age * YEAR - r.int(0, 364) * DAY;
  const directors = drawDirectors(r, r.int(...entity.directors), incorporated);

  const report: CommercialCreditReport = {
    ...emptyCommercialSections(),
    businessData: drawBusinessData(r, registrationNumber, identity, address, incorporated, directors.length),
    directorInformation: directors,
    creditAccountSummary: emptySummary(['NGN']),
  };
  if (profile === 'thin') return report;

  const plan: AccountPlan<Facility> = {
    lenders: BUSINESS_LENDERS,
    principalThousands: entity.principalThousands,
    terms: TERMS,
  };
  const accounts = drawAccounts(r, profile, r.int(...AGREEMENTS[profile]), plan);
  const dishonoured = drawDishonoured(r, profile, BUSINESS_LENDERS);
  const judgements = drawJudgements(r, profile);
  const rows = agreementRows(r, accounts);
  const agreements = accounts.map((a, i) => ({ ...rows[i], indicatorDescription: a.kind }));
  return {
    ...report,
    creditAccountSummary: accountSummary(r, profile, accounts, dishonoured, judgements),
    addressHistory: [addressRow(address, 'Commercial')],
    creditAgreementSummary: agreements,
    highestDelinquencyRating: highestDelinquencyRows(accounts),
    facilityPerformanceSummary: facilityPerformanceRows(accounts),
    accountMonthlyPaymentHistory: paymentHistoryRows(accounts, agreements),
  };
}
