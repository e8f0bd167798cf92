/**
 * The Connection Doctor's probes on this platform, Node: HTTP over the transport given (the extension's default:
 * axios, so VS Code's proxy support applies as to every request), and Node's DNS, TCP and TLS (nodeProbes.ts). The
 * browser build puts src/web/ports/platformProbes.ts in its place (esbuild.js WEB_PORTS): fetch alone, the page's
 * origin named when a service cannot be reached.
 */
import type { Transport } from '../service/httpExchange';
import { nodeNetworkProbes } from './nodeProbes';
import type { DoctorProbes } from './probePort';

export { probeTcp } from './nodeProbes';

export function platformDoctorProbes(http: Transport): DoctorProbes {
  return { http, network: nodeNetworkProbes };
}
