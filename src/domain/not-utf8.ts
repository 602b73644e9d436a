import { isUtf8 } from 'node:buffer';
import { pointerToken } from './errors.js';

/** Why a string of a body is refused, and why a member name is. */
export const NOT_UTF8 = 'holds bytes that are not UTF-8 (a body is read as UTF-8 text)';
export const NAME_NOT_UTF8 = 'its name holds bytes that are not UTF-8 (a body is read as UTF-8 text)';

/** Noncharacters U+FDD0..U+FDEF: the first one a body does not hold marks its bytes that are not UTF-8. */
const FIRST_MARK = 0xfdd0;
const MARKS = 32;
const MARK_ESCAPE = /\\u[fF][dD][dDeE][0-9a-fA-F]/g;

/** A body whose bytes are not all UTF-8, with each ill-formed sequence replaced by `marker`. */
export interface MarkedBody {
  bytes: Buffer;
  /** Undefined when the body holds every candidate mark (then its bad bytes are left as they were). */
  marker: string | undefined;
}

/** The first mark the body holds neither as UTF-8 nor as a JSON escape. */
function unusedMarker(bytes: Buffer): string | undefined {
  const used = new Set<number>();
  for (let i = bytes.indexOf('\u00ef\u00b7', 0, 'latin1'); i >= 0; i = bytes.indexOf('\u00ef\u00b7', i + 1, 'latin1')) {
    used.add(FIRST_MARK + (bytes[i + 2] ?? 0) - 0x90);
  }
  for (const [text] of bytes.toString('latin1').matchAll(MARK_ESCAPE)) used.add(Number.parseInt(text.slice(2), 16));
  for (let c = FIRST_MARK; c < FIRST_MARK + MARKS; c++) if (!used.has(c)) return String.fromCharCode(c);
  return undefined;
}

/**
 * The index after the ill-formed sequence at `i`, as the WHATWG decoder (and so `Buffer#toString`)
 * reads it: a byte that cannot start a sequence, or a start with the continuation bytes that fit it
 * so far. -1 when a well-formed sequence (or an ASCII byte) starts at `i`.
 */
function illFormedEnd(bytes: Buffer, i: number): number {
  const lead = bytes[i] as number;
  if (lead < 0x80) return -1;
  let need: number;
  let low = 0x80;
  let high = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) need = 1;
  else if (lead >= 0xe0 && lead <= 0xef) {
    need = 2;
    if (lead === 0xe0) low = 0xa0;
    if (lead === 0xed) high = 0x9f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    need = 3;
    if (lead === 0xf0) low = 0x90;
    if (lead === 0xf4) high = 0x8f;
  } else return i + 1;
  let j = i + 1;
  for (let seen = 0; seen < need; seen++, j++) {
    const b = bytes[j];
    if (b === undefined || b < low || b > high) return j;
    low = 0x80;
    high = 0xbf;
  }
  return -1;
}

/**
 * Undefined when `bytes` are UTF-8: one native check of the whole body (tens of microseconds for
 * a 1,000-row statement), no JavaScript over its bytes. Otherwise (rare: the body is refused) the
 * body with each ill-formed sequence replaced by a mark it does not otherwise hold, where decoding
 * would have put U+FFFD: parsed, the strings and member names holding the mark are the ones a
 * client sent bytes in that are not UTF-8, and a U+FFFD the client did send is not mistaken for one.
 */
export function markNotUtf8(body: Uint8Array): MarkedBody | undefined {
  if (isUtf8(body)) return undefined;
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const marker = unusedMarker(bytes);
  if (marker === undefined) return { bytes, marker };
  const mark = Buffer.from(marker);
  const parts: Buffer[] = [];
  let from = 0;
  for (let i = 0; i < bytes.length; ) {
    const end = illFormedEnd(bytes, i);
    if (end < 0) {
      const lead = bytes[i] as number;
      i += lead < 0x80 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
      continue;
    }
    parts.push(bytes.subarray(from, i), mark);
    from = i = end;
  }
  parts.push(bytes.subarray(from));
  return { bytes: Buffer.concat(parts), marker };
}

/**
 * Reports (JSON pointers relative to the value) each string and member name of a marked body's
 * parsed value that holds `marker`; a name is shown with U+FFFD where its bad bytes were. When no
 * string holds it (the bytes sat in a member that a later one of the same name replaced), the body
 * itself (path `''`) is reported: the body is refused all the same. Walks with its own stack: a
 * body may be nested deeper than the call stack.
 */
export function notUtf8Fields(value: unknown, marker: string, add: (path: string, message: string) => void): void {
  let found = 0;
  const report = (path: string, message: string) => {
    found++;
    add(path, message);
  };
  // Each entry: a value, its path, and whether the member name it sits under holds the mark.
  const pending: Array<[unknown, string, boolean]> = [[value, '', false]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, path, badName] = next;
    if (badName) report(path, NAME_NOT_UTF8);
    if (typeof item === 'string') {
      if (item.includes(marker)) report(path, NOT_UTF8);
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) pending.push([item[i], `${path}/${i}`, false]);
    } else if (typeof item === 'object' && item !== null) {
      const keys = Object.keys(item);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        const bad = key.includes(marker);
        const at = `${path}/${pointerToken(bad ? key.replaceAll(marker, '\ufffd') : key)}`;
        pending.push([(item as Record<string, unknown>)[key], at, bad]);
      }
    }
  }
  if (found === 0) add('', `${NOT_UTF8}, in a member a later one of the same name replaced`);
}
