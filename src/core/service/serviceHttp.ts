/**
 * GET requests to the content service: bearer token (renewed once on a 401), API key, retries with backoff for
 * transient failures (500 included: a GET is idempotent), redirects followed by hand so a token never crosses to
 * another origin, and every outcome mapped to a ServiceError a user can act on. One log entry per call; each wait
 * before a retry told to the logger (`waiting`), and within the run's time limit when it has one (deadline.ts).
 */
import type { BearerTokens } from './auth';
import { ServiceError, asServiceError, cancelled, isUnreachable, type Remedy, type ServiceErrorDetails } from './errors';
import { parseRetryAfter } from './backoff';
import { withRetries } from './retries';
import { MAX_JSON_DEPTH } from './jsonld';
import { JsonTooDeep, parseJsonInSlices } from './slicedJson';
import { withoutFinalStops, type Redactor } from './redact';
import { isLoopback } from './addresses';
import type { BodyText } from './blockText';
import type { Exchange, Transport } from './httpExchange';
import { withoutTrailing } from './displayText';
import type { Deadline } from './deadline';
import { CLOCK_SKEW_S, saysNotYetValid, skewText } from './tokenClock';
import type { RetryOptions, ServiceErrorKind, ServiceLogger } from './types';

/** Answers worth asking again (the service's GETs are idempotent): a 500 is as often passing as a 502 or 503. */
const RETRY_STATUSES = new Set([408, 429, 500, 502, 503, 504]);
const MAX_REDIRECTS = 5;

/**
 * Whether `url` is the base URL or below it: same origin, and its path the base path or under it
 * (`https://h/api` covers `/api`, `/api/v1/…`, never `/apis` or `/admin`). Dot segments are resolved first.
 */
export function isUnder(url: string, baseUrl: string): boolean {
  let target: URL;
  let base: URL;
  try {
    target = new URL(url);
    base = new URL(baseUrl);
  } catch {
    return false;
  }
  if (target.origin !== base.origin) return false;
  const basePath = withoutTrailing(base.pathname, '/');
  return target.pathname === basePath || target.pathname.startsWith(`${basePath}/`);
}

export interface ServiceHttpOptions {
  /** The configured base URL: credentials go to addresses under it only (its origin and path). */
  baseUrl: string;
  timeoutMs: number;
  apiKey?: { header: string; value: string };
  retry: Required<RetryOptions>;
  logger?: ServiceLogger;
  /** Masks secrets in server text before it reaches a message or the log. */
  redactor: Redactor;
  /** The run's time limit: a Retry-After is honoured within it (not capped by `retry.maxTotalWaitMs`). */
  deadline?: Deadline;
}

export interface GetOptions {
  accept: string;
  /** Sent as If-None-Match. */
  etag?: string;
  signal?: AbortSignal;
  /** The call goes through the cache: log whether it was a full response or a revalidation. */
  cacheable?: boolean;
  /**
   * A stored copy answers when the service cannot be reached: a network failure or timeout is not retried, so the
   * reader gets the copy at once instead of after the backoff (the next call asks the service again).
   */
  storedCopy?: boolean;
}

export interface GetResult {
  /** 200 (body present) or 304 (not modified). */
  status: number;
  /** Blocks when the body is over a megabyte (blockText.ts). */
  body: BodyText;
  etag?: string;
  contentType?: string;
  /** The URL the body came from, after redirects (for resolving relative links). */
  url: string;
  retries: number;
  /** The parsed body when it was declared JSON (or undeclared) and parsed; undefined otherwise. */
  json?: unknown;
}

/** Failures of one attempt that a new attempt may cure although the server said 200: a body that does not parse. */
const transientBodies = new WeakSet<ServiceError>();
/** Failures of the token request (the token source retried them already): a GET waiting for the token is not sent again. */
const tokenFailures = new WeakSet<ServiceError>();

export class ServiceHttp {
  /** The last call found neither the service nor the identity provider reachable (cleared by any answer). */
  unreachable = false;

  constructor(
    private readonly transport: Transport,
    private readonly tokens: BearerTokens,
    private readonly options: ServiceHttpOptions,
  ) {}

  /** GET `url` (absolute). Resolves for 2xx and 304; rejects with a ServiceError otherwise. */
  async get(url: string, options: GetOptions): Promise<GetResult> {
    const started = Date.now();
    const path = pathOf(url);
    let retries = 0;
    let status: number | undefined;
    try {
      const result = await this.withRetries(url, options, (n, s) => {
        retries = n;
        status = s;
      });
      status = result.status;
      this.unreachable = false;
      const cache = options.cacheable ? (status === 304 ? 'revalidated' : 'miss') : undefined;
      this.options.logger?.request({ method: 'GET', path, status, ms: Date.now() - started, retries, ...(cache ? { cache } : {}) });
      return { ...result, retries };
    } catch (caught) {
      const error = asServiceError(caught, 'GET', path);
      if (error.kind !== 'cancelled') this.unreachable = isUnreachable(error);
      const kind: ServiceErrorKind = error.kind;
      const errorStatus = error.status ?? status;
      const detail = transientBodies.has(error) ? error.message : undefined;
      this.options.logger?.request({ method: 'GET', path, status: errorStatus, ms: Date.now() - started, retries, error: kind, ...(detail ? { detail } : {}) });
      throw error;
    }
  }

  private withRetries(url: string, options: GetOptions, progress: (retries: number, status?: number) => void): Promise<Omit<GetResult, 'retries'>> {
    const path = pathOf(url);
    return withRetries(() => this.withAuth(url, options), this.options, {
      request: `GET ${path}`,
      retryable: (failure) =>
        // A token that could not be had was already asked for again by the token source, once for every GET waiting.
        !tokenFailures.has(failure) &&
        !(options.storedCopy && isUnreachable(failure)) &&
        (failure.kind === 'network' ||
          failure.kind === 'timeout' ||
          transientBodies.has(failure) ||
          (failure.status !== undefined && RETRY_STATUSES.has(failure.status))),
      after: whatHappened,
      cause: (failure) => (transientBodies.has(failure) ? `a ${failure.status} answer that did not parse` : String(failure.status ?? failure.kind)),
      signal: options.signal,
      cancelled: () => cancelled('GET', path),
      onRetry: (n, failure) => progress(n, failure.status),
    });
  }

  /** One attempt, with one token renewal when the service says 401. */
  private async withAuth(url: string, options: GetOptions): Promise<Omit<GetResult, 'retries'>> {
    // With a stored copy to show, the first failure to reach the identity provider is enough (no retries waited for).
    const token = await this.tokens.token(options.signal, options.storedCopy ? 'untilReachable' : 'whole').catch((error: unknown) => {
      if (error instanceof ServiceError) tokenFailures.add(error);
      throw error;
    });
    const first = await this.followRedirects(url, token, options);
    if (first.reply.status !== 401) return this.settle(first, options);
    this.tokens.invalidate(token);
    const renewed = await this.tokens.token(options.signal);
    this.options.logger?.debug?.(`GET ${pathOf(url)} answered 401; renewed the access token and retried once`);
    const second = await this.followRedirects(url, renewed, options);
    if (second.reply.status === 401) this.checkClock(second, renewed);
    return this.settle(second, options);
  }

  /**
   * A token issued just now and refused: when its stamps and this machine's clock disagree, or the service says it is
   * not valid yet, the clocks are the cause — not the credentials, which the identity provider has just accepted.
   */
  private checkClock({ reply, url }: { reply: Exchange; url: string }, token: string): void {
    const skew = this.tokens.clockSkew?.(token);
    const notYet = saysNotYetValid(`${reply.headers['www-authenticate'] ?? ''} ${reply.body.slice(0, EXCERPT_READ)}`);
    if (!notYet && (skew === undefined || Math.abs(skew) < CLOCK_SKEW_S)) return;
    const refused = statusError(reply, pathOf(url), this.options.redactor);
    const why =
      skew !== undefined && Math.abs(skew) >= CLOCK_SKEW_S
        ? `The access token the identity provider issued just now is stamped ${skewText(skew)}.`
        : 'The service says the access token is not valid yet, though the identity provider issued it just now.';
    throw new ServiceError('auth', `${refused.message} ${why}`, { ...refused.details, remedy: 'clock' });
  }

  private async followRedirects(url: string, token: string, options: GetOptions): Promise<{ reply: Exchange; url: string }> {
    let current = url;
    for (let hop = 0; ; hop++) {
      const headers: Record<string, string> = { Accept: options.accept };
      // Credentials go to the configured service only — its origin and its base path; a redirect anywhere else
      // (another host, or another path of the same host) gets a bare request.
      if (isUnder(current, this.options.baseUrl)) {
        headers.Authorization = `Bearer ${token}`;
        if (this.options.apiKey) headers[this.options.apiKey.header] = this.options.apiKey.value;
        if (options.etag) headers['If-None-Match'] = options.etag;
      }
      const reply = await this.transport.exchange({
        method: 'GET',
        url: current,
        path: pathOf(current),
        headers,
        timeoutMs: this.options.timeoutMs,
        signal: options.signal,
      });
      const location = reply.headers.location;
      if (![301, 302, 303, 307, 308].includes(reply.status) || !location) return { reply, url: current };
      if (hop >= MAX_REDIRECTS) {
        throw new ServiceError('badResponse', `GET ${pathOf(url)} was redirected more than ${MAX_REDIRECTS} times.`, {
          remedy: 'baseUrl',
          status: reply.status,
          method: 'GET',
          path: pathOf(url),
        });
      }
      current = this.redirectTarget(location, current, url, reply.status);
    }
  }

  /**
   * Where a redirect leads, checked like a configured URL. A target we cannot parse or must not follow is the
   * server's fault (badResponse), never the user's input and never a raw TypeError.
   */
  private redirectTarget(location: string, current: string, original: string, status: number): string {
    const where = `GET ${pathOf(original)}`;
    const details: ServiceErrorDetails = { status, method: 'GET', path: pathOf(original), remedy: 'baseUrl' };
    const shown = this.options.redactor.excerpt(location, 100);
    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      throw new ServiceError(
        'badResponse',
        `${where} was redirected (${status}) to "${shown}", which is not a valid address. The service is misconfigured.`,
        details,
      );
    }
    let problem: string | undefined;
    if (next.protocol !== 'https:' && next.protocol !== 'http:')
      problem = `a non-web address (${this.options.redactor.excerpt(next.protocol, 20)}), which is not followed`;
    else if (next.protocol === 'http:' && !isLoopback(next.hostname)) problem = 'plain http on another machine, which is not followed';
    else if (next.username || next.password) problem = 'an address with a user name or password, which is not followed';
    if (problem) throw new ServiceError('badResponse', `${where} was redirected (${status}) to ${problem}. The service is misconfigured.`, details);
    return next.href;
  }

  private async settle(result: { reply: Exchange; url: string }, options: GetOptions): Promise<Omit<GetResult, 'retries'>> {
    const { reply, url } = result;
    const etag = reply.headers.etag;
    if (reply.status === 304 && options.etag) return { status: 304, body: '', etag: etag ?? options.etag, url };
    if (reply.status >= 200 && reply.status < 300) {
      const contentType = reply.headers['content-type'];
      const settled: Omit<GetResult, 'retries'> = { status: reply.status, body: reply.body, etag, contentType, url };
      // A body shorter than its Content-Length never gets here: Node reports the cut-off connection, which
      // exchange() turns into a retryable network error (axios keeps Content-Length after decompressing, so a
      // length check here would misfire on small compressed bodies).
      if (!contentType || /json/i.test(contentType)) settled.json = await this.parseJson(reply, url);
      return settled;
    }
    throw statusError(reply, pathOf(url), this.options.redactor);
  }

  /**
   * Parses a JSON body, a large one a slice at a time with the event loop let in between (slicedJson.ts). Malformed is
   * worth another attempt; nested too deeply is not.
   */
  private async parseJson(reply: Exchange, url: string): Promise<unknown> {
    const where = `GET ${pathOf(url)}`;
    const details = { status: reply.status, method: 'GET', path: pathOf(url) };
    try {
      return await parseJsonInSlices(reply.body, MAX_JSON_DEPTH);
    } catch (error) {
      if (error instanceof JsonTooDeep)
        throw new ServiceError(
          'badResponse',
          `${where} answered with JSON nested more than ${MAX_JSON_DEPTH} levels deep, more than this extension reads. The service is faulty; report it to its operator.`,
          details,
        );
      if (!(error instanceof SyntaxError)) throw error;
      // V8's message quotes the body: it goes through the redactor like any server text.
      const reason = this.options.redactor.excerpt(error.message, 120);
      const failure = new ServiceError(
        'badResponse',
        `${where} answered ${reply.status} with malformed JSON (${withoutFinalStops(reason)}): expected a complete JSON document. Try again; if it persists the service is faulty.`,
        details,
      );
      transientBodies.add(failure);
      throw failure;
    }
  }
}

/** A ServiceError for a non-success status, using problem+json or the body text when present. */
function statusError(reply: Exchange, path: string, redactor: Redactor): ServiceError {
  const status = reply.status;
  const where = `GET ${path}`;
  const problem = problemText(reply, redactor);
  // The server's words end without a full stop of their own, so ours follow without doubling ("429.. Try").
  const said = problem ? `: ${withoutFinalStops(problem)}` : '';
  const retryAfterMs = parseRetryAfter(reply.headers['retry-after']);
  const details = (remedy: Remedy | undefined): ServiceErrorDetails => ({ status, method: 'GET', path, retryAfterMs, remedy, serverSaid: said || undefined });
  if (status === 401) return new ServiceError('auth', `${where} was refused (401)${said}.`, details('signIn'));
  if (status === 403) return new ServiceError('forbidden', `${where} is not allowed (403)${said}.`, details('askAdministrator'));
  if (status === 404) return new ServiceError('notFound', `${where} was not found (404)${said}.`, details('refresh'));
  if (status === 429) {
    // A Retry-After is a fact of the answer: the message says it; without one, the UI adds its advice.
    if (retryAfterMs !== undefined)
      return new ServiceError('rateLimited', `${where}: too many requests (429)${said}. Try again in ${Math.ceil(retryAfterMs / 1000)} s.`, details(undefined));
    return new ServiceError('rateLimited', `${where}: too many requests (429)${said}.`, details('wait'));
  }
  if (status === 408) return new ServiceError('timeout', `${where} timed out on the server (408)${said}.`, details('timeout'));
  if (status >= 500) return new ServiceError('server', `${where} failed on the server (${status})${said}.`, details('tryLater'));
  return new ServiceError('badResponse', `${where} was rejected (${status})${said}.`, details('unknownAnswer'));
}

/** Characters of an error body read for its excerpt: far more than an excerpt shows. */
const EXCERPT_READ = 64 * 1024;

function problemText(reply: Exchange, redactor: Redactor): string {
  const type = reply.headers['content-type'] ?? '';
  if (/json/i.test(type)) {
    try {
      const body = JSON.parse(String(reply.body)) as { title?: unknown; detail?: unknown };
      const parts = [body.title, body.detail].filter((p): p is string => typeof p === 'string' && p.trim() !== '');
      if (parts.length) return redactor.excerpt(parts.join(' — '));
    } catch {
      // fall through to the text
    }
  }
  if (/html/i.test(type)) return '';
  return redactor.excerpt(reply.body.slice(0, EXCERPT_READ));
}

/** What an attempt met, in words, for the notice of the wait before the next. */
function whatHappened(failure: ServiceError): string {
  if (transientBodies.has(failure)) return `the service answered ${failure.status} with a body that did not parse`;
  if (failure.status !== undefined) return `the service answered ${failure.status}`;
  if (failure.kind === 'timeout') return 'the answer did not come in time';
  return 'the connection failed';
}

/** Path and query of a URL, for messages and logs. */
export function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}
