/**
 * One HTTP exchange with axios, configured the same way for the token endpoint and the service: no automatic
 * redirects (the caller decides what crosses origins), no axios proxy handling (VS Code's own proxy support
 * patches Node's http), text bodies parsed by us (so malformed JSON is reported as such), a deadline for the
 * whole exchange and cancellation that closes the socket.
 */
import axios, { type AxiosInstance, type AxiosResponse } from 'axios';
import type { Readable } from 'node:stream';
import type { BodyText } from './blockText';
import { ServiceError, cancelled } from './errors';
import { TextCollector } from './textCollector';

export const MAX_BODY_BYTES = 64 * 1024 * 1024;

export interface Exchange {
  status: number;
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

export function createAxios(userAgent: string): AxiosInstance {
  return axios.create({
    proxy: false,
    maxRedirects: 0,
    validateStatus: () => true,
    // The body read as it arrives (bodyText), not buffered whole by axios and then decoded at once.
    responseType: 'stream',
    transformResponse: [(data: unknown) => data],
    headers: { 'User-Agent': userAgent },
  });
}

/** Sends one request; resolves with any HTTP status, rejects with a ServiceError for everything else. */
export async function exchange(client: AxiosInstance, request: ExchangeRequest): Promise<Exchange> {
  if (request.signal?.aborted) throw cancelled(request.method, request.path);
  // Our own deadline covers the whole exchange, body included (axios' timeout is per socket idle).
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
    const response: AxiosResponse<Readable> = await client.request({
      method: request.method,
      url: request.url,
      headers: request.headers,
      data: request.data,
      signal: deadline.signal,
    });
    answeredStatus = response.status;
    const body = await bodyText(response.data, deadline.signal);
    return { status: response.status, headers: flattenHeaders(response.headers), body };
  } catch (error) {
    if (request.signal?.aborted) throw cancelled(request.method, request.path);
    const where = `${request.method} ${request.path}`;
    if (timedOut) {
      throw new ServiceError(
        'timeout',
        `${where} did not complete within ${Math.round(request.timeoutMs / 1000)} s. The service did not answer in time; try again, or check your connection.`,
        {
          method: request.method,
          path: request.path,
        },
      );
    }
    const code = (error as { code?: string }).code;
    if (error instanceof BodyTooLarge) {
      throw new ServiceError('badResponse', `${where}: the response is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB, more than this extension reads.`, {
        method: request.method,
        path: request.path,
      });
    }
    const answered = answeredStatus ?? (error as { response?: { status?: number } }).response?.status;
    if (answered !== undefined || (error as { response?: unknown }).response) {
      // The server did answer; the connection broke while the body came in. Retryable, but not "unreachable".
      throw new ServiceError(
        'network',
        `${where}: the connection closed while the answer (${answered ?? 'no status'}) was coming in${code ? ` (${code})` : ''}. Try again; if it persists, check your network or proxy.`,
        {
          method: request.method,
          path: request.path,
        },
      );
    }
    const host = safeHost(request.url);
    if (code === 'ECONNRESET' || code === 'EPIPE') {
      // Reached, then cut off before any answer: the server (or something on the way) closed the connection.
      throw new ServiceError('network', `${host} closed the connection during ${where} without answering (${code}).`, {
        remedy: 'tryLater',
        method: request.method,
        path: request.path,
      });
    }
    throw new ServiceError('network', `Could not reach ${host} for ${where}${code ? ` (${code})` : ''}.`, {
      remedy: 'network',
      method: request.method,
      path: request.path,
    });
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onAbort);
  }
}

/** The body grew past MAX_BODY_BYTES. */
class BodyTooLarge extends Error {}

/** The body as text, decoded as it arrives (textCollector.ts: blocks past a megabyte); at most MAX_BODY_BYTES. */
async function bodyText(stream: Readable, deadline: AbortSignal): Promise<BodyText> {
  const stop = (): void => {
    stream.destroy(new Error('aborted'));
  };
  deadline.addEventListener('abort', stop, { once: true });
  try {
    const text = new TextCollector();
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (text.bytes + chunk.length > MAX_BODY_BYTES) {
        stream.destroy();
        throw new BodyTooLarge();
      }
      text.add(chunk);
    }
    return text.done();
  } finally {
    deadline.removeEventListener('abort', stop);
  }
}

function flattenHeaders(headers: AxiosResponse['headers']): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers ?? {})) {
    if (value === undefined || value === null) continue;
    flat[key.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return flat;
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the server';
  }
}
