import { toMajor } from '../domain/money.js';
import { categoryAt, channelAt, confidenceAt, evidenceAt, type TransactionColumns } from './transaction-document.js';

export interface TransactionFilter {
  direction?: 'credit' | 'debit';
  /** First local day, `YYYY-MM-DD`. */
  from?: string;
  /** Last local day, `YYYY-MM-DD`. */
  to?: string;
  category?: string;
}

/** The positions of one page of the transactions that pass `filter`, and how many pass in all. */
export function selectTransactions(
  columns: TransactionColumns | undefined,
  filter: TransactionFilter,
  page: { offset: number; limit: number },
): { total: number; positions: number[] } {
  const positions: number[] = [];
  if (!columns) return { total: 0, positions };
  const letter = filter.direction === 'credit' ? 'C' : filter.direction === 'debit' ? 'D' : undefined;
  // A category the statement does not have matches nothing (-1 is no index).
  const category = filter.category === undefined ? undefined : columns.categories.indexOf(filter.category);
  const end = page.offset + page.limit;
  let total = 0;
  for (let i = 0; i < columns.id.length; i++) {
    if (letter !== undefined && columns.direction[i] !== letter) continue;
    const date = columns.date[i] as string;
    if (filter.from !== undefined && date < filter.from) continue;
    if (filter.to !== undefined && date > filter.to) continue;
    if (category !== undefined && columns.category[i] !== category) continue;
    if (total >= page.offset && total < end) positions.push(i);
    total++;
  }
  return { total, positions };
}

/** One stored transaction as the API shows it: amounts in naira, absent fields null. */
export function transactionView(columns: TransactionColumns, position: number): Record<string, unknown> {
  const balance = columns.balance[position] ?? null;
  return {
    id: columns.id[position],
    position,
    date: columns.date[position],
    postedAt: columns.postedAt[position] ?? null,
    valueDate: columns.valueDate[position] ?? null,
    direction: columns.direction[position] === 'C' ? 'credit' : 'debit',
    amount: toMajor(columns.amount[position] as number),
    balance: balance === null ? null : toMajor(balance),
    narration: columns.narration[position],
    reference: columns.reference[position] ?? null,
    category: categoryAt(columns, position),
    channel: channelAt(columns, position),
    confidence: confidenceAt(columns, position),
    evidence: evidenceAt(columns, position),
  };
}
