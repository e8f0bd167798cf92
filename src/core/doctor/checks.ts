/**
 * The Connection Doctor's checks, one after the other, each saying pass / fail / warn / skipped and, for a failure,
 * the fix to try and the remedies the extension can start for it (actions.ts): the settings, name resolution and reachability of both hosts, TLS, the proxy in use, OIDC
 * discovery, the token request, the token itself (claims, expiry, clock skew) and the first service call with and
 * without the API key. HTTP goes through the platform's transport, the extension's own (on the desktop axios, so VS
 * Code's proxy support applies alike); name, port and TLS through the platform's probes where it has sockets, and in a
 * browser they are listed as not available there (probePort.ts). Nothing a check reports holds the client secret, a
 * token or the API key: every piece of server text passes the service's redactor. Platform-neutral: no vscode, no
 * Node built-ins (the command gathers the inputs and the host picks the probes).
 */
import { Redactor } from '../service/redact';
import { checkServiceUrl } from '../service/addresses';
import { l10n } from '../l10n';
import type { DoctorAction, RemedySetting } from './actions';
import { notInBrowser, probeHost } from './hostChecks';
import { corsFix, exchangeCause } from './networkCause';
import type { DoctorProbes } from './probePort';
import { discover, errorText, hidePassword, tokenCheck } from './probes';
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

/** Remedies that do not apply in a browser: it has its own proxy and certificates, which a page cannot change. */
const DESKTOP_ONLY: ReadonlySet<string> = new Set(['http.proxy', 'http.systemCertificates']);

/**
 * Runs every check in order with the platform's `probes` (nodeProbes.ts and the axios transport on the desktop,
 * fetchProbes.ts in a browser); `onResult` hears each as it ends (for progress).
 */
export async function runChecks(input: DoctorInput, probes: DoctorProbes, onResult?: (result: CheckResult) => void): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const inBrowser = !probes.network;
  const add = (result: CheckResult): CheckResult => {
    const actions = inBrowser ? result.actions?.filter((a) => a.kind !== 'openSetting' || !DESKTOP_ONLY.has(a.setting)) : result.actions;
    const kept = actions === result.actions ? result : { ...result, actions };
    results.push(kept);
    onResult?.(kept);
    return kept;
  };
  const redactor = new Redactor(input.apiKey ? [input.apiKey.header] : []);
  redactor.addSecret(input.clientSecret);
  redactor.addSecret(input.apiKey?.value);
  const say = (text: string): string => redactor.excerpt(text, 300);
  const http = probes.http;
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
      ? {
          title: l10n.t('Secret storage'),
          status: 'pass',
          detail: inBrowser
            ? l10n.t("VS Code's secret storage (which VS Code for the Web keeps in this browser) can be read.")
            : l10n.t("VS Code's secret storage (the system keychain) can be read."),
        }
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
  const proxy = inBrowser ? undefined : input.proxy.setting || input.proxy.env;
  if (inBrowser)
    add({
      title: l10n.t('Proxy'),
      status: 'skipped',
      detail: l10n.t(
        "Not available in the browser: requests go through the browser's own proxy settings, which a web page cannot read (http.proxy does not apply).",
      ),
    });
  else
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
    if (!probes.network) {
      for (const line of notInBrowser(url)) add(line);
      continue;
    }
    const found = await probeHost(probes.network, url, setting, input, proxy, add);
    if (found.reached) reachable.add(url.host);
    else if (found.cause) unreachable.set(url.host, found.cause);
  }

  // OIDC discovery, then the token.
  const tokenUrl = urls[1].url;
  const notReached = (url: URL | undefined): string | undefined => (url && !proxy ? unreachable.get(url.host) : undefined);
  const tokenHostDown = notReached(tokenUrl);
  const tokenUrlSetting: DoctorAction = { kind: 'openSetting', setting: 'standardsExplorer.tokenUrl' };
  if (tokenUrl && tokenHostDown) {
    add({
      title: l10n.t('OIDC discovery'),
      status: 'fail',
      detail: l10n.t('Not tried: {0}.', tokenHostDown),
      fix: l10n.t('Make the identity provider reachable first (see above).'),
    });
  }
  // In a browser a discovery document it could not read says nothing of the token endpoint, whose CORS answer may
  // differ (and the extension never needs discovery): its line waits for the token request, which decides what it meant.
  let blockedDiscovery: { line: CheckResult; cause: string } | undefined;
  if (tokenUrl && !tokenHostDown) {
    const discovery = await discover(tokenUrl, http, input.timeoutMs, probes);
    if (discovery && 'failed' in discovery) {
      const line: CheckResult = {
        title: l10n.t('OIDC discovery'),
        status: 'fail',
        detail: l10n.t('No answer: {0}.', discovery.failed.text),
        fix: discovery.failed.kind === 'browser' ? corsFix(tokenUrl, probes.origin) : l10n.t('Check standardsExplorer.tokenUrl, your network and proxy.'),
        actions: [tokenUrlSetting, proxySettings],
      };
      if (discovery.failed.kind === 'browser') blockedDiscovery = { line, cause: discovery.failed.text };
      else {
        // Where fetch names the cause (refused, no such name), the host is down: the token request is not tried there.
        if (inBrowser) unreachable.set(tokenUrl.host, discovery.failed.text);
        add(line);
      }
    } else if (!discovery)
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
        actions: [tokenUrlSetting],
      });
  }

  let token: string | undefined;
  const context = {
    input,
    http,
    say,
    cause: (error: unknown, url: URL) => exchangeCause(error, url, probes),
    corsFix: (url: URL) => corsFix(url, probes.origin),
  };
  if (!tokenUrl || !input.clientId || !input.clientSecret) {
    if (blockedDiscovery) add(blockedDiscovery.line);
    add({ title: l10n.t('Token request'), status: 'skipped', detail: l10n.t('Needs a token URL, a client ID and a secret.') });
  } else if (inBrowser ? unreachable.has(tokenUrl.host) : !reachable.has(tokenUrl.host) && !proxy) {
    add({
      title: l10n.t('Token request'),
      status: 'skipped',
      // In a browser, discovery may have found the host down just now.
      detail: notReached(tokenUrl) ? l10n.t('Not tried: {0}.', notReached(tokenUrl) ?? '') : l10n.t('The identity provider cannot be reached.'),
    });
  } else {
    const requested = await tokenRequest(context, tokenUrl);
    token = requested.token;
    // Before the result is kept: from now on the token is masked wherever a server echoes it.
    if (token) redactor.addToken(token);
    if (blockedDiscovery && token) {
      add({
        title: l10n.t('OIDC discovery'),
        status: 'skipped',
        detail: l10n.t(
          'The browser could not read the discovery document: its CORS answer may not allow this origin, though the token endpoint’s does. The extension does not need it.',
        ),
      });
    } else if (blockedDiscovery) {
      add(blockedDiscovery.line);
      // Neither answered this page: the service on the same host is not tried either.
      unreachable.set(tokenUrl.host, blockedDiscovery.cause);
    }
    add(requested.result);
  }
  if (token) add(tokenCheck(token, now(), say));
  else add({ title: l10n.t('Token'), status: 'skipped', detail: l10n.t('No token to look at.') });

  // The first call of the service, with the key and without it.
  const baseUrl = urls[0].url;
  // In a browser only discovery has been tried: a service elsewhere gets its own call.
  const serviceDown = notReached(baseUrl);
  if (baseUrl && serviceDown) add({ title: l10n.t('Service call'), status: 'skipped', detail: l10n.t('Not tried: {0}.', serviceDown) });
  else if (!baseUrl || !token) add({ title: l10n.t('Service call'), status: 'skipped', detail: l10n.t('Needs a base URL and a token.') });
  else add(await serviceCall(context, baseUrl, token));
  return results;
}
