/**
 * The browser's src/core/doctor/platformProbes.ts: the Connection Doctor over fetch alone (fetchProbes.ts), which lists
 * DNS, TCP and TLS as not available and names the page's origin when a service cannot be reached (CORS or down).
 */
import { fetchDoctorProbes } from '../../core/doctor/fetchProbes';
import type * as NodeProbes from '../../core/doctor/platformProbes';

export const platformDoctorProbes: typeof NodeProbes.platformDoctorProbes = (http) => fetchDoctorProbes({ http });

/**
 * A browser cannot open a TCP connection: nothing is probed, and the request that follows says whether the service
 * answers. (Only a sandbox named in the environment is probed, and a browser has no environment.)
 */
export const probeTcp: typeof NodeProbes.probeTcp = () => Promise.resolve(undefined);
