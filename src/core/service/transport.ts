/**
 * The axios transport (Node): one HTTP exchange with axios, configured the same way for the token endpoint and the
 * service: no automatic redirects (the caller decides what crosses origins), no axios proxy handling (VS Code's own
 * proxy support patches Node's http), text bodies parsed by us (so malformed JSON is reported as such). The deadline
 * for the whole exchange, cancellation and the wording of failures are httpExchange.ts's, shared with the fetch
 * transport (fetchTransport.ts).
 */
import axios, { type AxiosInstance, type AxiosResponse } from 'axios';
import type { Readable } from 'node:stream';
import type { BodyText } from './blockText';
import { BodyTooLarge, MAX_BODY_BYTES, exchangeWithin, type Exchange, type ExchangeRequest, type Transport } from './httpExchange';
import { TextCollector } from './textCollector';

export { MAX_BODY_BYTES, type Exchange, type ExchangeRequest, type Transport } from './httpExchange';

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

/** The transport the extension and the command line use: axios over Node's http (and VS Code's proxy support). */
export function createAxiosTransport(userAgent: string): Transport {
  const client = createAxios(userAgent);
  return { exchange: (request) => exchange(client, request) };
}

/** Sends one request; resolves with any HTTP status, rejects with a ServiceError for everything else. */
export function exchange(client: AxiosInstance, request: ExchangeRequest): Promise<Exchange> {
  return exchangeWithin(
    request,
    async (signal, answered) => {
      // Our own deadline covers the whole exchange, body included (axios' timeout is per socket idle).
      const response: AxiosResponse<Readable> = await client.request({
        method: request.method,
        url: request.url,
        headers: request.headers,
        data: request.data,
        signal,
      });
      answered(response.status);
      const body = await bodyText(response.data, signal);
      return { status: response.status, headers: flattenHeaders(response.headers), body };
    },
    (error) => ({
      code: (error as { code?: string }).code,
      answered: (error as { response?: { status?: number } }).response?.status,
      responded: Boolean((error as { response?: unknown }).response),
    }),
  );
}

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
