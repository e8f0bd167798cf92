/**
 * Pages through the whole catalogue for the index, several pages at a time. The first page says how many there
 * are (or, without a total, pages are asked ahead of what came back); the pages after it are asked with it, at the
 * page size asked, and taken once it has answered. Up to `concurrency` pages are in flight, half
 * as many after the service says it is busy (429/503, honouring its Retry-After). Entries go into an IndexBuilder
 * as they arrive, so the index is searchable long before the last page; a cancelled or failed build keeps what it
 * has in the builder, and passing that builder again resumes it. The segments are prepared in a worker thread
 * (segmentThread.ts): this thread only asks for pages and reads them, and at the end shares what the worker has not
 * started yet. Pure: no vscode.
 */
import { isServiceError } from '../service/errors';
import type { StandardsPage } from '../service/types';
import { type CatalogueIndex, IndexBuilder, entryOf } from './catalogueIndex';
import { SegmentThread } from './segmentThread';
import { recordStatus } from './standardFacts';
import { l10n } from '../l10n';

export interface BuildProgress {
  loaded: number;
  total?: number;
  /** What has arrived so far, searchable. */
  snapshot(): CatalogueIndex;
}

export interface BuildOptions {
  /** Entries asked for per page; the offset moves by what came back, so a clamped page size is fine. */
  pageSize: number;
  /** Pages in flight at most; default 6. */
  concurrency?: number;
  signal?: AbortSignal;
  onProgress?: (progress: BuildProgress) => void;
  /** Bound, so a server that never ends cannot loop us; default 1 000 000. */
  maxEntries?: number;
  /** A builder from an earlier, unfinished build: its pages are not asked again. */
  resume?: IndexBuilder;
  /** Prepare the segments on this thread, without a worker (for comparison in the bench). */
  inThread?: boolean;
}

/** Busy answers that reached us (after the service layer's own retries) before the build gives up. */
const MAX_BUSY_WAITS = 20;

type ListPage = (page: { limit: number; offset: number }, signal?: AbortSignal) => Promise<StandardsPage>;

export async function buildCatalogueIndex(listPage: ListPage, options: BuildOptions): Promise<CatalogueIndex> {
  const builder = options.resume ?? new IndexBuilder();
  const thread = options.inThread ? undefined : SegmentThread.acquire();
  builder.prepare = thread && ((entries) => thread.prepare(entries));
  builder.takeBack = thread && (() => thread.takeBackLast());
  try {
    return await pageThrough(listPage, options, builder);
  } finally {
    builder.prepare = undefined;
    builder.takeBack = undefined;
    if (thread) SegmentThread.release(thread);
  }
}

async function pageThrough(listPage: ListPage, options: BuildOptions, builder: IndexBuilder): Promise<CatalogueIndex> {
  const maxEntries = options.maxEntries ?? 1_000_000;
  const report = (): void => options.onProgress?.({ loaded: builder.loaded, total: builder.expected, snapshot: () => builder.snapshot() });

  const accept = (offset: number, page: StandardsPage): StandardsPage => {
    builder.add(
      offset,
      page.items.map((s, i) => entryOf(offset + i, s.urn, s.reference, s.title, recordStatus(s))),
    );
    if (page.total !== undefined) builder.expected = page.total;
    report();
    return page;
  };
  const fetchPage = async (offset: number): Promise<StandardsPage> => accept(offset, await listPage({ limit: options.pageSize, offset }, options.signal));

  let limit = Math.max(1, Math.floor(options.concurrency ?? 6));
  let busyWaits = 0;
  /** Busy (429/503): fewer pages at a time, after the wait the service asked for; false when it is not that. */
  const wasBusy = async (error: unknown): Promise<boolean> => {
    if (!isServiceError(error) || !(error.kind === 'rateLimited' || error.status === 503) || options.signal?.aborted || busyWaits++ >= MAX_BUSY_WAITS)
      return false;
    limit = Math.max(1, Math.floor(limit / 2));
    await new Promise((r) => setTimeout(r, Math.min(30_000, error.details.retryAfterMs ?? 1000)));
    return true;
  };

  // The first page tells the step (what the server really serves per page) and, usually, the total.
  let asking = fetchPage(0);
  // The pages after the first are asked with it, as if the server serves the page size asked: the first answer
  // would otherwise cost a round trip of its own. Their answers are taken once the first has said how many there
  // are (a catalogue smaller than a page, or a server that serves fewer per page, costs a few requests more).
  const early = new Map<number, Promise<{ page: StandardsPage } | { error: unknown }>>();
  for (let k = 1; k < limit && k * options.pageSize < maxEntries; k++) {
    const offset = k * options.pageSize;
    if (builder.pages.has(offset)) continue;
    early.set(
      offset,
      listPage({ limit: options.pageSize, offset }, options.signal).then(
        (page) => ({ page }),
        (error: unknown) => ({ error }),
      ),
    );
  }
  /** Waits for the early pages, so that nothing is still asked once the build has ended. */
  const settleEarly = async (): Promise<void> => {
    await Promise.all(early.values());
    early.clear();
  };

  let first: StandardsPage;
  for (;;) {
    try {
      first = await asking;
      break;
    } catch (error) {
      if (!(await wasBusy(error))) {
        await settleEarly();
        throw error;
      }
      asking = fetchPage(0);
    }
  }
  const step = first.items.length;
  if (!first.hasMore || step === 0) {
    await settleEarly();
    return builder.finish();
  }

  let end = builder.expected ?? Infinity; // without a total, the first short page marks the end
  let next = step;
  const queue: number[] = []; // pages to ask again: a failed busy page, the rest of a short page
  const take = (): number | undefined => {
    const again = queue.shift();
    if (again !== undefined) return again;
    while (next < Math.min(end, maxEntries) && (builder.pages.has(next) || early.has(next))) next += step;
    if (next >= Math.min(end, maxEntries)) return undefined;
    const offset = next;
    next += step;
    return offset;
  };

  let running = 0;
  let failure: unknown;
  await new Promise<void>((resolve) => {
    const settled = (offset: number, page: Promise<StandardsPage>): void => {
      running++;
      page
        .then((page) => {
          const got = page.items.length;
          if (got < step && (page.hasMore || offset + got < end)) {
            if (got === 0 || builder.expected === undefined) end = Math.min(end, offset + got);
            else queue.push(offset + got); // served short in the middle: ask for the rest
          }
        })
        .catch(async (error: unknown) => {
          if (await wasBusy(error))
            queue.push(offset); // this page again, later
          else failure ??= error;
        })
        .finally(() => {
          running--;
          pump();
        });
    };
    const pump = (): void => {
      while (failure === undefined && running < limit) {
        const offset = take();
        if (offset === undefined) break;
        settled(offset, fetchPage(offset));
      }
      if (running === 0) resolve();
    };
    for (const [offset, answer] of early) {
      settled(
        offset,
        answer.then((got) => {
          if ('error' in got) {
            // Past the end the first page told: whatever the server said there does not matter.
            if (offset >= Math.min(end, maxEntries)) return { items: [], hasMore: false };
            throw got.error;
          }
          return offset < Math.min(end, maxEntries) ? accept(offset, got.page) : { items: [], hasMore: false };
        }),
      );
    }
    pump();
  });
  early.clear();
  if (failure !== undefined) throw failure instanceof Error ? failure : new Error(l10n.t('The catalogue index could not be built.'));
  return builder.finish();
}
