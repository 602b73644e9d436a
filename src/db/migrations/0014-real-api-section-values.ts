import { type Kysely, sql } from 'kysely';
import { compressJson, decompressJson } from '../../statements/compression.js';

/**
 * Statements analysed before the real API's sections took its values get them: the stored sections
 * are rewritten as the analysis now writes them. `mostFrequentSpendCategory` becomes the real API's
 * token of the spend group the category counts in (`airtime_and_data` -> `airtime_and_data_transactions`),
 * and `topIncomingTransfer` / `topOutgoingTransfer` the counterparty's name, the transfer itself
 * moving to `largestIncomingTransfer` / `largestOutgoingTransfer`. The table is this migration's own
 * (as the analysis had it when it shipped), so a later change of the analysis does not change it.
 */
const REAL_TOKENS: Record<string, string> = {
  transfer: 'transfer_transactions',
  gambling: 'gambling_transactions',
  airtime_and_data: 'airtime_and_data_transactions',
  utilities: 'utilities_transactions',
  transportation: 'transportation_transactions',
  health: 'health_transactions',
  travel: 'travel_transactions',
  entertainment: 'entertainment_transactions',
  hospitality_and_food: 'hospitality_and_food_transactions',
  rent: 'rent_transactions',
  insurance: 'insurance_transactions',
  bank_charges: 'charges_and_stamp_duty_transactions',
  international: 'international_transactions',
  savings_and_investments: 'savings_and_investments_transactions',
  crypto: 'crypto_transactions',
};
const OTHERS = 'others_transactions';

type Section = Record<string, unknown>;
const TRANSFERS = [
  ['topIncomingTransfer', 'largestIncomingTransfer'],
  ['topOutgoingTransfer', 'largestOutgoingTransfer'],
] as const;

const isObject = (value: unknown): value is Section =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The sections with the real API's values; false when they have them already. */
function upgrade(sections: Section): boolean {
  let changed = false;
  const spend = sections.spendAnalysis;
  if (isObject(spend) && typeof spend.mostFrequentSpendCategory === 'string') {
    const category = spend.mostFrequentSpendCategory;
    if (!category.endsWith('_transactions')) {
      spend.mostFrequentSpendCategory = REAL_TOKENS[category] ?? OTHERS;
      changed = true;
    }
  }
  const patterns = sections.transactionPatternAnalysis;
  if (isObject(patterns)) {
    for (const [top, largest] of TRANSFERS) {
      if (largest in patterns) continue;
      const transfer = patterns[top];
      patterns[largest] = isObject(transfer) ? transfer : null;
      patterns[top] =
        isObject(transfer) && typeof transfer.counterparty === 'string' ? transfer.counterparty || null : null;
      changed = true;
    }
  }
  return changed;
}

/** Back to the transfers in full under the top* names; the category tokens stay (ours are not recoverable). */
function downgrade(sections: Section): boolean {
  const patterns = sections.transactionPatternAnalysis;
  if (!isObject(patterns)) return false;
  let changed = false;
  for (const [top, largest] of TRANSFERS) {
    if (!(largest in patterns)) continue;
    patterns[top] = patterns[largest];
    delete patterns[largest];
    changed = true;
  }
  return changed;
}

/** Rewrites each statement's stored sections, one statement at a time (a few kilobytes each). */
async function rewrite(db: Kysely<unknown>, change: (sections: Section) => boolean): Promise<void> {
  const keys = await sql<{ statement_key: number }>`
    select statement_key from statement_results order by statement_key`.execute(db);
  for (const { statement_key: key } of keys.rows) {
    const found = await sql<{ sections: Uint8Array }>`
      select sections from statement_results where statement_key = ${key}`.execute(db);
    const stored = found.rows[0]?.sections;
    if (!stored) continue;
    const sections = JSON.parse(decompressJson(stored)) as unknown;
    if (!isObject(sections) || !change(sections)) continue;
    await sql`update statement_results set sections = ${Buffer.from(compressJson(JSON.stringify(sections)))}
      where statement_key = ${key}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rewrite(db, upgrade);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rewrite(db, downgrade);
}
