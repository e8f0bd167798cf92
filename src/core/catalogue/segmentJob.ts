/** What the main thread sends the index worker (segmentWorker.ts) for one segment. Pure: no vscode. */
import type { IndexEntry } from './indexSegment';

/**
 * A segment's entries as columns of strings: structured cloning copies each string once, with no object per entry
 * to clone and no separator or lengths to mark where a text ends. Making and posting the columns of 4 000 entries
 * takes 1.1–1.5 ms of the sending thread (measured alone, entries of a 300 000 catalogue), about what one string of
 * all the texts joined, with their lengths, takes (and the worker then reads slices of it, 10% slower to prepare).
 * Statuses go as numbers: serialising and reading back the jobs of 300 000 entries took 20 ms less on each thread.
 */
export interface SegmentJob {
  positions: Int32Array;
  urns: string[];
  /** '' where an entry has none. */
  references: string[];
  titles: string[];
  /**
   * Each entry's status as its place in `statusTexts` ('' where it has none): a catalogue has a handful of statuses,
   * and 4 000 numbers clone in one go where 4 000 strings clone one at a time.
   */
  statuses: Int32Array;
  statusTexts: string[];
}

export function packEntries(entries: readonly IndexEntry[]): SegmentJob {
  const n = entries.length;
  const job: SegmentJob = {
    positions: new Int32Array(n),
    urns: new Array<string>(n),
    references: new Array<string>(n),
    titles: new Array<string>(n),
    statuses: new Int32Array(n),
    statusTexts: [],
  };
  const places = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const e = entries[i];
    job.positions[i] = e.position;
    job.urns[i] = e.urn;
    job.references[i] = e.reference ?? '';
    job.titles[i] = e.title;
    const status = e.status ?? '';
    let place = places.get(status);
    if (place === undefined) places.set(status, (place = job.statusTexts.push(status) - 1));
    job.statuses[i] = place;
  }
  return job;
}

/** The entries of a job; throws when its columns do not line up (the segment is then prepared on the main thread). */
export function unpackEntries({ positions, urns, references, titles, statuses, statusTexts }: SegmentJob): IndexEntry[] {
  const n = positions.length;
  if (urns.length !== n || references.length !== n || titles.length !== n || statuses.length !== n || statuses.some((place) => !(place < statusTexts.length)))
    throw new Error('The entries do not unpack into their fields.');
  const entries = new Array<IndexEntry>(n);
  for (let i = 0; i < n; i++) {
    const entry: IndexEntry = { position: positions[i], urn: urns[i], title: titles[i] };
    const status = statusTexts[statuses[i]];
    if (references[i]) entry.reference = references[i];
    if (status) entry.status = status;
    entries[i] = entry;
  }
  return entries;
}
