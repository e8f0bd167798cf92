/**
 * Pages through the whole catalogue for the index, several pages at a time. The first page says how many there
 * are (or, without a total, pages are asked ahead of what came back); the pages after it are asked with it, at the
 * page size asked, and taken once it has answered. Up to `concurrency` pages are in flight, half as many after the
 * service says it is busy (429/503, honouring its Retry-After: within the run's time limit when there is one, each
 * wait told through `onWait`); a page still answered 500, 502 or 504 after the service layer's retries is asked again
 * once. Entries go into an IndexBuilder as they arrive, so the index is searchable long before the last page; a
 * cancelled or failed build keeps what it has in the builder, and passing that builder again resumes it. The segments
 * are prepared in a worker thread (segmentThread.ts): this thread only asks for pages and reads them, and at the end
 * shares what the worker has not started yet. Pure: no vscode.
 */
import { isServiceError, type ServiceError } from '../service/errors';
import { sleep } from '../service/backoff';
import { isOutOfTime, type Deadline } from '../service/deadline';
import type { StandardsPage, WaitNotice } from '../service/types';
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
  /**
   * The run's time limit: the service's wait is honoured whole when it fits in what is left (else the build stops
   * at once with the service's answer); without one, a wait is at most 30 s.
   */
  deadline?: Deadline;
  /** Told each wait before pages are asked again. */
  onWait?: (notice: WaitNotice) => void;
}

/** Busy or failing answers that reached us (after the service layer's own retries) before the build gives up. */
const MAX_BUSY_WAITS = 20;
/** The longest wait for a busy service without a time limit. */
const MAX_BUSY_WAIT_MS = 30_000;

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
  const { deadline } = options;
  const stopSignal = deadline ? deadline.bound(options.signal) : options.signal;
  /** Pages asked again after a server error: each once. */
  const askedAgain = new Set<number>();
  /**
   * Busy (429/503): fewer pages at a time, after the wait the service asked for. A page still answered 500, 502 or
   * 504 after the service layer's retries is asked again once, a second later: among 200 pages, one may well be
   * unlucky four times in a row. `again` false when it is neither, with the error to end the build with (the
   * service's answer, or that the run's time is up).
   */
  const wasBusy = async (error: unknown, offset: number): Promise<{ again: true } | { again: false; error: unknown }> => {
    const busy = isServiceError(error) && (error.kind === 'rateLimited' || error.status === 503);
    const failing = isServiceError(error) && (error.status === 500 || error.status === 502 || error.status === 504) && !askedAgain.has(offset);
    if (!isServiceError(error) || !(busy || failing) || isOutOfTime(error) || options.signal?.aborted || busyWaits++ >= MAX_BUSY_WAITS)
      return { again: false, error };
    if (failing) askedAgain.add(offset);
    const asked = error.details.retryAfterMs;
    const wait = deadline ? (asked ?? 1000) : Math.min(MAX_BUSY_WAIT_MS, asked ?? 1000);
    if (deadline && wait >= deadline.leftMs()) return { again: false, error: asked !== undefined ? deadline.waitTooLong(error, wait) : error };
    if (busy) limit = Math.max(1, Math.floor(limit / 2));
    options.onWait?.(busyNotice(error, wait, deadline, busy));
    try {
      await sleep(wait, stopSignal, () => error);
    } catch {
      return { again: false, error: deadline?.passed ? deadline.ranOut(error.details.method ?? 'GET', error.details.path ?? '') : error };
    }
    return { again: true };
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
      const busy = await wasBusy(error, 0);
      if (!busy.again) {
        await settleEarly();
        throw busy.error;
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
          const busy = await wasBusy(error, offset);
          if (busy.again)
            queue.push(offset); // this page again, later
          else failure ??= busy.error;
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

/** The notice of a wait before a page is asked again: for a busy service, fewer pages are asked at a time. */
function busyNotice(error: ServiceError, ms: number, deadline: Deadline | undefined, busy: boolean): WaitNotice {
  const answered = `the service answered ${error.status ?? error.kind}`;
  return {
    request: `${error.details.method ?? 'GET'} ${error.details.path ?? ''}`.trim(),
    ms,
    after: busy ? `${answered}; fewer pages are asked at a time` : `${answered} after every retry; the page is asked again`,
    asked: error.details.retryAfterMs !== undefined,
    ...(deadline ? { leftMs: deadline.leftMs() - ms } : {}),
  };
}
