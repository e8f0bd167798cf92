/**
 * UTF-8 bytes as they arrive (a response, a file) into text: up to a megabyte decoded once at the end (decoding
 * chunk by chunk and joining the pieces copies every character twice); past that, chunk by chunk into blocks
 * (blockText.ts), so a large text is never held as one buffer beside its text, never decoded in one go and never
 * made one string. A UTF-8 byte order mark is dropped, as axios' text bodies drop it. Node only (StringDecoder);
 * pure: no vscode.
 */
import { StringDecoder } from 'node:string_decoder';
import { BlockFiller, type BodyText } from './blockText';

/** Texts up to this many bytes are decoded once, at the end. */
const DECODE_AT_END_BYTES = 1024 * 1024;
const BYTE_ORDER_MARK = 0xfeff;

export class TextCollector {
  /** Bytes added so far. */
  bytes = 0;
  // Node's own UTF-8 decoding: TextDecoder's is several times slower on text that is not all ASCII.
  private readonly decoder = new StringDecoder('utf8');
  private chunks: Buffer[] = [];
  private blocks: BlockFiller | undefined;

  add(chunk: Buffer): void {
    this.bytes += chunk.length;
    this.chunks.push(chunk);
    if (this.bytes <= DECODE_AT_END_BYTES) return;
    this.blocks ??= new BlockFiller(BYTE_ORDER_MARK);
    for (const held of this.chunks) this.blocks.add(this.decoder.write(held));
    this.chunks = [];
  }

  done(): BodyText {
    if (this.blocks) {
      this.blocks.add(this.decoder.end());
      return this.blocks.done();
    }
    const text = (this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks, this.bytes)).toString('utf8');
    return text.charCodeAt(0) === BYTE_ORDER_MARK ? text.slice(1) : text;
  }
}
