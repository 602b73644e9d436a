import { AppError, pointerToken, unknownFieldMessage } from '../domain/errors.js';

/** One part of a multipart body. */
export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/**
 * The boundary of a multipart body: the `boundary` parameter of the content type when given, else
 * the body's first line when it has the shape `--<boundary>\r\n` (curl with `-H 'Content-Type:
 * application/json'` and `--form` parts sends a multipart body under a JSON content type).
 */
export function findBoundary(contentType: string | undefined, body: Buffer): string | null {
  const param = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  const given = param ? (param[1] ?? param[2]) : undefined;
  if (given) return given;
  const firstLineEnd = body.indexOf(CRLF);
  if (firstLineEnd < 3 || firstLineEnd > 72) return null;
  const line = body.subarray(0, firstLineEnd).toString('latin1');
  return /^--[0-9A-Za-z'()+_,./:=?-]{1,70}$/.test(line) ? line.slice(2) : null;
}

/** True when the body starts like a multipart body with this boundary. */
export function looksMultipart(body: Buffer, boundary: string): boolean {
  return body.subarray(0, boundary.length + 4).toString('latin1') === `--${boundary}\r\n`;
}

/**
 * Splits a buffered multipart body into parts (any disposition type: curl writes `attachment` when
 * the content type is not multipart/form-data). Returns null when the body is not well formed.
 */
export function parseMultipart(body: Buffer, boundary: string, maxParts = 20): Part[] | null {
  if (!looksMultipart(body, boundary)) return null;
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const parts: Part[] = [];
  let pos = boundary.length + 4;
  for (;;) {
    const headerEnd = body.indexOf(HEADER_END, pos);
    if (headerEnd < 0) return null;
    const headers = body.subarray(pos, headerEnd).toString('utf8').split('\r\n');
    const next = body.indexOf(delimiter, headerEnd + 4);
    if (next < 0) return null;
    const part: Part = { name: '', data: body.subarray(headerEnd + 4, next) };
    for (const header of headers) {
      const colon = header.indexOf(':');
      if (colon < 0) continue;
      const key = header.slice(0, colon).trim().toLowerCase();
      const value = header.slice(colon + 1).trim();
      if (key === 'content-disposition') {
        part.name = /;\s*name="([^"]*)"/i.exec(value)?.[1] ?? /;\s*name=([^;\s]+)/i.exec(value)?.[1] ?? '';
        const filename = /;\s*filename="([^"]*)"/i.exec(value)?.[1];
        if (filename !== undefined) part.filename = filename;
      } else if (key === 'content-type') {
        part.contentType = value;
      }
    }
    parts.push(part);
    if (parts.length > maxParts) return null;
    pos = next + delimiter.length;
    const tail = body.subarray(pos, pos + 2).toString('latin1');
    if (tail === '--') return parts;
    if (tail !== '\r\n') return null;
    pos += 2;
  }
}

/**
 * The part of a form field that must come once, or undefined when absent. Sent twice (`-F file=@a.jpg
 * -F file=@b.jpg`) it is refused at its path: which one the client meant would be a guess.
 */
export function onePart(parts: Part[], name: string): Part | undefined {
  const named = parts.filter((p) => p.name === name);
  if (named.length > 1) {
    const path = `/body/${name}`;
    const message = `is sent ${named.length} times; send one`;
    throw new AppError('VALIDATION_FAILED', `${path}: ${message}`, [{ path, message }]);
  }
  return named[0];
}

/**
 * Refuses the parts of a form that it does not take (`statement_key`, a misspelt `statementkey`),
 * each at its own path, as JSON bodies refuse unknown members: ignored, they would silently give
 * another answer than the client meant (a result not attached to its statement).
 */
export function refuseUnknownParts(parts: Part[], known: readonly string[]): void {
  const unknown = [...new Set(parts.map((p) => p.name).filter((name) => !known.includes(name)))];
  if (unknown.length === 0) return;
  const message = unknownFieldMessage(known);
  const details = unknown.map((name) => ({ path: `/body/${pointerToken(name)}`, message }));
  throw new AppError('VALIDATION_FAILED', `${details[0]?.path}: ${message}`, details);
}
