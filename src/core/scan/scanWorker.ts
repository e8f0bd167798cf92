/**
 * The worker that lists and reads files for a References view scan (scanThread.ts starts it): reading, decoding and
 * recognising a file's citations make most of a scan's work, which on the extension host's thread delayed what the
 * workbench asked of the host. On Linux it is a process of its own in the lowest-weighted scheduling group, else a
 * worker thread (backgroundPriority.ts); as a thread, on two cores or fewer, it rests three times as long as it
 * works (REST_SHARE). It reads files synchronously: it has nothing else to do meanwhile. Files with nothing a
 * citation needs are not recognised (mayCite.ts). What waits on a scan is the References and Coverage views and an
 * agent's find_citations; the editor's links, hovers and diagnostics do not. Its own entry point in the bundle
 * (esbuild.js).
 */
import { parentPort } from 'node:worker_threads';
import { runInBackground } from './backgroundPriority';
import type { NotReadFile } from './fileBytes';
import { scanText } from './fileText';
import { listFolder } from './folderListing';
import type { ScanFile, ScanJob, ScanReply } from './scanMessages';
import { MACHINE, Pacer } from './scanPace';
import { withSharedParts } from './sharedParts';
import { textCitations, type TextCitations } from './textCitations';

/**
 * Rest as a share of the time worked, where the machine rests at all (scanPace.ts: two cores or fewer): three times
 * as long as a thread in the extension host's scheduling group, as long as a niced thread there, and not at all as a
 * process in its own lowest-weighted group (backgroundPriority.ts), where Linux gives any other group's thread a
 * core first. Measured on 2 shared cores with the files read synchronously, interleaved (bench/referencesScan.ts):
 * resting as long as it worked, a scan of 5 000 files took 1.1–1.3 s and the workbench answered a command in
 * 2.6–4.2× its idle time (p95), 46–58 ms at the slowest; without rests, 0.61–0.64 s, 3.1–3.4× and 19–33 ms. The
 * rests made the scan twice as long and the workbench no faster: what it waits for during a scan is elsewhere (the
 * extension host's own work and collections, some 160 ms a scan, while it keeps what the worker found).
 */
const REST_SHARE = 3;
const NICED_THREAD_REST_SHARE = 1;
const lowered = runInBackground();
const pacer = new Pacer({ ...MACHINE, restShare: MACHINE.restShare * (!lowered ? REST_SHARE : parentPort ? NICED_THREAD_REST_SHARE : 0) });
/** Jobs one after another: the next may arrive while one is read. */
let queue = Promise.resolve();

/** Its host: the thread that started it, or the process (through its IPC channel). */
const host = parentPort ?? {
  on: (event: 'message', listener: (job: ScanJob) => void): unknown => process.on(event, listener),
  postMessage: (message: ScanReply): unknown => process.send?.(message),
};
// A process whose host has gone (its channel closed: the extension host ended or stopped it) ends too.
if (!parentPort) process.on('disconnect', () => process.exit(0));

host.on('message', (job: ScanJob) => {
  queue = queue.then(() =>
    ('list' in job ? Promise.resolve().then(() => ({ listed: listFolder(job.list) })) : read(job).then((found) => ({ found }))).then(
      (answer) => reply({ id: job.id, ...answer }),
      (error: unknown) => reply({ id: job.id, error: String(error) }),
    ),
  );
});

/** Files read between two rests. */
const READS_AT_ONCE = 16;

async function read({
  files,
  serviceBaseUrl,
}: {
  files: ScanFile[];
  serviceBaseUrl: string | undefined;
}): Promise<Array<TextCitations | NotReadFile | undefined>> {
  const found: Array<TextCitations | NotReadFile | undefined> = [];
  for (let at = 0; at < files.length; at += READS_AT_ONCE) {
    const group = files.slice(at, at + READS_AT_ONCE);
    const texts = group.map((file) => scanText(file.path));
    texts.forEach((text, i) => found.push(typeof text === 'string' ? textCitations(text, group[i].name, serviceBaseUrl) : text));
    await pacer.rest();
  }
  withSharedParts(found.map((file) => (file && 'citations' in file ? file : undefined)));
  return found;
}

function reply(message: ScanReply): void {
  host.postMessage(message);
}
