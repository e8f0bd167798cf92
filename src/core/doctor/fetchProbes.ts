/**
 * The Connection Doctor where fetch is all there is (vscode.dev, github.dev: a web worker extension host): HTTP over
 * fetch, no DNS, TCP or TLS probes, and the page's origin, which a service's CORS answer must allow. Web APIs only.
 */
import { createFetchTransport } from '../service/fetchTransport';
import type { Transport } from '../service/httpExchange';
import type { DoctorProbes } from './probePort';

/**
 * The browser's probes: `http` default the fetch transport (over `fetch`, default the platform's), `origin` default
 * the page's own (a web worker's location).
 */
export function fetchDoctorProbes(options: { http?: Transport; fetch?: typeof globalThis.fetch; origin?: string } = {}): DoctorProbes {
  const location = (globalThis as { location?: { origin?: string } }).location;
  return { http: options.http ?? createFetchTransport({ fetch: options.fetch }), origin: options.origin ?? location?.origin };
}
