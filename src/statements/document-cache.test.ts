import { describe, expect, it } from 'vitest';
import { DocumentCache } from './document-cache.js';
import type { TransactionColumns } from './transaction-document.js';

const doc = (rows: number) => ({ id: new Array<string>(rows).fill('x') }) as TransactionColumns;

describe('DocumentCache', () => {
  it('keeps at most maxRows transactions, dropping the least recently read first', () => {
    const cache = new DocumentCache(10);
    const a = doc(4);
    const b = doc(4);
    cache.set(1, a);
    cache.set(2, b);
    expect(cache.get(1)).toBe(a); // 1 is now the most recently read
    cache.set(3, doc(4)); // 12 rows: 2 goes
    expect(cache.get(2)).toBeUndefined();
    expect(cache.get(1)).toBe(a);
    expect(cache.get(3)?.id).toHaveLength(4);
  });

  it('never holds a document larger than the bound, and forgets deleted ones', () => {
    const cache = new DocumentCache(10);
    cache.set(1, doc(11));
    expect(cache.get(1)).toBeUndefined();
    cache.set(2, doc(10));
    cache.delete(2);
    expect(cache.get(2)).toBeUndefined();
    cache.set(3, doc(10));
    expect(cache.get(3)?.id).toHaveLength(10);
  });
});
