import { describe, expect, it } from 'vitest';
import { AppError } from '../domain/errors.js';
import { urlOrigin, webhookUrl } from './endpoint-url.js';

describe('webhook URLs', () => {
  it('take https anywhere and plain http only to this machine', () => {
    expect(webhookUrl('https://hooks.lender.ng/lendsight?token=abc')).toBe(
      'https://hooks.lender.ng/lendsight?token=abc',
    );
    expect(webhookUrl('http://127.0.0.1:8080/hook')).toBe('http://127.0.0.1:8080/hook');
    expect(webhookUrl('http://localhost/hook')).toBe('http://localhost/hook');
  });

  it.each([
    ['http://hooks.lender.ng/x', 'must use https (plain http only to localhost)'],
    ['ftp://hooks.lender.ng/x', 'must use https (plain http only to localhost)'],
    ['hooks.lender.ng/x', 'must be an absolute URL'],
    ['https://user:pass@hooks.lender.ng/x', 'must not carry a user name or password'],
    [`https://hooks.lender.ng/${'a'.repeat(2048)}`, 'must be at most 2048 characters'],
  ])('refuse %s, naming the field and the reason', (url, reason) => {
    try {
      webhookUrl(url, '--url');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe('VALIDATION_FAILED');
      expect((err as AppError).details).toEqual([{ path: '--url', message: reason }]);
    }
  });

  it('are shown by origin only: a path or query may carry a token', () => {
    expect(urlOrigin('https://hooks.lender.ng:8443/in/s3cret?k=1')).toBe('https://hooks.lender.ng:8443');
  });
});
