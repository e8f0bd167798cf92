/**
 * Clause lists and clause bodies: kept in memory in an LRU bounded by bytes, optionally on disk, revalidated with
 * If-None-Match when the server gave an ETag, and fetched once however many callers ask at the same time.
 */
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';

export interface CacheEntry {
  /** The parsed body. Shared by every caller: treat as read-only. */
  value: unknown;
  /** The body text length, the size this entry is charged for. */
  bytes: number;
  etag?: string;
  /** When the body was last confirmed fresh (ms since epoch). */
  storedAt: number;
}

/** A least-recently-used map bounded by the sum of entry sizes. */
export class ByteLru {
  private readonly map = new Map<string, CacheEntry>();
  private total = 0;

  constructor(private readonly maxBytes: number) {}

  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.map.size;
  }

  get(key: string): CacheEntry | undefined {
    const entry = this.map.get(key);
    if (entry) {
      this.map.delete(key);
      this.map.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: CacheEntry): void {
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

/**
 * One file per resource: a JSON header line, then the body text. Written to a temporary file and renamed, so a
 * reader never sees half a file; unreadable files are removed and treated as absent.
 */
export class DiskCache {
  constructor(private readonly dir: string) {}

  private file(url: string): string {
    return path.join(this.dir, `${createHash('sha256').update(url).digest('hex')}.cache`);
  }

  async read(url: string): Promise<{ header: DiskHeader; body: string } | undefined> {
    const file = this.file(url);
    let text: string;
    try {
      text = await fs.readFile(file, 'utf8');
    } catch {
      return undefined;
    }
    const newline = text.indexOf('\n');
    try {
      const header = JSON.parse(text.slice(0, newline)) as DiskHeader;
      if (newline < 0 || header.url !== url || typeof header.storedAt !== 'number') throw new Error('bad header');
      return { header, body: text.slice(newline + 1) };
    } catch {
      await fs.rm(file, { force: true });
      return undefined;
    }
  }

  async write(url: string, etag: string | undefined, body: string): Promise<void> {
    const file = this.file(url);
    const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
    const header: DiskHeader = { url, etag, storedAt: Date.now() };
    await fs.mkdir(this.dir, { recursive: true });
    await fs.writeFile(temp, `${JSON.stringify(header)}\n${body}`, 'utf8');
    await fs.rename(temp, file);
  }

  async clear(): Promise<void> {
    let names: string[];
    try {
      names = await fs.readdir(this.dir);
    } catch {
      return;
    }
    await Promise.all(names.filter((n) => n.endsWith('.cache') || n.endsWith('.tmp')).map((n) => fs.rm(path.join(this.dir, n), { force: true })));
  }
}

/** Runs `work` once per key at a time; callers asking while it runs share its result. */
export class SingleFlight<T> {
  private readonly running = new Map<string, Promise<T>>();

  run(key: string, work: () => Promise<T>): Promise<T> {
    let promise = this.running.get(key);
    if (!promise) {
      promise = work().finally(() => this.running.delete(key));
      this.running.set(key, promise);
    }
    return promise;
  }
}
