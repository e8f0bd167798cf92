/**
 * Why a host could not be reached, in words a user acts on: a refused connection (nothing listens), a name that does
 * not resolve, no answer in time, a TLS failure, a reset. Read from Node's error codes, which the socket, DNS and
 * axios errors all carry; in a browser, where fetch gives no code, the two things it may be. Platform-neutral: no vscode,
 * no Node built-ins. Used by the Connection Doctor and by "Connect to Local Sandbox".
 */
import { l10n } from '../l10n';
import type { DoctorProbes } from './probePort';

/** `browser`: fetch in a browser failed without saying why — the host is down, or does not allow the page's origin. */
export type NetworkCauseKind = 'refused' | 'dns' | 'timeout' | 'tls' | 'reset' | 'browser' | 'other';

export interface NetworkCause {
  kind: NetworkCauseKind;
  /** Node's error code when there is one (ECONNREFUSED, ENOTFOUND…). */
  code?: string;
  /** One sentence naming the cause and what to check, e.g. "connection refused at 127.0.0.1:8080 — is the service running?". */
  text: string;
}

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA']);
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ESOCKETTIMEDOUT', 'ECONNABORTED', 'UND_ERR_CONNECT_TIMEOUT']);
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE']);
const TLS_CODE = /^(?:ERR_TLS_|ERR_SSL_|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_|EPROTO$)/;

/**
 * Node's error code of `error`, or of the error it wraps (axios keeps it in `code` and `cause`); for the service's
 * own errors (transport.ts), which carry no code, the kind `timeout` or the code their message names in brackets.
 */
export function errorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[A-Z_0-9]{2,40}$/.test(code)) return code;
  }
  if ((error as { kind?: unknown } | undefined)?.kind === 'timeout') return 'ETIMEDOUT';
  const named = error instanceof Error ? /\(((?:E|ERR_|CERT_|UNABLE_TO_)[A-Z_0-9]{2,40})\)/.exec(error.message) : null;
  return named?.[1];
}

/** The cause of a failed connection to `host`:`port`. */
export function networkCause(error: unknown, host: string, port: number): NetworkCause {
  const code = errorCode(error);
  const where = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  if (code === 'ECONNREFUSED') return { kind: 'refused', code, text: l10n.t('connection refused at {0} — is the service running?', where) };
  if (code && DNS_CODES.has(code))
    return { kind: 'dns', code, text: l10n.t('the name {0} does not resolve ({1}) — check the host name, your VPN and your DNS', host, code) };
  if (code && TIMEOUT_CODES.has(code))
    return { kind: 'timeout', code, text: l10n.t('no answer from {0} in time ({1}) — a firewall, VPN or proxy may be in the way', where, code) };
  if (code && TLS_CODE.test(code))
    return {
      kind: 'tls',
      code,
      text: l10n.t('the TLS handshake with {0} failed ({1}) — check that the URL is https on the right port, and the certificate', where, code),
    };
  if (code && RESET_CODES.has(code))
    return { kind: 'reset', code, text: l10n.t('{0} closed the connection without answering ({1}) — a proxy or firewall may be cutting it', where, code) };
  const message = error instanceof Error ? error.message.slice(0, 120) : String(error).slice(0, 120);
  return { kind: 'other', code, text: l10n.t('cannot connect to {0} ({1})', where, code ?? message) };
}

/** The cause as a sentence of its own: "Connection refused at … running?" with a capital and a full stop. */
export function causeSentence(cause: NetworkCause, withCode = false): string {
  const text = withCode && cause.code && !cause.text.includes(cause.code) ? `${cause.text} (${cause.code})` : cause.text;
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.?!]$/.test(text) ? '' : '.'}`;
}

/** The host and port of an http(s) URL, as probeTcp (nodeProbes.ts) wants them. */
export function hostAndPort(url: URL): { host: string; port: number } {
  return { host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port) || (url.protocol === 'https:' ? 443 : 80) };
}

/** Whether `host` is an IPv4 or IPv6 address rather than a name (nothing to resolve). */
export function isIpAddress(host: string): boolean {
  return /^\d{1,3}(?:\.\d{1,3}){3}$/.test(host) || (host.includes(':') && /^[\da-f:.]+$/i.test(host));
}

/**
 * Why an HTTP exchange with `url` failed. Where there are sockets, the system's cause; in a browser fetch says
 * nothing (no code, on purpose), and the same failure is a service that is down or one whose CORS answer does not
 * allow the page's origin: both are said, with the origin to allow.
 */
export function exchangeCause(error: unknown, url: URL, probes: Pick<DoctorProbes, 'network' | 'origin'>): NetworkCause {
  const { host, port } = hostAndPort(url);
  const cause = networkCause(error, host, port);
  if (probes.network || cause.kind !== 'other') return cause;
  const where = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    kind: 'browser',
    text: probes.origin
      ? l10n.t('the browser could not reach {0}: the service may not allow this origin, {1} (CORS), or be down', where, probes.origin)
      : l10n.t('the browser could not reach {0}: the service may not allow this origin (CORS), or be down', where),
  };
}

/** A browser's fetch could not reach `url`: what the operator must allow if the service is up (docs/web.md). */
export function corsFix(url: URL, origin: string | undefined): string {
  return origin
    ? l10n.t(
        'If {0} is up, its operator must allow this origin, {1}, in its CORS answer (the extension’s docs/web.md lists the methods and headers); otherwise start it, or check the URL.',
        url.host,
        origin,
      )
    : l10n.t(
        'If {0} is up, its operator must allow this origin in its CORS answer (the extension’s docs/web.md lists the methods and headers); otherwise start it, or check the URL.',
        url.host,
      );
}
