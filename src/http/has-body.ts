import type { IncomingHttpHeaders } from 'node:http';

/** A request that says a body follows: a length above 0, or chunks. */
export const hasBody = (headers: IncomingHttpHeaders): boolean =>
  headers['transfer-encoding'] !== undefined ||
  (headers['content-length'] !== undefined && headers['content-length'] !== '0');
