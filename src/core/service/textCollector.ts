/**
 * UTF-8 bytes as they arrive (a response, a file) into text, with Node's own decoding (StringDecoder, Buffer):
 * TextDecoder's is several times slower on text that is not all ASCII. What is decoded when, and the blocks of a
 * large text, are bodyDecoder.ts's, shared with the fetch transport. Node only; pure: no vscode.
 */
import { StringDecoder } from 'node:string_decoder';
import { BodyDecoder, type Utf8Decoding } from './bodyDecoder';

export class TextCollector extends BodyDecoder {
  constructor() {
    super(nodeUtf8());
  }
}

function nodeUtf8(): Utf8Decoding {
  const decoder = new StringDecoder('utf8');
  return {
    write: (chunk) => decoder.write(chunk),
    end: () => decoder.end(),
    whole: (chunks, bytes) => (chunks.length === 1 ? asBuffer(chunks[0]) : Buffer.concat(chunks, bytes)).toString('utf8'),
  };
}

function asBuffer(chunk: Uint8Array): Buffer {
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}
