/**
 * UTF-8 into and out of byte arrays, for the packed catalogue (packedEntries.ts) and its file (indexFile.ts): Node's
 * Buffer methods here, which decode and encode in place several times faster than TextDecoder/TextEncoder with a
 * view per call. The browser build puts src/web/ports/utf8Bytes.ts (TextDecoder, TextEncoder) in its place.
 */

/** `bytes` uninitialised bytes (every one is written before it is read). */
export function allocBytes(bytes: number): Uint8Array {
  return Buffer.allocUnsafeSlow(bytes);
}

/** `bytes` as this module reads them fastest (a Buffer over the same memory). */
export function bytesView(bytes: Uint8Array): Uint8Array {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The text of bytes `from` to `to` (a view made by bytesView or allocBytes). */
export function utf8Slice(bytes: Uint8Array, from: number, to: number): string {
  return (bytesView(bytes) as Buffer).toString('utf8', from, to);
}

/** Writes `text` at `at`, returning the bytes written (the room must be there: 3 bytes a character). */
export function utf8Write(bytes: Uint8Array, text: string, at: number): number {
  return (bytesView(bytes) as Buffer).write(text, at, 'utf8');
}

export function utf8Of(text: string): Uint8Array {
  return Buffer.from(text, 'utf8');
}
