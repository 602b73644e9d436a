import { formatMajor, parseMinor } from '../../../domain/money.js';
import {
  type CreditReport,
  emptySummary,
  type MetricKind,
  type SectionRows,
  SPEC_CURRENCIES,
  SUMMARY_METRICS,
  type SummaryCurrency,
  type SummaryMetric,
  UNKNOWN_METRIC,
} from '../../report.js';
import { formatMetric, isBlank, type Lookup, lookup, reportDate, rows } from './answer-values.js';

/** FirstCentral reports in naira, with a second column for foreign currency (US dollars in Nigeria). */
const LOCAL: SummaryCurrency = 'NGN';
const FOREIGN: SummaryCurrency = 'USD';

/** FirstCentral's column names for each metric (local currency; the foreign column adds `1`). */
const metricAliases: Record<SummaryMetric, string[]> = {
  lastJudgementDate: ['LastJudgementDate'],
  totalActiveAccounts: ['TotalActiveAccounts'],
  totalAmountInArrear: ['TotalAmountInArrear', 'Amountarrear'],
  totalClosedAccounts: ['TotalClosedAccounts'],
  totalAccountInArrear: ['TotalAccountInArrear', 'TotalAccountarrear'],
  totalJudgementAmount: ['TotalJudgementAmount'],
  totalOutstandingdebt: ['TotalOutstandingdebt'],
  totalNumberofAccounts: ['TotalNumberofAccounts', 'TotalAccounts'],
  lastBouncedChequesDate: ['LastBouncedChequesDate'],
  totalDishonouredAmount: ['TotalDishonouredAmount'],
  totalMonthlyInstalment: ['TotalMonthlyInstalment'],
  totalNumberofJudgement: ['TotalNumberofJudgement'],
  totalNumberofDishonoured: ['TotalNumberofDishonoured'],
  totalaccountinGoodcondition: ['TotalaccountinGoodcondition', 'TotalaccountinGodcondition'],
};

/** The report's own rows, which the summary is worked out from where the bureau gives no figure. */
export interface SummarySources {
  agreements: SectionRows | null;
  judgements?: SectionRows | null;
  dishonoured?: SectionRows | null;
}

/** A total that is unknown (`undefined`) once a row it sums has an amount that cannot be read. */
type Sum = number | undefined;

/** One currency's totals over the rows; amounts in minor units, dates `DD/MM/YYYY` or `-`. */
interface Totals {
  accounts: number;
  active: number;
  closed: number;
  inArrear: Sum;
  arrear: Sum;
  outstanding: Sum;
  instalments: Sum;
  good: number;
  judgements: number;
  judged: Sum;
  lastJudgement: string;
  dishonoured: number;
  bounced: Sum;
  lastBounced: string;
}

const plus = (a: Sum, b: Sum): Sum => (a === undefined || b === undefined ? undefined : a + b);

/**
 * A row's amount in minor units: 0 when blank, `undefined` when it is not an amount (`"500.00 DR"`,
 * `"N1,000"`): the row still passes through as the bureau gave it, only the totals over it are unknown.
 */
function rowAmount(value: unknown): Sum {
  if (isBlank(value)) return 0;
  const parsed = parseMinor(String(value).trim());
  return parsed.ok ? parsed.minor : undefined;
}

const noTotals = (): Totals => ({
  accounts: 0,
  active: 0,
  closed: 0,
  inArrear: 0,
  arrear: 0,
  outstanding: 0,
  instalments: 0,
  good: 0,
  judgements: 0,
  judged: 0,
  lastJudgement: '-',
  dishonoured: 0,
  bounced: 0,
  lastBounced: '-',
});

const sortable = (date: string) => date.split('/').reverse().join('');
/** The later of a known date (`-` for none) and a row's date (`''` when it has none). */
const later = (known: string, date: string) =>
  date !== '' && (known === '-' || sortable(date) > sortable(known)) ? date : known;

/** Totals per currency (a row without one is in the local currency). */
function totalsOf(sources: SummarySources): Map<string, Totals> {
  const totals = new Map<string, Totals>();
  const each = (list: SectionRows | null | undefined, add: (t: Totals, get: Lookup) => void) =>
    (list ?? []).forEach((row) => {
      const get = lookup(row);
      const currency =
        String(get('currency') ?? '')
          .trim()
          .toUpperCase() || LOCAL;
      const t = totals.get(currency) ?? noTotals();
      add(t, get);
      totals.set(currency, t);
    });
  const amount = (get: Lookup, ...names: string[]) => rowAmount(get(...names));
  const date = (get: Lookup, ...names: string[]) => reportDate(String(get(...names) ?? ''));

  each(sources.agreements, (t, get) => {
    const overdue = amount(get, 'amountOverdue');
    t.accounts += 1;
    t.outstanding = plus(t.outstanding, amount(get, 'currentBalanceAmt'));
    if (/closed/i.test(String(get('accountStatus') ?? ''))) t.closed += 1;
    else {
      t.active += 1;
      t.instalments = plus(t.instalments, amount(get, 'instalmentAmount'));
    }
    // An unreadable overdue amount leaves both unknown: whether the account is in arrear, and by how much.
    t.inArrear = overdue === undefined ? undefined : plus(t.inArrear, overdue > 0 ? 1 : 0);
    t.arrear = overdue === undefined ? undefined : plus(t.arrear, Math.max(overdue, 0));
    if (/^\s*performing\s*$/i.test(String(get('performanceStatus') ?? ''))) t.good += 1;
  });
  each(sources.judgements, (t, get) => {
    t.judgements += 1;
    t.judged = plus(t.judged, amount(get, 'judgementAmount', 'amount'));
    t.lastJudgement = later(t.lastJudgement, date(get, 'dateOfJudgement', 'judgementDate', 'date'));
  });
  each(sources.dishonoured, (t, get) => {
    t.dishonoured += 1;
    t.bounced = plus(t.bounced, amount(get, 'amount', 'chequeAmount', 'dishonouredAmount'));
    t.lastBounced = later(t.lastBounced, date(get, 'dateBounced', 'dishonouredDate', 'date'));
  });
  return totals;
}

const amountText = (sum: Sum) => (sum === undefined ? UNKNOWN_METRIC : formatMajor(sum));

/** Each metric as the rows give it (`-` where a row's amount it needs cannot be read). */
function figures(t: Totals): Record<SummaryMetric, string> {
  return {
    lastJudgementDate: t.lastJudgement,
    totalActiveAccounts: String(t.active),
    totalAmountInArrear: amountText(t.arrear),
    totalClosedAccounts: String(t.closed),
    totalAccountInArrear: t.inArrear === undefined ? UNKNOWN_METRIC : String(t.inArrear),
    totalJudgementAmount: amountText(t.judged),
    totalOutstandingdebt: amountText(t.outstanding),
    totalNumberofAccounts: String(t.accounts),
    lastBouncedChequesDate: t.lastBounced,
    totalDishonouredAmount: amountText(t.bounced),
    totalMonthlyInstalment: amountText(t.instalments),
    totalNumberofJudgement: String(t.judgements),
    totalNumberofDishonoured: String(t.dishonoured),
    totalaccountinGoodcondition: String(t.good),
  };
}

/**
 * The credit account summary. Each figure is the bureau's, from its summary section (`CreditSummary`,
 * or `CreditAccountSummary` in other XDS bureaus): the local currency (NGN, unsuffixed) and foreign
 * currency (suffix `1`, US dollars in Nigeria). A figure the bureau does not give (no summary
 * section, no such column, or null, blank or `-`) is never read as zero: it is worked out from the
 * report's own rows, the credit agreements (accounts, arrears, balances, instalments), judgements
 * and dishonoured cheques, in that row's currency. So is every figure of EUR, GBP and GHS, which
 * FirstCentral has no column for. A worked-out figure that needs a row amount that is not an amount
 * is unknown, `-` (never zero, and the report is not failed over it). The rating is the bureau's
 * alone (`''` when it gives none).
 */
export function mapAccountSummary(get: Lookup, sources: SummarySources): CreditReport['creditAccountSummary'] {
  const bureau = lookup(rows(get('CreditSummary', 'CreditAccountSummary'))[0] ?? {});
  const totals = totalsOf(sources);
  const summary = emptySummary([LOCAL]);
  const rating = bureau('Rating');
  summary.rating = isBlank(rating) ? '' : String(rating).trim();
  for (const currency of [...SPEC_CURRENCIES, LOCAL]) {
    const suffix = currency === LOCAL ? '' : currency === FOREIGN ? '1' : undefined;
    const worked = figures(totals.get(currency) ?? noTotals());
    for (const [metric, kind] of Object.entries(SUMMARY_METRICS) as Array<[SummaryMetric, MetricKind]>) {
      const given = suffix === undefined ? undefined : bureau(...metricAliases[metric].map((a) => `${a}${suffix}`));
      summary[`${metric}${currency}`] = isBlank(given)
        ? worked[metric]
        : formatMetric(kind, given, `CreditSummary.${metricAliases[metric][0]}${suffix}`);
    }
  }
  return summary;
}
