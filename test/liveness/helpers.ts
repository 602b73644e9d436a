import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

export const image = (name: string) => readFileSync(new URL(`../fixtures/images/${name}`, import.meta.url));

export interface FormPart {
  name: string;
  value: Buffer | string;
  filename?: string;
  contentType?: string;
}

/**
 * A multipart body. `disposition: 'attachment'` and a JSON content type reproduce what curl 7.88
 * sends for `curl -H 'Content-Type: application/json' --form ...` (measured against a local server).
 */
export function form(
  parts: FormPart[],
  opts: { disposition?: 'form-data' | 'attachment'; boundary?: string } = {},
): Buffer {
  const boundary = opts.boundary ?? '------------------------87b7c307c60147d8';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: ${opts.disposition ?? 'form-data'}; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"`;
    head += '\r\n';
    if (p.contentType) head += `Content-Type: ${p.contentType}\r\n`;
    chunks.push(
      Buffer.from(`${head}\r\n`),
      Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

export const BOUNDARY = '------------------------87b7c307c60147d8';
export const multipartHeaders = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A decompression bomb: a valid 1-bit grey PNG of `side` x `side` pixels (400 megapixels at 20000)
 * whose all-zero rows deflate to a few tens of kilobytes.
 */
export function pngBomb(side = 20000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc((Math.ceil(side / 8) + 1) * side);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
