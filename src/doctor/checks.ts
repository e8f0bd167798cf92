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
import { checkServiceUrl, isLoopback } from '../service/addresses';
import { createAxios, exchange } from '../service/transport';
import { l10n } from '../l10n';
import { OAUTH_ERRORS, codeOf, connectTcp, discover, errorText, hidePassword, tlsCheck, tokenCheck, withTimeout } from './probes';

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
        title: l10n.t('Setting {0}', entry.setting),
        status: 'fail',
        detail: l10n.t('It is empty.'),
        fix: l10n.t('Set {0} (or run "Standards: Sign In…", which asks for it).', entry.setting),
      });
      return;
    }
    try {
      entry.url = checkServiceUrl(values[i], entry.setting);
      add({ title: l10n.t('Setting {0}', entry.setting), status: 'pass', detail: `${entry.url.origin}${entry.url.pathname}` });
    } catch (error) {
      add({ title: l10n.t('Setting {0}', entry.setting), status: 'fail', detail: errorText(error, say), fix: l10n.t('Correct {0}.', entry.setting) });
    }
  });
  add(
    input.clientId && input.clientSecret
      ? { title: l10n.t('Client credentials'), status: 'pass', detail: l10n.t('Client ID {0}; a client secret is stored.', say(input.clientId)) }
      : {
          title: l10n.t('Client credentials'),
          status: 'fail',
          detail: input.clientId ? l10n.t('No client secret is stored for this token URL.') : l10n.t('No client ID is stored for this token URL.'),
          fix: l10n.t('Run "Standards: Sign In…": credentials are kept per token URL.'),
        },
  );
  add(
    input.secretStorage.ok
      ? { title: l10n.t('Secret storage'), status: 'pass', detail: l10n.t("VS Code's secret storage (the system keychain) can be read.") }
      : {
          title: l10n.t('Secret storage'),
          status: 'fail',
          detail: say(input.secretStorage.message),
          fix: l10n.t('On Linux, install and unlock a keyring (gnome-keyring or KWallet), or start VS Code with --password-store=basic.'),
        },
  );
  if (input.apiKey) {
    add(
      input.apiKey.value
        ? { title: l10n.t('API key'), status: 'pass', detail: l10n.t('A key is stored and sent in the {0} header.', input.apiKey.header) }
        : {
            title: l10n.t('API key'),
            status: 'warn',
            detail: l10n.t('standardsExplorer.apiKeyHeader names {0}, but no key is stored for this base URL.', input.apiKey.header),
            fix: l10n.t('Run "Standards: Sign In…" and enter the API key, or clear standardsExplorer.apiKeyHeader if the service needs none.'),
          },
    );
  }

  // Proxy.
  const proxy = input.proxy.setting || input.proxy.env;
  add({
    title: l10n.t('Proxy'),
    status: 'pass',
    detail: proxy
      ? l10n.t(
          'Requests go through {0} ({1}); http.proxyStrictSSL is {2}.',
          hidePassword(proxy),
          input.proxy.setting ? l10n.t('setting http.proxy') : l10n.t('environment'),
          input.proxy.strictSSL ? l10n.t('on') : l10n.t('off'),
        )
      : l10n.t('No proxy is configured (http.proxy and the HTTPS_PROXY / HTTP_PROXY environment are empty).'),
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
        add({ title: `DNS ${host}`, status: 'pass', detail: l10n.t('Resolves to {0}.', found.map((a) => a.address).join(', ')) });
      } catch (error) {
        add({
          title: `DNS ${host}`,
          status: 'fail',
          detail: l10n.t('Does not resolve ({0}).', codeOf(error)),
          fix: proxy
            ? l10n.t('Behind a proxy the name may only resolve there: check http.proxy.')
            : l10n.t('Check the host name in the setting, your VPN and your DNS.'),
        });
        continue;
      }
    }
    try {
      await withTimeout(connectTcp(host, port), input.timeoutMs);
      reachable.add(url.host);
      add({ title: l10n.t('Connection {0}:{1}', host, port), status: 'pass', detail: l10n.t('The port accepts connections.') });
    } catch (error) {
      add({
        title: l10n.t('Connection {0}:{1}', host, port),
        status: 'fail',
        detail: l10n.t('Cannot connect ({0}).', codeOf(error)),
        fix: proxy
          ? l10n.t('A direct connection is refused; with a proxy configured this can be normal. If requests fail too, check http.proxy.')
          : isLoopback(host)
            ? l10n.t('Nothing listens there: start the service (or the sandbox) again.')
            : l10n.t('Check the URL, a firewall or VPN, or configure http.proxy.'),
      });
      continue;
    }
    if (url.protocol === 'https:') add(await tlsCheck(host, port, input.timeoutMs, input.proxy.strictSSL));
    else add({ title: `TLS ${host}`, status: 'skipped', detail: l10n.t('Plain http on this machine: no TLS.') });
  }

  // OIDC discovery, then the token.
  const tokenUrl = urls[1].url;
  if (tokenUrl) {
    const discovery = await discover(tokenUrl, http, input.timeoutMs);
    if (!discovery)
      add({
        title: l10n.t('OIDC discovery'),
        status: 'skipped',
        detail: l10n.t('No /.well-known/openid-configuration next to the token URL (not every identity provider offers it).'),
      });
    else if (discovery.tokenEndpoint === tokenUrl.href)
      add({ title: l10n.t('OIDC discovery'), status: 'pass', detail: l10n.t('{0} names this token URL as its token endpoint.', discovery.url) });
    else
      add({
        title: l10n.t('OIDC discovery'),
        status: 'warn',
        detail: l10n.t('{0} names {1} token endpoint, not the configured one.', discovery.url, say(discovery.tokenEndpoint ?? l10n.t('no'))),
        fix: l10n.t('Set standardsExplorer.tokenUrl to {0}.', say(discovery.tokenEndpoint ?? l10n.t('the token endpoint it lists'))),
      });
  }

  let token: string | undefined;
  if (!tokenUrl || !input.clientId || !input.clientSecret) {
    add({ title: l10n.t('Token request'), status: 'skipped', detail: l10n.t('Needs a token URL, a client ID and a secret.') });
  } else if (!reachable.has(tokenUrl.host) && !proxy) {
    add({ title: l10n.t('Token request'), status: 'skipped', detail: l10n.t('The identity provider cannot be reached.') });
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
          title: l10n.t('Token request'),
          status: 'pass',
          detail: l10n.t(
            '{0}: a {1} token{2}, scope "{3}".',
            reply.status,
            say(typeof body.token_type === 'string' ? body.token_type : 'bearer'),
            typeof body.expires_in === 'number' ? l10n.t(' for {0} s', body.expires_in) : '',
            say(input.scope),
          ),
        });
      } else {
        const code = isOAuthErrorCode(body?.error) ? body.error : undefined;
        const described = typeof body?.error_description === 'string' ? ` (${say(body.error_description)})` : '';
        add({
          title: l10n.t('Token request'),
          status: 'fail',
          detail: code
            ? `${reply.status} ${code}: ${OAUTH_ERRORS[code]?.() ?? l10n.t('the identity provider refused the request')}${described}.`
            : `${reply.status}: ${say(reply.body) || l10n.t('no details')}.`,
          fix:
            code === 'invalid_client'
              ? l10n.t('Check the client ID and secret ("Standards: Sign In…").')
              : code === 'invalid_scope'
                ? l10n.t('Check standardsExplorer.scope with your subscription.')
                : l10n.t('Check standardsExplorer.tokenUrl and the client credentials.'),
        });
      }
    } catch (error) {
      add({
        title: l10n.t('Token request'),
        status: 'fail',
        detail: errorText(error, say),
        fix: l10n.t('Check standardsExplorer.tokenUrl, your network and proxy.'),
      });
    }
  }
  if (token) add(tokenCheck(token, now(), say));
  else add({ title: l10n.t('Token'), status: 'skipped', detail: l10n.t('No token to look at.') });

  // The first call of the service, with the key and without it.
  const baseUrl = urls[0].url;
  if (!baseUrl || !token) {
    add({ title: l10n.t('Service call'), status: 'skipped', detail: l10n.t('Needs a base URL and a token.') });
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
    const both = withoutKey === undefined ? '' : l10n.t(' Without the API key: {0}.', withoutKey);
    if (withKey === 200) {
      add({
        title: l10n.t('Service call GET /v1/standards?limit=1'),
        status: 'pass',
        detail: l10n.t('200 with the token{0}.{1}', input.apiKey?.value ? l10n.t(' and the API key') : '', both),
      });
    } else {
      const wantsKey = typeof withKey === 'number' && (withKey === 401 || withKey === 403) && input.apiKey && !input.apiKey.value;
      add({
        title: l10n.t('Service call GET /v1/standards?limit=1'),
        status: 'fail',
        detail: l10n.t('{0} with the token{1}.{2}', withKey, input.apiKey?.value ? l10n.t(' and the API key') : '', both),
        fix:
          withKey === 404
            ? l10n.t('The base URL seems wrong: it must end with the environment prefix, before /v1 (e.g. https://api.example.com/preprod).')
            : wantsKey || (input.apiKey === undefined && (withKey === 401 || withKey === 403))
              ? l10n.t('The service may want an API or subscription key: set standardsExplorer.apiKeyHeader and enter the key with "Standards: Sign In…".')
              : withKey === 401
                ? l10n.t('The service rejects the token: check that the token URL and scope belong to this service.')
                : withKey === 403
                  ? l10n.t('Token and key are accepted but give no access: check your subscription with your administrator.')
                  : l10n.t('Try again later; if it persists, report it with the log ("Standards: Show Log").'),
      });
    }
  }
  return results;
}
