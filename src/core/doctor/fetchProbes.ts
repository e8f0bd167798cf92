/**
 * The Connection Doctor where fetch is all there is (vscode.dev, github.dev: a web worker extension host): HTTP over
 * the fetch transport, no DNS, TCP or TLS probes. Web APIs only.
 */
import { createFetchTransport } from '../service/fetchTransport';
import type { DoctorProbes } from './probePort';

/** The browser's probes; `fetch` for tests (default the platform's), `origin` default the page's own. */
export function fetchDoctorProbes(options: { fetch?: typeof globalThis.fetch; origin?: string } = {}): DoctorProbes {
  const location = (globalThis as { location?: { origin?: string } }).location;
  return { http: createFetchTransport({ fetch: options.fetch }), origin: options.origin ?? location?.origin };
}
