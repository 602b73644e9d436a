import type { StatementsConfig } from '../config.js';
import { AppError, type ErrorCode, type FieldProblem, notJson } from '../domain/errors.js';
import { markNotUtf8, NOT_UTF8, notUtf8Fields } from '../domain/not-utf8.js';
import type { CanonicalStatement } from '../domain/statement.js';
import { analyseStatement, type StatementAnalytics } from './analytics/analyse.js';
import { bodyChunks, joinedBytes } from './body-bytes.js';
import { compressJson } from './compression.js';
import { checkIntegrity, type IntegrityReport } from './integrity.js';
import { parseJsonBytes } from './json-bytes.js';
import { matchNames, type NameMatch } from './name-match.js';
import { nulCharacterProblems } from './nul-characters.js';
import { Problems } from './problems.js';
import type { RepeatedRow } from './repeated-rows.js';
import { ENVELOPE } from './statement-view.js';
import { readSubmission, type SubmissionInput } from './submission.js';
import { encodeTransactions, type TransactionLabel } from './transaction-document.js';

/** What the submission needs from the request to process a statement: no database, no client. */
export type ProcessRequest = SubmissionInput;

/** Everything stored and answered for a statement, ready to write: the heavy work is done. */
export interface ProcessedStatement {
  name: string;
  format: CanonicalStatement['format'];
  currency: string;
  timeZone: string;
  clientFullName: string | null;
  accountName: string | null;
  accountNumber: string | null;
  accountType: string | null;
  bankName: string | null;
  /** Raw identifiers: sealed and masked by the caller, never logged. */
  bvn: string | null;
  nin: string | null;
  startDate: string | null;
  endDate: string | null;
  openingBalance: number | null;
  closingBalance: number | null;
  transactionCount: number;
  nameMatch: NameMatch | null;
  processingStatus: 'PROCESSED' | 'ALTERED' | 'NO BALANCE' | 'FAILED';
  integrityVerdict: IntegrityReport['verdict'];
  /** JSON of the integrity report. */
  integrity: string;
  /** JSON object of the analytics sections; `{}` when the analysis failed. */
  analytics: string;
  /** The same, compressed for storage. */
  sections: Uint8Array;
  /** Why the analysis failed (a bug: the statement is still stored, as FAILED). */
  analysisError: string | null;
  /** The transactions with their labels (`transaction-document.ts`). */
  transactions: Uint8Array;
}

/** An AppError as it crosses a thread boundary. */
export interface Refusal {
  code: ErrorCode;
  message: string;
  details: FieldProblem[] | undefined;
  extra: Record<string, unknown> | undefined;
}

export type ProcessOutcome = { ok: true; statement: ProcessedStatement } | { ok: false; refusal: Refusal };

export const refusalOf = (err: AppError): Refusal => ({
  code: err.code,
  message: err.message,
  details: err.details,
  extra: err.extra,
});

export const refusalError = (r: Refusal): AppError => new AppError(r.code, r.message, r.details, r.extra);

/**
 * The request body as a value, with the strings in it that hold a NUL character (`nul-characters.ts`)
 * or bytes that are not UTF-8 (`not-utf8.ts`), refused by readSubmission with the body's other
 * problems: bytes (joined here) or text are parsed here (on the worker, off the event loop); bytes
 * in runs, never as one large string (`json-bytes.ts`).
 */
function bodyValue(body: unknown): { value: unknown; found: Problems } {
  const chunks = bodyChunks(body);
  if (typeof body !== 'string' && chunks === undefined) return { value: body, found: nulCharacterProblems(body) };
  // The JSON text, as a string or as its bytes; bytes that are not UTF-8 marked where they were.
  const given = chunks === undefined ? (body as string) : joinedBytes(chunks);
  const marked = typeof given === 'string' ? undefined : markNotUtf8(given);
  const source = marked?.bytes ?? given;
  let value: unknown;
  try {
    value = typeof source === 'string' ? JSON.parse(source) : parseJsonBytes(source);
  } catch {
    throw notJson();
  }
  // JSON text can carry U+0000 only as the escape `\u0000`: a body without one is not walked.
  const found = source.includes('\\u0000') ? nulCharacterProblems(value) : new Problems();
  if (marked?.marker !== undefined) notUtf8Fields(value, marked.marker, (path, message) => found.add(path, message));
  else if (marked) found.add('', NOT_UTF8);
  return { value, found };
}

function statusOf(statement: CanonicalStatement, integrity: IntegrityReport): ProcessedStatement['processingStatus'] {
  if (integrity.verdict === 'ALTERED') return 'ALTERED';
  const anyBalance =
    integrity.checkedTransactions > 0 ||
    statement.openingBalance !== undefined ||
    statement.closingBalance !== undefined;
  return anyBalance ? 'PROCESSED' : 'NO BALANCE';
}

/**
 * Pure and synchronous: reads the body in its format (or refuses it with every offending path),
 * analyses it, checks its running balance and encodes its transactions for storage. Runs on a
 * worker thread for large bodies, so the event loop only writes and answers.
 */
export function processSubmission(
  request: ProcessRequest,
  config: StatementsConfig,
  analyse: (statement: CanonicalStatement, integrity: IntegrityReport) => StatementAnalytics = (s, integrity) =>
    analyseStatement(s, undefined, integrity),
): ProcessOutcome {
  let statement: CanonicalStatement;
  let reorderedDays: number;
  let repeated: RepeatedRow[];
  try {
    const { value, found } = bodyValue(request.body);
    ({ statement, reorderedDays, repeated } = readSubmission({ ...request, body: value }, config, found));
  } catch (err) {
    if (err instanceof AppError) return { ok: false, refusal: refusalOf(err) };
    throw err;
  }
  // Made once: the analysis reads its gaps, and it is stored beside the sections.
  const integrity = checkIntegrity(statement, reorderedDays, repeated);
  let analytics = '{}';
  let labels: readonly TransactionLabel[] | undefined;
  let analysisError: string | null = null;
  try {
    const { labels: verdicts, ...sections } = analyse(statement, integrity);
    for (const key of Object.keys(sections)) {
      if (ENVELOPE.has(key)) delete (sections as Record<string, unknown>)[key];
    }
    analytics = JSON.stringify(sections);
    labels = verdicts;
  } catch (err) {
    // A bug in an analysis must not lose the statement: it is stored, marked FAILED, without sections.
    analysisError = err instanceof Error ? (err.stack ?? err.message) : String(err);
  }
  const txs = statement.transactions;
  return {
    ok: true,
    statement: {
      name: statement.statementName as string,
      format: statement.format,
      currency: statement.currency,
      timeZone: statement.timeZone,
      clientFullName: statement.clientFullName ?? null,
      accountName: statement.account.name ?? statement.holder.name ?? null,
      accountNumber: statement.account.number ?? null,
      accountType: statement.account.type ?? null,
      bankName: statement.account.bankName ?? null,
      bvn: statement.holder.bvn ?? null,
      nin: statement.holder.nin ?? null,
      startDate: txs[0]?.date ?? null,
      endDate: txs[txs.length - 1]?.date ?? null,
      openingBalance: statement.openingBalance ?? null,
      closingBalance: statement.closingBalance ?? null,
      transactionCount: txs.length,
      nameMatch: matchNames(statement.clientFullName, statement.holder.name ?? statement.account.name),
      processingStatus: analysisError === null ? statusOf(statement, integrity) : 'FAILED',
      integrityVerdict: integrity.verdict,
      integrity: JSON.stringify(integrity),
      analytics,
      sections: compressJson(analytics),
      analysisError,
      // The ids are the ones `assembleStatement` gave: the document can leave them out.
      transactions: encodeTransactions(txs, labels, 'derived'),
    },
  };
}
