import type { TransactionColumns } from './transaction-document.js';

/**
 * Decoded transaction documents of recently read statements, least recently used first out, at
 * most `maxRows` transactions in all. Documents never change once written (a deleted statement
 * is refused before its document is looked up), so a hit is always right; it spares paging through
 * a 50,000-row statement a decompression and parse of ~7 MB per page.
 */
export class DocumentCache {
  private readonly entries = new Map<number, TransactionColumns>();
  private rows = 0;

  constructor(private readonly maxRows: number) {}

  get(key: number): TransactionColumns | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: number, columns: TransactionColumns): void {
    const size = columns.id.length;
    if (size > this.maxRows || this.entries.has(key)) return;
    this.entries.set(key, columns);
    this.rows += size;
    for (const [oldest, old] of this.entries) {
      if (this.rows <= this.maxRows) break;
      this.entries.delete(oldest);
      this.rows -= old.id.length;
    }
  }

  delete(key: number): void {
    const gone = this.entries.get(key);
    if (!gone) return;
    this.entries.delete(key);
    this.rows -= gone.id.length;
  }
}
