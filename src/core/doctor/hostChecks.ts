/**
 * The Connection Doctor's checks of one host below HTTP: its name, a connection to its port and the TLS handshake,
 * with the platform's sockets (probePort.ts) — or, in a browser, each listed as not available there. Platform-neutral.
 */
import { isLoopback } from '../service/addresses';
import { l10n } from '../l10n';
import type { DoctorAction, RemedySetting } from './actions';
import type { CheckResult, DoctorInput } from './checks';
import { causeSentence, hostAndPort, isIpAddress, networkCause } from './networkCause';
import type { NetworkProbes } from './probePort';
import { withTimeout } from './timeLimit';

/** What the checks below HTTP would be, each said to be not available in a browser (rather than left out). */
export function notInBrowser(url: URL): CheckResult[] {
  const { host, port } = hostAndPort(url);
  const why = l10n.t(
    'Not available in the browser: a web page cannot look up names, open connections or see certificates. Whether {0} answers is checked over fetch below.',
    url.host,
  );
  return [
    ...(isIpAddress(host) ? [] : [{ title: `DNS ${host}`, status: 'skipped' as const, detail: why }]),
    { title: l10n.t('Connection {0}:{1}', host, port), status: 'skipped', detail: why },
    { title: `TLS ${host}:${port}`, status: 'skipped', detail: why },
  ];
}

/** Name, port and TLS of one host with the platform's sockets: reached, or why not. */
export async function probeHost(
  network: NetworkProbes,
  url: URL,
  setting: RemedySetting,
  input: DoctorInput,
  proxy: string | undefined,
  add: (result: CheckResult) => CheckResult,
): Promise<{ reached: boolean; cause?: string }> {
  const openSetting: DoctorAction = { kind: 'openSetting', setting };
  const proxySettings: DoctorAction = { kind: 'openSetting', setting: 'http.proxy' };
  const { host, port } = hostAndPort(url);
  if (!isIpAddress(host)) {
    try {
      const found = await withTimeout(network.resolve(host), input.timeoutMs);
      add({ title: `DNS ${host}`, status: 'pass', detail: l10n.t('Resolves to {0}.', found.join(', ')) });
    } catch (error) {
      const cause = networkCause(error, host, port);
      add({
        title: `DNS ${host}`,
        status: 'fail',
        detail: causeSentence(cause),
        fix: proxy
          ? l10n.t('Behind a proxy the name may only resolve there: check http.proxy.')
          : l10n.t('Check the host name in the setting, your VPN and your DNS.'),
        actions: [proxy ? proxySettings : openSetting],
      });
      return { reached: false, cause: cause.text };
    }
  }
  try {
    await withTimeout(network.connect(host, port), input.timeoutMs);
    add({ title: l10n.t('Connection {0}:{1}', host, port), status: 'pass', detail: l10n.t('The port accepts connections.') });
  } catch (error) {
    const cause = networkCause(error, host, port);
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
    return { reached: false, cause: cause.text };
  }
  if (url.protocol === 'https:') add(await network.tls(host, port, input.timeoutMs, input.proxy.strictSSL, setting));
  else add({ title: `TLS ${host}`, status: 'skipped', detail: l10n.t('Plain http on this machine: no TLS.') });
  return { reached: true };
}
