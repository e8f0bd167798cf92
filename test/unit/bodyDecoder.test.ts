/**
 * The two UTF-8 decodings behind the transports (issue 56) give the same BodyText: Node's (textCollector.ts, the axios
 * transport) and the web's TextDecoder (bodyDecoder.ts' webUtf8, the fetch transport), for bodies under and over a
 * megabyte, cut into chunks at every kind of place (inside a character of two, three and four bytes, inside the
 * byte order mark), with malformed bytes among them.
 */
import * as assert from 'node:assert/strict';
import { BodyDecoder, webUtf8 } from '../../src/core/service/bodyDecoder';
import type { BodyText } from '../../src/core/service/blockText';
import { TextCollector } from '../../src/core/service/textCollector';

/** Chunks of `bytes` whose sizes follow `sizes` round and round. */
function chunked(bytes: Uint8Array, sizes: number[]): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let at = 0, i = 0; at < bytes.length; at += sizes[i++ % sizes.length]) chunks.push(bytes.subarray(at, at + sizes[i % sizes.length]));
  return chunks;
}

function decoded(decoder: BodyDecoder, chunks: Uint8Array[]): BodyText {
  for (const chunk of chunks) decoder.add(chunk);
  return decoder.done();
}

const shape = (text: BodyText): string => (typeof text === 'string' ? 'a string' : `${text.blocks.length} blocks`);

describe('body decoding: Node and the web alike (issue 56)', () => {
  const pattern = 'Maß 20 € — 😀 "x" ';
  const malformed = Uint8Array.from([0xc3, 0x28, 0xe2, 0x82, 0xff, 0xf0, 0x9f, 0x98]);
  const bodies: [string, Uint8Array][] = [
    ['a small body with a byte order mark', Buffer.from(`\ufeff${pattern.repeat(50)}`)],
    ['a small body starting with two marks (one is dropped)', Buffer.from(`\ufeff\ufeff${pattern}`)],
    ['a large body with a byte order mark', Buffer.from(`\ufeff${pattern.repeat(90_000)}`)],
    ['a large body with malformed bytes', Buffer.concat([Buffer.from(pattern.repeat(40_000)), malformed, Buffer.from(pattern.repeat(40_000)), malformed])],
    ['an empty body', new Uint8Array(0)],
  ];
  for (const [name, bytes] of bodies)
    it(`decodes ${name} the same, however it is cut`, () => {
      for (const sizes of [[bytes.length || 1], [1, 2, 3, 4093], [65_536], [65_537, 1, 300_001], [1_048_577]]) {
        const node = decoded(new TextCollector(), chunked(bytes, sizes));
        const web = decoded(new BodyDecoder(webUtf8()), chunked(bytes, sizes));
        assert.equal(shape(web), shape(node), `chunks of ${sizes.join(', ')}`);
        assert.ok(web.toString() === node.toString(), `the same text from chunks of ${sizes.join(', ')}`);
      }
    });
});
