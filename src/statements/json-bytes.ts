/**
 * `JSON.parse` of a UTF-8 body without ever holding the whole body as one string.
 *
 * V8 puts a string of more than 128 KiB in its large-object space, on pages mapped for it alone
 * and unmapped when it dies, so every byte of it is a fresh page. On the 2-core host we measured,
 * decoding a 142 KiB body (a 1,000-row statement) cost 0.9 ms, almost all of it page faults (39 a
 * body); a 117 KiB one cost 10 µs. So a large object or array is read in runs of members, and each
 * run of at most `PIECE` bytes is decoded and parsed on its own. An array of containers (the
 * rows) is cut where the bytes suggest a member ends near a run's length, and a cut is kept only
 * if its run parses (`jumpRuns`); elsewhere a scan of the bytes finds where each member ends.
 * Runs split only between members, where no string is open, so each member reads exactly as it
 * does in the whole. A run that does not parse where the scan cut it, or bytes where the scan
 * needs a comma, colon, key or bracket, send the body to one plain `JSON.parse`, which gives the
 * same value or the same SyntaxError as always. On a 1,000-row statement (142 KiB) on the AMD
 * host, scanning every byte made this 0.66 ms against 0.59 ms for decoding the whole and parsing
 * it; cutting the rows by guesses made it 0.48 ms.
 */

import { isAscii } from 'node:buffer';

/** Bytes per run: decoded, even a run of two-byte characters stays under 128 KiB. */
const PIECE = 60_000;

/**
 * A member whose value runs past this many bytes is walked member by member, so a large container
 * is scanned once, not measured first (a flat scan) and then walked.
 */
const WALK = 4096;

/** Containers walked inside one another, at most (a statement's rows are at depth 1 or 2). */
const MAX_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;
const COLON = 0x3a;

/** What a byte means to `skipValue` inside a container: 0 for most bytes. */
const PLAIN = 0;
const STRING = 1;
const OPENS = 2;
const CLOSES = 3;
const KIND = new Uint8Array(256);
KIND[QUOTE] = STRING;
KIND[OPEN_ARRAY] = OPENS;
KIND[OPEN_OBJECT] = OPENS;
KIND[CLOSE_ARRAY] = CLOSES;
KIND[CLOSE_OBJECT] = CLOSES;

/** JSON's four whitespace characters. */
const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

/** The scan found bytes that cannot be JSON where it looked: the whole body decides. */
class NotSplittable extends Error {}

function skipSpace(bytes: Uint8Array, i: number, end: number): number {
  while (i < end && isSpace(bytes[i] as number)) i++;
  return i;
}

/** `bytes[i]` is an opening quote: the index after its closing one, or -1 if none before `end`. */
function skipString(bytes: Uint8Array, i: number, end: number): number {
  for (i++; i < end; i++) {
    const b = bytes[i] as number;
    if (b === QUOTE) return i + 1;
    if (b === BACKSLASH) i++;
  }
  return -1;
}

/**
 * The index after the value starting at `i`, or -1 if it does not end before `end`. Brackets are
 * only counted: their kinds and everything else are checked when the value's run is parsed.
 */
function skipValue(bytes: Uint8Array, i: number, end: number): number {
  const first = bytes[i] as number;
  if (first === QUOTE) return skipString(bytes, i, end);
  if (first !== OPEN_ARRAY && first !== OPEN_OBJECT) {
    for (; i < end; i++) {
      const b = bytes[i] as number;
      if (b === COMMA || b === CLOSE_ARRAY || b === CLOSE_OBJECT || isSpace(b)) return i;
    }
    return -1;
  }
  let depth = 0;
  for (; i < end; i++) {
    const kind = KIND[bytes[i] as number] as number;
    if (kind === PLAIN) continue;
    if (kind === STRING) {
      // The string's bytes, in a loop of their own.
      for (i++; i < end; i++) {
        const b = bytes[i] as number;
        if (b === QUOTE) break;
        if (b === BACKSLASH) i++;
      }
    } else if (kind === OPENS) depth++;
    else if (--depth === 0) return i + 1;
  }
  return -1;
}

/**
 * How the body being read (`parseJsonBytes` is synchronous) is decoded: `latin1` when every byte is
 * ASCII, which reads the same as UTF-8 without V8's UTF-8 decoder first scanning each run for
 * other bytes (about 130 instructions a row of a 1,000-row statement; the native ASCII check of the
 * whole body costs a tenth of that).
 */
let encoding: 'utf8' | 'latin1' = 'utf8';

/** Where a run is copied between its container's brackets, to be decoded as one flat string. */
let scratch = Buffer.allocUnsafe(PIECE + 2);

/** `bytes[from, to)` (members and the commas between them) parsed between `open` and `close`. */
function parseRun(bytes: Buffer, from: number, to: number, open: number): unknown {
  const length = to - from + 2;
  if (scratch.length < length) scratch = Buffer.allocUnsafe(length);
  scratch[0] = open;
  bytes.copy(scratch, 1, from, to);
  scratch[length - 1] = open === OPEN_ARRAY ? CLOSE_ARRAY : CLOSE_OBJECT;
  return JSON.parse(scratch.toString(encoding, 0, length));
}

const closesOrSpace = (b: number) => b === CLOSE_ARRAY || b === CLOSE_OBJECT || isSpace(b);

/**
 * Guessed run ends that may fail to parse in one body: a miss costs a parse of up to a run, so a
 * body built to make every guess miss costs at most this many runs more than the member walk.
 */
const MISSES = 8;
/** Misses left for the body being read (`parseJsonBytes` is synchronous). */
let missesLeft = 0;

/** The members of `[from, to)` parsed as a run, or undefined (a miss) when they do not parse as one. */
function tryRun(bytes: Buffer, from: number, to: number): unknown[] | undefined {
  try {
    return parseRun(bytes, from, to, OPEN_ARRAY) as unknown[];
  } catch (err) {
    if (!(err instanceof SyntaxError)) throw err;
    missesLeft--;
    return undefined;
  }
}

/**
 * The last comma in `(at, before]` that the bytes around it suggest ends an array member: the
 * member's closing bracket before it and the next member's opening bracket after it. -1 if none.
 */
function commaBefore(bytes: Buffer, at: number, before: number, open: number, close: number): number {
  for (let j = before; j > at; j--) {
    if (bytes[j] !== COMMA) continue;
    let k = j + 1;
    while (isSpace(bytes[k] as number)) k++;
    if (bytes[k] !== open) continue;
    k = j - 1;
    while (isSpace(bytes[k] as number)) k--;
    if (bytes[k] === close) return j;
  }
  return -1;
}

/**
 * An array of containers (a statement's rows) read from the member starting at `at` in runs found
 * by jumping rather than scanning: a run's end is guessed near `piece` bytes on (a comma between a
 * closing and an opening bracket, or, for the last run, one of the body's closing brackets) and
 * kept only if the run parses. A run read from a member's start parses only if it ends where a
 * member does outside any string, so a kept guess is where the scan would have split (a comma in a
 * narration fails to parse: its string is unterminated). Returns the array's end once read whole,
 * else -1 and where the member walk takes over (a guess failed, a member is longer than a run, or
 * a member is not a container).
 */
function jumpRuns(buffer: Buffer, at: number, limit: number, piece: number, into: unknown[]) {
  const open = buffer[at] as number;
  let read = false;
  if ((open !== OPEN_OBJECT && open !== OPEN_ARRAY) || missesLeft <= 0) return { at, end: -1, read };
  const close = open === OPEN_OBJECT ? CLOSE_OBJECT : CLOSE_ARRAY;
  for (;;) {
    if (limit - at <= piece) {
      // The rest fits one run: the array ends at one of the closing brackets that end the body.
      let first = limit - 1;
      while (first > at && closesOrSpace(buffer[first] as number)) first--;
      for (let j = first + 1; j < limit && missesLeft > 0; j++) {
        if (buffer[j] !== CLOSE_ARRAY) continue;
        const run = tryRun(buffer, at, j);
        if (run === undefined) continue;
        for (const v of run) into.push(v);
        return { at, end: j + 1, read: true };
      }
      return { at, end: -1, read };
    }
    const comma = commaBefore(buffer, at, at + piece, open, close);
    // No comma found costs a backward look over a run: a miss too.
    if (comma < 0) missesLeft--;
    const run = comma < 0 ? undefined : tryRun(buffer, at, comma);
    if (run === undefined) return { at, end: -1, read };
    for (const v of run) into.push(v);
    read = true;
    at = skipSpace(buffer, comma + 1, limit);
    if (buffer[at] !== open) return { at, end: -1, read };
  }
}

/** Sets a member as `JSON.parse` does: an own data property, even for `__proto__`. */
function setMember(into: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(into, key, { value, writable: true, enumerable: true, configurable: true });
  } else into[key] = value;
}

/** A parsed run's members added to `into`, in order. */
function addRun(into: unknown[] | Record<string, unknown>, run: unknown): void {
  if (Array.isArray(into)) for (const v of run as unknown[]) into.push(v);
  else for (const [k, v] of Object.entries(run as object)) setMember(into, k, v);
}

/** A container walked by `readContainer`: where it ends, and its value if it was read in runs. */
interface Walked {
  end: number;
  /** False when the whole container fits one run: its parent's run reads it. */
  read: boolean;
  value: unknown;
}

/**
 * The container opening at `bytes[start]`, walked member by member up to its closing bracket
 * (before `limit`). Runs of members of at most `piece` bytes are parsed as they fill; a member
 * longer than `WALK` (or `piece`) bytes is walked in turn.
 */
function readContainer(buffer: Buffer, start: number, limit: number, piece: number, depth = 0): Walked {
  // JSON.parse reads any depth; this walk recurses, so a body nested deeper goes to it whole.
  if (depth > MAX_DEPTH) throw new NotSplittable();
  const open = buffer[start] as number;
  const isArray = open === OPEN_ARRAY;
  const closing = isArray ? CLOSE_ARRAY : CLOSE_OBJECT;
  const into: unknown[] | Record<string, unknown> = isArray ? [] : {};
  let read = false;
  let runStart = -1;
  let runEnd = -1;
  let i = skipSpace(buffer, start + 1, limit);
  if (buffer[i] === closing) return { end: i + 1, read, value: into };
  if (isArray) {
    const jumped = jumpRuns(buffer, i, limit, piece, into as unknown[]);
    if (jumped.end >= 0) return { end: jumped.end, read: true, value: into };
    read = jumped.read;
    i = jumped.at;
  }
  for (;;) {
    const memberStart = i;
    let keyEnd = i;
    if (!isArray) {
      if (buffer[i] !== QUOTE) throw new NotSplittable();
      keyEnd = skipString(buffer, i, limit);
      if (keyEnd < 0) throw new NotSplittable();
      i = skipSpace(buffer, keyEnd, limit);
      if (buffer[i] !== COLON) throw new NotSplittable();
      i = skipSpace(buffer, i + 1, limit);
    }
    const valueStart = i;
    let valueEnd = skipValue(buffer, valueStart, Math.min(limit, valueStart + Math.min(WALK, piece)));
    let value: Walked | null = null;
    if (valueEnd < 0) {
      const first = buffer[valueStart];
      if (first === OPEN_ARRAY || first === OPEN_OBJECT) {
        value = readContainer(buffer, valueStart, limit, piece, depth + 1);
        valueEnd = value.end;
        if (!value.read) value = null;
      } else {
        valueEnd = skipValue(buffer, valueStart, limit);
        if (valueEnd <= valueStart) throw new NotSplittable();
        // A scalar this long (a huge string) is parsed alone, as one large string.
        if (valueEnd - valueStart > piece)
          value = { end: valueEnd, read: true, value: JSON.parse(buffer.toString(encoding, valueStart, valueEnd)) };
      }
    }
    // No value (`[1,,2]`, `{"a":}`): a run around nothing would parse, the whole must not.
    if (valueEnd === valueStart) throw new NotSplittable();
    if (runStart >= 0 && (value !== null || valueEnd - runStart > piece)) {
      addRun(into, parseRun(buffer, runStart, runEnd, open));
      runStart = -1;
      read = true;
    }
    if (value === null) {
      if (runStart < 0) runStart = memberStart;
      runEnd = valueEnd;
    } else {
      read = true;
      if (Array.isArray(into)) into.push(value.value);
      else setMember(into, JSON.parse(buffer.toString(encoding, memberStart, keyEnd)), value.value);
    }
    i = skipSpace(buffer, valueEnd, limit);
    if (buffer[i] === closing) break;
    if (buffer[i] !== COMMA) throw new NotSplittable();
    i = skipSpace(buffer, i + 1, limit);
  }
  if (runStart >= 0 && read) addRun(into, parseRun(buffer, runStart, runEnd, open));
  return { end: i + 1, read, value: into };
}

/**
 * What `JSON.parse(bytes.toString())` gives (the value, or its SyntaxError), read in runs of at
 * most `piece` bytes (tests split small bodies with a small one).
 */
export function parseJsonBytes(bytes: Uint8Array, piece = PIECE): unknown {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const whole = () => JSON.parse(buffer.toString());
  const start = skipSpace(buffer, 0, buffer.length);
  const first = buffer[start];
  if (buffer.length - start <= piece || (first !== OPEN_ARRAY && first !== OPEN_OBJECT)) return whole();
  try {
    missesLeft = MISSES;
    encoding = isAscii(buffer) ? 'latin1' : 'utf8';
    const walked = readContainer(buffer, start, buffer.length, piece);
    if (skipSpace(buffer, walked.end, buffer.length) !== buffer.length) return whole();
    return walked.read ? walked.value : whole();
  } catch (err) {
    if (err instanceof NotSplittable || err instanceof SyntaxError) return whole();
    throw err;
  }
}
