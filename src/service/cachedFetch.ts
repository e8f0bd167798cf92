/**
 * GET through the caches, for clause lists and clauses: a fresh memory entry answers at once; otherwise one request
 * per URL however many callers ask at the same time, conditional (If-None-Match) when an ETag is known from memory
 * or disk. The caches hold body text (what the memory bound is charged for); each caller gets its own parsed value.
 */
import { raceAbort } from './backoff';
import { ByteLru, DiskCache, type CacheEntry } from './cache';
import { ServiceError, cancelled } from './errors';
import { pathOf, type GetResult, type ServiceHttp } from './serviceHttp';
import type { ServiceLogger } from './types';

export interface CachedFetchOptions {
  http: ServiceHttp;
  /** The JSON body of a 2xx answer, or a clear error for one that is not JSON. */
  parseBody: (result: GetResult) => unknown;
  memoryMaxBytes: number;
  /** The disk cache's folder and bound; no folder, no disk cache. */
  diskDir?: string;
  diskMaxBytes: number;
  /** How long a cached body is served without asking the server again (ms). */
  freshMs: number;
  logger?: ServiceLogger;
}

/** A fetched entry, with the value parsed on arrival for the first caller to take. */
interface Fetched {
  entry: CacheEntry<CachedBody>;
  parsed?: { value: unknown };
}

/** One shared fetch with the callers currently waiting on it. */
interface Flight {
  promise: Promise<Fetched>;
  controller: AbortController;
  waiters: number;
}

export class CachedFetch {
  private readonly memory: ByteLru<CachedBody>;
  private readonly disk: DiskCache | undefined;
  private readonly flights = new Map<string, Flight>();
  private readonly freshMs: number;

  constructor(private readonly options: CachedFetchOptions) {
    this.memory = new ByteLru<CachedBody>(options.memoryMaxBytes);
    this.disk = options.diskDir ? new DiskCache(options.diskDir, options.diskMaxBytes) : undefined;
    this.freshMs = options.freshMs;
  }

  /** Empties the memory and disk caches. */
  async clear(): Promise<void> {
    this.memory.clear();
    await this.disk?.clear();
  }

  /** Forgets what memory holds and stops every request in flight. */
  dispose(): void {
    this.memory.clear();
    for (const flight of this.flights.values()) flight.controller.abort();
  }

  /**
   * GET with the cache: a fresh memory entry answers at once; otherwise one shared request, conditional when an
   * ETag is known. A caller's cancellation stops its wait; the request stops when no caller waits any more.
   */
  async get(url: string, accept: string, signal?: AbortSignal): Promise<{ body: unknown; from: string }> {
    if (signal?.aborted) throw cancelled('GET', pathOf(url));
    const cached = this.memory.get(url);
    if (cached && Date.now() - cached.storedAt < this.freshMs) {
      this.options.logger?.request({ method: 'GET', path: pathOf(url), ms: 0, retries: 0, cache: 'hit' });
      return this.bodyOf(cached.value, url);
    }
    let flight = this.flights.get(url);
    if (!flight || flight.controller.signal.aborted) {
      const controller = new AbortController();
      const created: Flight = { controller, waiters: 0, promise: this.fetchEntry(url, accept, cached, controller.signal) };
      created.promise = created.promise.finally(() => {
        if (this.flights.get(url) === created) this.flights.delete(url);
      });
      this.flights.set(url, created);
      flight = created;
    }
    const fetched = await this.wait(flight, url, signal);
    const { parsed } = fetched;
    if (parsed) {
      // Handed out once; the others parse the text for a value of their own.
      fetched.parsed = undefined;
      return { body: parsed.value, from: fetched.entry.value.from };
    }
    return this.bodyOf(fetched.entry.value, url);
  }

  /**
   * The body of a cache entry, parsed for this caller: the cache holds text (what it is charged for), so each
   * caller gets its own value and the memory bound holds.
   */
  private bodyOf({ text, from }: CachedBody, url: string): { body: unknown; from: string } {
    try {
      return { body: JSON.parse(text) as unknown, from };
    } catch {
      this.memory.delete(url);
      throw new ServiceError('badResponse', `GET ${pathOf(url)}: the cached answer could not be read; try again.`, { method: 'GET', path: pathOf(url) });
    }
  }

  private wait(flight: Flight, url: string, signal?: AbortSignal): Promise<Fetched> {
    flight.waiters++;
    if (!signal) return flight.promise;
    return raceAbort(flight.promise, signal, () => {
      if (--flight.waiters === 0) flight.controller.abort();
      return cancelled('GET', pathOf(url));
    });
  }

  private async fetchEntry(url: string, accept: string, cached: CacheEntry<CachedBody> | undefined, signal: AbortSignal): Promise<Fetched> {
    let known = cached;
    let knownValue: { value: unknown } | undefined;
    if (!known && this.disk) {
      const stored = await this.disk.read(url);
      if (stored) {
        try {
          // Parsed now: a corrupt file must not be revalidated and then fail to read.
          knownValue = { value: JSON.parse(stored.body) as unknown };
          known = textEntry(stored.body, url, stored.header.etag, stored.header.storedAt);
        } catch {
          known = undefined;
        }
      }
    }
    const result = await this.options.http.get(url, { accept, etag: known?.etag, signal, cacheable: true });
    if (result.status === 304 && known) {
      const refreshed: CacheEntry<CachedBody> = { ...known, storedAt: Date.now() };
      this.memory.set(url, refreshed);
      this.options.logger?.debug?.(`GET ${pathOf(url)} not modified; cached copy used`);
      return { entry: refreshed, parsed: knownValue };
    }
    const body = this.options.parseBody(result);
    const entry = textEntry(result.body, result.url, result.etag, Date.now());
    this.memory.set(url, entry);
    if (this.disk) {
      // The cache is an optimisation: a full or read-only disk must not fail the call.
      await this.disk.write(url, result.etag, result.body).catch((error: unknown) => {
        this.options.logger?.debug?.(`could not write the clause cache: ${error instanceof Error ? error.message : String(error)}`);
      });
    }
    return { entry, parsed: { value: body } };
  }
}

/** A cache entry holding the body as text, charged for the bytes the string really occupies. */
interface CachedBody {
  text: string;
  from: string;
}

function textEntry(text: string, from: string, etag: string | undefined, storedAt: number): CacheEntry<CachedBody> {
  const value: CachedBody = { text, from };
  return { value, bytes: stringBytes(text) + from.length * 2 + 256, etag, storedAt };
}

/** Heap bytes of a string: V8 keeps Latin-1 text at one byte per character, anything else at two. */
export function stringBytes(text: string): number {
  return /[^\u0000-\u00ff]/.test(text) ? text.length * 2 : text.length;
}
