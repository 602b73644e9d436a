import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { isUniqueViolation } from '../db/sql-state.js';
import { AppError, statementNotFound } from '../domain/errors.js';
import { DocumentCache } from './document-cache.js';
import type { IdentitySealer } from './identity.js';
import { statementLinks } from './links.js';
import { precompileFormats } from './parse.js';
import { refusalError } from './processing.js';
import type { StatementMetrics } from './statement-metrics.js';
import { statementRow } from './statement-row.js';
import { statementJson, statementSummary } from './statement-view.js';
import * as repo from './statements-repository.js';
import {
  checkQuery,
  normaliseBvnUuid,
  normaliseSubmitQuery,
  type SubmitStatement,
  submissionHash,
} from './submission.js';
import { decodeTransactions } from './transaction-document.js';
import { selectTransactions, type TransactionFilter, transactionView } from './transaction-page.js';
import type { StatementProcessor } from './worker/processing-pool.js';

/** Transactions of recently paged statements kept decoded (about 60 MB at this size). */
const DOCUMENT_CACHE_ROWS = 200_000;

export interface SubmitResult {
  status: 200;
  /** The statement answer, JSON text. */
  body: string;
  /** True when this is the stored answer of an earlier request with the same Idempotency-Key. */
  replayed: boolean;
}

export interface Page {
  page: number;
  pageSize: number;
}

export interface StatementService {
  submit(input: SubmitStatement, hooks?: WriteHooks): Promise<SubmitResult>;
  /** The statement answer, JSON text. */
  get(clientId: number, key: number): Promise<string>;
  transactions(clientId: number, key: number, filter: TransactionFilter, page: Page): Promise<TransactionPage>;
  /** `bvnUuid` in any case. */
  list(clientId: number, filter: { bvnUuid?: string | undefined }, page: Page): Promise<Record<string, unknown>>;
  remove(clientId: number, key: number): Promise<void>;
}

/** Test seam: called inside the database transaction once everything is written, before it commits. */
export interface WriteHooks {
  beforeCommit?: () => Promise<void>;
}

export interface TransactionPage {
  page: number;
  pageSize: number;
  total: number;
  transactions: Array<Record<string, unknown>>;
}

export interface StatementServiceDeps {
  db: Kysely<Database>;
  processor: StatementProcessor;
  sealer: IdentitySealer;
  metrics: StatementMetrics;
  /** Where an analytics failure is reported (the statement is still stored, as FAILED). */
  onAnalysisError?: (err: Error) => void;
  /** Where a processing failure (timeout, lost worker) is reported. */
  onProcessingError?: (err: Error) => void;
}

/**
 * Statement ingestion and reading. A submission is processed (parsed in its format, refused with
 * every offending path, analysed, checked and encoded: `processing.ts`, on a worker thread for
 * large bodies); then the statement, its results and its Idempotency-Key answer are written in
 * one database transaction.
 */
export function createStatementService(deps: StatementServiceDeps): StatementService {
  const { db } = deps;
  precompileFormats();
  const documents = new DocumentCache(DOCUMENT_CACHE_ROWS);

  async function loadLinks(tx: Kysely<Database> | Transaction<Database>, key: number, clientId: number) {
    const out: Record<string, unknown> = {};
    for (const link of statementLinks) out[link.field] = await link.load(tx, key, clientId);
    return out;
  }

  /** A statement just written has no linked records yet. */
  const noLinks = (): Record<string, unknown> =>
    Object.fromEntries(statementLinks.map((link) => [link.field, link.none]));

  /** The refusal of a name or BVN record another statement of the client has, naming where it was given. */
  async function refuseTaken(
    tx: Kysely<Database> | Transaction<Database>,
    clientId: number,
    name: { value: string; path: string },
    bvnUuid?: string,
  ) {
    const byName = await repo.findKeyByName(tx, clientId, name.value);
    if (byName !== undefined) {
      // The real API's message; where the name was given and which statement has it are in `errors`
      // and `statementKey`.
      const where = [{ path: name.path, message: `is taken by statement ${byName}` }];
      throw new AppError('STATEMENT_NAME_TAKEN', undefined, where, { statementKey: byName });
    }
    if (bvnUuid) {
      const byBvn = await repo.findKeyByBvnUuid(tx, clientId, bvnUuid);
      if (byBvn !== undefined) {
        throw new AppError(
          'BVN_RECORD_HAS_STATEMENT',
          `BVN record ${bvnUuid} already has statement ${byBvn}`,
          [{ path: '/query/bvnUuid', message: `already has statement ${byBvn}` }],
          { statementKey: byBvn },
        );
      }
    }
  }

  async function replay(clientId: number, key: string, requestHash: string): Promise<SubmitResult | undefined> {
    const found = await repo.findIdempotent(db, clientId, key);
    if (!found) return undefined;
    if (found.request_hash !== requestHash) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', undefined, [
        { path: '/headers/idempotency-key', message: 'was already used with a different request' },
      ]);
    }
    if (found.response === null || found.status_code === null) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
    return { status: 200, body: found.response, replayed: true };
  }

  async function submitOnce(input: SubmitStatement, hooks: WriteHooks): Promise<SubmitResult> {
    const started = performance.now();
    const query = normaliseSubmitQuery(input.query, input.bvnFirst);
    const requestHash = input.idempotencyKey ? submissionHash(query, input.body) : '';
    if (input.idempotencyKey) {
      const earlier = await replay(input.clientId, input.idempotencyKey, requestHash);
      if (earlier) return earlier;
    }
    const namePath = `/body${checkQuery(query, input.query.format).statementNamePath}`;
    const { format, statementType } = query;
    const outcome = await deps.processor.process({ format, statementType, body: input.body }).catch((err: unknown) => {
      // Overran its time or lost its worker: nothing is stored, and the client may retry.
      deps.onProcessingError?.(err instanceof Error ? err : new Error(String(err)));
      throw new AppError('STATEMENT_PROCESSING_UNAVAILABLE');
    });
    if (!outcome.ok) throw refusalError(outcome.refusal);
    const s = outcome.statement;
    if (s.analysisError !== null) deps.onAnalysisError?.(new Error(s.analysisError));

    try {
      const write = async (tx: Kysely<Database> | Transaction<Database>) => {
        if (input.idempotencyKey) {
          const claimed = await repo.claimIdempotencyKey(tx, {
            clientId: input.clientId,
            key: input.idempotencyKey,
            requestHash,
          });
          if (!claimed) throw new KeyTaken();
        }
        // Name and BVN record are unique per client: a taken one fails this insert (see below).
        const row = await repo.insertStatement(
          tx,
          statementRow({ clientId: input.clientId, query }, s, deps.sealer),
          s,
        );
        const body = statementJson(row, s, noLinks());
        if (input.idempotencyKey) {
          await repo.completeIdempotencyKey(tx, {
            clientId: input.clientId,
            key: input.idempotencyKey,
            statementKey: row.key,
            statusCode: 200,
            response: body,
          });
        }
        if (hooks.beforeCommit) await hooks.beforeCommit();
        return { status: 200, body, replayed: false } as const;
      };
      // Without an Idempotency-Key the write is one statement, atomic on its own.
      const result =
        input.idempotencyKey || hooks.beforeCommit ? await db.transaction().execute(write) : await write(db);
      deps.metrics.stored(s.format, s.processingStatus, s.transactionCount, (performance.now() - started) / 1000);
      return result;
    } catch (err) {
      if (err instanceof KeyTaken && input.idempotencyKey) {
        const earlier = await replay(input.clientId, input.idempotencyKey, requestHash);
        if (earlier) return earlier;
        throw new AppError('IDEMPOTENCY_IN_PROGRESS');
      }
      if (isUniqueViolation(err))
        await refuseTaken(db, input.clientId, { value: s.name, path: namePath }, query.bvnUuid);
      throw err;
    }
  }

  return {
    async submit(input, hooks = {}) {
      try {
        return await submitOnce(input, hooks);
      } catch (err) {
        if (err instanceof AppError) deps.metrics.refused(err.code);
        throw err;
      }
    },

    async get(clientId, key) {
      const row = await repo.getStatement(db, clientId, key);
      if (!row) throw statementNotFound(key);
      const results = await repo.getResults(db, row.key);
      return statementJson(
        row,
        results ?? { integrity: 'null', analytics: '{}' },
        await loadLinks(db, row.key, row.client_id),
      );
    },

    async transactions(clientId, key, filter, page) {
      const row = await repo.getStatement(db, clientId, key);
      if (!row) throw statementNotFound(key);
      let columns = documents.get(row.key);
      if (!columns) {
        const stored = await repo.getTransactions(db, row.key);
        columns = stored ? decodeTransactions(stored) : undefined;
        if (columns) documents.set(row.key, columns);
      }
      const { total, positions } = selectTransactions(columns, filter, {
        offset: (page.page - 1) * page.pageSize,
        limit: page.pageSize,
      });
      return {
        page: page.page,
        pageSize: page.pageSize,
        total,
        transactions: columns ? positions.map((position) => transactionView(columns, position)) : [],
      };
    },

    async list(clientId, filter, page) {
      const bvnUuid = filter.bvnUuid === undefined ? undefined : normaliseBvnUuid(filter.bvnUuid);
      const { total, rows } = await repo.listStatements(
        db,
        clientId,
        { bvnUuid },
        {
          offset: (page.page - 1) * page.pageSize,
          limit: page.pageSize,
        },
      );
      return { page: page.page, pageSize: page.pageSize, total, statements: rows.map(statementSummary) };
    },

    async remove(clientId, key) {
      if (!(await repo.deleteStatement(db, clientId, key))) throw statementNotFound(key);
      documents.delete(key);
    },
  };
}

class KeyTaken extends Error {}
