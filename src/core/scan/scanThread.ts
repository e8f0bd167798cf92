/**
 * The worker that reads files for a References view scan (scanWorker.ts), so that the extension host's thread only
 * hands it the files and keeps what it found: on Linux a process of its own, in a session (and so a scheduling group)
 * of its own that it lowers (backgroundPriority.ts); elsewhere, or when no process starts, a worker thread. One per
 * scan; it reads its jobs in order, and a scan keeps the next one waiting there. When no worker can run (its file is
 * missing, the runtime refuses) or it stops, `read` rejects and the scan reads the files on its own thread.
 * Pure: no vscode.
 */
import { fork, type ChildProcess } from 'node:child_process';
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

/** The worker, thread or process, as a scan talks to it. */
interface Started {
  events: Worker | ChildProcess;
  send(job: ScanJob): void;
  end(): void;
}

export class ScanThread {
  private readonly worker: Started | undefined;
  private readonly waiting = new Map<number, { resolve: (found: Found) => void; reject: (error: Error) => void }>();
  private nextJob = 0;
  private failure: Error | undefined;

  constructor(file = WORKER_FILE) {
    try {
      if (!fs.existsSync(file)) throw new Error(`No scan worker at ${file}.`);
      const worker = (this.worker = started(file));
      worker.events.on('message', (reply: ScanReply) => {
        const waiting = this.waiting.get(reply.id);
        this.waiting.delete(reply.id);
        if ('found' in reply) waiting?.resolve(reply.found);
        else waiting?.reject(new Error(reply.error));
      });
      worker.events.on('error', (error: Error) => this.stop(error));
      worker.events.on('exit', () => this.stop(new Error('The scan worker exited.')));
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
      worker.send({ id, files, serviceBaseUrl });
    });
  }

  /** Stops the worker; reads still waiting are rejected. */
  dispose(): void {
    this.stop(new Error('The scan worker was stopped.'));
    this.worker?.end();
  }

  private stop(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.waiting.values()) waiting.reject(this.failure);
    this.waiting.clear();
  }
}

/** A process of its own on Linux, else (or when none starts) a worker thread; never what keeps the host alive. */
function started(file: string): Started {
  if (process.platform === 'linux') {
    try {
      const child = fork(file, [], {
        // A session of its own: the scheduling group the worker lowers is its own, not the extension host's.
        detached: true,
        // Nothing of the host's: not its flags (an --inspect port would be asked for twice), not its environment;
        // Electron's binary (the desktop's extension host) runs as Node.
        execArgv: [],
        env: { ELECTRON_RUN_AS_NODE: '1' },
        serialization: 'advanced',
        stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      });
      child.unref();
      child.channel?.unref();
      return { events: child, send: (job) => child.send(job), end: () => child.kill() };
    } catch {
      // No process: a thread.
    }
  }
  const worker = new Worker(file);
  worker.unref();
  return { events: worker, send: (job) => worker.postMessage(job), end: () => void worker.terminate() };
}
