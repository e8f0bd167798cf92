/**
 * Downloading a pinned standard for offline reading, or checking its copy with ETags: the clause list, then every
 * clause body, a few requests at a time and fewer when the service says it is busy (429/503, after the wait it
 * asks for), each body kept in the standard's offline copy until the bound of all copies is reached.
 */
import type { DiskCache } from './cache';
import type { CachedResult } from './cachedFetch';
import { isServiceError, type ServiceError } from './errors';
import type { PinnedCopies } from './pinnedCopies';
import type { Clause, Copy } from './types';

export interface PinOptions {
  signal?: AbortSignal;
  /** Ask the service about every stored body (If-None-Match) instead of trusting fresh memory. */
  revalidate?: boolean;
  /** Requests in flight at most (default 3); halved while the service says it is busy. */
  concurrency?: number;
  onProgress?(progress: PinProgress): void;
}

export interface PinProgress {
  /** Clause bodies handled so far, of `total`. */
  done: number;
  total: number;
}

export interface PinOutcome {
  clauses: number;
  /** Bodies in the offline copy after the run. */
  stored: number;
  /** Bytes of this standard's offline copy. */
  bytes: number;
  /** Bodies (and list pages) the service answered with a different version than the stored one. */
  changed: number;
  /** Bodies the service refused (e.g. 404): the copy lacks them. */
  failed: number;
  /** The bound of all offline copies stopped the download. */
  limitReached: boolean;
  limitBytes: number;
  /** The service could not be reached: stored copies answered, nothing was checked. */
  offline: boolean;
}

export interface PinSyncDeps {
  pins: PinnedCopies;
  store: DiskCache;
  /** The clause list, each page handed to `keep` as it arrives. */
  listClauses(keep: (url: string, got: CachedResult) => Promise<void>, signal?: AbortSignal): Promise<Copy<Clause[]> & { changed: boolean }>;
  clauseUrl(clauseId: string): string;
  fetch(url: string, signal?: AbortSignal): Promise<CachedResult>;
}

const MAX_BUSY_WAITS = 20;

export async function syncPinned(deps: PinSyncDeps, options: PinOptions): Promise<PinOutcome> {
  const { pins, store } = deps;
  const signal = options.signal;
  let limitReached = false;
  let offline = false;
  let changed = 0;
  let failed = 0;
  let stored = 0;
  const keep = async (url: string, got: CachedResult): Promise<void> => {
    if (got.fetched === 'offline') offline = true;
    if (limitReached) return;
    const present = (await store.sizeOf(url)) !== undefined;
    if (present && got.fetched !== 'full') return;
    if (await pins.write(store, url, got.etag, got.text)) return;
    limitReached = true;
  };
  const list = await deps.listClauses(keep, signal);
  if (list.changed) changed++;
  const urls = [...new Set(list.value.map((c) => deps.clauseUrl(c.clauseId)))];
  const outcome = async (): Promise<PinOutcome> => ({
    clauses: urls.length,
    stored,
    bytes: await store.bytes(),
    changed,
    failed,
    limitReached,
    limitBytes: pins.maxBytes,
    offline,
  });
  if (limitReached || offline) return outcome();

  let limit = Math.max(1, Math.min(4, Math.floor(options.concurrency ?? 3)));
  let busyWaits = 0;
  let next = 0;
  let done = 0;
  let stop: ServiceError | undefined;
  const queue: string[] = [];
  const take = (): string | undefined => (stop || limitReached || offline ? undefined : (queue.shift() ?? urls[next++]));
  const busy = async (error: unknown): Promise<boolean> => {
    if (!isServiceError(error) || !(error.kind === 'rateLimited' || error.status === 503) || signal?.aborted || busyWaits++ >= MAX_BUSY_WAITS) return false;
    limit = Math.max(1, Math.floor(limit / 2));
    await new Promise((r) => setTimeout(r, Math.min(30_000, error.details.retryAfterMs ?? 1000)));
    return true;
  };
  const worker = async (): Promise<void> => {
    for (let url = take(); url !== undefined; url = take()) {
      try {
        const got = await deps.fetch(url, signal);
        if (got.changed) changed++;
        await keep(url, got);
        if (!limitReached) stored++;
        done++;
      } catch (error) {
        if (await busy(error)) {
          queue.push(url);
          continue;
        }
        if (!isServiceError(error) || ['network', 'timeout', 'cancelled', 'auth', 'forbidden'].includes(error.kind)) {
          stop ??= error as ServiceError;
          continue;
        }
        failed++; // this clause only (e.g. 404): the rest is still worth keeping
        done++;
      }
      options.onProgress?.({ done, total: urls.length });
      // Fewer workers after a busy answer: the ones over the limit finish their request and stop.
      if (running > limit) break;
    }
  };
  let running = 0;
  const workers: Promise<void>[] = [];
  const spawn = (): void => {
    while (running < limit && workers.length < urls.length && !stop) {
      running++;
      workers.push(worker().finally(() => running--));
    }
  };
  spawn();
  // Bounded: each round waits for the current workers; new ones start only while bodies remain.
  for (let round = 0; round <= urls.length && workers.length > 0; round++) {
    const current = workers.splice(0);
    await Promise.all(current);
    if (stop || limitReached || offline || (next >= urls.length && queue.length === 0)) break;
    spawn();
  }
  if (stop) throw stop;
  return outcome();
}
