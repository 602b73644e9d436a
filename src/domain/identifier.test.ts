import { describe, expect, it } from 'vitest';
import { maskIdentifier } from './identifier.js';

describe('maskIdentifier', () => {
  it('keeps only the last four digits', () => {
    expect(maskIdentifier('22212345678')).toBe('*******5678');
    expect(maskIdentifier('12345')).toBe('****5');
    expect(maskIdentifier('1234')).toBe('****');
  });
});
