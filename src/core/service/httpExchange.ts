/**
 * One HTTP exchange, whichever client carries it (a Transport: axios in Node, transport.ts; fetch in Node or a
 * browser, fetchTransport.ts): its shapes, the body limit, the deadline for the whole exchange, cancellation, and
 * how a failure is worded, so that the rules above it (redirects, credentials, retries: serviceHttp.ts) see the same
 * answers and the same ServiceErrors from either. Platform-neutral: no Node built-ins, no Buffer.
 */
import type { BodyText } from './blockText';
import { ServiceError, cancelled } from './errors';

export const MAX_BODY_BYTES = 64 * 1024 * 1024;

export interface Exchange {
  status: number;
  /** Names in lower case; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** Blocks when the body is over a megabyte (blockText.ts). */
  body: BodyText;
}

export interface ExchangeRequest {
  method: 'GET' | 'POST';
  url: string;
  /** For messages: method and path only. */
  path: string;
  headers: Record<string, string>;
  data?: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * Sends one request and never follows a redirect (the caller decides what crosses origins); resolves with any HTTP
 * status, rejects with a ServiceError for everything else.
 */
export interface Transport {
  exchange(request: ExchangeRequest): Promise<Exchange>;
}

/** The body grew past MAX_BODY_BYTES. */
export class BodyTooLarge extends Error {}

/** What a client's own error says about a failed exchange, for the wording shared by every transport. */
export interface FailureFacts {
  /** The system's error code (ECONNREFUSED, ENOTFOUND…), when the platform gives one. */
  code?: string;
  /** The status of an answer that had begun when the failure came. */
  answered?: number;
  /** An answer had begun, its status unknown. */
  responded?: boolean;
  /** Said after "Could not reach HOST for GET /path" when there is no code (e.g. what else a browser's refusal may mean). */
  unreachableHint?: string;
}

/**
 * Runs `attempt` under the request's deadline (the whole exchange, body included) and its caller's signal, and turns
 * whatever goes wrong into the ServiceError the service layer words the same for every transport. `attempt` gets the
 * signal to stop on and tells when an answer has begun (`answered`); `facts` reads the client's own error.
 */
export async function exchangeWithin(
  request: ExchangeRequest,
  attempt: (signal: AbortSignal, answered: (status: number) => void) => Promise<Exchange>,
  facts: (error: unknown) => FailureFacts,
): Promise<Exchange> {
  if (request.signal?.aborted) throw cancelled(request.method, request.path);
  const deadline = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    deadline.abort();
  }, request.timeoutMs);
  const onAbort = (): void => deadline.abort();
  request.signal?.addEventListener('abort', onAbort, { once: true });
  let answeredStatus: number | undefined;
  try {
    return await attempt(deadline.signal, (status) => (answeredStatus = status));
  } catch (error) {
    if (request.signal?.aborted) throw cancelled(request.method, request.path);
    const where = `${request.method} ${request.path}`;
    const details = { method: request.method, path: request.path };
    if (timedOut) {
      throw new ServiceError(
        'timeout',
        `${where} did not complete within ${Math.round(request.timeoutMs / 1000)} s. The service did not answer in time; try again, or check your connection.`,
        details,
      );
    }
    if (error instanceof ServiceError) throw error;
    if (error instanceof BodyTooLarge) {
      throw new ServiceError(
        'badResponse',
        `${where}: the response is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB, more than this extension reads.`,
        details,
      );
    }
    const told = facts(error);
    const code = told.code;
    const answered = answeredStatus ?? told.answered;
    if (answered !== undefined || told.responded) {
      // The server did answer; the connection broke while the body came in. Retryable, but not "unreachable".
      throw new ServiceError(
        'network',
        `${where}: the connection closed while the answer (${answered ?? 'no status'}) was coming in${code ? ` (${code})` : ''}. Try again; if it persists, check your network or proxy.`,
        details,
      );
    }
    const host = safeHost(request.url);
    if (code === 'ECONNRESET' || code === 'EPIPE') {
      // Reached, then cut off before any answer: the server (or something on the way) closed the connection.
      throw new ServiceError('network', `${host} closed the connection during ${where} without answering (${code}).`, { remedy: 'tryLater', ...details });
    }
    const hint = !code && told.unreachableHint ? ` ${told.unreachableHint}` : '';
    throw new ServiceError('network', `Could not reach ${host} for ${where}${code ? ` (${code})` : ''}.${hint}`, { remedy: 'network', ...details });
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onAbort);
  }
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the server';
  }
}
