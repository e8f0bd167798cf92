/**
 * Storage for clause lists and clause bodies: an in-memory LRU bounded by bytes and an optional disk cache. The
 * service (standardsService.ts) revalidates entries with If-None-Match and shares one fetch among callers.
 */
import { encodablePieces, type BodyText } from './blockText';
import { TextCollector } from './textCollector';
import { localFiles as files } from './localFiles';
import { sha256Hex } from './sha256';

export interface CacheEntry<T> {
  /** What is cached (the service keeps the body text and the URL it came from). */
  value: T;
  /** The heap bytes this entry holds, the size it is charged for. */
  bytes: number;
  etag?: string;
  /** When the body was last confirmed fresh (ms since epoch). */
  storedAt: number;
}

/** A least-recently-used map bounded by the sum of entry sizes. */
export class ByteLru<T> {
  private readonly map = new Map<string, CacheEntry<T>>();
  private total = 0;

  constructor(private readonly maxBytes: number) {}

  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.map.size;
  }

  get(key: string): CacheEntry<T> | undefined {
    const entry = this.map.get(key);
    if (entry) {
      this.map.delete(key);
      this.map.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: CacheEntry<T>): void {
    this.delete(key);
    if (entry.bytes > this.maxBytes) return;
    this.map.set(key, entry);
    this.total += entry.bytes;
    for (const [oldest, old] of this.map) {
      if (this.total <= this.maxBytes) break;
      this.map.delete(oldest);
      this.total -= old.bytes;
    }
  }

  delete(key: string): void {
    const entry = this.map.get(key);
    if (entry) {
      this.map.delete(key);
      this.total -= entry.bytes;
    }
  }

  clear(): void {
    this.map.clear();
    this.total = 0;
  }
}

interface DiskHeader {
  url: string;
  etag?: string;
  storedAt: number;
}

/** Owner-only: cached clauses are the user's licensed content. */

/**
 * One file per resource: a JSON header line, then the body text. Written to a temporary file and renamed, so a
 * reader never sees half a file; unreadable files are removed and treated as absent. Files are owner-only, and
 * the folder is bounded by bytes: the least recently used files (by modification time, which a read refreshes)
 * are removed first.
 */
export class DiskCache {
  /** File name → size, in least-recently-used order; loaded from the folder on first use. */
  private index: Map<string, number> | undefined;
  private loading: Promise<Map<string, number>> | undefined;
  private total = 0;

  constructor(
    private readonly dir: string,
    private readonly maxBytes = Number.POSITIVE_INFINITY,
  ) {}

  private name(url: string): string {
    return `${sha256Hex(url)}.cache`;
  }

  /** The bytes a file for this body takes (header line included). */
  static sizeFor(url: string, etag: string | undefined, body: BodyText): number {
    return fileBytes(headerLine({ url, etag, storedAt: Date.now() }), encodablePieces(body));
  }

  /** The size of the file holding `url`, when there is one. */
  async sizeOf(url: string): Promise<number | undefined> {
    return (await this.load()).get(this.name(url));
  }

  /** Bytes currently on disk (as far as this cache knows). */
  async bytes(): Promise<number> {
    await this.load();
    return this.total;
  }

  /**
   * The stored body of `url` (blocks when large: read and decoded as the file streams in, never one string) and its
   * header; undefined when there is none or it does not read.
   */
  async read(url: string): Promise<{ header: DiskHeader; body: BodyText } | undefined> {
    const name = this.name(url);
    const file = files.join(this.dir, name);
    const headerBytes: Uint8Array[] = [];
    let firstLine: string | undefined;
    let size = 0;
    const body = new TextCollector();
    try {
      for await (const chunk of files.chunks(file)) {
        size += chunk.length;
        if (firstLine !== undefined) {
          body.add(chunk);
          continue;
        }
        // The header is the first line (JSON, which writes no raw newline); UTF-8 has no newline byte inside a character.
        const newline = chunk.indexOf(0x0a);
        headerBytes.push(newline < 0 ? chunk : chunk.subarray(0, newline));
        if (newline < 0) continue;
        firstLine = utf8Text(headerBytes);
        body.add(chunk.subarray(newline + 1));
      }
    } catch {
      return undefined;
    }
    try {
      if (firstLine === undefined) throw new Error('no header line');
      const header = JSON.parse(firstLine) as DiskHeader;
      if (header.url !== url || typeof header.storedAt !== 'number') throw new Error('bad header');
      await this.touch(name, file, size);
      return { header, body: body.done() };
    } catch {
      await this.remove(name);
      return undefined;
    }
  }

  async write(url: string, etag: string | undefined, body: BodyText): Promise<void> {
    const name = this.name(url);
    const file = files.join(this.dir, name);
    const header = headerLine({ url, etag, storedAt: Date.now() });
    const pieces = encodablePieces(body);
    const size = fileBytes(header, pieces);
    const index = await this.load();
    if (size > this.maxBytes) {
      await this.remove(name);
      return;
    }
    // A large body is written a block at a time: no string or buffer of all of it is made.
    await files.writePrivate(file, [header, ...pieces]);
    this.account(index, name, size);
    await this.evict(index);
  }

  async clear(): Promise<void> {
    const names = await files.list(this.dir);
    await Promise.all(names.filter((n) => n.endsWith('.cache') || n.endsWith('.tmp')).map((n) => files.remove(files.join(this.dir, n))));
    this.index?.clear();
    this.total = 0;
  }

  private load(): Promise<Map<string, number>> {
    if (this.index) return Promise.resolve(this.index);
    this.loading ??= this.scan().then((index) => {
      this.index = index;
      this.total = [...index.values()].reduce((sum, size) => sum + size, 0);
      return index;
    });
    return this.loading;
  }

  /** The folder's cache files, oldest first (modification time, refreshed on every read). */
  private async scan(): Promise<Map<string, number>> {
    const found: { name: string; size: number; mtime: number }[] = [];
    for (const name of (await files.list(this.dir)).filter((n) => n.endsWith('.cache'))) {
      const facts = await files.facts(files.join(this.dir, name));
      // None: removed meanwhile.
      if (facts) found.push({ name, size: facts.size, mtime: facts.mtimeMs });
    }
    found.sort((a, b) => a.mtime - b.mtime);
    return new Map(found.map((f) => [f.name, f.size]));
  }

  private account(index: Map<string, number>, name: string, size: number): void {
    this.total -= index.get(name) ?? 0;
    index.delete(name);
    index.set(name, size);
    this.total += size;
  }

  private async touch(name: string, file: string, size: number): Promise<void> {
    const index = await this.load();
    this.account(index, name, size);
    await files.touch(file);
  }

  private async remove(name: string): Promise<void> {
    await files.remove(files.join(this.dir, name));
    const index = await this.load();
    this.total -= index.get(name) ?? 0;
    index.delete(name);
  }

  private async evict(index: Map<string, number>): Promise<void> {
    for (const [oldest] of index) {
      if (this.total <= this.maxBytes) break;
      await this.remove(oldest);
    }
  }
}

/** A file's first line: its header as JSON (which writes no raw newline). */
function headerLine(header: DiskHeader): string {
  return `${JSON.stringify(header)}\n`;
}

/** The bytes of a file of `header` and a body's `pieces` (encodablePieces), as `write` writes them. */
function fileBytes(header: string, pieces: readonly string[]): number {
  return pieces.reduce((sum, piece) => sum + utf8Length(piece), utf8Length(header));
}

/** The UTF-8 length of a text, as Buffer.byteLength counts it (a lone surrogate is 3 bytes), without encoding it. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

function utf8Text(parts: readonly Uint8Array[]): string {
  const decoder = new TextDecoder();
  return parts.map((part, i) => decoder.decode(part, { stream: i < parts.length - 1 })).join('');
}
