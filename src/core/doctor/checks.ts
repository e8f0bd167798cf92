/**
 * The Connection Doctor's checks, one after the other, each saying pass / fail / warn / skipped and, for a failure,
 * the fix to try and the remedies the extension can start for it (actions.ts): the settings, name resolution and reachability of both hosts, TLS, the proxy in use, OIDC
 * discovery, the token request, the token itself (claims, expiry, clock skew) and the first service call with and
 * without the API key. HTTP goes through the same axios transport as the extension (so VS Code's proxy support
 * applies alike). Nothing a check reports holds the client secret, a token or the API key: every piece of
 * server text passes the service's redactor. Pure Node: no vscode (the command gathers the inputs).
 */
import { promises as dns } from 'node:dns';
import * as net from 'node:net';
import { Redactor } from '../service/redact';
import { checkServiceUrl, isLoopback } from '../service/addresses';
import { createDefaultTransport } from '../service/defaultTransport';
import { l10n } from '../l10n';
import type { DoctorAction, RemedySetting } from './actions';
import { causeSentence, networkCause } from './networkCause';
import { connectTcp, discover, errorText, hidePassword, tlsCheck, tokenCheck, withTimeout } from './probes';
import { serviceCall, tokenRequest } from './serviceChecks';

export type CheckStatus = 'pass' | 'warn' | 'fail' | 'skipped';

export interface CheckResult {
  title: string;
  status: CheckStatus;
  /** What was found, one or two sentences. */
  detail: string;
  /** For a failure or a warning: what to try. */
  fix?: string;
  /** For a failure or a warning: what the extension can start towards the fix (a button on the report's page). */
  actions?: DoctorAction[];
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
  /** The connection is the bundled sandbox: when nothing listens, the remedy is to start it again. */
  sandbox?: boolean;
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
  const http = createDefaultTransport('standards-explorer connection-doctor');
  const now = input.now ?? Date.now;

  // Settings.
  const urls: Array<{ name: string; setting: RemedySetting; url?: URL }> = [
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
        actions: [{ kind: 'openSetting', setting: entry.setting }, { kind: 'signIn' }],
      });
      return;
    }
    try {
      entry.url = checkServiceUrl(values[i], entry.setting);
      add({ title: l10n.t('Setting {0}', entry.setting), status: 'pass', detail: `${entry.url.origin}${entry.url.pathname}` });
    } catch (error) {
      add({
        title: l10n.t('Setting {0}', entry.setting),
        status: 'fail',
        detail: errorText(error, say),
        fix: l10n.t('Correct {0}.', entry.setting),
        actions: [{ kind: 'openSetting', setting: entry.setting }],
      });
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
          actions: [{ kind: 'signIn' }],
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
            actions: [{ kind: 'signIn' }, { kind: 'openSetting', setting: 'standardsExplorer.apiKeyHeader' }],
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
  const hosts = new Map<string, { url: URL; setting: RemedySetting }>();
  for (const { url, setting } of urls) if (url && !hosts.has(url.host)) hosts.set(url.host, { url, setting });
  const reachable = new Set<string>();
  // Why a host could not be reached, said again by the checks that then cannot run (discovery, token, service call).
  const unreachable = new Map<string, string>();
  const proxySettings: DoctorAction = { kind: 'openSetting', setting: 'http.proxy' };
  for (const { url, setting } of hosts.values()) {
    const openSetting: DoctorAction = { kind: 'openSetting', setting };
    const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!net.isIP(host)) {
      try {
        const found = await withTimeout(dns.lookup(host, { all: true }), input.timeoutMs);
        add({ title: `DNS ${host}`, status: 'pass', detail: l10n.t('Resolves to {0}.', found.map((a) => a.address).join(', ')) });
      } catch (error) {
        const cause = networkCause(error, host, port);
        unreachable.set(url.host, cause.text);
        add({
          title: `DNS ${host}`,
          status: 'fail',
          detail: causeSentence(cause),
          fix: proxy
            ? l10n.t('Behind a proxy the name may only resolve there: check http.proxy.')
            : l10n.t('Check the host name in the setting, your VPN and your DNS.'),
          actions: [proxy ? proxySettings : openSetting],
        });
        continue;
      }
    }
    try {
      await withTimeout(connectTcp(host, port), input.timeoutMs);
      reachable.add(url.host);
      add({ title: l10n.t('Connection {0}:{1}', host, port), status: 'pass', detail: l10n.t('The port accepts connections.') });
    } catch (error) {
      const cause = networkCause(error, host, port);
      unreachable.set(url.host, cause.text);
      add({
        title: l10n.t('Connection {0}:{1}', host, port),
        status: 'fail',
        detail: causeSentence(cause, true),
        fix: proxy
          ? l10n.t('A direct connection is refused; with a proxy configured this can be normal. If requests fail too, check http.proxy.')
          : isLoopback(host) && cause.kind === 'refused'
            ? l10n.t('Nothing listens there: start the service (or the sandbox) again.')
            : l10n.t('Check the URL, a firewall or VPN, or configure http.proxy.'),
        actions: proxy
          ? [proxySettings]
          : isLoopback(host) && cause.kind === 'refused'
            ? input.sandbox
              ? [{ kind: 'connectSandbox' }]
              : []
            : [openSetting, proxySettings],
      });
      continue;
    }
    if (url.protocol === 'https:') add(await tlsCheck(host, port, input.timeoutMs, input.proxy.strictSSL, setting));
    else add({ title: `TLS ${host}`, status: 'skipped', detail: l10n.t('Plain http on this machine: no TLS.') });
  }

  // OIDC discovery, then the token.
  const tokenUrl = urls[1].url;
  const notReached = (url: URL | undefined): string | undefined => (url && !proxy ? unreachable.get(url.host) : undefined);
  const tokenHostDown = notReached(tokenUrl);
  if (tokenUrl && tokenHostDown) {
    add({
      title: l10n.t('OIDC discovery'),
      status: 'fail',
      detail: l10n.t('Not tried: {0}.', tokenHostDown),
      fix: l10n.t('Make the identity provider reachable first (see above).'),
    });
  } else if (tokenUrl) {
    const discovery = await discover(tokenUrl, http, input.timeoutMs);
    if (discovery && 'failed' in discovery)
      add({
        title: l10n.t('OIDC discovery'),
        status: 'fail',
        detail: l10n.t('No answer: {0}.', discovery.failed),
        fix: l10n.t('Check standardsExplorer.tokenUrl, your network and proxy.'),
        actions: [{ kind: 'openSetting', setting: 'standardsExplorer.tokenUrl' }, proxySettings],
      });
    else if (!discovery)
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
        actions: [{ kind: 'openSetting', setting: 'standardsExplorer.tokenUrl' }],
      });
  }

  let token: string | undefined;
  const context = { input, http, say };
  if (!tokenUrl || !input.clientId || !input.clientSecret) {
    add({ title: l10n.t('Token request'), status: 'skipped', detail: l10n.t('Needs a token URL, a client ID and a secret.') });
  } else if (!reachable.has(tokenUrl.host) && !proxy) {
    add({
      title: l10n.t('Token request'),
      status: 'skipped',
      detail: tokenHostDown ? l10n.t('Not tried: {0}.', tokenHostDown) : l10n.t('The identity provider cannot be reached.'),
    });
  } else {
    const requested = await tokenRequest(context, tokenUrl);
    token = requested.token;
    // Before the result is kept: from now on the token is masked wherever a server echoes it.
    if (token) redactor.addToken(token);
    add(requested.result);
  }
  if (token) add(tokenCheck(token, now(), say));
  else add({ title: l10n.t('Token'), status: 'skipped', detail: l10n.t('No token to look at.') });

  // The first call of the service, with the key and without it.
  const baseUrl = urls[0].url;
  const serviceDown = notReached(baseUrl);
  if (baseUrl && serviceDown) add({ title: l10n.t('Service call'), status: 'skipped', detail: l10n.t('Not tried: {0}.', serviceDown) });
  else if (!baseUrl || !token) add({ title: l10n.t('Service call'), status: 'skipped', detail: l10n.t('Needs a base URL and a token.') });
  else add(await serviceCall(context, baseUrl, token));
  return results;
}
