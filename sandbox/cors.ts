/**
 * The sandbox's CORS answer, so that the extension running in a browser (a web worker extension host) can call it:
 * the token endpoint, discovery and the service, never the /__sandbox/* test routes. Only the origins an editor runs
 * on are granted — this machine (code-server or VS Code's web build on loopback, any port, and the *.localhost frames
 * a local build may run its web worker extension host in), vscode.dev, github.dev and the *.vscode-cdn.net frames
 * their web worker extension hosts run in — not `*`: any other page the user opens
 * would otherwise read the sandbox from the browser too. Bearer tokens, never cookies: no Allow-Credentials.
 * docs/web.md says the same for the operator of a real service.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Methods the sandbox answers cross-origin: GET and HEAD (the service, discovery), POST (the token request). */
export const CORS_METHODS = 'GET, HEAD, POST';
/** Headers the client sends that a browser does not allow by itself; the API-key header is added by name. */
const CORS_REQUEST_HEADERS = ['Authorization', 'Accept', 'Content-Type', 'If-None-Match'];
/** Response headers the client reads beyond the safelisted ones (Content-Type…): revalidation, backoff, token refusals. */
export const CORS_EXPOSED_HEADERS = 'ETag, Retry-After, WWW-Authenticate';
/** Seconds a browser may keep a preflight's answer (Chromium keeps at most 7200). */
export const CORS_MAX_AGE_SECONDS = '7200';

const EDITOR_HOSTS = new Set(['vscode.dev', 'insiders.vscode.dev', 'github.dev']);
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Whether a page of `origin` may read the sandbox's answers. */
export function allowsOrigin(origin: string, extra: readonly string[] = []): boolean {
  if (extra.includes(origin)) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  // An origin is scheme, host and port only: anything more is not a browser's Origin header.
  if (url.origin !== origin) return false;
  if (LOOPBACK_HOSTS.has(url.hostname) || /^(?:[a-z0-9-]+\.)+localhost$/.test(url.hostname)) return url.protocol === 'http:' || url.protocol === 'https:';
  if (url.protocol !== 'https:' || url.port !== '') return false;
  return EDITOR_HOSTS.has(url.hostname) || /^[a-z0-9-]+\.vscode-cdn\.net$/.test(url.hostname);
}

export interface CorsPolicy {
  /** The API-key header's name, which a preflight must be allowed to ask for. */
  apiKeyHeader: string;
  /** Further exact origins to allow (`--allow-origin`). */
  extraOrigins: readonly string[];
}

/**
 * Answers a preflight (true: the response is sent), or sets the CORS headers of the answer to come. A preflight from
 * an origin not allowed gets a 403 that says which origins are, and no grant; its other requests get no grant.
 */
export function applyCors(req: IncomingMessage, res: ServerResponse, policy: CorsPolicy): boolean {
  const origin = req.headers.origin;
  // The answer depends on the Origin: a shared cache must not give one origin's answer to another.
  res.setHeader('Vary', 'Origin');
  const allowed = typeof origin === 'string' && allowsOrigin(origin, policy.extraOrigins);
  const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
  if (!preflight) {
    if (allowed) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Expose-Headers', CORS_EXPOSED_HEADERS);
    }
    return false;
  }
  if (!allowed) {
    const body = JSON.stringify({
      type: 'about:blank',
      title: 'Origin not allowed',
      status: 403,
      detail: `The sandbox answers pages of this machine (http://127.0.0.1, http://localhost, http://*.localhost, any port), https://vscode.dev, https://github.dev and https://*.vscode-cdn.net, not ${String(origin)}; start it with --allow-origin ${String(origin)} to allow it.`,
    });
    res.writeHead(403, { 'Content-Type': 'application/problem+json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
    return true;
  }
  const headers: Record<string, string> = {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Methods': CORS_METHODS,
    'Access-Control-Allow-Headers': [...CORS_REQUEST_HEADERS, policy.apiKeyHeader].join(', '),
    'Access-Control-Max-Age': CORS_MAX_AGE_SECONDS,
  };
  // Chromium asks before a public page (vscode.dev) reaches a loopback address (Private Network Access).
  if (req.headers['access-control-request-private-network'] === 'true') headers['Access-Control-Allow-Private-Network'] = 'true';
  res.writeHead(204, headers);
  res.end();
  return true;
}

/**
 * Keeps oidc-provider's own CORS headers off a response, so that the sandbox's policy is the only one: it would
 * grant discovery to any origin, and refuse the token request to every browser (a confidential client).
 */
export function ignoreProviderCors(res: ServerResponse): void {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) => (name.toLowerCase().startsWith('access-control-') ? res : setHeader(name, value));
}
