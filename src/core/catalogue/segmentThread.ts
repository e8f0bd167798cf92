/**
 * A worker thread for a build's CPU work: tokenising, ranking and the postings of each segment (segmentWorker.ts),
 * so the extension host's main thread only handles the pages as they arrive. One worker serves every build and
 * stops after a while without one (`acquire` / `release`), so a rebuild finds its code compiled already. When no
 * worker can run (its file is missing, the runtime refuses), or after it stopped, `prepare` rejects and the builder
 * prepares the segment on its own thread instead. Pure: no vscode.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { IndexEntry } from './indexSegment';
import type { SegmentArrays } from './segmentArrays';
import { packEntries, type SegmentJob } from './segmentJob';

/** Beside the code that starts it: out/src/core/catalogue/ when compiled, dist/ in the bundle (esbuild.js). */
const WORKER_FILE = path.join(__dirname, 'segmentWorker.js');

type Reply = { arrays: SegmentArrays } | { error: string };

interface Job {
  entries: readonly IndexEntry[];
  resolve: (arrays: SegmentArrays) => void;
  reject: (error: Error) => void;
}

/** How long the worker stays after the last build that used it. */
const IDLE_MS = 30_000;

let shared: { thread: SegmentThread; users: number; idle?: NodeJS.Timeout } | undefined;

export class SegmentThread {
  /** The shared worker, started when there is none; `release` it when the build ends. */
  static acquire(): SegmentThread {
    if (!shared || shared.thread.stopped) shared = { thread: new SegmentThread(), users: 0 };
    clearTimeout(shared.idle);
    shared.users++;
    return shared.thread;
  }

  static release(thread: SegmentThread): void {
    if (shared?.thread !== thread || --shared.users > 0) return;
    const idle = shared;
    idle.idle = setTimeout(() => {
      if (shared === idle && idle.users === 0) {
        shared = undefined;
        thread.dispose();
      }
    }, IDLE_MS);
    idle.idle.unref();
  }

  private readonly worker: Worker | undefined;
  /** Jobs not sent yet: the worker gets one at a time, so those still here can be taken back (`takeBack`). */
  private readonly queue: Job[] = [];
  /** The job the worker is on. */
  private current: Job | undefined;
  private stopped = false;

  constructor(file = WORKER_FILE) {
    try {
      if (!fs.existsSync(file)) return;
      this.worker = new Worker(file);
      // Never what keeps a process alive: a build that is not awaited must not hold up a test run or an exit.
      this.worker.unref();
      this.worker.on('message', (reply: Reply) => {
        const job = this.current;
        this.current = undefined;
        if ('arrays' in reply) job?.resolve(reply.arrays);
        else job?.reject(new Error(reply.error));
        this.next();
      });
      this.worker.on('error', (error) => this.stop(error));
      this.worker.on('exit', () => this.stop(new Error('The index worker exited.')));
    } catch {
      this.worker = undefined;
    }
  }

  /** The arrays of a segment of `entries`, prepared by the worker. */
  prepare(entries: readonly IndexEntry[]): Promise<SegmentArrays> {
    if (!this.worker || this.stopped) return Promise.reject(new Error('No index worker.'));
    return new Promise((resolve, reject) => {
      this.queue.push({ entries, resolve, reject });
      this.next();
    });
  }

  /** Rejects the jobs the worker has not started, for the caller to prepare itself. */
  takeBack(): void {
    for (const job of this.queue.splice(0)) job.reject(new Error('Taken back.'));
  }

  /**
   * Rejects the last job the worker has not started, for the caller to prepare itself; false when there is none.
   * Once the last page is in, the main thread is free: it works from the back of the queue while the worker goes on
   * from the front, instead of waiting for a worker that is behind (a busy machine).
   */
  takeBackLast(): boolean {
    const job = this.queue.pop();
    job?.reject(new Error('Taken back.'));
    return job !== undefined;
  }

  private next(): void {
    const job = this.current === undefined ? this.queue.shift() : undefined;
    if (!job || !this.worker) return;
    this.current = job;
    const message: SegmentJob = packEntries(job.entries);
    this.worker.postMessage(message, [message.positions.buffer as ArrayBuffer, message.statuses.buffer as ArrayBuffer]);
  }

  /** Stops the worker; what it had not answered yet is rejected (and prepared by the caller). */
  dispose(): void {
    this.stop(new Error('The index worker was stopped.'));
    void this.worker?.terminate();
  }

  private stop(error: Error): void {
    this.stopped = true;
    this.current?.reject(error);
    this.current = undefined;
    this.takeBack();
  }
}
