/**
 * A submission's body as received: bytes (one `Uint8Array`, or the chunks it arrived in, kept
 * apart so the event loop never copies them into one buffer), JSON text, or an already-parsed
 * value (tests, the CLI).
 */

/**
 * The body's bytes, as chunks, when it came as bytes. A parsed JSON value never holds a
 * `Uint8Array`, so an array whose first element is one is chunks.
 */
export function bodyChunks(body: unknown): readonly Uint8Array[] | undefined {
  if (body instanceof Uint8Array) return [body];
  if (Array.isArray(body) && body[0] instanceof Uint8Array) return body as Uint8Array[];
  return undefined;
}

/** The body's size in bytes (text: in UTF-16 units), or undefined for a parsed value. */
export function bodySize(body: unknown): number | undefined {
  if (typeof body === 'string') return body.length;
  const chunks = bodyChunks(body);
  return chunks?.reduce((n, chunk) => n + chunk.byteLength, 0);
}

/**
 * The buffers a body's bytes can be moved in to another thread, not copied: each chunk that owns
 * its whole buffer (a small Buffer can share Node's allocation pool with others: that one is
 * copied).
 */
export function movableBuffers(body: unknown): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const chunk of bodyChunks(body) ?? []) {
    const { buffer } = chunk;
    if (buffer instanceof ArrayBuffer && chunk.byteOffset === 0 && chunk.byteLength === buffer.byteLength) {
      buffers.add(buffer);
    }
  }
  return [...buffers];
}

/** The body's bytes in one buffer (chunks joined here: on the worker, off the event loop). */
export function joinedBytes(chunks: readonly Uint8Array[]): Buffer {
  const first = chunks[0];
  if (chunks.length === 1 && first) return Buffer.from(first.buffer, first.byteOffset, first.byteLength);
  return Buffer.concat(chunks);
}
