import { describe, expect, it } from 'vitest';
import { bodyChunks, bodySize, joinedBytes, movableBuffers } from './body-bytes.js';

describe('a body as received', () => {
  it('is bytes when it is a Uint8Array or chunks of them, never when it is a parsed value', () => {
    const chunk = new Uint8Array([123, 125]);
    expect(bodyChunks(chunk)).toEqual([chunk]);
    expect(bodyChunks([chunk, chunk])).toEqual([chunk, chunk]);
    for (const value of ['{}', [], [1, 2], [{ a: 1 }], { chunks: [] }, null]) expect(bodyChunks(value)).toBeUndefined();
    expect(bodySize([chunk, new Uint8Array(5)])).toBe(7);
    expect(bodySize('{"a":1}')).toBe(7);
    expect(bodySize([{ a: 1 }])).toBeUndefined();
  });

  it('moves only chunks that own their whole buffer, each buffer once', () => {
    const own = new Uint8Array(10);
    const shared = Buffer.from('x'.repeat(10)); // a slice of Node's pool
    const pool = new ArrayBuffer(20);
    const first = new Uint8Array(pool, 0, 10);
    expect(movableBuffers([own, shared, first, own])).toEqual([own.buffer]);
    expect(movableBuffers('text')).toEqual([]);
  });

  it('joins chunks into the bytes they came from', () => {
    const text = '{"statementName":"a","transactions":[]}';
    const bytes = Buffer.from(text);
    const chunks = [bytes.subarray(0, 7), bytes.subarray(7, 20), bytes.subarray(20)];
    expect(joinedBytes(chunks).toString()).toBe(text);
    expect(joinedBytes([bytes]).toString()).toBe(text);
  });
});
