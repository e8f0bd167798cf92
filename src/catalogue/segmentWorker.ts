/**
 * The worker thread that prepares index segments during a build (segmentThread.ts starts it): entries in, typed
 * arrays out, moved back without copying. Its own entry point in the bundle (esbuild.js).
 */
import { parentPort } from 'node:worker_threads';
import type { IndexEntry } from './indexSegment';
import { prepareSegment, transferList } from './segmentArrays';

export interface SegmentJob {
  id: number;
  entries: readonly IndexEntry[];
}

parentPort?.on('message', ({ id, entries }: SegmentJob) => {
  try {
    const arrays = prepareSegment(entries);
    parentPort?.postMessage({ id, arrays }, transferList(arrays));
  } catch (error) {
    parentPort?.postMessage({ id, error: String(error) });
  }
});
