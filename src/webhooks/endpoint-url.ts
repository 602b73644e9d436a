import { AppError } from '../domain/errors.js';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A webhook URL as stored: absolute `https://` (plain `http://` only to this machine, for
 * development), no user name or password in it, at most 2,048 characters. Anything else is
 * refused naming `path`.
 */
export function webhookUrl(text: string, path = 'url'): string {
  const refuse = (message: string) => new AppError('VALIDATION_FAILED', `${path}: ${message}`, [{ path, message }]);
  if (text.length > 2048) throw refuse('must be at most 2048 characters');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refuse('must be an absolute URL');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) {
    throw refuse('must use https (plain http only to localhost)');
  }
  if (url.username || url.password) throw refuse('must not carry a user name or password');
  return url.toString();
}

/** The URL's origin, for logs and listings: a path or query string may carry a receiver's token. */
export const urlOrigin = (url: string): string => new URL(url).origin;
