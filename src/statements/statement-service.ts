import type { Kysely, Transaction } from 'kysely';
import type { StatementsConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../domain/errors.js';
import { toMajor } from '../domain/money.js';
import type { CanonicalStatement } from '../domain/statement.js';
import type { StatementAnalysis } from './analysis.js';
import type { StatementAnalytics } from './analytics/analyse.js';
import { type IdentitySealer, identityAad, maskIdentifier } from './identity.js';
import { checkIntegrity, type IntegrityReport } from './integrity.js';
import { statementLinks } from './links.js';
import { matchNames } from './name-match.js';
import { precompileFormats } from './parse.js';
import type { StatementMetrics } from './statement-metrics.js';
import { type StatementView, statementSummary, statementView } from './statement-view.js';
import * as repo from './statements-repository.js';
import type { SubmitStatement } from './submission.js';
import { readSubmission, submissionHash } from './submission.js';

export interface SubmitResult {
  status: 200;
  body: StatementView;
  /** True when this is the stored answer of an earlier request with the same Idempotency-Key. */
  replayed: boolean;
}

export interface Page {
  page: number;
  pageSize: number;
}

export interface StatementService {
  submit(input: SubmitStatement, hooks?: WriteHooks): Promise<SubmitResult>;
  get(clientId: number, key: number): Promise<StatementView>;
  transactions(clientId: number, key: number, filter: repo.TransactionFilter, page: Page): Promise<TransactionPage>;
  list(clientId: number, filter: { bvnUuid?: string }, page: Page): Promise<Record<string, unknown>>;
  remove(clientId: number, key: number): Promise<void>;
}

/** Test seam: called after each chunk of transactions is written, inside the transaction. */
export interface WriteHooks {
  afterChunk?: (written: number) => Promise<void>;
}

export interface TransactionPage {
  page: number;
  pageSize: number;
  total: number;
  transactions: Array<Record<string, unknown>>;
}

export interface StatementServiceDeps {
  db: Kysely<Database>;
  analysis: StatementAnalysis;
  sealer: IdentitySealer;
  config: StatementsConfig;
  metrics: StatementMetrics;
  /** Where an analytics failure is reported (the statement is still stored, as FAILED). */
  onAnalysisError?: (err: unknown) => void;
}

const statusOf = (statement: CanonicalStatement, integrity: IntegrityReport): string => {
  if (integrity.verdict === 'ALTERED') return 'ALTERED';
  const anyBalance =
    integrity.checkedTransactions > 0 ||
    statement.openingBalance !== undefined ||
    statement.closingBalance !== undefined;
  return anyBalance ? 'PROCESSED' : 'NO BALANCE';
};

/**
 * Statement ingestion and reading: parse the body in its format, refuse what is broken with every
 * offending path, analyse, check integrity, and write the statement, its transactions, its results
 * and its Idempotency-Key answer in one database transaction.
 */
export function createStatementService(deps: StatementServiceDeps): StatementService {
  const { db, config } = deps;
  precompileFormats();

  async function loadLinks(tx: Kysely<Database> | Transaction<Database>, key: number, clientId: number) {
    const out: Record<string, unknown> = {};
    for (const link of statementLinks) out[link.field] = await link.load(tx, key, clientId);
    return out;
  }

  async function view(tx: Kysely<Database> | Transaction<Database>, row: repo.StatementRow) {
    const results = await repo.getResults(tx, row.key);
    return statementView(
      row,
      {
        integrity: results ? JSON.parse(results.integrity) : null,
        analytics: results ? (JSON.parse(results.analytics) as Record<string, unknown>) : {},
      },
      await loadLinks(tx, row.key, row.client_id),
    );
  }

  async function refuseTaken(
    tx: Kysely<Database> | Transaction<Database>,
    clientId: number,
    name: string,
    bvnUuid?: string,
  ) {
    const byName = await repo.findKeyByName(tx, clientId, name);
    if (byName !== undefined) {
      throw new AppError(
        'STATEMENT_NAME_TAKEN',
        `a statement named ${JSON.stringify(name)} already exists (key ${byName})`,
        undefined,
        {
          statementKey: byName,
        },
      );
    }
    if (bvnUuid) {
      const byBvn = await repo.findKeyByBvnUuid(tx, clientId, bvnUuid);
      if (byBvn !== undefined) {
        throw new AppError(
          'BVN_RECORD_HAS_STATEMENT',
          `BVN record ${bvnUuid} already has statement ${byBvn}`,
          undefined,
          {
            statementKey: byBvn,
          },
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
    return { status: 200, body: JSON.parse(found.response), replayed: true };
  }

  async function submitOnce(input: SubmitStatement, hooks: WriteHooks): Promise<SubmitResult> {
    const started = performance.now();
    const requestHash = input.idempotencyKey ? submissionHash(input) : '';
    if (input.idempotencyKey) {
      const earlier = await replay(input.clientId, input.idempotencyKey, requestHash);
      if (earlier) return earlier;
    }
    const { statement, reorderedDays } = readSubmission(input, config);
    const name = statement.statementName as string;
    await refuseTaken(db, input.clientId, name, input.bvnUuid);

    let labelled: StatementAnalytics['transactions'] = [];
    let sections: Record<string, unknown> = {};
    let analysisFailed = false;
    try {
      ({ transactions: labelled, ...sections } = await deps.analysis.analyse(statement));
    } catch (err) {
      // A bug in an analysis must not lose the statement: it is stored, marked FAILED, without sections.
      deps.onAnalysisError?.(err);
      analysisFailed = true;
    }
    const integrity = checkIntegrity(statement, reorderedDays);
    const labels = new Map(labelled.map((l) => [l.id, { category: l.category, channel: l.channel }]));
    const nameMatch = matchNames(statement.clientFullName, statement.holder.name ?? statement.account.name);
    const first = statement.transactions[0];
    const last = statement.transactions[statement.transactions.length - 1];
    const { bvn, nin } = statement.holder;

    try {
      const result = await db.transaction().execute(async (tx) => {
        if (input.idempotencyKey) {
          const claimed = await repo.claimIdempotencyKey(tx, {
            clientId: input.clientId,
            key: input.idempotencyKey,
            requestHash,
          });
          if (!claimed) throw new KeyTaken();
        }
        const row = await repo.insertStatement(tx, {
          client_id: input.clientId,
          name,
          format: statement.format,
          statement_type: input.statementType.toLowerCase(),
          bvn_uuid: input.bvnUuid ?? null,
          processing_status: analysisFailed ? 'FAILED' : statusOf(statement, integrity),
          client_full_name: statement.clientFullName ?? null,
          account_name: statement.account.name ?? statement.holder.name ?? null,
          account_number: statement.account.number ?? null,
          account_type: statement.account.type ?? null,
          bank_name: statement.account.bankName ?? null,
          currency: statement.currency,
          time_zone: statement.timeZone,
          start_date: first?.date ?? null,
          end_date: last?.date ?? null,
          opening_balance: statement.openingBalance ?? null,
          closing_balance: statement.closingBalance ?? null,
          transaction_count: statement.transactions.length,
          bvn_masked: bvn ? maskIdentifier(bvn) : null,
          bvn_sealed: bvn ? deps.sealer.seal(bvn, identityAad(input.clientId, 'bvn')) : null,
          nin_masked: nin ? maskIdentifier(nin) : null,
          nin_sealed: nin ? deps.sealer.seal(nin, identityAad(input.clientId, 'nin')) : null,
          name_match: nameMatch ? JSON.stringify(nameMatch) : null,
          integrity_verdict: integrity.verdict,
        });
        await repo.insertTransactions(tx, row.key, statement.transactions, labels, hooks.afterChunk);
        await repo.insertResults(tx, row.key, JSON.stringify(integrity), JSON.stringify(sections));
        const body = statementView(
          row,
          { integrity, analytics: sections },
          await loadLinks(tx, row.key, input.clientId),
        );
        if (input.idempotencyKey) {
          await repo.completeIdempotencyKey(tx, {
            clientId: input.clientId,
            key: input.idempotencyKey,
            statementKey: row.key,
            statusCode: 200,
            response: JSON.stringify(body),
          });
        }
        return { status: 200, body, replayed: false } as const;
      });
      deps.metrics.stored(
        statement.format,
        result.body.processingStatus,
        statement.transactions.length,
        (performance.now() - started) / 1000,
      );
      return result;
    } catch (err) {
      if (err instanceof KeyTaken && input.idempotencyKey) {
        const earlier = await replay(input.clientId, input.idempotencyKey, requestHash);
        if (earlier) return earlier;
        throw new AppError('IDEMPOTENCY_IN_PROGRESS');
      }
      if (isUniqueViolation(err)) {
        // Another request wrote the same name or BVN record between our check and our insert.
        await refuseTaken(db, input.clientId, name, input.bvnUuid);
      }
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
      if (!row) throw notFound(key);
      return view(db, row);
    },

    async transactions(clientId, key, filter, page) {
      const row = await repo.getStatement(db, clientId, key);
      if (!row) throw notFound(key);
      const { total, rows } = await repo.listTransactions(db, key, filter, {
        offset: (page.page - 1) * page.pageSize,
        limit: page.pageSize,
      });
      return {
        page: page.page,
        pageSize: page.pageSize,
        total,
        transactions: rows.map((t) => ({
          id: t.id,
          position: t.position,
          date: t.date,
          postedAt: t.posted_at,
          valueDate: t.value_date,
          direction: t.direction,
          amount: toMajor(Number(t.amount)),
          balance: t.balance === null ? null : toMajor(Number(t.balance)),
          narration: t.narration,
          reference: t.reference,
          category: t.category,
          channel: t.channel,
        })),
      };
    },

    async list(clientId, filter, page) {
      const { total, rows } = await repo.listStatements(db, clientId, filter, {
        offset: (page.page - 1) * page.pageSize,
        limit: page.pageSize,
      });
      return { page: page.page, pageSize: page.pageSize, total, statements: rows.map(statementSummary) };
    },

    async remove(clientId, key) {
      if (!(await repo.deleteStatement(db, clientId, key))) throw notFound(key);
    },
  };
}

class KeyTaken extends Error {}

const notFound = (key: number) => new AppError('NOT_FOUND', `no statement ${key}`);

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}
