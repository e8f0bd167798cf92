/**
 * The transport a service uses when none is given: axios on Node (transport.ts). The browser build puts
 * src/web/ports/defaultTransport.ts in its place: fetch (fetchTransport.ts), which a web worker has.
 */
import type { Transport } from './httpExchange';
import { createAxiosTransport } from './transport';

export function createDefaultTransport(userAgent: string): Transport {
  return createAxiosTransport(userAgent);
}
