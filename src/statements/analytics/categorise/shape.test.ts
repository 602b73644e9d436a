import { describe, expect, it } from 'vitest';
import { ShapeTable } from './shape.js';

describe('ShapeTable', () => {
  it('numbers shapes in the order they first come, long digit runs as one marker', () => {
    const shapes = new ShapeTable();
    expect(shapes.number('NIP CR/ADA/REF:0000123456', 'credit')).toBe(0);
    expect(shapes.number('NIP CR/ADA/REF:9999', 'credit')).toBe(0);
    expect(shapes.number('NIP CR/ADA/REF:0000123456', 'debit')).toBe(1);
    expect(shapes.number('NIP CR/ADA/REF:999', 'credit')).toBe(2);
    expect(shapes.number('NIP CR/ADA/REF:998', 'credit')).toBe(3);
    expect(shapes.number('TRANSFER *1234# JOHN', 'debit')).toBe(4);
    expect(shapes.number('TRANSFER *12345# JOHN', 'debit')).toBe(5);
    expect(shapes.number('TRANSFER *1234# JOHN', 'debit')).toBe(4);
    expect(shapes.number('', 'debit')).toBe(6);
    expect(shapes.number('A', 'debit')).toBe(7);
    expect(shapes.number('AB', 'debit')).toBe(8);
    expect(shapes.number('1', 'debit')).toBe(9);
  });

  it('keeps every number as it grows past its first size', () => {
    const shapes = new ShapeTable();
    const count = 5000;
    // Digit runs of at most three digits: every narration its own shape.
    const narration = (i: number) => `SHOP ${i % 1000} LAGOS ${Math.floor(i / 1000)}`;
    for (let i = 0; i < count; i++) expect(shapes.number(narration(i), 'debit')).toBe(i);
    for (let i = 0; i < count; i++) expect(shapes.number(narration(i), 'debit')).toBe(i);
    expect(shapes.number('SHOP 123456 LAGOS', 'debit')).toBe(count);
    expect(shapes.number('SHOP 654321 LAGOS', 'debit')).toBe(count);
  });
});
