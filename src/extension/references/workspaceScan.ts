/**
 * How the References view lists and reads the files of a scan: folders on disk are listed by the scan's worker
 * (core/scan/folderListing.ts, core/scan/scanThread.ts), others by VS Code's search; files on disk that no editor has
 * open go to the worker, a batch at a time, so that the extension host's thread only keeps what it found; open
 * documents (their unsaved text), files of other schemes, and every file when no worker can run are read here, paced
 * (scanPace.ts).
 */
import * as vscode from 'vscode';
import type { NotRead, NotReadFile } from '../../core/scan/fileBytes';
import type { ExcludeSetting } from '../../core/scan/folderListing';
import { inPacedBatches } from '../../core/scan/scanPace';
import { ScanThread } from '../../core/scan/scanThread';
import type { TextCitations } from '../../core/scan/textCitations';
import { fileCitations, type FileCitations } from './fileCitations';
import { workspaceScanText } from '../workspaceCitations/workspaceText';

/** Files the host reads at once: enough to hide disk latency, few enough to keep the extension host responsive. */
const BATCH = 16;
/** Files per job of the worker: its answer is read in a millisecond or two. */
const WORKER_BATCH = 64;
/** Jobs the worker has at once. */
const BATCHES_AHEAD = 2;

export type CitationsByFile = Map<string, FileCitations>;
/** The files listed but not read, and why (too large, binary): the view says how many. */
export type NotReadByFile = Map<string, NotRead>;
/** Where a read keeps what it found: the view's files, and those it did not read. */
export interface ScanInto {
  files: CitationsByFile;
  notRead: NotReadByFile;
}

/**
 * Reads `uris` into `into`, a batch at a time, until `stopped` says so (asked before each batch); `after` is told how
 * many are done after each. Files on disk go to `worker` (the scan's, started with the first batch that has files for
 * it: a scan of open documents alone starts none). Resolves with how many were read.
 */
export async function scanFiles(
  uris: readonly vscode.Uri[],
  serviceBaseUrl: string | undefined,
  into: ScanInto,
  {
    stopped,
    after,
    kept: keptBatch,
    worker,
    log,
  }: {
    stopped: () => boolean;
    after: (done: number) => void;
    kept?: (files: FileCitations[]) => Promise<void>;
    worker: () => ScanThread;
    /** Where a batch the worker could not read is said (the host's thread reads it). */
    log?: Pick<vscode.LogOutputChannel, 'warn'>;
  },
): Promise<number> {
  const batches: Array<readonly vscode.Uri[]> = [];
  for (let at = 0; at < uris.length; at += WORKER_BATCH) batches.push(uris.slice(at, at + WORKER_BATCH));
  let done = 0;
  // Said once a scan: a worker that cannot read one batch cannot read the next. Not said once the scan is over: the
  // batches sent ahead that a cancelled scan leaves are rejected when its worker stops.
  let warned = false;
  const notRead = (count: number, error: unknown): void => {
    if (!warned)
      log?.warn(
        `References scan: the scan's worker could not read ${count} files (${String(error)}); they and the rest are read on the extension host's thread.`,
      );
    warned = true;
  };
  // The worker has the next batches while this one is kept: it does not wait for the host between two, even while
  // the host rests (one batch ahead, it waited 0–45 ms a scan).
  const ahead: SentBatch[] = [];
  const send = (i: number): void => {
    if (i < batches.length) ahead.push(sent(batches[i], worker, serviceBaseUrl, notRead));
  };
  for (let i = 0; i < BATCHES_AHEAD; i++) send(i);
  try {
    for (let i = 0; !stopped(); i++) {
      const current = ahead.shift();
      if (!current) break;
      send(i + BATCHES_AHEAD);
      await kept(current, serviceBaseUrl, into);
      await keptBatch?.(citing(current, into));
      done += batches[i].length;
      after(done);
    }
  } finally {
    warned = true;
  }
  return done;
}

/** `use` given the scan's worker: one lists and reads a scan's files, started when first asked for, stopped after. */
export async function withScanWorker<T>(use: (worker: () => ScanThread) => Promise<T>): Promise<T> {
  let thread: ScanThread | undefined;
  try {
    return await use(() => (thread ??= new ScanThread()));
  } finally {
    thread?.dispose();
  }
}

/**
 * The files of `folder` that `globs` match, at most `max`, as VS Code's search would list them (files.exclude
 * applied): a folder on disk is listed by the scan's worker, off the workbench (core/scan/folderListing.ts), others
 * (and any when no worker runs) by VS Code.
 */
export async function listedFiles(
  folder: vscode.WorkspaceFolder,
  globs: readonly string[],
  worker: () => ScanThread,
  max: number,
  { token, log }: { token?: vscode.CancellationToken; log?: Pick<vscode.LogOutputChannel, 'warn'> } = {},
): Promise<vscode.Uri[]> {
  if (folder.uri.scheme === 'file' && worker().runs) {
    try {
      const files = await worker().list({
        root: folder.uri.fsPath,
        include: [...globs],
        exclude: excludeSetting(vscode.workspace.getConfiguration('files', folder.uri).get('exclude')),
        followSymlinks: vscode.workspace.getConfiguration('search', folder.uri).get<boolean>('followSymlinks', true),
        max,
      });
      return files.map((file) => vscode.Uri.joinPath(folder.uri, file));
    } catch (error) {
      // No worker runs (or it stopped): VS Code's search lists the same files, more slowly.
      log?.warn(`References scan: the scan's worker could not list ${folder.uri.fsPath} (${String(error)}); VS Code's search listed it.`);
    }
  }
  const found = new Map<string, vscode.Uri>();
  for (const glob of globs) {
    for (const uri of await vscode.workspace.findFiles(new vscode.RelativePattern(folder, glob), undefined, max, token)) found.set(uri.toString(), uri);
  }
  return [...found.values()].slice(0, max);
}

/**
 * `files.exclude` as a plain object the worker can be sent (settings come as objects that cannot be copied), its
 * entries of other shapes left out as VS Code's search leaves them.
 */
function excludeSetting(value: unknown): ExcludeSetting {
  const setting: ExcludeSetting = {};
  if (!value || typeof value !== 'object') return setting;
  for (const [glob, applies] of Object.entries(value)) {
    if (typeof applies === 'boolean') setting[glob] = applies;
    else if (applies && typeof applies === 'object' && typeof (applies as { when?: unknown }).when === 'string')
      setting[glob] = { when: (applies as { when: string }).when };
  }
  return setting;
}

interface SentBatch {
  /** Files on disk no editor has open: the worker reads them. */
  onDisk: vscode.Uri[];
  /** The others: read on this thread. */
  here: vscode.Uri[];
  /** What the worker found, by file of `onDisk`; undefined when it could not read them. */
  found: Promise<Array<TextCitations | NotReadFile | undefined> | undefined>;
}

function sent(
  batch: readonly vscode.Uri[],
  worker: () => ScanThread,
  serviceBaseUrl: string | undefined,
  /** Told when the worker could not read the batch (the host reads it). */
  notRead: (count: number, error: unknown) => void,
): SentBatch {
  const open = new Set(vscode.workspace.textDocuments.map((document) => document.uri.toString()));
  const onDisk: vscode.Uri[] = [];
  const here: vscode.Uri[] = [];
  for (const uri of batch) (uri.scheme === 'file' && !open.has(uri.toString()) ? onDisk : here).push(uri);
  if (!onDisk.length) return { onDisk, here, found: Promise.resolve([]) };
  // No worker is meant to run here (the browser): every file is read on this thread.
  if (!worker().runs) return { onDisk, here, found: Promise.resolve(undefined) };
  const files = onDisk.map((uri) => ({ path: uri.fsPath, name: vscode.workspace.asRelativePath(uri) }));
  // The worker stopped, or never started: the batch's files are read on this thread.
  return {
    onDisk,
    here,
    found: worker()
      .read(files, serviceBaseUrl)
      .catch((error: unknown) => {
        notRead(files.length, error);
        return undefined;
      }),
  };
}

/** A batch's files into `into`: what the worker found, and those read here. */
async function kept({ onDisk, here, found }: SentBatch, serviceBaseUrl: string | undefined, into: ScanInto): Promise<void> {
  const read = await found;
  if (read) onDisk.forEach((uri, i) => keep(into, uri, read[i] && ('notRead' in read[i] ? read[i] : { uri, ...read[i] })));
  await readFiles(read ? here : [...onDisk, ...here], serviceBaseUrl, [into]);
}

/** Reads `uris` on this thread, a few at a time and paced, into each of `into`. */
export function readFiles(uris: readonly vscode.Uri[], serviceBaseUrl: string | undefined, into: readonly ScanInto[]): Promise<number> {
  return inPacedBatches(uris, BATCH, (uri) => readFile(uri, serviceBaseUrl, into));
}

/** Reads one file (its open document when there is one) into each of `into`. */
async function readFile(uri: vscode.Uri, serviceBaseUrl: string | undefined, into: readonly ScanInto[]): Promise<void> {
  const key = uri.toString();
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === key);
  const text = open ? open.getText() : await workspaceScanText(uri);
  const found = typeof text === 'object' ? text : fileCitations(uri, text, serviceBaseUrl);
  for (const target of into) keep(target, uri, found);
}

function keep({ files, notRead }: ScanInto, uri: vscode.Uri, found: FileCitations | NotReadFile | undefined): void {
  const key = uri.toString();
  if (found && 'notRead' in found) notRead.set(key, found.notRead);
  else notRead.delete(key);
  if (found && 'citations' in found) files.set(key, found);
  else files.delete(key);
}

/**
 * What `into` keeps of the files of `batch` that cite something, in the order it kept them: the worker's, then those
 * read here (in their order when read at once, as open documents are).
 */
function citing({ onDisk, here }: SentBatch, { files }: ScanInto): FileCitations[] {
  const found: FileCitations[] = [];
  for (const uri of [...onDisk, ...here]) {
    const read = files.get(uri.toString());
    if (read) found.push(read);
  }
  return found;
}

/** Forgets a file (deleted, or a report of ours); whether `from` had it. */
export function forget({ files, notRead }: ScanInto, uri: vscode.Uri): boolean {
  const notReadBefore = notRead.delete(uri.toString());
  return files.delete(uri.toString()) || notReadBefore;
}
