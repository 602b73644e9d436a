import { describe, expect, it } from 'vitest';
import { findBoundary, onePart, parseMultipart } from './multipart.js';

const B = '------------------------87b7c307c60147d8';
// The exact bytes curl 7.88 sent for `curl -H 'Content-Type: application/json' --form statementKey=12
// --form file=@f.jpg` (captured with a local server): `attachment` dispositions, no form-data.
const curlBody = Buffer.from(
  `--${B}\r\nContent-Disposition: attachment; name="statementKey"\r\n\r\n12\r\n` +
    `--${B}\r\nContent-Disposition: attachment; name="file"; filename="f.jpg"\r\nContent-Type: image/jpeg\r\n\r\nabc\r\n` +
    `--${B}--\r\n`,
  'latin1',
);

describe('multipart', () => {
  it('takes the boundary from the header, or from the first line when the header has none', () => {
    expect(findBoundary(`multipart/form-data; boundary=${B}`, curlBody)).toBe(B);
    expect(findBoundary(`application/json; boundary=${B}`, curlBody)).toBe(B);
    expect(findBoundary('application/json', curlBody)).toBe(B);
    expect(findBoundary('application/json', Buffer.from('{"file":"x"}'))).toBeNull();
  });

  it("parses curl's parts, binary content intact", () => {
    const parts = parseMultipart(curlBody, B);
    expect(parts?.map((p) => [p.name, p.filename, p.contentType, p.data.toString('latin1')])).toEqual([
      ['statementKey', undefined, undefined, '12'],
      ['file', 'f.jpg', 'image/jpeg', 'abc'],
    ]);
    const binary = Buffer.concat([
      Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="file"; filename="x"\r\n\r\n`),
      Buffer.from([0, 13, 10, 45, 45, 255]),
      Buffer.from(`\r\n--${B}--\r\n`),
    ]);
    expect([...(parseMultipart(binary, B)?.[0]?.data ?? [])]).toEqual([0, 13, 10, 45, 45, 255]);
  });

  it('refuses a truncated or malformed body', () => {
    expect(parseMultipart(curlBody.subarray(0, curlBody.length - 30), B)).toBeNull();
    expect(parseMultipart(Buffer.from('hello'), B)).toBeNull();
    expect(parseMultipart(Buffer.from(`--${B}\r\nno header end`), B)).toBeNull();
  });

  it('takes a field that must come once, and refuses it sent twice at its path', () => {
    const part = (name: string, value: string) => ({ name, data: Buffer.from(value) });
    const parts = [part('file', 'a'), part('statementKey', '12'), part('file', 'b')];
    expect(onePart(parts, 'statementKey')?.data.toString()).toBe('12');
    expect(onePart(parts, 'absent')).toBeUndefined();
    expect(() => onePart(parts, 'file')).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_FAILED',
        message: '/body/file: is sent 2 times; send one',
        details: [{ path: '/body/file', message: 'is sent 2 times; send one' }],
      }),
    );
  });
});
