/**
 * The Connection Doctor's checks, one after the other, each saying pass / fail / warn / skipped and, for a failure,
 * the fix to try: the settings, name resolution and reachability of both hosts, TLS, the proxy in use, OIDC
 * discovery, the token request, the token itself (claims, expiry, clock skew) and the first service call with and
 * without the API key. HTTP goes through the same axios transport as the extension (so VS Code's proxy support
 * applies alike). Nothing a check reports holds the client secret, a token or the API key: every piece of
 * server text passes the service's redactor. Pure Node: no vscode (the command gathers the inputs).
 */
import { promises as dns } from 'node:dns';
import * as net from 'node:net';
import { parseJsonObject } from '../service/auth';
import { Redactor, isOAuthErrorCode } from '../service/redact';
import { checkServiceUrl, createAxios, exchange, isLoopback } from '../service/transport';
import { codeOf, connectTcp, discover, errorText, hidePassword, tlsCheck, tokenCheck, withTimeout } from './probes';

export type CheckStatus = 'pass' | 'warn' | 'fail' | 'skipped';

export interface CheckResult {
  title: string;
  status: CheckStatus;
  /** What was found, one or two sentences. */
  detail: string;
  /** For a failure or a warning: what to try. */
  fix?: string;
}

export interface DoctorInput {
  baseUrl: string;
  tokenUrl: string;
  scope: string;
  clientId?: string;
  clientSecret?: string;
  /** The configured header name, and the stored key when there is one. */
  apiKey?: { header: string; value?: string };
  /** Where the secret store stands: read, empty, or failed with a message. */
  secretStorage: { ok: true } | { ok: false; message: string };
  /** `http.proxy` and the proxy environment variables, as configured. */
  proxy: { setting?: string; env?: string; strictSSL: boolean };
  timeoutMs: number;
  /** For tests: the clock. */
  now?: () => number;
}

/** RFC 6749 §5.2 error codes, in words. */
const OAUTH_ERRORS: Record<string, string> = {
  invalid_client: 'the identity provider does not accept this client ID and secret',
  invalid_scope: 'the identity provider does not allow the requested scope',
  unauthorized_client: 'this client may not use the client credentials grant',
  invalid_request: 'the token request is malformed for this identity provider (often a wrong token URL)',
  invalid_grant: 'the grant was refused',
  unsupported_grant_type: 'this identity provider does not offer the client credentials grant here',
};

/** Runs every check in order; `onResult` hears each as it ends (for progress). */
export async function runChecks(input: DoctorInput, onResult?: (result: CheckResult) => void): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const add = (result: CheckResult): CheckResult => {
    results.push(result);
    onResult?.(result);
    return result;
  };
  const redactor = new Redactor(input.apiKey ? [input.apiKey.header] : []);
  redactor.addSecret(input.clientSecret);
  redactor.addSecret(input.apiKey?.value);
  const say = (text: string): string => redactor.excerpt(text, 300);
  const http = createAxios('standards-explorer connection-doctor');
  const now = input.now ?? Date.now;

  // Settings.
  const urls: Array<{ name: string; setting: string; url?: URL }> = [
    { name: 'service', setting: 'standardsExplorer.baseUrl', url: undefined },
    { name: 'identity provider', setting: 'standardsExplorer.tokenUrl', url: undefined },
  ];
  const values = [input.baseUrl, input.tokenUrl];
  urls.forEach((entry, i) => {
    if (!values[i]) {
      add({
        title: `Setting ${entry.setting}`,
        status: 'fail',
        detail: 'It is empty.',
        fix: `Set ${entry.setting} (or run "Standards: Sign In…", which asks for it).`,
      });
      return;
    }
    try {
      entry.url = checkServiceUrl(values[i], entry.setting);
      add({ title: `Setting ${entry.setting}`, status: 'pass', detail: `${entry.url.origin}${entry.url.pathname}` });
    } catch (error) {
      add({ title: `Setting ${entry.setting}`, status: 'fail', detail: errorText(error, say), fix: `Correct ${entry.setting}.` });
    }
  });
  add(
    input.clientId && input.clientSecret
      ? { title: 'Client credentials', status: 'pass', detail: `Client ID ${say(input.clientId)}; a client secret is stored.` }
      : {
          title: 'Client credentials',
          status: 'fail',
          detail: input.clientId ? 'No client secret is stored for this token URL.' : 'No client ID is stored for this token URL.',
          fix: 'Run "Standards: Sign In…": credentials are kept per token URL.',
        },
  );
  add(
    input.secretStorage.ok
      ? { title: 'Secret storage', status: 'pass', detail: "VS Code's secret storage (the system keychain) can be read." }
      : {
          title: 'Secret storage',
          status: 'fail',
          detail: say(input.secretStorage.message),
          fix: 'On Linux, install and unlock a keyring (gnome-keyring or KWallet), or start VS Code with --password-store=basic.',
        },
  );
  if (input.apiKey) {
    add(
      input.apiKey.value
        ? { title: 'API key', status: 'pass', detail: `A key is stored and sent in the ${input.apiKey.header} header.` }
        : {
            title: 'API key',
            status: 'warn',
            detail: `standardsExplorer.apiKeyHeader names ${input.apiKey.header}, but no key is stored for this base URL.`,
            fix: 'Run "Standards: Sign In…" and enter the API key, or clear standardsExplorer.apiKeyHeader if the service needs none.',
          },
    );
  }

  // Proxy.
  const proxy = input.proxy.setting || input.proxy.env;
  add({
    title: 'Proxy',
    status: 'pass',
    detail: proxy
      ? `Requests go through ${hidePassword(proxy)} (${input.proxy.setting ? 'setting http.proxy' : 'environment'}); http.proxyStrictSSL is ${input.proxy.strictSSL ? 'on' : 'off'}.`
      : 'No proxy is configured (http.proxy and the HTTPS_PROXY / HTTP_PROXY environment are empty).',
  });

  // Each host: name, port, TLS.
  const hosts = new Map<string, URL>();
  for (const { url } of urls) if (url && !hosts.has(url.host)) hosts.set(url.host, url);
  const reachable = new Set<string>();
  for (const url of hosts.values()) {
    const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!net.isIP(host)) {
      try {
        const found = await withTimeout(dns.lookup(host, { all: true }), input.timeoutMs);
        add({ title: `DNS ${host}`, status: 'pass', detail: `Resolves to ${found.map((a) => a.address).join(', ')}.` });
      } catch (error) {
        add({
          title: `DNS ${host}`,
          status: 'fail',
          detail: `Does not resolve (${codeOf(error)}).`,
          fix: proxy ? 'Behind a proxy the name may only resolve there: check http.proxy.' : 'Check the host name in the setting, your VPN and your DNS.',
        });
        continue;
      }
    }
    try {
      await withTimeout(connectTcp(host, port), input.timeoutMs);
      reachable.add(url.host);
      add({ title: `Connection ${host}:${port}`, status: 'pass', detail: 'The port accepts connections.' });
    } catch (error) {
      add({
        title: `Connection ${host}:${port}`,
        status: 'fail',
        detail: `Cannot connect (${codeOf(error)}).`,
        fix: proxy
          ? 'A direct connection is refused; with a proxy configured this can be normal. If requests fail too, check http.proxy.'
          : isLoopback(host)
            ? 'Nothing listens there: start the service (or the sandbox) again.'
            : 'Check the URL, a firewall or VPN, or configure http.proxy.',
      });
      continue;
    }
    if (url.protocol === 'https:') add(await tlsCheck(host, port, input.timeoutMs, input.proxy.strictSSL));
    else add({ title: `TLS ${host}`, status: 'skipped', detail: 'Plain http on this machine: no TLS.' });
  }

  // OIDC discovery, then the token.
  const tokenUrl = urls[1].url;
  if (tokenUrl) {
    const discovery = await discover(tokenUrl, http, input.timeoutMs);
    if (!discovery)
      add({
        title: 'OIDC discovery',
        status: 'skipped',
        detail: 'No /.well-known/openid-configuration next to the token URL (not every identity provider offers it).',
      });
    else if (discovery.tokenEndpoint === tokenUrl.href)
      add({ title: 'OIDC discovery', status: 'pass', detail: `${discovery.url} names this token URL as its token endpoint.` });
    else
      add({
        title: 'OIDC discovery',
        status: 'warn',
        detail: `${discovery.url} names ${say(discovery.tokenEndpoint ?? 'no')} token endpoint, not the configured one.`,
        fix: `Set standardsExplorer.tokenUrl to ${say(discovery.tokenEndpoint ?? 'the token endpoint it lists')}.`,
      });
  }

  let token: string | undefined;
  if (!tokenUrl || !input.clientId || !input.clientSecret) {
    add({ title: 'Token request', status: 'skipped', detail: 'Needs a token URL, a client ID and a secret.' });
  } else if (!reachable.has(tokenUrl.host) && !proxy) {
    add({ title: 'Token request', status: 'skipped', detail: 'The identity provider cannot be reached.' });
  } else {
    try {
      const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: input.clientId, client_secret: input.clientSecret, scope: input.scope });
      const reply = await exchange(http, {
        method: 'POST',
        url: tokenUrl.href,
        path: tokenUrl.pathname,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        data: form.toString(),
        timeoutMs: input.timeoutMs,
      });
      const body = parseJsonObject(reply.body);
      if (reply.status === 200 && typeof body?.access_token === 'string') {
        token = body.access_token;
        redactor.addToken(token);
        add({
          title: 'Token request',
          status: 'pass',
          detail: `${reply.status}: a ${say(typeof body.token_type === 'string' ? body.token_type : 'bearer')} token${typeof body.expires_in === 'number' ? ` for ${body.expires_in} s` : ''}, scope "${say(input.scope)}".`,
        });
      } else {
        const code = isOAuthErrorCode(body?.error) ? body.error : undefined;
        const described = typeof body?.error_description === 'string' ? ` (${say(body.error_description)})` : '';
        add({
          title: 'Token request',
          status: 'fail',
          detail: code
            ? `${reply.status} ${code}: ${OAUTH_ERRORS[code] ?? 'the identity provider refused the request'}${described}.`
            : `${reply.status}: ${say(reply.body) || 'no details'}.`,
          fix:
            code === 'invalid_client'
              ? 'Check the client ID and secret ("Standards: Sign In…").'
              : code === 'invalid_scope'
                ? 'Check standardsExplorer.scope with your subscription.'
                : 'Check standardsExplorer.tokenUrl and the client credentials.',
        });
      }
    } catch (error) {
      add({ title: 'Token request', status: 'fail', detail: errorText(error, say), fix: 'Check standardsExplorer.tokenUrl, your network and proxy.' });
    }
  }
  if (token) add(tokenCheck(token, now(), say));
  else add({ title: 'Token', status: 'skipped', detail: 'No token to look at.' });

  // The first call of the service, with the key and without it.
  const baseUrl = urls[0].url;
  if (!baseUrl || !token) {
    add({ title: 'Service call', status: 'skipped', detail: 'Needs a base URL and a token.' });
  } else {
    const call = async (withKey: boolean): Promise<number | string> => {
      const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'application/ld+json' };
      if (withKey && input.apiKey?.value) headers[input.apiKey.header] = input.apiKey.value;
      const path = `${baseUrl.pathname.replace(/\/+$/, '')}/v1/standards`;
      try {
        return (await exchange(http, { method: 'GET', url: `${baseUrl.origin}${path}?limit=1&offset=0`, path, headers, timeoutMs: input.timeoutMs })).status;
      } catch (error) {
        return errorText(error, say);
      }
    };
    const withKey = await call(true);
    const withoutKey = input.apiKey?.value ? await call(false) : undefined;
    const both = withoutKey === undefined ? '' : ` Without the API key: ${withoutKey}.`;
    if (withKey === 200) {
      add({
        title: 'Service call GET /v1/standards?limit=1',
        status: 'pass',
        detail: `200 with the token${input.apiKey?.value ? ' and the API key' : ''}.${both}`,
      });
    } else {
      const wantsKey = typeof withKey === 'number' && (withKey === 401 || withKey === 403) && input.apiKey && !input.apiKey.value;
      add({
        title: 'Service call GET /v1/standards?limit=1',
        status: 'fail',
        detail: `${withKey} with the token${input.apiKey?.value ? ' and the API key' : ''}.${both}`,
        fix:
          withKey === 404
            ? 'The base URL seems wrong: it must end with the environment prefix, before /v1 (e.g. https://api.example.com/preprod).'
            : wantsKey || (input.apiKey === undefined && (withKey === 401 || withKey === 403))
              ? 'The service may want an API or subscription key: set standardsExplorer.apiKeyHeader and enter the key with "Standards: Sign In…".'
              : withKey === 401
                ? 'The service rejects the token: check that the token URL and scope belong to this service.'
                : withKey === 403
                  ? 'Token and key are accepted but give no access: check your subscription with your administrator.'
                  : 'Try again later; if it persists, report it with the log ("Standards: Show Log").',
      });
    }
  }
  return results;
}
