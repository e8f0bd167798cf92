/**
 * The browser's src/core/catalogue/segmentThread.ts: no worker. A web worker extension host cannot start a worker
 * from the extension's files (they are not on its origin), so `prepare` always declines and the index builder
 * prepares each segment on the host's thread, in the time slices it uses whenever the worker cannot run.
 */
import type { IndexEntry } from '../../core/catalogue/indexSegment';
import type { SegmentArrays } from '../../core/catalogue/segmentArrays';

const NO_WORKER = 'No index worker in the browser.';

export class SegmentThread {
  static acquire(): SegmentThread {
    return new SegmentThread();
  }

  static release(_thread: SegmentThread): void {}

  prepare(_entries: readonly IndexEntry[]): Promise<SegmentArrays> {
    return Promise.reject(new Error(NO_WORKER));
  }

  takeBack(): void {}

  takeBackLast(): boolean {
    return false;
  }

  dispose(): void {}
}
