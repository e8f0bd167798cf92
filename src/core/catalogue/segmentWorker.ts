/**
 * The worker thread that prepares index segments during a build (segmentThread.ts starts it): entries in, typed
 * arrays out, moved back without copying. Its own entry point in the bundle (esbuild.js).
 */
import { parentPort } from 'node:worker_threads';
import { prepareSegment, transferList } from './segmentArrays';
import { unpackEntries, type SegmentJob } from './segmentJob';

parentPort?.on('message', (job: SegmentJob) => {
  try {
    const arrays = prepareSegment(unpackEntries(job));
    parentPort?.postMessage({ arrays }, transferList(arrays));
  } catch (error) {
    parentPort?.postMessage({ error: String(error) });
  }
});
