/**
 * Reads and checks the listed files on two threads when the machine has two cores and the repository is large: this
 * one and a helper thread (the same dist/cli.js, started before the catalogue opens, so its start costs nothing) take
 * chunks of the list in turn through a shared counter, so neither waits for the other whatever the files hold. Each
 * thread has its own CitationChecker over the same index (the index's own bytes, decoded without building anything);
 * the helper hands its findings and what its checker kept to this thread's checker at the end.
 */
import * as os from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { CatalogueIndex } from '../core/catalogue/catalogueIndex';
import { CitationChecker, type CheckRules, type CheckerPart, type Finding } from '../core/check/checkText';
import { readText } from './files';
import { CannotRun } from './usage';

/** Below this many files a second thread costs more than it saves (its start is about 80 ms). */
const PARALLEL_FROM = 400;
/** Files claimed at a time: small enough to share the end of the list evenly, large enough to claim rarely. */
const CHUNK = 16;
/** The index's bytes are only passed between the threads: any name does. */
const INDEX_NAME = 'check-helper';

/** What this thread sends the helper once the catalogue is open. */
interface Job {
  cwd: string;
  files: readonly string[];
  index: Uint8Array;
  rules: CheckRules;
  /** [0]: the next file to claim; [1]: files done (both threads count, for the progress line). */
  counters: SharedArrayBuffer;
}

type Outcome = { findings: Finding[]; checked: number; part: CheckerPart } | { cannotRun: string } | { fault: string };

/** A helper thread, started as soon as the file list is known; `check` hands it its share. */
export class FileChecker {
  private readonly helper?: Worker;
  private readonly outcome?: Promise<Outcome>;

  constructor(
    private readonly cwd: string,
    private readonly files: readonly string[],
  ) {
    if (files.length < PARALLEL_FROM || os.availableParallelism() < 2) return;
    const helper = new Worker(__filename, { workerData: { role: 'check' } });
    this.helper = helper;
    this.outcome = new Promise<Outcome>((resolve) => {
      helper.once('message', (outcome: Outcome) => resolve(outcome));
      helper.once('error', (error) => resolve({ fault: error.message }));
      helper.once('exit', (code) => resolve({ fault: `the helper thread stopped (exit ${code})` }));
    });
  }

  /** Checks every file (calling `progress` with how many are done), adding to `checker` what the helper kept. */
  async check(
    checker: CitationChecker,
    index: CatalogueIndex,
    rules: CheckRules,
    progress: (done: number) => void,
  ): Promise<{ findings: Finding[]; checked: number }> {
    const counters = new Int32Array(new SharedArrayBuffer(8));
    if (this.helper) {
      const job: Job = { cwd: this.cwd, files: this.files, index: index.toFile(INDEX_NAME), rules, counters: counters.buffer };
      this.helper.postMessage(job);
    }
    let own: { findings: Finding[]; checked: number };
    try {
      own = checkShare(this.cwd, this.files, checker, counters, progress);
    } catch (error) {
      void this.helper?.terminate();
      throw error;
    }
    if (!this.outcome) return own;
    const outcome = await this.outcome;
    void this.helper?.terminate();
    if ('cannotRun' in outcome) throw new CannotRun(outcome.cannotRun);
    if ('fault' in outcome) throw new Error(outcome.fault);
    checker.absorb(outcome.part);
    return { findings: own.findings.concat(outcome.findings), checked: own.checked + outcome.checked };
  }

  /** Stops the helper when the check ends before its share was handed over (the catalogue could not open). */
  dispose(): void {
    void this.helper?.terminate();
  }
}

/** Claims chunks of `files` until none is left, checking each file. */
function checkShare(
  cwd: string,
  files: readonly string[],
  checker: CitationChecker,
  counters: Int32Array,
  progress: (done: number) => void,
): { findings: Finding[]; checked: number } {
  const findings: Finding[] = [];
  let checked = 0;
  for (let from = Atomics.add(counters, 0, CHUNK); from < files.length; from = Atomics.add(counters, 0, CHUNK)) {
    for (const file of files.slice(from, from + CHUNK)) {
      const text = readFileOrStop(cwd, file);
      progress(Atomics.add(counters, 1, 1) + 1);
      if (text === undefined) continue;
      checked++;
      for (const finding of checker.check(text, file)) findings.push(finding);
    }
  }
  return { findings, checked };
}

/** A file that was listed but cannot be read (removed meanwhile, no permission) stops the check: a gap is not a pass. */
function readFileOrStop(cwd: string, file: string): string | undefined {
  try {
    return readText(cwd, file);
  } catch (error) {
    throw new CannotRun(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Whether this thread is a check's helper (dist/cli.js started by FileChecker). */
export function isCheckHelper(): boolean {
  return !isMainThread && (workerData as { role?: string } | undefined)?.role === 'check';
}

/** The helper thread: waits for its job, checks its share, sends back what it found, and ends. */
export function runCheckHelper(): void {
  const port = parentPort;
  if (!port) return;
  port.once('message', (job: Job) => {
    let outcome: Outcome;
    try {
      const index = CatalogueIndex.fromFile(job.index, INDEX_NAME);
      if (!index) throw new Error('the index did not reach the helper thread whole');
      const checker = new CitationChecker(index, job.rules);
      const { findings, checked } = checkShare(job.cwd, job.files, checker, new Int32Array(job.counters), () => undefined);
      outcome = { findings, checked, part: checker.part };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      outcome = error instanceof CannotRun ? { cannotRun: message } : { fault: message };
    }
    port.postMessage(outcome);
    port.close();
  });
}
