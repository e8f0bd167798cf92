/**
 * The service facade: the three calls of the spec on top of the token source, the HTTP layer, the tolerant
 * readers and the caches (cachedFetch.ts).
 */
import { TokenSource, type BearerTokens } from './auth';
import { FixedToken } from './fixedToken';
import { CachedFetch, type CachedResult } from './cachedFetch';
import { DiskCache } from './cache';
import { PinnedCopies } from './pinnedCopies';
import { syncPinned, type PinOptions, type PinOutcome } from './pinSync';
import { ServiceError, asServiceError } from './errors';
import { jsonBody, nextLinkInside, shapeError, shapeErrorAt } from './answers';
import { MAX_JSON_DEPTH, isObject, readClause, readItems, readNext, readPrefixes, readStandard, readTotal } from './jsonld';
import { parseJsonInSlices } from './slicedJson';
import { Redactor } from './redact';
import { ServiceHttp, pathOf } from './serviceHttp';
import { checkServiceUrl, isHeaderName } from './addresses';
import { createDefaultTransport } from './defaultTransport';
import type { HandOver, ManagedStandardsService, ServiceTuning } from './managedService';
import type { Deadline } from './deadline';
import type { AccessTokenOptions, Clause, Copy, ServiceLogger, ServiceOptions, StandardsPage, WaitNotice } from './types';
import { encodeSegment, validateClauseId, validateUrn } from './urn';

const LIST_ACCEPT = 'application/ld+json';
const CLAUSE_ACCEPT = 'application/ld+json, application/json;q=0.9';
const MAX_CLAUSE_PAGES = 200;

const DEFAULT_DISK_CACHE_BYTES = 500 * 1024 * 1024;

/** The service with client credentials, or with an access token a host handed over (`accessToken`). */
export function createStandardsService(options: (ServiceOptions | AccessTokenOptions) & ServiceTuning): ManagedStandardsService {
  return new StandardsServiceImpl(options);
}

class StandardsServiceImpl implements ManagedStandardsService {
  private readonly base: string;
  /** What the token call is named by in errors: the token URL's path, or the handed-over token. */
  private readonly tokenPath: string;
  private readonly tokens: BearerTokens;
  private readonly http: ServiceHttp;
  private readonly cache: CachedFetch;
  private readonly redactor: Redactor;
  private readonly pins: PinnedCopies | undefined;
  /** Clause texts as they were reviewed, by clause and fingerprint. */
  private readonly reviewed: DiskCache | undefined;
  /** Origin and path of the base URL, with a trailing slash: next links must stay under it. */
  private readonly basePrefix: string;
  /** Handed over with a token (handOver): the process it goes to sends it as this one does. */
  private readonly apiKey: { header: string; value: string } | undefined;
  /** The run's time limit: every call stops when it passes. */
  private readonly deadline: Deadline | undefined;

  constructor(options: (ServiceOptions | AccessTokenOptions) & ServiceTuning) {
    const base = checkServiceUrl(options.baseUrl, 'The base URL');
    if ('accessToken' in options) {
      if (!options.accessToken.value) throw new ServiceError('invalidInput', 'No access token is set.', { remedy: 'signIn' });
    } else {
      checkServiceUrl(options.tokenUrl, 'The token URL');
      if (!options.clientId) throw new ServiceError('invalidInput', 'No client ID is set.', { remedy: 'signIn' });
      if (!options.clientSecret) throw new ServiceError('invalidInput', 'No client secret is set.', { remedy: 'signIn' });
    }
    if (options.apiKey && !isHeaderName(options.apiKey.header)) {
      throw new ServiceError('invalidInput', `"${options.apiKey.header}" is not a valid HTTP header name.`, { remedy: 'apiKeyHeader' });
    }
    this.base = withoutTrailingSlashes(base.href);
    this.basePrefix = `${this.base}/`;
    this.apiKey = options.apiKey;
    this.deadline = options.deadline;
    this.redactor = new Redactor();
    if (options.apiKey) {
      this.redactor.addSecret(options.apiKey.value);
      this.redactor.addHeader(options.apiKey.header);
    }
    const logger = options.logger && maskedLogger(options.logger, this.redactor);
    const timeoutMs = options.timeoutMs ?? 15_000;
    const transport = options.transport ?? createDefaultTransport(options.userAgent ?? 'standards-explorer');
    const retry = {
      maxRetries: options.retry?.maxRetries ?? 3,
      baseDelayMs: options.retry?.baseDelayMs ?? 500,
      maxTotalWaitMs: options.retry?.maxTotalWaitMs ?? 30_000,
    };
    if ('accessToken' in options) {
      this.redactor.addSecret(options.accessToken.value);
      this.tokenPath = 'the access token';
      this.tokens = new FixedToken(options.accessToken);
    } else {
      this.redactor.addSecret(options.clientSecret);
      this.tokenPath = new URL(options.tokenUrl).pathname;
      this.tokens = new TokenSource(transport, {
        tokenUrl: options.tokenUrl,
        clientId: options.clientId,
        clientSecret: options.clientSecret,
        scope: options.scope ?? 'openid',
        timeoutMs,
        logger,
        redactor: this.redactor,
        retry,
        deadline: options.deadline,
      });
    }
    this.http = new ServiceHttp(transport, this.tokens, {
      baseUrl: base.href,
      timeoutMs,
      apiKey: options.apiKey,
      logger,
      redactor: this.redactor,
      deadline: options.deadline,
      retry,
    });
    this.cache = new CachedFetch({
      http: this.http,
      parseBody: (result) => jsonBody(result, this.redactor),
      memoryMaxBytes: options.cacheMaxBytes ?? 64 * 1024 * 1024,
      diskDir: options.cacheDir,
      diskMaxBytes: options.diskCacheMaxBytes ?? DEFAULT_DISK_CACHE_BYTES,
      freshMs: options.cacheFreshMs ?? 60_000,
      // The caller's logger, as before: cache lines carry only the method and path the service built.
      logger: options.logger,
    });
    this.pins = options.pinnedDir ? new PinnedCopies(options.pinnedDir, options.pinnedMaxBytes ?? DEFAULT_DISK_CACHE_BYTES) : undefined;
    this.reviewed = options.reviewedDir ? new DiskCache(options.reviewedDir, REVIEWED_COPIES_BYTES) : undefined;
  }

  async keepReviewedCopy(urn: string, clauseId: string, fingerprint: string, body: unknown): Promise<void> {
    const key = reviewedKey(urn, clauseId, fingerprint);
    if (!this.reviewed || (await this.reviewed.sizeOf(key)) !== undefined) return;
    await this.reviewed.write(key, undefined, JSON.stringify(body));
  }

  async reviewedCopy(urn: string, clauseId: string, fingerprint: string): Promise<unknown> {
    const kept = await this.reviewed?.read(reviewedKey(urn, clauseId, fingerprint));
    return kept ? parseJsonInSlices(kept.body, MAX_JSON_DEPTH) : undefined;
  }

  async accessToken(signal?: AbortSignal): Promise<string> {
    return this.guard(this.tokenPath, (bounded) => this.tokens.token(bounded), 'POST', signal);
  }

  async handOver(signal?: AbortSignal): Promise<HandOver> {
    const value = await this.accessToken(signal);
    const expiresAt = this.tokens.expiryOf(value);
    return { accessToken: { value, ...(expiresAt !== undefined ? { expiresAt } : {}) }, ...(this.apiKey ? { apiKey: { ...this.apiKey } } : {}) };
  }

  async listStandards(page: { limit: number; offset: number }, signal?: AbortSignal): Promise<StandardsPage> {
    return this.guard(`${this.basePath()}/v1/standards`, (bounded) => this.readStandards(page, bounded), 'GET', signal);
  }

  async listClauses(urn: string, signal?: AbortSignal): Promise<Clause[]> {
    return (await this.listClausesCopy(urn, signal)).value;
  }

  async getClause(urn: string, clauseId: string, signal?: AbortSignal): Promise<unknown> {
    return (await this.getClauseCopy(urn, clauseId, signal)).value;
  }

  async listClausesCopy(urn: string, signal?: AbortSignal): Promise<Copy<Clause[]>> {
    return this.guard(
      `${this.basePath()}/v1/standards/…/clauses`,
      async (bounded) => this.readClauses(urn, { signal: bounded, pinned: await this.pins?.existing(urn) }),
      'GET',
      signal,
    );
  }

  async getClauseCopy(urn: string, clauseId: string, signal?: AbortSignal): Promise<Copy<unknown>> {
    return this.guard(`${this.basePath()}/v1/standards/…/clauses/…`, (bounded) => this.readClause(urn, clauseId, bounded), 'GET', signal);
  }

  async syncPinned(urn: string, options: PinOptions = {}): Promise<PinOutcome> {
    return this.guard(`${this.basePath()}/v1/standards/…/clauses`, async () => {
      const pins = this.pins;
      if (!pins) throw new ServiceError('invalidInput', 'Offline copies cannot be kept for this connection: it was made without a storage folder.');
      validateUrn(urn);
      const store = await pins.create(urn);
      return syncPinned(
        {
          pins,
          store,
          listClauses: (keep, signal) => this.readClauses(urn, { signal, pinned: store, revalidate: options.revalidate, keep }),
          clauseUrl: (clauseId) => this.clauseUrl(urn, clauseId),
          fetch: (url, signal) => this.cache.get(url, CLAUSE_ACCEPT, { signal, pinned: store, revalidate: options.revalidate }),
        },
        options,
      );
    });
  }

  async removePinned(urn: string): Promise<void> {
    await this.pins?.remove(urn);
  }

  async pinnedBytes(): Promise<number> {
    return (await this.pins?.bytes()) ?? 0;
  }

  /**
   * Only ServiceError leaves the service, and its message has been through the redactor. The work gets the caller's
   * signal bound to the run's time limit; a call stopped by that limit says so (not "cancelled").
   */
  private async guard<T>(path: string, work: (signal?: AbortSignal) => Promise<T>, method = 'GET', signal?: AbortSignal): Promise<T> {
    try {
      return await work(this.deadline ? this.deadline.bound(signal) : signal);
    } catch (caught) {
      let error = asServiceError(caught, method, path);
      if (error.kind === 'cancelled' && this.deadline?.passed && !signal?.aborted)
        error = this.deadline.ranOut(error.details.method ?? method, error.details.path ?? path);
      const masked = this.redactor.mask(error.message);
      throw masked === error.message ? error : new ServiceError(error.kind, masked, error.details);
    }
  }

  private basePath(): string {
    return new URL(this.base).pathname.replace(/\/$/, '');
  }

  private async readStandards(page: { limit: number; offset: number }, signal?: AbortSignal): Promise<StandardsPage> {
    const { limit, offset } = page;
    if (!Number.isInteger(limit) || limit < 1) throw new ServiceError('invalidInput', `The page size must be a whole number of at least 1, not ${limit}.`);
    if (!Number.isInteger(offset) || offset < 0) throw new ServiceError('invalidInput', `The offset must be a whole number of at least 0, not ${offset}.`);
    const url = `${this.base}/v1/standards?limit=${limit}&offset=${offset}`;
    const result = await this.http.get(url, { accept: LIST_ACCEPT, signal });
    const body = jsonBody(result, this.redactor);
    const rawItems = readItems(body);
    if (!rawItems) throw shapeError(result, 'a list of standards (a JSON array, or an object with @graph, hydra:member, member, items, standards or data)');
    const items = rawItems.map(readStandard).filter((s) => s !== undefined);
    if (rawItems.length > 0 && items.length === 0) throw shapeError(result, 'standards identified by a URN in @id, urn or identifier');
    const total = readTotal(body);
    const next = readNext(body);
    let hasMore: boolean;
    if (rawItems.length === 0) hasMore = false;
    else if (total !== undefined) hasMore = offset + rawItems.length < total;
    else if (next) hasMore = true;
    else hasMore = rawItems.length >= limit;
    return { items, total, hasMore };
  }

  private async readClauses(
    urn: string,
    options: { signal?: AbortSignal; pinned?: DiskCache; revalidate?: boolean; keep?: (url: string, got: CachedResult) => Promise<void> },
  ): Promise<Copy<Clause[]> & { changed: boolean }> {
    const { signal, pinned } = options;
    validateUrn(urn);
    let offlineSince: number | undefined;
    let changed = false;
    const first = `${this.base}/v1/standards/${encodeSegment(urn)}/clauses`;
    const clauses: Clause[] = [];
    const seen = new Set<string>();
    let url: string | undefined = first;
    for (let pages = 0; url; pages++) {
      if (pages >= MAX_CLAUSE_PAGES || seen.has(url)) {
        throw new ServiceError('badResponse', `GET ${pathOf(first)}: the clause list did not end after ${pages} pages (a next link repeats).`, {
          remedy: 'baseUrl',
        });
      }
      seen.add(url);
      const got = await this.cache.get(url, CLAUSE_ACCEPT, { signal, pinned, revalidate: options.revalidate });
      const { body, from } = got;
      if (got.offlineSince !== undefined) offlineSince = Math.min(offlineSince ?? got.offlineSince, got.offlineSince);
      if (got.changed) changed = true;
      await (options.keep ?? ((u, g) => this.refreshPinned(pinned, u, g)))(url, got);
      const rawItems = readItems(body);
      if (!rawItems) throw shapeErrorAt(url, 'a list of clauses (a JSON array, or an object with @graph, hydra:member, member, items, clauses or data)');
      const prefixes = readPrefixes(body);
      const page = rawItems.map((item) => readClause(item, prefixes)).filter((c) => c !== undefined);
      if (rawItems.length > 0 && page.length === 0) throw shapeErrorAt(url, 'clause objects with an @id');
      // A loop, not push(...page): spreading a page of a few hundred thousand items overflows the stack.
      for (const clause of page) clauses.push(clause);
      const next = readNext(body);
      url =
        next && rawItems.length > 0
          ? nextLinkInside(next, from, url, { base: this.base, basePrefix: this.basePrefix, basePath: this.basePath() }, this.redactor)
          : undefined;
    }
    return { value: clauses, offlineSince, changed };
  }

  private clauseUrl(urn: string, clauseId: string): string {
    validateClauseId(clauseId);
    return `${this.base}/v1/standards/${encodeSegment(urn)}/clauses/${encodeSegment(clauseId)}`;
  }

  private async readClause(urn: string, clauseId: string, signal?: AbortSignal): Promise<Copy<unknown>> {
    validateUrn(urn);
    const url = this.clauseUrl(urn, clauseId);
    const pinned = await this.pins?.existing(urn);
    const got = await this.cache.get(url, CLAUSE_ACCEPT, { signal, pinned });
    if (!isObject(got.body)) throw shapeErrorAt(url, 'a JSON object with the clause content');
    await this.refreshPinned(pinned, url, got);
    return { value: got.body, offlineSince: got.offlineSince, text: got.text };
  }

  /** A pinned standard's copy follows what the service says: a new body replaces the stored one. */
  private async refreshPinned(pinned: DiskCache | undefined, url: string, got: CachedResult): Promise<void> {
    if (!pinned || !this.pins || got.fetched !== 'full') return;
    await this.pins.write(pinned, url, got.etag, got.text).catch(() => false);
  }

  async clearCache(): Promise<void> {
    await this.cache.clear();
    await this.pins?.clear();
  }

  async clearReviewedCopies(): Promise<void> {
    await this.reviewed?.clear();
  }

  dispose(): void {
    this.cache.dispose();
    this.tokens.clear();
  }
}

/** The reviewed texts kept on this machine, at most. */
const REVIEWED_COPIES_BYTES = 50 * 1024 * 1024;

/** A kept reviewed text's key (DiskCache names its file by a hash of it). */
function reviewedKey(urn: string, clauseId: string, fingerprint: string): string {
  return `reviewed:${urn}\u0000${clauseId}\u0000${fingerprint}`;
}

function withoutTrailingSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end--;
  return url.slice(0, end);
}

/** A logger whose lines pass the redactor: paths may come from a server's next links, details quote its answers. */
function maskedLogger(logger: ServiceLogger, redactor: Redactor): ServiceLogger {
  return {
    request: (entry) => logger.request({ ...entry, path: redactor.mask(entry.path), ...(entry.detail ? { detail: redactor.mask(entry.detail) } : {}) }),
    ...(logger.debug ? { debug: (message: string) => logger.debug?.(redactor.mask(message)) } : {}),
    ...(logger.waiting
      ? { waiting: (notice: WaitNotice) => logger.waiting?.({ ...notice, request: redactor.mask(notice.request), after: redactor.mask(notice.after) }) }
      : {}),
  };
}
