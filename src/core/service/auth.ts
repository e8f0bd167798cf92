/**
 * Client-credentials token source (spec 4.1): one form POST, the token cached and renewed ahead of its expiry (in
 * the background, while it is still sent), one request in flight however many callers wait, and RFC 6749 errors
 * turned into words a user can act on.
 */
import { raceAbort } from './backoff';
import { ServiceError, isUnreachable } from './errors';
import { isOAuthErrorCode, withoutFinalStops, type Redactor } from './redact';
import type { Transport } from './httpExchange';
import { clockSkewOf, jwtClaims } from './tokenClock';
import type { Deadline } from './deadline';
import { withRetries } from './retries';
import type { RetryOptions, ServiceLogger } from './types';

export interface TokenSourceOptions {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  timeoutMs: number;
  logger?: ServiceLogger;
  /** Told every token received, and masks server text in messages. */
  redactor: Redactor;
  /** For tests: the clock. */
  now?: () => number;
  /**
   * Transient failures of the token request (connection, timeout, 429, 5xx) are asked again under this policy, once
   * for all the calls waiting for the token; without it, one attempt.
   */
  retry?: Required<RetryOptions>;
  /** The run's time limit, which the waits between attempts stay within. */
  deadline?: Deadline;
}

/** Answers of the identity provider worth asking again. */
const RETRY_STATUSES = new Set([408, 429, 500, 502, 503, 504]);

interface CachedToken {
  value: string;
  /** From then on a new token is asked for in the background, this one still sent meanwhile (ms since epoch). */
  refreshAt: number;
  /** When to stop using it (ms since epoch): a call then waits for the new one. */
  renewAt: number;
  /** When it expires (ms since epoch): later than renewAt by the renewal margin. */
  expiresAt: number;
  /** Seconds its issue time lay outside the time it was asked for, by this machine's clock (tokenClock.ts). */
  skew?: number;
}

const DEFAULT_LIFETIME_S = 300;
/**
 * Renewal happens this long before expiry on top of the proportional margin: a token of a second or two must not
 * be sent in its last moments (clocks tick in whole seconds at the identity provider).
 */
const MIN_RENEWAL_MARGIN_S = 1;

/** Seconds before expiry to stop using a token of `lifetime` seconds. */
export function renewalMargin(lifetime: number): number {
  // A quarter of its life, at most a minute, plus a second: a slow call never carries an expired token. A token of a
  // second is never reused; one of two seconds is, for half a second (renewed ahead from a quarter: `token`).
  const proportional = Math.min(60, lifetime / 4);
  return Math.min(lifetime, proportional + MIN_RENEWAL_MARGIN_S);
}

/**
 * How long a caller waits for a token request that fails. `untilReachable`: a caller with something else to show (a
 * stored copy) is told at the first failure to reach the identity provider instead of waiting through its retries.
 */
export type TokenWait = 'whole' | 'untilReachable';

/** Where the service's calls get their bearer token: the client-credentials grant, or a token a host handed over. */
export interface BearerTokens {
  /** A token to send; the signal only stops this caller's wait. */
  token(signal?: AbortSignal, wait?: TokenWait): Promise<string>;
  /** The service refused `used`: the next call needs another. */
  invalidate(used: string): void;
  /** Forgets any token held. */
  clear(): void;
  /** When `token` (one this source gave) expires, in ms since the epoch, when known. */
  expiryOf(token: string): number | undefined;
  /** Seconds `token`'s issue time lay outside the time it was asked for, by this machine's clock, when known. */
  clockSkew?(token: string): number | undefined;
}

function cancelledToken(path: string): ServiceError {
  return new ServiceError('cancelled', `POST ${path} was cancelled.`);
}

export class TokenSource implements BearerTokens {
  private cached: CachedToken | undefined;
  private pending: Promise<string> | undefined;
  /** Rejects at the first failure of the pending request to reach the identity provider (for `untilReachable`). */
  private unreachable: Promise<never> | undefined;
  /** Callers waiting for the pending request: all of them, and those that wait through unreachable retries too. */
  private waiting = { all: 0, whole: 0 };
  /** Stops the request in flight when the source is cleared (a renewal nobody waits for must not hold a process). */
  private stop = new AbortController();
  private readonly now: () => number;
  private readonly path: string;

  constructor(
    private readonly transport: Transport,
    private readonly options: TokenSourceOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.path = new URL(options.tokenUrl).pathname;
  }

  /**
   * A valid access token. Parallel callers share one token request. Past half its usable life a token is still
   * given while one request in the background renews it, so calls never queue behind a renewal they could do
   * without. The signal only stops this caller's wait: the shared request carries on for the others.
   */
  async token(signal?: AbortSignal, wait: TokenWait = 'whole'): Promise<string> {
    const cached = this.cached;
    if (cached && this.now() < cached.renewAt) {
      if (this.now() >= cached.refreshAt) this.refreshAhead(cached);
      return cached.value;
    }
    // A caller that has already stopped waiting starts no request: nobody would be left to hear how it ends.
    if (signal?.aborted) throw cancelledToken(this.path);
    const pending = this.request();
    const waited = wait === 'untilReachable' && this.unreachable ? Promise.race([pending, this.unreachable]) : pending;
    this.waiting.all++;
    if (wait === 'whole') this.waiting.whole++;
    try {
      return await (signal ? raceAbort(waited, signal, () => cancelledToken(this.path)) : waited);
    } finally {
      this.waiting.all--;
      if (wait === 'whole') this.waiting.whole--;
    }
  }

  /** The token request in flight, or a new one. */
  private request(): Promise<string> {
    this.pending ??= this.fetchWithRetries().finally(() => {
      this.pending = undefined;
      this.unreachable = undefined;
    });
    return this.pending;
  }

  private fetchWithRetries(): Promise<string> {
    const { retry, logger, deadline } = this.options;
    if (!retry) return this.fetchToken();
    const stop = this.stop.signal;
    let unreachable!: (failure: ServiceError) => void;
    this.unreachable = new Promise<never>((_, reject) => (unreachable = reject));
    this.unreachable.catch(() => undefined); // nobody may be racing it
    return withRetries(
      () => this.fetchToken(),
      { retry, logger, deadline },
      {
        request: `POST ${this.path}`,
        retryable: (failure) => {
          if (isUnreachable(failure)) unreachable(failure);
          // Asked again only for someone still waiting: not for a renewal ahead of time, nor for callers that left.
          const waiters = isUnreachable(failure) ? this.waiting.whole : this.waiting.all;
          return waiters > 0 && (failure.status !== undefined ? RETRY_STATUSES.has(failure.status) : failure.kind === 'network' || failure.kind === 'timeout');
        },
        after: (failure) =>
          failure.status !== undefined
            ? `the identity provider answered ${failure.status}`
            : failure.kind === 'timeout'
              ? 'the answer did not come in time'
              : 'the connection failed',
        cause: (failure) => String(failure.status ?? failure.kind),
        signal: stop,
        cancelled: () => cancelledToken(this.path),
      },
    );
  }

  /** Renews `cached` in the background, unless a request is already in flight. */
  private refreshAhead(cached: CachedToken): void {
    if (this.pending) return;
    this.request().catch(() => {
      // Logged by fetchToken. `cached` is still sent until renewAt; the next try is halfway there, not at every call.
      if (this.cached === cached) cached.refreshAt = this.now() + (cached.renewAt - this.now()) / 2;
    });
  }

  clockSkew(token: string): number | undefined {
    return this.cached?.value === token ? this.cached.skew : undefined;
  }

  /** Forgets `used` (a token the service refused) so the next call fetches a new one. */
  invalidate(used: string): void {
    if (this.cached?.value === used) this.cached = undefined;
  }

  /** Forgets any token, and stops a request in flight. */
  clear(): void {
    this.cached = undefined;
    this.stop.abort();
    this.stop = new AbortController();
  }

  expiryOf(token: string): number | undefined {
    return this.cached?.value === token ? this.cached.expiresAt : undefined;
  }

  private async fetchToken(): Promise<string> {
    const started = this.now();
    const form = new URLSearchParams({
      client_id: this.options.clientId,
      client_secret: this.options.clientSecret,
      grant_type: 'client_credentials',
      scope: this.options.scope,
    });
    let status: number | undefined;
    try {
      const reply = await this.transport.exchange({
        method: 'POST',
        url: this.options.tokenUrl,
        path: this.path,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        data: form.toString(),
        timeoutMs: this.options.timeoutMs,
        signal: this.stop.signal,
      });
      status = reply.status;
      // An answer of the identity provider is small; one of megabytes is faulty either way, and read as it is.
      const text = String(reply.body);
      const body = parseJsonObject(text);
      if (reply.status < 200 || reply.status >= 300) throw this.tokenError(reply.status, body, text);
      const token = body?.access_token;
      if (typeof token === 'string') this.options.redactor.addToken(token);
      if (typeof token !== 'string' || !token) {
        throw new ServiceError('badResponse', `POST ${this.path} answered ${reply.status} without an access_token.`, {
          remedy: 'tokenUrl',
          status: reply.status,
          method: 'POST',
          path: this.path,
        });
      }
      const lifetime = lifetimeSeconds(body?.expires_in, token);
      const usable = (lifetime - renewalMargin(lifetime)) * 1000;
      this.cached = {
        value: token,
        refreshAt: started + usable / 2,
        renewAt: started + usable,
        expiresAt: started + lifetime * 1000,
        skew: clockSkewOf(token, started, this.now()),
      };
      this.options.logger?.request({ method: 'POST', path: this.path, status: reply.status, ms: this.now() - started, retries: 0 });
      return token;
    } catch (error) {
      const kind = error instanceof ServiceError ? error.kind : undefined;
      this.options.logger?.request({ method: 'POST', path: this.path, status, ms: this.now() - started, retries: 0, error: kind ?? 'network' });
      throw error;
    }
  }

  private tokenError(status: number, body: Record<string, unknown> | undefined, text: string): ServiceError {
    const where = `POST ${this.path}`;
    const redactor = this.options.redactor;
    // Only a code in the RFC 6749 grammar is a code; anything else is treated as no code at all.
    const code = isOAuthErrorCode(body?.error) ? body.error : undefined;
    const shownCode = code && withoutFinalStops(redactor.excerpt(code, 100));
    const described = typeof body?.error_description === 'string' ? withoutFinalStops(redactor.excerpt(body.error_description)) : '';
    const description = described ? ` (${described})` : '';
    const details = { status, method: 'POST', path: this.path, serverSaid: description || undefined };
    switch (code) {
      case 'invalid_client':
        return new ServiceError('auth', `Client ID or secret rejected by the identity provider${description}.`, { ...details, remedy: 'signIn' });
      case 'unauthorized_client':
        return new ServiceError(
          'forbidden',
          `This client may not use the client credentials grant${description}. Ask your administrator to enable it.`,
          details,
        );
      case 'invalid_scope':
        return new ServiceError('invalidInput', `The identity provider rejected the scope "${this.options.scope}"${description}.`, {
          ...details,
          remedy: 'scope',
        });
      case 'invalid_grant':
      case 'unsupported_grant_type':
      case 'invalid_request':
        return new ServiceError('auth', `The identity provider refused the token request: ${shownCode}${description}.`, { ...details, remedy: 'tokenUrl' });
    }
    if (code) return new ServiceError('auth', `The identity provider refused the token request: ${shownCode}${description}.`, details);
    if (status === 401 || status === 403) {
      return new ServiceError('auth', `${where} answered ${status}.`, { ...details, remedy: 'signIn' });
    }
    if (status === 404) return new ServiceError('notFound', `${where} answered 404: the token URL seems wrong.`, { ...details, remedy: 'tokenUrl' });
    if (status === 429) return new ServiceError('rateLimited', `${where} answered 429: too many token requests; wait a moment.`, details);
    if (status >= 500) return new ServiceError('server', `${where} answered ${status}: the identity provider is having trouble; try again later.`, details);
    const said = withoutFinalStops(redactor.excerpt(text));
    return new ServiceError('badResponse', `${where} answered ${status}${said ? `: ${said}` : ': no details'}.`, {
      ...details,
      serverSaid: said ? `: ${said}` : undefined,
      remedy: 'tokenUrl',
    });
  }
}

/** A JSON object from `text`, or undefined for anything else (invalid JSON, an array, a string…). */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** `expires_in`, else the JWT's `exp`, else five minutes. */
export function lifetimeSeconds(expiresIn: unknown, token: string, now = Date.now()): number {
  const given = typeof expiresIn === 'string' ? Number(expiresIn) : expiresIn;
  if (typeof given === 'number' && Number.isFinite(given) && given > 0) return given;
  const exp = jwtExpiry(token);
  if (exp !== undefined) {
    const left = exp - now / 1000;
    if (left > 0) return left;
  }
  return DEFAULT_LIFETIME_S;
}

function jwtExpiry(token: string): number | undefined {
  const exp = jwtClaims(token)?.exp;
  return typeof exp === 'number' ? exp : undefined;
}
