/**
 * The public shapes of the service layer. Everything the extension knows about the Standards Content
 * Service goes through these; nothing in src/service imports 'vscode'.
 */
import type { BodyText } from './blockText';
import type { Deadline } from './deadline';
import type { Transport } from './httpExchange';

export interface ServiceOptions {
  /** Up to, not including, `/v1`; may carry a path prefix such as `/preprod`. */
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** Sent to the service only, never to the token URL. */
  apiKey?: { header: string; value: string };
  /** Default "openid". */
  scope?: string;
  /** Per request, default 15 000. */
  timeoutMs?: number;
  /** On-disk clause cache; none if absent. */
  cacheDir?: string;
  /** Bound of the in-memory LRU in bytes (default 64 MiB), charged for what the cached text really occupies. */
  cacheMaxBytes?: number;
  /** Offline copies of pinned standards (kept apart from the cache, never evicted); none if absent. */
  pinnedDir?: string;
  /**
   * Where the texts of clauses as they were reviewed are kept (standards.lock keeps only their fingerprints), for
   * Compare with the Reviewed Version; owner-only, bounded; none without it.
   */
  reviewedDir?: string;
  /** Bound of all offline copies together in bytes (default 500 MiB); pinning stops when it is reached. */
  pinnedMaxBytes?: number;
  /** Bound of the disk cache in bytes (default 500 MiB); least recently used files go first. */
  diskCacheMaxBytes?: number;
  /** Told about every HTTP exchange; never given a secret, token or API key. */
  logger?: ServiceLogger;
  /** Retry policy for idempotent requests; defaults: 3 retries, 500 ms base, 30 s total wait. */
  retry?: RetryOptions;
  /** Sent as User-Agent (by the default transport). */
  userAgent?: string;
  /**
   * What carries the HTTP exchanges (httpExchange.ts); default axios over Node's http (transport.ts). Where there is
   * no Node (a browser, a web worker): the fetch transport (fetchTransport.ts).
   */
  transport?: Transport;
  /**
   * A run's overall time limit (deadline.ts): every call stops when it passes, and a wait the service asks for
   * (Retry-After) is honoured within it, not capped at `retry.maxTotalWaitMs`, or fails at once when it would outlast it.
   */
  deadline?: Deadline;
}

/** An access token a host handed over and, when the host knows it, when it expires. */
export interface AccessTokenGrant {
  value: string;
  /** Milliseconds since the epoch. */
  expiresAt?: number;
}

/**
 * The service reached with a bearer token a host handed over (fixedToken.ts) instead of client credentials: no token
 * request is ever made, so there is no token URL, client ID, secret or scope.
 */
export type AccessTokenOptions = Omit<ServiceOptions, 'tokenUrl' | 'clientId' | 'clientSecret' | 'scope'> & { accessToken: AccessTokenGrant };

export interface RetryOptions {
  maxRetries?: number;
  baseDelayMs?: number;
  /** Upper bound of the time spent waiting between attempts of one call. */
  maxTotalWaitMs?: number;
}

export interface ServiceLogger {
  /** One entry per request as seen by the caller (after retries). */
  request(entry: RequestLogEntry): void;
  /** Extra detail (retry scheduled, token renewed…); already free of secrets. */
  debug?(message: string): void;
  /** A wait before a request is sent again, for a host to tell the person waiting (free of secrets). */
  waiting?(notice: WaitNotice): void;
}

/** A wait before a request is sent again: what is waited for, how long, and why. */
export interface WaitNotice {
  /** The request to be sent again: method and path, e.g. `GET /preprod/v1/standards?limit=500&offset=0`. */
  request: string;
  ms: number;
  /** What the last attempt met, in words: "the service answered 429", "the connection failed". */
  after: string;
  /** The service asked for this wait (Retry-After); otherwise it is our backoff. */
  asked: boolean;
  /** The retry this wait comes before, and how many there may be, when counted. */
  retry?: { number: number; of: number };
  /** What will be left of the run's time limit after the wait, when it has one. */
  leftMs?: number;
}

export interface RequestLogEntry {
  method: string;
  /** Path and query of the request, e.g. `/preprod/v1/standards?limit=100&offset=0`. Never carries a secret. */
  path: string;
  /** HTTP status of the last attempt, absent when no response arrived. */
  status?: number;
  /** Wall-clock time of the whole call including retries. */
  ms: number;
  retries: number;
  /**
   * `hit` answered from cache without a request, `revalidated` a 304, `miss` a full response, `offline` a stored copy
   * answered because the service or identity provider cannot be reached (the failed request was logged before it).
   */
  cache?: 'hit' | 'revalidated' | 'miss' | 'offline';
  /** ServiceError kind when the call failed. */
  error?: ServiceErrorKind;
  /** What was wrong with an answer the status alone calls a success (e.g. a 200 with a cut-off body). */
  detail?: string;
}

export interface StandardsService {
  listStandards(page: { limit: number; offset: number }, signal?: AbortSignal): Promise<StandardsPage>;
  /** Every page followed. */
  listClauses(urn: string, signal?: AbortSignal): Promise<Clause[]>;
  /** The parsed body. */
  getClause(urn: string, clauseId: string, signal?: AbortSignal): Promise<unknown>;
}

/** A value, and when it is a stored copy served because the service or identity provider cannot be reached, its date. */
export interface Copy<T> {
  value: T;
  /** When the stored copy was last confirmed by the service (ms since epoch); absent for a live answer. */
  offlineSince?: number;
  /**
   * A clause's body as the service sent it (blocks when large: blockText.ts), for passing it on as text without
   * writing the value out again.
   */
  text?: BodyText;
}

export interface StandardsPage {
  items: Standard[];
  total?: number;
  hasMore: boolean;
}

export interface Standard {
  urn: string;
  title: string;
  reference?: string;
  raw: Record<string, unknown>;
}

export interface Clause {
  /** The clause `@id` (a URI). */
  id: string;
  /** Last path segment of `id`. */
  clauseId: string;
  /** Compact type names such as `corext:Scope`. */
  types: string[];
  /** Plain string, '' when empty. */
  title: string;
  /** Clause number as printed ("1", "4.2", "A"), when the server gives one. */
  number?: string;
  /** `@id` of the enclosing clause, for subclauses. */
  parent?: string;
  /** Nesting depth, 1 for top-level clauses, when the server gives one. */
  level?: number;
  raw: Record<string, unknown>;
}

export type ServiceErrorKind =
  'auth' | 'forbidden' | 'notFound' | 'rateLimited' | 'server' | 'network' | 'timeout' | 'badResponse' | 'invalidInput' | 'cancelled';
