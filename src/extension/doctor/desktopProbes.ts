/**
 * The Connection Doctor's probes in the desktop (Node) extension host: the extension's own HTTP client (axios, so VS
 * Code's proxy support applies as to every request) and Node's DNS, TCP and TLS. The web entry passes
 * fetchDoctorProbes (core/doctor/fetchProbes.ts) to registerConnectionDoctor instead: this file is not for it.
 */
import { nodeNetworkProbes } from '../../core/doctor/nodeProbes';
import type { DoctorProbes } from '../../core/doctor/probePort';
import { httpClient } from '../connection/httpClient';

export function desktopDoctorProbes(): DoctorProbes {
  return { http: httpClient().transport.createAxiosTransport('standards-explorer connection-doctor'), network: nodeNetworkProbes };
}
