/**
 * What the rest of the extension holds of a service (`createStandardsService`): the spec's three calls and what
 * the extension adds around them — stored copies while offline, pinned standards, the Accounts menu's token.
 */
import type { PinOptions, PinOutcome } from './pinSync';
import type { AccessTokenGrant, Clause, Copy, StandardsService } from './types';

/** What handOver gives another process (never the client secret). */
export interface HandOver {
  accessToken: AccessTokenGrant;
  apiKey?: { header: string; value: string };
}

export interface ManagedStandardsService extends StandardsService {
  /**
   * A valid bearer token from the token source (the one the calls use: cached, renewed before expiry). For the
   * Accounts menu's session: other extensions get this short-lived token, never the client secret.
   */
  accessToken(signal?: AbortSignal): Promise<string>;
  /**
   * What another process needs to call the service as this one does, without the client secret: a valid access token
   * with its expiry, and the API key when the connection sends one (the MCP server the extension starts).
   */
  handOver(signal?: AbortSignal): Promise<HandOver>;
  /** The clause list, saying when it is a stored copy served because the service cannot be reached. */
  listClausesCopy(urn: string, signal?: AbortSignal): Promise<Copy<Clause[]>>;
  /** The clause body, saying when it is a stored copy served because the service cannot be reached. */
  getClauseCopy(urn: string, clauseId: string, signal?: AbortSignal): Promise<Copy<unknown>>;
  /**
   * Downloads (or, with `revalidate`, checks with ETags) a pinned standard's clause list and every clause body into
   * its offline copy, a few requests at a time; stops at the pinned-copies bound and says so.
   */
  syncPinned(urn: string, options?: PinOptions): Promise<PinOutcome>;
  /** Removes a standard's offline copy (Unpin). */
  removePinned(urn: string): Promise<void>;
  /** Bytes the offline copies of pinned standards take on disk. */
  pinnedBytes(): Promise<number>;
  /** Keeps a clause's text as it was reviewed (its fingerprint in standards.lock), unless already kept. */
  keepReviewedCopy(urn: string, clauseId: string, fingerprint: string, body: unknown): Promise<void>;
  /** The clause's text kept with that fingerprint, if this machine still has it. */
  reviewedCopy(urn: string, clauseId: string, fingerprint: string): Promise<unknown>;
  /** Empties the memory and disk caches, offline copies of pinned standards included. */
  clearCache(): Promise<void>;
  /** Removes the reviewed texts kept (Compare with the Reviewed Version then says it has none). */
  clearReviewedCopies(): Promise<void>;
  /** Forgets the access token and cached bodies held in memory. */
  dispose(): void;
}

/** Extra knobs beyond the ServiceOptions. */
export interface ServiceTuning {
  /** How long a cached body is served without asking the server again (ms); default 60 000. */
  cacheFreshMs?: number;
}
