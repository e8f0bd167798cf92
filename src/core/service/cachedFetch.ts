/**
 * GET through the caches, for clause lists and clauses: a fresh memory entry answers at once; otherwise one request
 * per URL however many callers ask at the same time, conditional (If-None-Match) when an ETag is known from memory
 * or disk. The caches hold body text (what the memory bound is charged for); each caller gets its own parsed value.
 */
import { raceAbort } from './backoff';
import { ByteLru, DiskCache, type CacheEntry } from './cache';
import { ServiceError, cancelled } from './errors';
import { isUnreachable } from './errors';
import { pathOf, type GetResult, type ServiceHttp } from './serviceHttp';
import type { ServiceLogger } from './types';
import { MAX_JSON_DEPTH } from './jsonld';
import { parseJsonInSlices } from './slicedJson';
import { sameText, textBytes, type BodyText } from './blockText';

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
  how: CachedResult['fetched'];
  changed?: boolean;
  offlineSince?: number;
}

export interface CachedGetOptions {
  signal?: AbortSignal;
  /** A pinned standard's copy: read when memory and the cache know nothing, and served when offline. */
  pinned?: DiskCache;
  /** Ask the server even when memory holds a fresh copy (revalidating pinned standards). */
  revalidate?: boolean;
}

export interface CachedResult {
  body: unknown;
  /** The URL the body came from (for relative links). */
  from: string;
  /** How it was answered: from memory, by a 304, by a full answer, or from a stored copy while offline. */
  fetched: 'hit' | 'revalidated' | 'full' | 'offline';
  /** The body text (blocks when large) and ETag, for storing the body elsewhere (a pinned copy). */
  text: BodyText;
  etag?: string;
  /** A full answer replaced a known copy with a different one. */
  changed?: boolean;
  /** Set when the service could not be reached: when the stored copy was last confirmed (ms since epoch). */
  offlineSince?: number;
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
   * ETag is known. A caller's cancellation stops its wait; the request stops when no caller waits any more. When
   * the service or the identity provider cannot be reached, a stored copy answers, marked with its date.
   */
  async get(url: string, accept: string, options: CachedGetOptions = {}): Promise<CachedResult> {
    const { signal } = options;
    if (signal?.aborted) throw cancelled('GET', pathOf(url));
    const cached = this.memory.get(url);
    if (cached && !options.revalidate && Date.now() - cached.storedAt < this.freshMs) {
      // Fresh, but the service was just found unreachable: the reader is told it is a stored copy all the same.
      const offline = this.options.http.unreachable ? { fetched: 'offline' as const, offlineSince: cached.storedAt } : { fetched: 'hit' as const };
      if (this.options.http.unreachable) this.options.logger?.request({ method: 'GET', path: pathOf(url), ms: 0, retries: 0, cache: 'offline' });
      else this.options.logger?.request({ method: 'GET', path: pathOf(url), ms: 0, retries: 0, cache: 'hit' });
      return { ...(await this.bodyOf(cached.value, url)), ...offline, text: cached.value.text, etag: cached.etag };
    }
    let flight = this.flights.get(url);
    if (!flight || flight.controller.signal.aborted) {
      const controller = new AbortController();
      const created: Flight = { controller, waiters: 0, promise: this.fetchEntry(url, accept, cached, options.pinned, controller.signal) };
      created.promise = created.promise.finally(() => {
        if (this.flights.get(url) === created) this.flights.delete(url);
      });
      this.flights.set(url, created);
      flight = created;
    }
    const fetched = await this.wait(flight, url, signal);
    const { parsed, entry } = fetched;
    const facts = { fetched: fetched.how, text: entry.value.text, etag: entry.etag, changed: fetched.changed, offlineSince: fetched.offlineSince };
    if (parsed) {
      // Handed out once; the others parse the text for a value of their own.
      fetched.parsed = undefined;
      return { body: parsed.value, from: entry.value.from, ...facts };
    }
    return { ...(await this.bodyOf(entry.value, url)), ...facts };
  }

  /**
   * The body of a cache entry, parsed for this caller: the cache holds text (what it is charged for), so each
   * caller gets its own value and the memory bound holds. A large one a slice at a time (slicedJson.ts).
   */
  private async bodyOf({ text, from }: CachedBody, url: string): Promise<{ body: unknown; from: string }> {
    try {
      return { body: await parseJsonInSlices(text, MAX_JSON_DEPTH), from };
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

  private async fetchEntry(
    url: string,
    accept: string,
    cached: CacheEntry<CachedBody> | undefined,
    pinned: DiskCache | undefined,
    signal: AbortSignal,
  ): Promise<Fetched> {
    let known = cached;
    let knownValue: { value: unknown } | undefined;
    // A pinned standard's own copy first: it is the one kept up to date and served offline.
    for (const store of [pinned, this.disk]) {
      if (known || !store) continue;
      const stored = await store.read(url);
      if (!stored) continue;
      try {
        // Parsed now (a large one in slices): a corrupt file must not be revalidated and then fail to read.
        knownValue = { value: await parseJsonInSlices(stored.body, MAX_JSON_DEPTH) };
        known = textEntry(stored.body, url, stored.header.etag, stored.header.storedAt);
      } catch {
        known = undefined;
      }
    }
    let result: GetResult;
    try {
      result = await this.options.http.get(url, { accept, etag: known?.etag, signal, cacheable: true, storedCopy: known !== undefined });
    } catch (error) {
      if (!known || signal.aborted || !isUnreachable(error)) throw error;
      // Unreachable, not refused: what is stored is the best answer there is, said to be a copy from its date.
      this.options.logger?.debug?.(`GET ${pathOf(url)}: the service cannot be reached; the stored copy from ${new Date(known.storedAt).toISOString()} is used`);
      this.memory.set(url, known);
      this.options.logger?.request({ method: 'GET', path: pathOf(url), ms: 0, retries: 0, cache: 'offline' });
      return { entry: known, parsed: knownValue, how: 'offline', offlineSince: known.storedAt };
    }
    if (result.status === 304 && known) {
      const refreshed: CacheEntry<CachedBody> = { ...known, storedAt: Date.now() };
      this.memory.set(url, refreshed);
      this.options.logger?.debug?.(`GET ${pathOf(url)} not modified; cached copy used`);
      return { entry: refreshed, parsed: knownValue, how: 'revalidated' };
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
    const changed = known !== undefined && (known.etag !== result.etag || !sameText(known.value.text, result.body));
    return { entry, parsed: { value: body }, how: 'full', changed };
  }
}

/** A cache entry holding the body as text, charged for the bytes the string really occupies. */
interface CachedBody {
  text: BodyText;
  from: string;
}

function textEntry(text: BodyText, from: string, etag: string | undefined, storedAt: number): CacheEntry<CachedBody> {
  const value: CachedBody = { text, from };
  return { value, bytes: textBytes(text) + from.length * 2 + 256, etag, storedAt };
}
