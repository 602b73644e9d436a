import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFirstCentralBureau } from '../../src/credit/adapters/firstcentral/firstcentral-bureau.js';

/** The sample full report (FirstCentral's array of one-key sections), served for every matched BVN. */
export const FULL_REPORT_FIXTURE: unknown = JSON.parse(
  readFileSync(new URL('../fixtures/credit/firstcentral-full-report.json', import.meta.url), 'utf8'),
);

/** The sample full commercial report, served for every matched business. */
export const COMMERCIAL_REPORT_FIXTURE: unknown = JSON.parse(
  readFileSync(new URL('../fixtures/credit/firstcentral-commercial-report.json', import.meta.url), 'utf8'),
);

export type Behaviour =
  | { kind: 'report' }
  | { kind: 'no-match' }
  | { kind: 'malformed' }
  | { kind: 'garbage-report' }
  | { kind: 'status'; status: number }
  | { kind: 'slow'; delayMs: number }
  /** A 200 whose body never ends: a space every 200 ms (a bureau stuck mid-answer). */
  | { kind: 'drip' }
  /** A 200 of this many bytes, sent in chunks without a Content-Length. */
  | { kind: 'huge'; bytes: number }
  /** The commercial match lists these CommercialIDs ('' and '0' are the bureau's placeholders for none). */
  | { kind: 'candidates'; commercialIDs: string[] }
  /** The fixture report as `edit` changes it (it gets a copy of the sections: FirstCentral's array of one-key objects). */
  | { kind: 'edited'; edit: (sections: Array<Record<string, unknown>>) => unknown };

export interface FirstCentralTestServer {
  url: string;
  calls: Array<{ path: string; body: Record<string, unknown> }>;
  count(path: string): number;
  /**
   * How the report call answers for one BVN, or one business registration number (or its name when
   * it is asked without one); default: the fixture report.
   */
  behave(key: string, behaviour: Behaviour): void;
  /** The next `times` calls to `path` answer this HTTP status. */
  failNext(path: string, times: number, status: number): void;
  /** The next `times` calls to `path` are answered only after `delayMs`. */
  delayNext(path: string, times: number, delayMs: number): void;
  /** Every ticket issued so far stops being valid (as after FirstCentral's ~5 h lifetime). */
  expireTickets(): void;
  close(): Promise<void>;
}

const USER = { username: 'lender', password: 'secret' };
export const FIRSTCENTRAL_TEST_CREDENTIALS = USER;

/** The enquiry reason the test adapter is configured with (sent when a request gives none). */
export const TEST_ENQUIRY_REASON = 'Application for credit by a borrower';

/** The FirstCentral adapter pointed at a test server, logged in as the test lender. */
export function firstCentralAdapter(
  server: FirstCentralTestServer,
  opts: { now?: () => number; password?: string } = {},
) {
  return createFirstCentralBureau({
    baseUrl: server.url,
    username: USER.username,
    password: opts.password ?? USER.password,
    ticketTtlMs: 4.5 * 3_600_000,
    enquiryReason: TEST_ENQUIRY_REASON,
    now: opts.now,
  });
}

/**
 * A local server speaking FirstCentral's REST protocol as public integrations use it (login,
 * ConnectConsumerMatch, GetConsumerFullCreditReport, ConnectCommercialMatch,
 * GetCommercialFullCreditReport), with the failures a real bureau shows.
 */
export async function startFirstCentralServer(): Promise<FirstCentralTestServer> {
  const tickets = new Set<string>();
  const behaviours = new Map<string, Behaviour>();
  const failures = new Map<string, { times: number; status: number }>();
  const delays = new Map<string, { times: number; delayMs: number }>();
  const calls: FirstCentralTestServer['calls'] = [];
  const enquiries = new Map<string, string>(); // ConsumerID -> BVN
  const businesses = new Map<string, string>(); // CommercialID -> registration number (or name)
  let nextCommercialID = 300_000;
  const timers = new Set<NodeJS.Timeout>();

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c) => {
        data += c;
      });
      req.on('end', () => resolve(data));
    });

  const server: Server = createServer(async (req, res) => {
    const path = (req.url ?? '/').replace(/^.*\//, '');
    const text = await readBody(req);
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // a malformed request gets the bureau's 400 below
    }
    calls.push({ path, body });
    const send = (status: number, payload: unknown, raw = false) => {
      res.writeHead(status, { 'content-type': raw ? 'text/html' : 'application/json' });
      res.end(raw ? String(payload) : JSON.stringify(payload));
    };

    const delay = delays.get(path);
    if (delay && delay.times > 0) {
      delay.times -= 1;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, delay.delayMs);
        timers.add(timer);
      });
      if (res.destroyed) return;
    }
    const failure = failures.get(path);
    if (failure && failure.times > 0) {
      failure.times -= 1;
      return send(failure.status, { error: 'Service Unavailable' });
    }
    if (req.method !== 'POST') return send(405, { error: 'POST only' });

    if (path === 'login') {
      if (body.username !== USER.username || body.password !== USER.password) {
        return send(401, [{ Error: 'Invalid username or password' }]);
      }
      const ticket = randomBytes(16).toString('hex');
      tickets.add(ticket);
      return send(200, [{ DataTicket: ticket }]);
    }
    if (typeof body.DataTicket !== 'string' || !tickets.has(body.DataTicket)) {
      return send(200, [{ Error: 'Invalid Ticket or Ticket has expired' }]);
    }

    if (path === 'ConnectConsumerMatch') {
      const bvn = String(body.Identification ?? '');
      if (!/^\d{11}$/.test(bvn)) return send(400, [{ Error: 'Identification is required' }]);
      if (behaviours.get(bvn)?.kind === 'no-match') return send(200, [{ MatchedConsumer: [] }]);
      const consumerID = String(1_000_000 + (Number(bvn.slice(-6)) % 999_999));
      enquiries.set(consumerID, bvn);
      return send(200, [
        { MatchedConsumer: [{ ConsumerID: consumerID, EnquiryID: String(calls.length), MatchingEngineID: '76566' }] },
      ]);
    }

    /** The report call's answer for one subject, as its behaviour says. */
    const answerReport = (key: string, fixture: unknown) => {
      const behaviour = behaviours.get(key) ?? { kind: 'report' };
      switch (behaviour.kind) {
        case 'malformed':
          return send(200, '<html><body>Runtime Error</body></html>', true);
        case 'garbage-report':
          return send(200, [{ SubjectList: [] }, { Status: 'Processing' }]);
        case 'status':
          return send(behaviour.status, { Message: 'An error has occurred.' });
        case 'slow': {
          const timer = setTimeout(() => {
            timers.delete(timer);
            if (!res.writableEnded) send(200, fixture);
          }, behaviour.delayMs);
          timers.add(timer);
          return;
        }
        case 'huge': {
          res.writeHead(200, { 'content-type': 'application/json' });
          const chunk = Buffer.alloc(64 * 1024, 0x20);
          let left = behaviour.bytes;
          const more = () => {
            while (left > 0 && !res.destroyed) {
              left -= chunk.length;
              if (!res.write(chunk)) return void res.once('drain', more);
            }
            res.end();
          };
          res.on('error', () => {});
          return more();
        }
        case 'drip': {
          res.writeHead(200, { 'content-type': 'application/json' });
          const timer = setInterval(() => res.write(' '), 200);
          timers.add(timer);
          res.on('close', () => {
            clearInterval(timer);
            timers.delete(timer);
          });
          return;
        }
        case 'edited':
          return send(200, behaviour.edit(structuredClone(fixture) as Array<Record<string, unknown>>));
        default:
          return send(200, fixture);
      }
    };

    if (path === 'GetConsumerFullCreditReport') {
      const bvn = enquiries.get(String(body.consumerID ?? ''));
      if (!bvn || !body.EnquiryID || !body.SubscriberEnquiryEngineID) {
        return send(400, [{ Error: 'Unknown consumer or enquiry' }]);
      }
      return answerReport(bvn, FULL_REPORT_FIXTURE);
    }

    if (path === 'ConnectCommercialMatch') {
      const key = String(body.BusinessRegistrationNumber || body.BusinessName || '').trim();
      if (!key) return send(400, [{ Error: 'BusinessRegistrationNumber or BusinessName is required' }]);
      const behaviour = behaviours.get(key);
      if (behaviour?.kind === 'no-match') return send(200, [{ ConnectCommercialMatch: [] }]);
      const ids = behaviour?.kind === 'candidates' ? behaviour.commercialIDs : [String(nextCommercialID++)];
      for (const id of ids) if (id !== '' && id !== '0') businesses.set(id, key);
      const candidate = (commercialID: string) => ({
        MatchingEngineID: '81234',
        SubscriberEnquiryID: String(calls.length),
        CommercialID: commercialID,
        BusinessName: String(body.BusinessName || 'LAGOON HARVEST FOODS LIMITED'),
        TradingName: '',
        RegistrationNo: String(body.BusinessRegistrationNumber ?? ''),
        TaxIDNo: '',
        IncorporationDate: '14/03/2016',
      });
      return send(200, [{ ConnectCommercialMatch: ids.map(candidate) }]);
    }

    if (path === 'GetCommercialFullCreditReport') {
      const commercialID = String(body.commercialID ?? '');
      const key = businesses.get(commercialID);
      const merged = String(body.commercialMergeList ?? '').split(',');
      if (!key || !merged.includes(commercialID) || !body.EnquiryID || !body.SubscriberEnquiryEngineID) {
        return send(400, [{ Error: 'Unknown business or enquiry' }]);
      }
      return answerReport(key, COMMERCIAL_REPORT_FIXTURE);
    }
    return send(404, { Message: 'No HTTP resource was found' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/firstcentralrestv2`,
    calls,
    count: (path) => calls.filter((c) => c.path === path).length,
    behave: (key, behaviour) => behaviours.set(key, behaviour),
    failNext: (path, times, status) => failures.set(path, { times, status }),
    delayNext: (path, times, delayMs) => delays.set(path, { times, delayMs }),
    expireTickets: () => tickets.clear(),
    async close() {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
