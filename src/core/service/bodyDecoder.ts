/**
 * UTF-8 bytes as they arrive (a response, a file) into text: up to a megabyte decoded once at the end (decoding
 * chunk by chunk and joining the pieces copies every character twice); past that, chunk by chunk into blocks
 * (blockText.ts), so a large text is never held as one buffer beside its text, never decoded in one go and never
 * made one string. A UTF-8 byte order mark is dropped, as axios' text bodies drop it. The UTF-8 decoding itself is
 * the platform's (Utf8Decoding): Node's in textCollector.ts, the web's TextDecoder here (webUtf8), so both
 * transports give the same BodyText. Platform-neutral: no Node built-ins, no Buffer.
 */
import { BlockFiller, type BodyText } from './blockText';

/** Texts up to this many bytes are decoded once, at the end. */
const DECODE_AT_END_BYTES = 1024 * 1024;
const BYTE_ORDER_MARK = 0xfeff;

/** A platform's UTF-8 decoding, byte order mark kept (BodyDecoder drops one), malformed bytes as U+FFFD. */
export interface Utf8Decoding {
  /** The next chunk of a stream: a character split between chunks is held back for the next. */
  write(chunk: Uint8Array): string;
  /** What is held back, at the end of the stream. */
  end(): string;
  /** A whole text at once, from its chunks (`bytes` in all). */
  whole(chunks: readonly Uint8Array[], bytes: number): string;
}

export class BodyDecoder {
  /** Bytes added so far. */
  bytes = 0;
  private chunks: Uint8Array[] = [];
  private blocks: BlockFiller | undefined;

  constructor(private readonly utf8: Utf8Decoding) {}

  add(chunk: Uint8Array): void {
    this.bytes += chunk.length;
    this.chunks.push(chunk);
    if (this.bytes <= DECODE_AT_END_BYTES) return;
    this.blocks ??= new BlockFiller(BYTE_ORDER_MARK);
    for (const held of this.chunks) this.blocks.add(this.utf8.write(held));
    this.chunks = [];
  }

  done(): BodyText {
    if (this.blocks) {
      this.blocks.add(this.utf8.end());
      return this.blocks.done();
    }
    const text = this.utf8.whole(this.chunks, this.bytes);
    return text.charCodeAt(0) === BYTE_ORDER_MARK ? text.slice(1) : text;
  }
}

/** The web's UTF-8 decoding (TextDecoder), for a browser or a web worker. */
export function webUtf8(): Utf8Decoding {
  // ignoreBOM: the mark stays in the text, as Node's decoding leaves it, and BodyDecoder drops it the same way.
  const stream = new TextDecoder('utf-8', { ignoreBOM: true });
  return {
    write: (chunk) => stream.decode(chunk, { stream: true }),
    end: () => stream.decode(),
    whole: (chunks, bytes) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(chunks.length === 1 ? chunks[0] : joined(chunks, bytes)),
  };
}

function joined(chunks: readonly Uint8Array[], bytes: number): Uint8Array {
  const all = new Uint8Array(bytes);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  return all;
}
