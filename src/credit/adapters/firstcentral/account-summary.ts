import { formatMajor } from '../../../domain/money.js';
import {
  type CreditReport,
  emptySummary,
  type MetricKind,
  type SectionRows,
  SPEC_CURRENCIES,
  SUMMARY_METRICS,
  type SummaryCurrency,
  type SummaryMetric,
} from '../../report.js';
import { formatMetric, isBlank, type Lookup, lookup, minorOf, reportDate, rows } from './answer-values.js';

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

/** One currency's totals over the rows; amounts in minor units, dates `DD/MM/YYYY` or `-`. */
interface Totals {
  accounts: number;
  active: number;
  closed: number;
  inArrear: number;
  arrear: number;
  outstanding: number;
  instalments: number;
  good: number;
  judgements: number;
  judged: number;
  lastJudgement: string;
  dishonoured: number;
  bounced: number;
  lastBounced: string;
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
  const each = (
    section: string,
    list: SectionRows | null | undefined,
    add: (t: Totals, get: Lookup, at: string) => void,
  ) =>
    (list ?? []).forEach((row, i) => {
      const get = lookup(row);
      const currency =
        String(get('currency') ?? '')
          .trim()
          .toUpperCase() || LOCAL;
      const t = totals.get(currency) ?? noTotals();
      add(t, get, `${section}/${i}`);
      totals.set(currency, t);
    });
  const amount = (get: Lookup, at: string, ...names: string[]) => minorOf(get(...names), `${at}/${names[0]}`) ?? 0;
  const date = (get: Lookup, ...names: string[]) => reportDate(String(get(...names) ?? ''));

  each('creditAgreementSummary', sources.agreements, (t, get, at) => {
    const overdue = amount(get, at, 'amountOverdue');
    t.accounts += 1;
    t.outstanding += amount(get, at, 'currentBalanceAmt');
    if (/closed/i.test(String(get('accountStatus') ?? ''))) t.closed += 1;
    else {
      t.active += 1;
      t.instalments += amount(get, at, 'instalmentAmount');
    }
    if (overdue > 0) {
      t.inArrear += 1;
      t.arrear += overdue;
    }
    if (/^\s*performing\s*$/i.test(String(get('performanceStatus') ?? ''))) t.good += 1;
  });
  each('judgementSummary', sources.judgements, (t, get, at) => {
    t.judgements += 1;
    t.judged += amount(get, at, 'judgementAmount', 'amount');
    t.lastJudgement = later(t.lastJudgement, date(get, 'dateOfJudgement', 'judgementDate', 'date'));
  });
  each('dudCheqEventSummary', sources.dishonoured, (t, get, at) => {
    t.dishonoured += 1;
    t.bounced += amount(get, at, 'amount', 'chequeAmount', 'dishonouredAmount');
    t.lastBounced = later(t.lastBounced, date(get, 'dateBounced', 'dishonouredDate', 'date'));
  });
  return totals;
}

/** Each metric as the rows give it. */
function figures(t: Totals): Record<SummaryMetric, string> {
  return {
    lastJudgementDate: t.lastJudgement,
    totalActiveAccounts: String(t.active),
    totalAmountInArrear: formatMajor(t.arrear),
    totalClosedAccounts: String(t.closed),
    totalAccountInArrear: String(t.inArrear),
    totalJudgementAmount: formatMajor(t.judged),
    totalOutstandingdebt: formatMajor(t.outstanding),
    totalNumberofAccounts: String(t.accounts),
    lastBouncedChequesDate: t.lastBounced,
    totalDishonouredAmount: formatMajor(t.bounced),
    totalMonthlyInstalment: formatMajor(t.instalments),
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
 * FirstCentral has no column for. The rating is the bureau's alone (`''` when it gives none).
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
