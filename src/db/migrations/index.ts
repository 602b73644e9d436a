import type { Migration, MigrationProvider } from 'kysely';
import * as foundation from './0001-foundation.js';
import * as statements from './0002-statements.js';
import * as credit from './0003-credit.js';
import * as liveness from './0004-liveness.js';
import * as affordability from './0005-affordability.js';
import * as statementTransactionsCascade from './0006-statement-transactions-cascade.js';
import * as statementTransactionDocuments from './0007-statement-transaction-documents.js';
import * as statementRetention from './0008-statement-retention.js';
import * as webhooks from './0009-webhooks.js';
import * as retentionIndexes from './0010-retention-indexes.js';
import * as commercialCredit from './0011-commercial-credit.js';
import * as creditPullLimit from './0012-credit-pull-limit.js';
import * as creditReportsClient from './0013-credit-reports-client.js';
import * as realApiSectionValues from './0014-real-api-section-values.js';
import * as clientSlugUnique from './0015-client-slug-unique.js';
import * as integrityDuplicates from './0016-integrity-duplicates.js';
import * as runningBalancesOtherIncomeStreams from './0017-running-balances-other-income-streams.js';
import * as livenessUnlinkedResults from './0018-liveness-unlinked-results.js';
import * as creditBilledCallSent from './0019-credit-billed-call-sent.js';
import * as creditUsagePurged from './0020-credit-usage-purged.js';

/** Every migration, in order. Add a file and one line here; never edit a migration that shipped. */
export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-statements': statements,
  '0003-credit': credit,
  '0004-liveness': liveness,
  '0005-affordability': affordability,
  '0006-statement-transactions-cascade': statementTransactionsCascade,
  '0007-statement-transaction-documents': statementTransactionDocuments,
  '0008-statement-retention': statementRetention,
  '0009-webhooks': webhooks,
  '0010-retention-indexes': retentionIndexes,
  '0011-commercial-credit': commercialCredit,
  '0012-credit-pull-limit': creditPullLimit,
  '0013-credit-reports-client': creditReportsClient,
  '0014-real-api-section-values': realApiSectionValues,
  '0015-client-slug-unique': clientSlugUnique,
  '0016-integrity-duplicates': integrityDuplicates,
  '0017-running-balances-other-income-streams': runningBalancesOtherIncomeStreams,
  '0018-liveness-unlinked-results': livenessUnlinkedResults,
  '0019-credit-billed-call-sent': creditBilledCallSent,
  '0020-credit-usage-purged': creditUsagePurged,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
