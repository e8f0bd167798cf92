import type { ConnectionInfo } from '../src/core/service/connectionInfo';
import type { CatalogueRecord } from '../src/core/catalogue/catalogueFile';

/** Options of the local sandbox, shared by the CLI (`npm run sandbox -- …`) and `startSandbox()`. */
export interface SandboxOptions {
  /** 0 (default) picks a free port. Always bound on 127.0.0.1. */
  port?: number;
  /** Catalogue seed; same seed, same catalogue. Default 1. */
  seed?: number;
  /** Number of standards; default 30 000. Ignored when a catalogue is given. */
  standards?: number;
  /**
   * A real catalogue to serve instead of the generated one: a JSON Lines file (plain or gzipped) of
   * `{"urn", "reference", "title", "status"}`, or such records in-process. Clauses are generated per standard.
   */
  catalogue?: string | readonly CatalogueRecord[];
  /** Added to every service response, in ms. */
  latencyMs?: number;
  /** Envelope of the list responses; default 'hydra'. */
  envelope?: 'array' | 'graph' | 'hydra';
  /**
   * Seconds added to the `iat` and `exp` of every access token (a provider whose clock is off: positive is ahead);
   * default 0. Also `POST /__sandbox/config {"tokenClockSkewSeconds": N}`.
   */
  tokenClockSkewSeconds?: number;
  /** Access-token lifetime in seconds; default 3600. */
  tokenTtlSeconds?: number;
  /** Largest `limit` served (larger ones are clamped); default 1000. */
  maxLimit?: number;
  /** When set, every service call must carry this value in the API-key header. */
  apiKey?: string;
  /** Name of the API-key header; default 'X-Api-Key'. */
  apiKeyHeader?: string;
  /** Fault spec such as `429:0.1,503:0.05,drop:0.02,malformed:0.01,slow:0.05`. */
  faults?: string;
  /** Environment prefix path of the service; default '/preprod'. */
  prefix?: string;
  /** Clause-list page size; lists longer than this are paged with a next link (hydra envelope only). */
  clausePageSize?: number;
  /** Seconds sent in Retry-After with injected 429 and 503; default 1. */
  retryAfterSeconds?: number;
  /** Fixed client secret; random per start when absent. */
  clientSecret?: string;
  /** Clause lists of a chosen length, by URN (a bench's standard of 300 clauses); others have 8–60. */
  clauseCounts?: Readonly<Record<string, number>>;
  /**
   * Clause body vocabulary: 'corext', 'metanorma', 'sts' (NISO STS full texts, clause list titles carrying their
   * numbers), or 'mixed' (default: one standard in three Metanorma).
   */
  vocabulary?: 'corext' | 'metanorma' | 'sts' | 'mixed';
  /**
   * Origins whose pages may call the sandbox (CORS) besides those always allowed: this machine's (http://127.0.0.1,
   * http://localhost, http://*.localhost, any port), https://vscode.dev, https://github.dev and https://*.vscode-cdn.net
   * (cors.ts).
   */
  allowOrigins?: readonly string[];
}

/** What a running sandbox tells its client: the JSON line printed by the CLI, plus `close()` in-process. */
export type SandboxInfo = ConnectionInfo;

export interface RunningSandbox extends SandboxInfo {
  /** Origin of the sandbox, e.g. http://127.0.0.1:40123, for /__sandbox/* test routes. */
  origin: string;
  /** Per-run secret for the /__sandbox/* test routes, sent in the X-Sandbox-Control header. */
  controlToken: string;
  close(): Promise<void>;
}
