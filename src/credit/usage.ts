import type { CreditJobState, CreditReportKind } from '../db/schema.js';

/** Per kind of report: the references that started a bureau pull, those reused, and their states. */
export interface KindUsage {
  /** References that started a new bureau pull: one bureau request each. */
  newPulls: number;
  /** References served by an earlier pull: no bureau request. */
  reused: number;
  completed: number;
  failed: number;
  inFlight: number;
}

export interface ReferenceCount {
  kind: CreditReportKind;
  reused: boolean;
  state: CreditJobState;
  count: number;
}

const noUsage = (): KindUsage => ({ newPulls: 0, reused: 0, completed: 0, failed: 0, inFlight: 0 });

/** Reference counts grouped by kind, reuse and state, summed per kind. */
export function usageOf(counts: readonly ReferenceCount[]): Record<CreditReportKind, KindUsage> {
  const usage: Record<CreditReportKind, KindUsage> = { consumer: noUsage(), commercial: noUsage() };
  for (const { kind, reused, state, count } of counts) {
    const u = usage[kind];
    if (reused) u.reused += count;
    else u.newPulls += count;
    if (state === 'completed') u.completed += count;
    else if (state === 'failed') u.failed += count;
    else u.inFlight += count;
  }
  return usage;
}
