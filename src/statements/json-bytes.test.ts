import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { generateStatement } from '../../test/helpers/statement-generator.js';
import { FORMATS } from '../domain/statement.js';
import { parseJsonBytes } from './json-bytes.js';

type Outcome = { value: unknown } | { error: string };

function outcome(read: () => unknown): Outcome {
  try {
    return { value: read() };
  } catch (err) {
    if (!(err instanceof SyntaxError)) throw err;
    return { error: err.message };
  }
}

/** The same value (key order and own `__proto__` members included) or the same SyntaxError. */
function expectAsJsonParse(bytes: Buffer, piece?: number): void {
  const expected = outcome(() => JSON.parse(bytes.toString()));
  const actual = outcome(() => parseJsonBytes(bytes, piece));
  if ('error' in expected) {
    expect(actual).toEqual(expected);
    return;
  }
  expect('value' in actual).toBe(true);
  const value = (actual as { value: unknown }).value;
  expect(isDeepStrictEqual(value, expected.value)).toBe(true);
  expect(JSON.stringify(value)).toBe(JSON.stringify(expected.value));
}

const text = (s: string) => Buffer.from(s);

/** The longest string decoded from bytes while `read` runs. */
function longestDecoded(read: () => unknown): number {
  let longest = 0;
  const decode = Buffer.prototype.toString;
  const spy = vi.spyOn(Buffer.prototype, 'toString').mockImplementation(function (this: Buffer, ...args) {
    const decoded = decode.apply(this, args as Parameters<Buffer['toString']>);
    longest = Math.max(longest, decoded.length);
    return decoded;
  });
  try {
    read();
  } finally {
    spy.mockRestore();
  }
  return longest;
}

describe('parseJsonBytes', () => {
  it('reads every statement format as JSON.parse does, in runs of the default size', () => {
    const generated = generateStatement({ seed: 11, months: 6, rows: 3_000, gambling: true, loans: true });
    for (const format of FORMATS) {
      const body = Buffer.from(JSON.stringify(generated.body(format, 'runs')));
      expect(body.length).toBeGreaterThan(200_000);
      expectAsJsonParse(body);
      // Pretty-printed, as a person's tool might send it.
      const pretty = Buffer.from(JSON.stringify(generated.body(format, 'runs'), null, 2));
      expectAsJsonParse(pretty);
      // The point: no string as long as the body (V8's large-object space) is ever made.
      for (const bytes of [body, pretty])
        expect(longestDecoded(() => parseJsonBytes(bytes))).toBeLessThanOrEqual(60_002);
    }
  });

  it('reads any JSON value as JSON.parse does, however small the runs', () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 4 }),
        fc.integer({ min: 1, max: 64 }),
        fc.constantFrom(undefined, 1, '\t'),
        (value, piece, indent) => {
          expectAsJsonParse(Buffer.from(JSON.stringify(value, null, indent) ?? 'null'), piece);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('refuses what JSON.parse refuses and accepts what it accepts, on damaged texts', () => {
    const damage = fc.constantFrom('', ',', ':', '[', ']', '{', '}', '"', '\\', ' ', '0', 'x', '\\"', ',,', '\u00e9');
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 4 }),
        fc.array(fc.tuple(fc.nat(), fc.nat({ max: 2 }), damage), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 32 }),
        (value, edits, piece) => {
          let json = JSON.stringify(value) ?? 'null';
          for (const [at, cut, insert] of edits) {
            const i = at % (json.length + 1);
            json = json.slice(0, i) + insert + json.slice(i + cut);
          }
          expectAsJsonParse(text(json), piece);
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it('keeps JSON.parse’s own-member semantics: __proto__, repeated keys, number-like keys', () => {
    for (const json of [
      '{"__proto__":{"polluted":true},"a":[1,2,3,4,5,6]}',
      '{"a":1,"b":[1,2,3,4,5,6],"a":2}',
      '{"2":"two","b":[1,2,3,4,5,6,7,8],"1":"one"}',
    ]) {
      expectAsJsonParse(text(json), 4);
    }
    const value = parseJsonBytes(text('{"__proto__":{"polluted":true},"a":[1,2,3,4,5,6]}'), 4) as object;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('refuses holes and trailing commas that a run on its own would accept', () => {
    const big = JSON.stringify(Array.from({ length: 20 }, (_, i) => ({ i })));
    for (const json of [
      `[,${big}]`,
      `[1,,${big}]`,
      `{"a":,"b":${big}}`,
      `{"b":${big},}`,
      `[${big},]`,
      `[${big}`,
      `${big}]`,
      `{"b":${big}} x`,
      `{"b" ${big}}`,
      `{b:${big}}`,
      `[${big}}`,
    ]) {
      expectAsJsonParse(text(json), 8);
    }
  });

  it('reads strings with escapes, brackets, quotes and characters of every width across runs', () => {
    const tricky = ['a\\"},{"b', '\\\\', '],[', '}{', 'café', '₦50 — “top-up”', '😀', '\u0000', ' , : '];
    const json = JSON.stringify({ rows: tricky.map((s, i) => ({ i, s: s.repeat(3) })), tail: tricky });
    for (const piece of [1, 5, 17, 60]) {
      expectAsJsonParse(text(json), piece);
      expect(longestDecoded(() => parseJsonBytes(text(json), piece))).toBeLessThan(json.length / 2);
    }
    // Bytes that are not UTF-8 inside a string read as U+FFFD, as the whole body's decoding gives.
    const invalid = Buffer.concat([
      text('[["a'),
      Buffer.from([0xe2, 0x82]),
      text('"],["b'),
      Buffer.from([0xff]),
      text('"]]'),
    ]);
    expectAsJsonParse(invalid, 3);
  });

  it('keeps only guessed run ends that parse: brackets and commas inside strings, arrays not last', () => {
    // Each row's text looks like a row boundary, so many guesses land inside a string.
    const rows = Array.from({ length: 200 }, (_, i) => ({ i, s: '},{'.repeat(i % 7), t: i % 3 ? '} , {' : ']' }));
    for (const piece of [16, 64, 100, 1_000]) {
      expectAsJsonParse(text(JSON.stringify({ rows })), piece);
      expectAsJsonParse(text(JSON.stringify({ rows, after: [{ a: 1 }], more: 'x' })), piece);
      expectAsJsonParse(text(JSON.stringify([rows, rows])), piece);
      expectAsJsonParse(text(JSON.stringify(rows, null, 2)), piece);
    }
  });

  it('gives up guessing after a few misses, so a body built to make them costs a bounded number of parses', () => {
    const rows = Array.from({ length: 1_000 }, (_, i) => JSON.stringify({ i, s: 'row' })).join(',');
    const pad = 'x'.repeat(40_000);
    const crafted = [
      // The rows end within a run of the body's end, and every closing bracket there is a candidate
      // end of them that fails (a trailing comma): each try would parse all the rows again.
      `{"pad":"${pad}","rows":[${rows},${']'.repeat(5_000)}}`,
      // A comma guess inside a string in each of many arrays.
      `[${Array.from({ length: 50 }, () => `[${rows.replaceAll('"row"', '"},{"')}]`).join(',')}]`,
    ];
    for (const json of crafted) {
      const parse = vi.spyOn(JSON, 'parse');
      try {
        expectAsJsonParse(text(json));
        expect(parse.mock.calls.length).toBeLessThan(30);
      } finally {
        parse.mockRestore();
      }
    }
  });

  it('reads a body with a byte-order mark or surrounding whitespace as JSON.parse does', () => {
    const big = JSON.stringify({ rows: Array.from({ length: 50 }, (_, i) => ({ i })) });
    expectAsJsonParse(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), text(big)]), 16);
    expectAsJsonParse(text(`\n\t ${big} \r\n`), 16);
  });

  it('reads a body nested deeper than it walks as JSON.parse does', () => {
    for (const depth of [33, 1_000]) {
      expectAsJsonParse(text(`${'['.repeat(depth)}1${']'.repeat(depth)}`), 4);
      expectAsJsonParse(text(`{"rows":${'['.repeat(depth)}${']'.repeat(depth)}}`), 4);
    }
  });

  it('reads a member longer than a run (a huge string) on its own', () => {
    const json = JSON.stringify({ a: [1, 2, 3], note: 'x'.repeat(500), b: { c: 'y'.repeat(300) } });
    expectAsJsonParse(text(json), 64);
  });
});
