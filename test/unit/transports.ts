/**
 * The service layer's HTTP test matrix against both transports (issue 56): each suite runs once with axios (what the
 * extension and the command line use) and once with fetch (what the browser will use), with the same cases and
 * assertions. A suite takes `createStandardsService` (and, for a TokenSource of its own, `make`) from its transport.
 */
import type { Suite } from 'mocha';
import type { Transport } from '../../src/core/service/httpExchange';
import { createFetchTransport } from '../../src/core/service/fetchTransport';
import { createStandardsService } from '../../src/core/service/standardsService';
import { createAxiosTransport } from '../../src/core/service/transport';

export interface TransportUnderTest {
  name: 'axios' | 'fetch';
  /** A new transport, as the service makes one. */
  make(userAgent?: string): Transport;
  /** The service over this transport. */
  createStandardsService: typeof createStandardsService;
}

const transport = (name: TransportUnderTest['name'], make: (userAgent: string) => Transport): TransportUnderTest => ({
  name,
  make: (userAgent = 'standards-explorer') => make(userAgent),
  createStandardsService: (options) => createStandardsService({ ...options, transport: make(options.userAgent ?? 'standards-explorer') }),
});

export const TRANSPORTS: readonly TransportUnderTest[] = [
  transport('axios', createAxiosTransport),
  // The User-Agent as axios sends it: Node's fetch lets it be set (a browser would send its own).
  transport('fetch', (userAgent) => createFetchTransport({ userAgent })),
];

/** `describe(title, body)` once per transport, the title ending in the transport's name ("… [fetch]"). */
export function describeEachTransport(title: string, body: (this: Suite, transport: TransportUnderTest) => void): void {
  for (const each of TRANSPORTS)
    describe(`${title} [${each.name}]`, function () {
      body.call(this, each);
    });
}
