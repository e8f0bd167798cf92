/** What the main thread sends the index worker (segmentWorker.ts) for one segment. Pure: no vscode. */
import type { IndexEntry } from './indexSegment';

/**
 * A segment's entries as columns of strings: structured cloning copies each string once, with no object per entry
 * to clone and no separator or lengths to mark where a text ends. Making and posting the columns of 4 000 entries
 * takes 1.1–1.5 ms of the sending thread (measured alone, entries of a 300 000 catalogue), about what one string of
 * all the texts joined, with their lengths, takes.
 */
export interface SegmentJob {
  positions: Int32Array;
  urns: string[];
  /** '' where an entry has none (so are statuses). */
  references: string[];
  titles: string[];
  statuses: string[];
}

export function packEntries(entries: readonly IndexEntry[]): SegmentJob {
  const n = entries.length;
  const job: SegmentJob = {
    positions: new Int32Array(n),
    urns: new Array<string>(n),
    references: new Array<string>(n),
    titles: new Array<string>(n),
    statuses: new Array<string>(n),
  };
  for (let i = 0; i < n; i++) {
    const e = entries[i];
    job.positions[i] = e.position;
    job.urns[i] = e.urn;
    job.references[i] = e.reference ?? '';
    job.titles[i] = e.title;
    job.statuses[i] = e.status ?? '';
  }
  return job;
}

/** The entries of a job; throws when its columns do not line up (the segment is then prepared on the main thread). */
export function unpackEntries({ positions, urns, references, titles, statuses }: SegmentJob): IndexEntry[] {
  const n = positions.length;
  if (urns.length !== n || references.length !== n || titles.length !== n || statuses.length !== n)
    throw new Error('The entries do not unpack into their fields.');
  const entries = new Array<IndexEntry>(n);
  for (let i = 0; i < n; i++) {
    const entry: IndexEntry = { position: positions[i], urn: urns[i], title: titles[i] };
    if (references[i]) entry.reference = references[i];
    if (statuses[i]) entry.status = statuses[i];
    entries[i] = entry;
  }
  return entries;
}
