/**
 * What a page of a browser test runs (bundled for the browser by sandboxCors.test.ts): the service layer's own
 * sign-in (TokenSource) and GETs (ServiceHttp) over the fetch transport, as the web extension makes them, and the
 * Connection Doctor's checks with the browser's probes. Each function answers plain data, read out of the page.
 */
import { runChecks, type CheckResult } from '../../../src/core/doctor/checks';
import { TokenSource } from '../../../src/core/service/auth';
import { createFetchTransport } from '../../../src/core/service/fetchTransport';
import { Redactor } from '../../../src/core/service/redact';
import { ServiceHttp } from '../../../src/core/service/serviceHttp';
import type { ConnectionInfo } from '../../../src/core/service/connectionInfo';
import { platformDoctorProbes } from '../../../src/web/ports/platformProbes';

export interface ReadOutcome {
  /** The JWT came, its three parts. */
  signedIn?: boolean;
  clauseStatus?: number;
  etag?: string;
  /** The same clause asked again with its ETag: 304 when the service's ETag and If-None-Match crossed origins. */
  revalidatedStatus?: number;
  title?: string;
  error?: { kind?: string; message: string };
}

/** Signs in, lists one standard and its clauses, reads the first clause, then revalidates it with its ETag. */
export async function signInAndReadClause(connection: ConnectionInfo): Promise<ReadOutcome> {
  const transport = createFetchTransport();
  const redactor = new Redactor();
  redactor.addSecret(connection.clientSecret);
  const retry = { maxRetries: 0, baseDelayMs: 100, maxTotalWaitMs: 1000 };
  const tokens = new TokenSource(transport, {
    tokenUrl: connection.tokenUrl,
    clientId: connection.clientId,
    clientSecret: connection.clientSecret,
    scope: 'openid',
    timeoutMs: 10_000,
    redactor,
    retry,
  });
  const apiKey = connection.apiKey && connection.apiKeyHeader ? { header: connection.apiKeyHeader, value: connection.apiKey } : undefined;
  const http = new ServiceHttp(transport, tokens, { baseUrl: connection.baseUrl, timeoutMs: 10_000, apiKey, redactor, retry });
  const outcome: ReadOutcome = {};
  try {
    outcome.signedIn = (await tokens.token()).split('.').length === 3;
    const standards = await http.get(`${connection.baseUrl}/v1/standards?limit=1&offset=0`, { accept: 'application/ld+json' });
    const urn = String(((standards.json as { 'hydra:member': Array<{ '@id': string }> })['hydra:member'][0] ?? {})['@id']);
    const clauses = await http.get(`${connection.baseUrl}/v1/standards/${encodeURIComponent(urn)}/clauses`, { accept: 'application/ld+json' });
    const first = (clauses.json as { 'hydra:member': Array<{ '@id': string }> })['hydra:member'][0];
    const clause = await http.get(first['@id'], { accept: 'application/ld+json' });
    outcome.clauseStatus = clause.status;
    outcome.etag = clause.etag;
    outcome.title = String((clause.json as Record<string, unknown>)['dcterms:title'] ?? '');
    outcome.revalidatedStatus = (await http.get(first['@id'], { accept: 'application/ld+json', etag: clause.etag })).status;
  } catch (caught) {
    const error = caught as Error & { kind?: string };
    outcome.error = { kind: error.kind, message: error.message };
  }
  return outcome;
}

/** The Connection Doctor's checks as the web build runs them: its probes' port (fetch alone), its default transport. */
export function doctorInBrowser(connection: ConnectionInfo): Promise<CheckResult[]> {
  const apiKey = connection.apiKeyHeader ? { header: connection.apiKeyHeader, value: connection.apiKey } : undefined;
  return runChecks(
    {
      baseUrl: connection.baseUrl,
      tokenUrl: connection.tokenUrl,
      scope: 'openid',
      clientId: connection.clientId,
      clientSecret: connection.clientSecret,
      apiKey,
      secretStorage: { ok: true },
      proxy: { strictSSL: true },
      timeoutMs: 10_000,
    },
    platformDoctorProbes(createFetchTransport()),
  );
}
