/**
 * The Connection Doctor's probes below HTTP, with Node's sockets: a name's addresses, a TCP connection, the TLS
 * handshake and its certificate. Desktop and command line only: a browser has none of these (fetchProbes.ts).
 */
import { promises as dns } from 'node:dns';
import * as net from 'node:net';
import * as tls from 'node:tls';
import { l10n } from '../l10n';
import type { RemedySetting } from './actions';
import type { CheckResult } from './checks';
import { networkCause, type NetworkCause } from './networkCause';
import type { NetworkProbes } from './probePort';
import { withTimeout } from './timeLimit';

export const nodeNetworkProbes: NetworkProbes = {
  resolve: async (host) => (await dns.lookup(host, { all: true })).map((a) => a.address),
  connect: connectTcp,
  tls: tlsCheck,
};

function connectTcp(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port }, () => {
      socket.end();
      resolve();
    });
    socket.on('error', reject);
  });
}

/** The TLS handshake with `host`, whose URL is in `setting` (a remedy when no handshake happens at all). */
async function tlsCheck(host: string, port: number, timeoutMs: number, strictSSL: boolean, setting: RemedySetting): Promise<CheckResult> {
  const title = `TLS ${host}:${port}`;
  try {
    const { authorized, error, subject, validTo } = await withTimeout(
      new Promise<{ authorized: boolean; error?: string; subject?: string; validTo?: string }>((resolve, reject) => {
        const socket = tls.connect({ host, port, servername: net.isIP(host) ? undefined : host, rejectUnauthorized: false }, () => {
          const certificate = socket.getPeerCertificate();
          const cn = certificate?.subject?.CN;
          resolve({
            authorized: socket.authorized,
            error: socket.authorizationError ? String(socket.authorizationError) : undefined,
            subject: Array.isArray(cn) ? cn.join(', ') : cn,
            validTo: certificate?.valid_to,
          });
          socket.end();
        });
        socket.on('error', reject);
      }),
      timeoutMs,
    );
    if (authorized) return { title, status: 'pass', detail: l10n.t('Certificate for {0}, valid until {1}, trusted.', subject ?? host, validTo ?? '?') };
    const chain = /SELF_SIGNED|UNABLE_TO_GET_ISSUER|UNABLE_TO_VERIFY_LEAF|CERT_UNTRUSTED/.test(error ?? '');
    return {
      title,
      status: strictSSL ? 'fail' : 'warn',
      detail: l10n.t(
        'The certificate is not trusted: {0}{1}.',
        error ?? l10n.t('unknown reason'),
        chain ? l10n.t(' (a certificate chain error: often a corporate proxy or a private CA)') : '',
      ),
      fix: chain
        ? l10n.t(
            'Install your organisation\'s CA certificate in the system store and keep "http.systemCertificates" on; only as a last resort turn "http.proxyStrictSSL" off.',
          )
        : l10n.t('Check the date of this machine and the certificate of the server.'),
      actions: chain ? [{ kind: 'openSetting', setting: 'http.systemCertificates' }] : undefined,
    };
  } catch (error) {
    return {
      title,
      status: 'fail',
      detail: l10n.t('No TLS handshake: {0}.', networkCause(error, host, port).text),
      fix: l10n.t('Check that the URL is https on the right port, and your proxy.'),
      actions: [
        { kind: 'openSetting', setting },
        { kind: 'openSetting', setting: 'http.proxy' },
      ],
    };
  }
}

/** Opens a TCP connection to `host`:`port` within `timeoutMs`: undefined when it opened, else why not. */
export function probeTcp(host: string, port: number, timeoutMs: number): Promise<NetworkCause | undefined> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(networkCause(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' }), host, port));
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.end();
      resolve(undefined);
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      resolve(networkCause(error, host, port));
    });
  });
}
