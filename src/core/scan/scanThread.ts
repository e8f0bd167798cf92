/**
 * The worker that reads files for a References view scan (scanWorker.ts), so that the extension host's thread only
 * hands it the files and keeps what it found: on Linux a process of its own, in a session (and so a scheduling group)
 * of its own that it lowers (backgroundPriority.ts); elsewhere, or when no process runs, a worker thread. One per
 * scan; it reads its jobs in order, and a scan keeps the next one waiting there. When no worker can run (its file is
 * missing, the runtime refuses) or it stops, `read` rejects and the scan reads the files on its own thread.
 * Pure: no vscode.
 */
import { ChildProcess, fork } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { NotReadFile } from './fileBytes';
import type { FolderListing } from './folderListing';
import type { ScanAsk, ScanFile, ScanJob, ScanReply } from './scanMessages';
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
  /** A worker is meant to run here (the browser's port has none): when it does not, the scan says so. */
  readonly runs = true;
  private worker: Started | undefined;
  /** The jobs not answered yet, with what they asked: sent again to a thread when the process could not run. */
  private readonly waiting = new Map<number, { job: ScanJob; resolve: (reply: ScanReply) => void; reject: (error: Error) => void }>();
  private nextJob = 0;
  private failure: Error | undefined;

  constructor(private readonly file = WORKER_FILE) {
    try {
      if (!fs.existsSync(file)) throw new Error(`No scan worker at ${file}.`);
      this.attach(started(file));
    } catch (error) {
      this.failure = error instanceof Error ? error : new Error(String(error));
    }
  }

  /** What each of `files` cites (or why it was not read), in their order. */
  async read(files: ScanFile[], serviceBaseUrl: string | undefined): Promise<Found> {
    const reply = await this.answer({ files, serviceBaseUrl });
    if (!('found' in reply)) throw new Error('The scan worker did not answer with files read.');
    return reply.found;
  }

  /** The files of a folder on disk, as `listing` says (folderListing.ts). */
  async list(listing: FolderListing): Promise<string[]> {
    const reply = await this.answer({ list: listing });
    if (!('listed' in reply)) throw new Error('The scan worker did not answer with a listing.');
    return reply.listed;
  }

  /** The worker's answer to a job; rejects with its error, or when no worker runs. */
  private answer(asked: ScanAsk): Promise<ScanReply> {
    const worker = this.worker;
    if (this.failure || !worker) return Promise.reject(this.failure ?? new Error('No scan worker.'));
    const job: ScanJob = { id: this.nextJob++, ...asked };
    return new Promise((resolve, reject) => {
      this.waiting.set(job.id, { job, resolve, reject });
      worker.send(job);
    });
  }

  /**
   * Listens to `worker`. A process that fails or ends before its first answer (it could not run: a runtime that will
   * not run as Node, a system that refuses) gives way to a worker thread, which gets the jobs it had; any other end
   * rejects what is waiting.
   */
  private attach(worker: Started): void {
    this.worker = worker;
    let answered = false;
    const ended = (error: Error): void => {
      if (this.failure || this.worker !== worker) return;
      if (answered || !(worker.events instanceof ChildProcess)) return this.stop(error);
      worker.end();
      try {
        this.attach(threadOf(this.file));
        for (const { job } of this.waiting.values()) this.worker.send(job);
      } catch (threadError) {
        this.stop(threadError instanceof Error ? threadError : error);
      }
    };
    worker.events.on('message', (reply: ScanReply) => {
      answered = true;
      const waiting = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if ('error' in reply) waiting?.reject(new Error(reply.error));
      else waiting?.resolve(reply);
    });
    worker.events.on('error', (error: Error) => ended(error));
    worker.events.on('exit', () => ended(new Error('The scan worker exited.')));
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
  return threadOf(file);
}

function threadOf(file: string): Started {
  const worker = new Worker(file);
  worker.unref();
  return { events: worker, send: (job) => worker.postMessage(job), end: () => void worker.terminate() };
}
