/** The browser's src/core/catalogue/utf8Bytes.ts: the same over TextDecoder and TextEncoder. */
import type * as NodeUtf8 from '../../core/catalogue/utf8Bytes';

const decoder = new TextDecoder();
const encoder = new TextEncoder();

export const allocBytes: typeof NodeUtf8.allocBytes = (bytes) => new Uint8Array(bytes);
export const bytesView: typeof NodeUtf8.bytesView = (bytes) => bytes;
export const utf8Slice: typeof NodeUtf8.utf8Slice = (bytes, from, to) => decoder.decode(bytes.subarray(from, to));
export const utf8Write: typeof NodeUtf8.utf8Write = (bytes, text, at) => encoder.encodeInto(text, bytes.subarray(at)).written;
export const utf8Of: typeof NodeUtf8.utf8Of = (text) => encoder.encode(text);
