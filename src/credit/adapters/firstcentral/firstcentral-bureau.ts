import { type BillingWatch, type Bureau, BureauError } from '../../bureau.js';
import { UnreadableReportError } from './answer-values.js';
import { mapFirstCentralCommercialReport } from './map-commercial-report.js';
import { mapFirstCentralReport } from './map-report.js';

export interface FirstCentralSettings {
  /** e.g. `https://online.firstcentralcreditbureau.com/firstcentralrestv2` (no trailing slash). */
  baseUrl: string;
  username: string;
  password: string;
  /** How long a DataTicket is reused; FirstCentral's live about 5 hours, so renew a little before. */
  ticketTtlMs: number;
  enquiryReason: string;
  now?: () => number;
}

/**
 * FirstCentral's two full-report products, which differ only in names. Both find the subject first
 * (the match call), then ask for the billed report of the best match, naming every match so the
 * bureau merges their files.
 */
interface Product {
  label: 'consumer' | 'commercial';
  productID: string;
  matchPath: string;
  /** Where the match answer lists the candidates, and what each candidate calls its ID and enquiry. */
  candidates: { list: string; id: string; enquiry: string };
  reportPath: string;
  /** What the report call calls the subject's ID and the merge list. */
  reportParams: { id: string; mergeList: string };
  noMatch: string;
}

const CONSUMER: Product = {
  label: 'consumer',
  productID: '45',
  matchPath: 'ConnectConsumerMatch',
  candidates: { list: 'MatchedConsumer', id: 'ConsumerID', enquiry: 'EnquiryID' },
  reportPath: 'GetConsumerFullCreditReport',
  reportParams: { id: 'consumerID', mergeList: 'consumerMergeList' },
  noMatch: 'no consumer matches this BVN',
};

const COMMERCIAL: Product = {
  label: 'commercial',
  productID: '47',
  matchPath: 'ConnectCommercialMatch',
  candidates: { list: 'ConnectCommercialMatch', id: 'CommercialID', enquiry: 'SubscriberEnquiryID' },
  reportPath: 'GetCommercialFullCreditReport',
  reportParams: { id: 'commercialID', mergeList: 'commercialMergeList' },
  noMatch: 'no business matches this registration number',
};

class TicketRejected extends Error {}

/**
 * The most bytes of one bureau answer read. A full consumer report is tens of KiB and a commercial
 * one hundreds; an answer past this is no report, and reading it whole could exhaust the memory.
 */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/** The answer's text, or undefined when it declares or sends more than MAX_ANSWER_BYTES (reading stops there). */
async function readAnswer(res: Response): Promise<string | undefined> {
  if (Number(res.headers.get('content-length')) > MAX_ANSWER_BYTES) {
    await res.body?.cancel();
    return undefined;
  }
  if (!res.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Leaving the loop early cancels the stream.
  for await (const chunk of res.body) {
    size += chunk.byteLength;
    if (size > MAX_ANSWER_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * FirstCentral Credit Bureau over its REST interface: `POST /login` for a DataTicket (cached and
 * renewed before it expires, and renewed once on the spot if the bureau says it is no longer
 * valid), `POST /ConnectConsumerMatch` to find the subject by BVN, then
 * `POST /GetConsumerFullCreditReport` (the billed call), mapped into the spec's report. The login
 * and the match cost nothing and are retried freely; a billed call lost without an answer leaves
 * the caller's `BillingWatch` marked, so it is not sent again. A business
 * is found by registration number with `POST /ConnectCommercialMatch`, then
 * `POST /GetCommercialFullCreditReport` answers its commercial report.
 */
export function createFirstCentralBureau(settings: FirstCentralSettings): Bureau {
  const now = settings.now ?? Date.now;
  let ticket: { value: string; at: number } | undefined;
  let loggingIn: Promise<string> | undefined;

  /**
   * One call. For the billed one, `billing` is marked from the moment the request may have gone
   * out until the bureau answers with an error status (no report delivered, nothing charged); a
   * call lost in between (timeout, dropped connection, answer cut off) leaves it marked.
   */
  async function post(path: string, body: unknown, signal: AbortSignal, billing?: BillingWatch): Promise<unknown> {
    const refused = () => {
      if (billing) billing.mayBeBilled = false;
    };
    if (billing) {
      await billing.beforeSend?.();
      // Abandoned while the mark was being stored: not sent (a fetch on an aborted signal sends nothing).
      if (signal.aborted) throw new BureauError('timeout', `FirstCentral ${path} was abandoned before it was sent`);
      billing.mayBeBilled = true;
    }
    let res: Response;
    try {
      res = await fetch(`${settings.baseUrl}/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal,
      });
    } catch (err) {
      if (signal.aborted) throw new BureauError('timeout', `FirstCentral ${path} did not answer in time`);
      if (neverSent(err)) refused();
      throw new BureauError('unavailable', `FirstCentral ${path} unreachable (${(err as Error).message})`);
    }
    const text = await readAnswer(res).catch(() => {
      throw new BureauError(signal.aborted ? 'timeout' : 'unavailable', `FirstCentral ${path} answer was cut off`);
    });
    if (text === undefined) {
      throw new BureauError('unreadable', `FirstCentral ${path} answered more than ${MAX_ANSWER_BYTES} bytes`);
    }
    if (res.status >= 400) refused();
    if (res.status === 401 || res.status === 403) throw new TicketRejected(`HTTP ${res.status}`);
    if (res.status >= 500 || res.status === 408 || res.status === 429) {
      throw new BureauError('unavailable', `FirstCentral ${path} answered HTTP ${res.status}`);
    }
    if (res.status >= 400) throw new BureauError('rejected', `FirstCentral ${path} answered HTTP ${res.status}`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new BureauError('unreadable', `FirstCentral ${path} answered something that is not JSON`);
    }
    if (mentionsBadTicket(json)) {
      refused();
      throw new TicketRejected('ticket not valid');
    }
    return json;
  }

  async function login(signal: AbortSignal): Promise<string> {
    let answer: unknown;
    try {
      answer = await post('login', { username: settings.username, password: settings.password }, signal);
    } catch (err) {
      if (err instanceof TicketRejected) {
        throw new BureauError(
          'unavailable',
          'FirstCentral refused the login: check FIRSTCENTRAL_USERNAME and FIRSTCENTRAL_PASSWORD',
        );
      }
      if (err instanceof BureauError && err.kind !== 'timeout') throw new BureauError('unavailable', err.message);
      throw err;
    }
    const first = Array.isArray(answer) ? answer[0] : answer;
    const value = first && typeof first === 'object' ? (first as Record<string, unknown>).DataTicket : undefined;
    if (typeof value !== 'string' || value.length === 0) {
      throw new BureauError('unavailable', 'FirstCentral login answered without a DataTicket');
    }
    ticket = { value, at: now() };
    return value;
  }

  async function currentTicket(signal: AbortSignal): Promise<string> {
    if (ticket && now() - ticket.at < settings.ticketTtlMs) return ticket.value;
    loggingIn ??= login(signal).finally(() => {
      loggingIn = undefined;
    });
    return loggingIn;
  }

  /** Runs a call with a valid ticket; a ticket the bureau rejects is renewed once. */
  async function withTicket<T>(signal: AbortSignal, call: (dataTicket: string) => Promise<T>): Promise<T> {
    const first = await currentTicket(signal);
    try {
      return await call(first);
    } catch (err) {
      if (!(err instanceof TicketRejected)) throw err;
      if (ticket?.value === first) ticket = undefined;
      try {
        return await call(await currentTicket(signal));
      } catch (again) {
        if (again instanceof TicketRejected) {
          throw new BureauError('unavailable', 'FirstCentral keeps rejecting fresh DataTickets');
        }
        throw again;
      }
    }
  }

  /** Finds the subject by the product's identity members (the BVN, or the registration number). */
  async function match(product: Product, reason: string, identity: Record<string, string>, signal: AbortSignal) {
    const answer = await withTicket(signal, (t) =>
      post(
        product.matchPath,
        { DataTicket: t, EnquiryReason: reason, ...identity, ProductID: product.productID },
        signal,
      ),
    );
    if (!Array.isArray(answer)) {
      throw new BureauError('unreadable', `FirstCentral ${product.label} match is not a list`);
    }
    const { list, id, enquiry } = product.candidates;
    const matched = answer
      .flatMap((part) => (part && typeof part === 'object' ? (part as Record<string, unknown>)[list] : []))
      .filter((m): m is Record<string, unknown> => m !== null && typeof m === 'object')
      .filter((m) => !['', '0', 'undefined', 'null'].includes(String(m[id] ?? '').trim()));
    const best = matched[0];
    if (!best) throw new BureauError('no_record', product.noMatch);
    return {
      id: String(best[id]),
      mergeList: matched.map((m) => String(m[id])).join(','),
      enquiryID: String(best[enquiry] ?? ''),
      engineID: String(best.MatchingEngineID ?? ''),
    };
  }

  /**
   * Matches the subject, then pulls the best match's full report (the billed call, watched by
   * `billing`) and maps it.
   */
  async function pull<T>(
    product: Product,
    reason: string,
    identity: Record<string, string>,
    map: (answer: unknown) => T,
    signal: AbortSignal,
    billing: BillingWatch | undefined,
  ): Promise<T> {
    const found = await match(product, reason, identity, signal);
    const answer = await withTicket(signal, (t) =>
      post(
        product.reportPath,
        {
          DataTicket: t,
          [product.reportParams.id]: found.id,
          [product.reportParams.mergeList]: found.mergeList,
          SubscriberEnquiryEngineID: found.engineID,
          EnquiryID: found.enquiryID,
          EnquiryReason: reason,
        },
        signal,
        billing,
      ),
    );
    try {
      return map(answer);
    } catch (err) {
      if (err instanceof UnreadableReportError) throw new BureauError('unreadable', err.message);
      throw err;
    }
  }

  return {
    name: 'firstcentral',
    displayName: 'FirstCentral Credit Bureau',
    localCurrencies: ['NGN'],
    async requestReport(subject, signal, billing) {
      const consumer = {
        ConsumerName: subject.name ?? '',
        DateOfBirth: subject.dateOfBirth ?? '',
        Identification: subject.bvn,
        Accountno: '',
      };
      const reason = subject.enquiryReason || settings.enquiryReason;
      return {
        kind: 'ready',
        report: await pull(CONSUMER, reason, consumer, mapFirstCentralReport, signal, billing),
      };
    },
    async requestCommercialReport(subject, signal, billing) {
      const business = {
        BusinessName: subject.businessName ?? '',
        BusinessRegistrationNumber: subject.registrationNumber,
        AccountNumber: '',
      };
      const reason = subject.enquiryReason || settings.enquiryReason;
      return pull(COMMERCIAL, reason, business, mapFirstCentralCommercialReport, signal, billing);
    },
    async fetchReport() {
      // Every FirstCentral answer is synchronous: nothing is ever left pending.
      throw new BureauError('rejected', 'FirstCentral requests are never pending');
    },
    async health(signal) {
      try {
        await currentTicket(signal);
        return { ok: true };
      } catch (err) {
        return { ok: false, detail: err instanceof Error ? err.message : 'login failed' };
      }
    },
  };
}

/** Errors of a connection that was never made: the request cannot have reached the bureau. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

function neverSent(err: unknown): boolean {
  const cause = (err as { cause?: { code?: unknown } } | undefined)?.cause;
  return typeof cause?.code === 'string' && NOT_CONNECTED.has(cause.code);
}

/** FirstCentral answers an expired or unknown DataTicket with an error object that names the ticket. */
function mentionsBadTicket(json: unknown): boolean {
  const first = Array.isArray(json) ? json[0] : json;
  if (!first || typeof first !== 'object') return false;
  return Object.entries(first as Record<string, unknown>).some(
    ([k, v]) =>
      /error|message|status/i.test(k) &&
      typeof v === 'string' &&
      /ticket/i.test(v) &&
      /invalid|expired|not valid/i.test(v),
  );
}
