/**
 * The fetch transport: one HTTP exchange with the platform's fetch, for where Node's http is not (vscode.dev,
 * github.dev: a browser or a web worker) and usable in Node too (undici). The same contract as the axios transport
 * (httpExchange.ts): no redirect followed, the body read as it arrives into the same BodyText (bodyDecoder.ts), at
 * most MAX_BODY_BYTES, one deadline for the whole exchange, the same ServiceErrors. Web APIs only: no Node
 * built-ins, no Buffer, no process (a test holds it to that).
 *
 * Redirects are asked for with `redirect: 'manual'`. Node's fetch then hands over the 3xx with its Location, and the
 * service layer's own rules apply (credentials only under the base path, at most five hops). A browser hands over
 * an opaque answer without status or Location instead: it cannot be checked before it is followed, so it is not
 * followed, and the error says to configure the address it leads to.
 */
import { BodyDecoder, webUtf8 } from './bodyDecoder';
import type { BodyText } from './blockText';
import { ServiceError } from './errors';
import { BodyTooLarge, MAX_BODY_BYTES, exchangeWithin, type ExchangeRequest, type FailureFacts, type Transport } from './httpExchange';

export interface FetchTransportOptions {
  /**
   * Sent as User-Agent where the platform lets a page set it (Node; a browser sends its own). Left out by default:
   * in a browser it is one more header the service's CORS answer would have to allow.
   */
  userAgent?: string;
  /** The fetch to use; default the platform's (globalThis.fetch). */
  fetch?: typeof globalThis.fetch;
}

/** A transport over fetch: what the service layer uses where there is no Node (createStandardsService's `transport`). */
export function createFetchTransport(options: FetchTransportOptions = {}): Transport {
  const send = options.fetch ?? globalThis.fetch;
  if (typeof send !== 'function') throw new Error('This platform has no fetch: the fetch transport cannot be used here.');
  const agent: Record<string, string> = options.userAgent ? { 'User-Agent': options.userAgent } : {};
  return {
    exchange: (request) =>
      exchangeWithin(
        request,
        async (signal, answered) => {
          // `cache` is the web's (Node's fetch keeps no cache, and its types leave the option out).
          const init: RequestInit & { cache: 'no-store' } = {
            method: request.method,
            headers: { ...agent, ...request.headers },
            body: request.data,
            redirect: 'manual',
            // Credentials are the headers the service layer sets, never the browser's cookies; and the service layer
            // revalidates with its own ETags, so the browser's HTTP cache neither answers nor stores.
            credentials: 'omit',
            cache: 'no-store',
            signal,
          };
          const response = await send.call(globalThis, request.url, init);
          if (response.type === 'opaqueredirect') throw redirectNotFollowed(request);
          answered(response.status);
          const body = await bodyText(response.body, signal);
          return { status: response.status, headers: flattenHeaders(response.headers), body };
        },
        failureFacts,
      ),
  };
}

/** A browser's answer to `redirect: 'manual'`: the redirect's target is hidden, so the rules for it cannot be applied. */
function redirectNotFollowed(request: ExchangeRequest): ServiceError {
  const where = `${request.method} ${request.path}`;
  return new ServiceError(
    'badResponse',
    `The service redirected ${where}; in the browser a redirect cannot be checked before it is followed, so it is not followed: set the base URL to the address it redirects to.`,
    { method: request.method, path: request.path, remedy: 'baseUrl' },
  );
}

/** The body as text, decoded as it arrives (bodyDecoder.ts: blocks past a megabyte); at most MAX_BODY_BYTES. */
async function bodyText(stream: ReadableStream<Uint8Array> | null, signal: AbortSignal): Promise<BodyText> {
  const text = new BodyDecoder(webUtf8());
  if (!stream) return text.done();
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      // An aborted fetch errors its body; this holds where a platform would end it quietly instead.
      signal.throwIfAborted();
      if (done) return text.done();
      if (text.bytes + value.length > MAX_BODY_BYTES) {
        // Stops the download; not waited for, the answer is refused either way.
        reader.cancel().catch(() => undefined);
        throw new BodyTooLarge();
      }
      text.add(value);
    }
  } finally {
    reader.releaseLock();
  }
}

function flattenHeaders(headers: Headers): Record<string, string> {
  // fetch's Headers are lower case already, and join a repeated header's values with ", ".
  const flat: Record<string, string> = {};
  headers.forEach((value, key) => (flat[key.toLowerCase()] = value));
  return flat;
}

/**
 * fetch rejects with a TypeError whatever went wrong. Node's carries the system's error as its cause (ECONNREFUSED,
 * or, when the body broke off, undici's UND_ERR_SOCKET); a browser's carries nothing, on purpose, and gives the same
 * TypeError for a service it cannot reach and for one whose CORS answer does not allow this origin.
 */
function failureFacts(error: unknown): FailureFacts {
  const cause = (error as { cause?: unknown }).cause;
  const code = codeOf(cause);
  // Node's http calls a connection the other side closed ECONNRESET ("socket hang up"); undici, UND_ERR_SOCKET.
  if (code) return { code: code === 'UND_ERR_SOCKET' ? 'ECONNRESET' : code };
  // Refused before any connection (e.g. a port fetch never uses, "bad port"): its words.
  if (cause instanceof Error && cause.message) return { code: cause.message };
  return {
    unreachableHint:
      'In the browser this is also how a service answers that does not allow this page’s origin (CORS): if the service is up, ask its operator to allow the origin.',
  };
}

function codeOf(cause: unknown): string | undefined {
  const code = (cause as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string') return code;
  // Several addresses tried (localhost: ::1 and 127.0.0.1): the first one's code.
  const errors = (cause as { errors?: unknown } | undefined)?.errors;
  return Array.isArray(errors) ? codeOf(errors[0]) : undefined;
}
