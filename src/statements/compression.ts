import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';

/**
 * Stored documents (transactions, analytics sections) are JSON compressed with Brotli at quality 1.
 * Compressing on the worker that built them keeps the event loop and the database from moving (and
 * the database from trying to compress) the full text. Measured on 1,000-row statements of three
 * formats (same run, medians; transactions document version 2, 112-134 KB of JSON; sections 19 KB):
 *
 * | setting                 | transactions           | sections         |
 * | ----------------------- | ---------------------- | ---------------- |
 * | Brotli q1 (chosen)      | 0.32-0.36 ms, 23-26 KB | 0.08 ms, 6.1 KB  |
 * | Brotli q0               | 0.24-0.27 ms, 27-31 KB | 0.06 ms, 6.3 KB  |
 * | Brotli q2               | 0.71-1.0 ms, 22-24 KB  | 0.14 ms, 5.6 KB  |
 * | Brotli q1, window 16-18 | as q1, within 2 %      | as q1            |
 * | raw DEFLATE level 1     | 0.75-1.1 ms, 25-29 KB  | 0.14 ms, 5.9 KB  |
 * | none                    | 0 ms, 112-134 KB       | 0 ms, 19 KB      |
 *
 * Quality 0 saves ~0.1 ms per statement for a fifth more bytes written, logged and backed up;
 * storing the text uncompressed would write five times the bytes (the columns are `storage
 * external`, so the database would not compress them either). The text may be given in parts (a
 * document and its lines): it is the parts one after another.
 */
export function compressJson(...parts: string[]): Uint8Array {
  const bytes = utf8(parts);
  return brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength },
  });
}

export function decompressJson(stored: Uint8Array): string {
  return brotliDecompressSync(stored).toString('utf8');
}

/** Texts up to this many UTF-16 units (3 MB of buffer) are encoded into a reused buffer: a unit is at most 3 bytes. */
const SCRATCH_UNITS = 1 << 20;
let scratch: Buffer | undefined;

/**
 * The UTF-8 bytes of the parts one after another, in a buffer reused by the next call: the
 * compressor copies them, and not allocating (and collecting) a new buffer of the whole document
 * each time makes compressing a 150 KB document ~12 % cheaper. Parts are written one by one, never
 * joined: a joined text would be flattened into one more copy of the document before writing.
 */
function utf8(parts: readonly string[]): Buffer {
  let units = 0;
  for (const part of parts) units += part.length;
  if (units > SCRATCH_UNITS) return Buffer.from(parts.join(''));
  if (scratch === undefined || scratch.length < units * 3) scratch = Buffer.allocUnsafeSlow(units * 3);
  let end = 0;
  for (const part of parts) end += scratch.write(part, end, 'utf8');
  return scratch.subarray(0, end);
}
