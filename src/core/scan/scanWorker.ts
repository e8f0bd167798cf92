/**
 * The worker that lists and reads files for a References view scan (scanThread.ts starts it): reading, decoding and
 * recognising a file's citations make most of a scan's work, which on the extension host's thread delayed what the
 * workbench asked of the host. On Linux it is a process of its own in the lowest-weighted scheduling group, else a
 * worker thread (backgroundPriority.ts); in the background, on two cores or fewer, it rests as long as it works, and
 * three times as long otherwise (a scan of 5 000 files: 6.3 s, bench/referencesScan.ts, 2 shared cores). Files with nothing a
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
 * as long, or as long once the worker is in the background (backgroundPriority.ts). In the background it still rests:
 * the workbench's processes, the host's among them, answer through several hops, each of which may find a core busy.
 * On 2 shared cores, a scan of 5 000 files in 1.5–2.1 s: the workbench answered a command in 1.3–1.6× its idle time
 * (p95) with the worker a process of its own, 2.0–2.1× as a niced thread; without any rest, in 0.9 s, 4.5× (a
 * process) and 4.4–5.5× (a thread).
 */
const REST_SHARE = 3;
const BACKGROUND_REST_SHARE = 1;
const pacer = new Pacer({ ...MACHINE, restShare: MACHINE.restShare * (runInBackground() ? BACKGROUND_REST_SHARE : REST_SHARE) });
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

/** Files read at once: one after another, each read waited a round trip through libuv's threads (6 s for 5 000). */
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
    const texts = await Promise.all(group.map((file) => scanText(file.path)));
    texts.forEach((text, i) => found.push(typeof text === 'string' ? textCitations(text, group[i].name, serviceBaseUrl) : text));
    await pacer.rest();
  }
  withSharedParts(found.map((file) => (file && 'citations' in file ? file : undefined)));
  return found;
}

function reply(message: ScanReply): void {
  host.postMessage(message);
}
