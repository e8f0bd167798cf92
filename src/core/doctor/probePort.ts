/**
 * What the Connection Doctor can look at depends on where it runs. HTTP is everywhere (discovery, the token request,
 * a service call): the platform's transport carries it. Below HTTP — a name's addresses, a TCP connection, a TLS
 * handshake — only where there are sockets: Node (nodeProbes.ts). In a browser fetch is all there is
 * (fetchProbes.ts), and the report lists those checks as not available there. Platform-neutral: no Node built-ins.
 */
import type { Transport } from '../service/httpExchange';
import type { RemedySetting } from './actions';
import type { CheckResult } from './checks';

/** Probes below HTTP. Each rejects with the system's error (its `code`: ENOTFOUND, ECONNREFUSED…) when it fails. */
export interface NetworkProbes {
  /** The addresses `host` resolves to. */
  resolve(host: string): Promise<string[]>;
  /** Opens a TCP connection to `host`:`port` and closes it again. */
  connect(host: string, port: number): Promise<void>;
  /** The TLS handshake with `host`:`port`, as a check (its URL is in `setting`, a remedy when none happens). */
  tls(host: string, port: number, timeoutMs: number, strictSSL: boolean, setting: RemedySetting): Promise<CheckResult>;
}

export interface DoctorProbes {
  /** Carries discovery, the token request and the service call: the same transport as the extension's requests. */
  http: Transport;
  /** Absent in a browser, where a page cannot resolve names, open connections or see certificates. */
  network?: NetworkProbes;
  /** In a browser: the page's origin, which a service's CORS answer must allow (named when it cannot be reached). */
  origin?: string;
}
