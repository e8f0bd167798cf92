/**
 * The worker thread that reads files for a References view scan (scanThread.ts starts it): reading, decoding and
 * recognising a file's citations make most of a scan's work, which on the extension host's thread delayed what the
 * workbench asked of the host. On Linux it runs as a background thread (backgroundPriority.ts) and, on two cores or
 * fewer, rests as long as it works: a scan of 5 000 files took 1.9–2.3 s, the workbench answering a command in 2.1–2.3×
 * its idle time (p95), against 6.3 s and 1.7× resting three times as long without the lower priority
 * (bench/referencesScan.ts, 2 shared cores). Elsewhere it still rests three times as long. Files with nothing a
 * citation needs are not recognised (mayCite.ts). What waits on a scan is the References and Coverage views and an
 * agent's find_citations; the editor's links, hovers and diagnostics do not. Its own entry point in the bundle
 * (esbuild.js).
 */
import { parentPort } from 'node:worker_threads';
import { runInBackground } from './backgroundPriority';
import type { NotReadFile } from './fileBytes';
import { scanText } from './fileText';
import type { ScanJob, ScanReply } from './scanMessages';
import { MACHINE, Pacer } from './scanPace';
import { withSharedParts } from './sharedParts';
import { textCitations, type TextCitations } from './textCitations';

/**
 * Rest as a share of the time worked, where the machine rests at all (scanPace.ts: two cores or fewer): three times
 * as long, or as long once the worker is a background thread (backgroundPriority.ts). A background thread yields a
 * contended core to the extension host's own thread at once, but not to the workbench's window, which Linux schedules
 * as another group of its own (autogroups: niceness orders threads within a group only), so it still rests; without
 * any rest the workbench answered a command in 4.4–5.5× its idle time (p95) during a scan of 1.4–1.8 s.
 */
const REST_SHARE = 3;
const BACKGROUND_REST_SHARE = 1;
const pacer = new Pacer({ ...MACHINE, restShare: MACHINE.restShare * (runInBackground() ? BACKGROUND_REST_SHARE : REST_SHARE) });
/** Jobs one after another: the next may arrive while one is read. */
let queue = Promise.resolve();

parentPort?.on('message', (job: ScanJob) => {
  queue = queue.then(() =>
    read(job).then(
      (found) => reply({ id: job.id, found }),
      (error: unknown) => reply({ id: job.id, error: String(error) }),
    ),
  );
});

/** Files read at once: one after another, each read waited a round trip through libuv's threads (6 s for 5 000). */
const READS_AT_ONCE = 16;

async function read({ files, serviceBaseUrl }: ScanJob): Promise<Array<TextCitations | NotReadFile | undefined>> {
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
  parentPort?.postMessage(message);
}
