/**
 * A worker thread that reads files for a References view scan (scanWorker.ts), so that the extension host's thread
 * only hands it the files and keeps what it found. One per scan; it reads its jobs in order, and a scan keeps the
 * next one waiting there. When no worker can run (its file is missing, the runtime refuses) or it stops, `read`
 * rejects and the scan reads the files on its own thread. Pure: no vscode.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { NotReadFile } from './fileBytes';
import type { ScanFile, ScanJob, ScanReply } from './scanMessages';
import type { TextCitations } from './textCitations';

/** Beside the code that starts it: out/src/core/scan/ when compiled, dist/features/ in the bundle (esbuild.js). */
const WORKER_FILE = path.join(__dirname, 'scanWorker.js');

/** By file: what it cites, or why it was not read; undefined: nothing, or gone. */
type Found = Array<TextCitations | NotReadFile | undefined>;

export class ScanThread {
  private readonly worker: Worker | undefined;
  private readonly waiting = new Map<number, { resolve: (found: Found) => void; reject: (error: Error) => void }>();
  private nextJob = 0;
  private failure: Error | undefined;

  constructor(file = WORKER_FILE) {
    try {
      if (!fs.existsSync(file)) throw new Error(`No scan worker at ${file}.`);
      this.worker = new Worker(file);
      // Never what keeps a process alive.
      this.worker.unref();
      this.worker.on('message', (reply: ScanReply) => {
        const waiting = this.waiting.get(reply.id);
        this.waiting.delete(reply.id);
        if ('found' in reply) waiting?.resolve(reply.found);
        else waiting?.reject(new Error(reply.error));
      });
      this.worker.on('error', (error) => this.stop(error));
      this.worker.on('exit', () => this.stop(new Error('The scan worker exited.')));
    } catch (error) {
      this.failure = error instanceof Error ? error : new Error(String(error));
    }
  }

  /** What each of `files` cites (or why it was not read), in their order. */
  read(files: ScanFile[], serviceBaseUrl: string | undefined): Promise<Found> {
    const worker = this.worker;
    if (this.failure || !worker) return Promise.reject(this.failure ?? new Error('No scan worker.'));
    const id = this.nextJob++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      const job: ScanJob = { id, files, serviceBaseUrl };
      worker.postMessage(job);
    });
  }

  /** Stops the worker; reads still waiting are rejected. */
  dispose(): void {
    this.stop(new Error('The scan worker was stopped.'));
    void this.worker?.terminate();
  }

  private stop(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.waiting.values()) waiting.reject(this.failure);
    this.waiting.clear();
  }
}
