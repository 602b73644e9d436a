import { describe, expect, it } from 'vitest';
import { LabelTable, labelColumns, type TransactionLabel } from './label-table.js';

const salary = {
  category: 'salary',
  channel: 'transfer',
  confidence: 0.95,
  evidence: 'income:Salary matched "SALARY"',
};
const airtime = { category: 'airtime_and_data', channel: 'ussd', confidence: 0.95, evidence: 'airtime matched "MTN"' };

const tableOf = (labels: ReadonlyArray<TransactionLabel | undefined>) => {
  const table = new LabelTable();
  for (const l of labels) table.add(l);
  return table.stored();
};

describe('label table', () => {
  it('stores each distinct label once and a number per row; unlabelled rows are null', () => {
    const stored = tableOf([salary, airtime, { ...airtime }, undefined, salary]);
    expect(stored).toEqual({
      categories: ['salary', 'airtime_and_data'],
      channels: ['transfer', 'ussd'],
      evidences: ['income:Salary matched "SALARY"', 'airtime matched "MTN"'],
      labels: [
        [0, 0, 0.95, 0],
        [1, 1, 0.95, 1],
      ],
      label: [0, 1, 1, null, 0],
    });
    expect(labelColumns(stored)).toEqual({
      category: [0, 1, 1, null, 0],
      channel: [0, 1, 1, null, 0],
      confidence: [0.95, 0.95, 0.95, null, 0.95],
      evidence: [0, 1, 1, null, 0],
    });
  });

  it('tells apart labels that differ in one part, or lack confidence and evidence', () => {
    const bare = { category: 'salary', channel: 'transfer' };
    const stored = tableOf([salary, { ...salary, confidence: 0.8 }, { ...salary, evidence: 'other' }, bare, bare]);
    expect(stored.labels).toEqual([
      [0, 0, 0.95, 0],
      [0, 0, 0.8, 0],
      [0, 0, 0.95, 1],
      [0, 0, null, null],
    ]);
    expect(stored.label).toEqual([0, 1, 2, 3, 3]);
  });

  it('still gives back labels with more parts than it packs into one number (shared only as one object)', () => {
    const many = Array.from({ length: 300 }, (_, i) => ({ ...salary, category: `c${i}` }));
    const stored = tableOf([...many, { ...(many[299] as TransactionLabel) }, many[299]]);
    expect(stored.labels).toHaveLength(301);
    expect(labelColumns(stored).category.slice(-3)).toEqual([299, 299, 299]);
    expect(stored.label.slice(-3)).toEqual([299, 300, 299]);
  });

  it('refuses a row whose label is not in the table', () => {
    expect(() => labelColumns({ ...tableOf([salary]), label: [1] })).toThrow(/label 1 of 1/);
  });
});
