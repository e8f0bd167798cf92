/** What the main thread sends the index worker (segmentWorker.ts) for one segment. Pure: no vscode. */
import type { IndexEntry } from './indexSegment';

/**
 * Entries travel as one string of fields (copied in one piece, where an array of objects is cloned object by
 * object: ~10 ms for 4 000 entries on the sending thread) and their positions.
 */
export interface SegmentJob {
  /** urn, reference, title, status of each entry, joined by FIELD_END. */
  fields: string;
  positions: Int32Array;
}

/** A text holding it leaves too many fields: `unpackEntries` refuses the job, and it is prepared in the main thread. */
export const FIELD_END = '\u0000';
const FIELDS = 4;

export function packEntries(entries: readonly IndexEntry[]): SegmentJob {
  // One join of all the texts: a flat string at once, where concatenation leaves V8 a rope to flatten on sending.
  const texts = new Array<string>(entries.length * FIELDS);
  const positions = new Int32Array(entries.length);
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    texts[FIELDS * i] = e.urn;
    texts[FIELDS * i + 1] = e.reference ?? '';
    texts[FIELDS * i + 2] = e.title;
    texts[FIELDS * i + 3] = e.status ?? '';
    positions[i] = e.position;
  }
  return { fields: texts.join(FIELD_END), positions };
}

export function unpackEntries({ fields, positions }: SegmentJob): IndexEntry[] {
  const texts = positions.length ? fields.split(FIELD_END) : [];
  if (texts.length !== positions.length * FIELDS) throw new Error('The entries do not unpack into their fields.');
  const entries: IndexEntry[] = [];
  for (let i = 0; i < positions.length; i++) {
    const entry: IndexEntry = { position: positions[i], urn: texts[FIELDS * i], title: texts[FIELDS * i + 2] };
    const reference = texts[FIELDS * i + 1];
    const status = texts[FIELDS * i + 3];
    if (reference) entry.reference = reference;
    if (status) entry.status = status;
    entries.push(entry);
  }
  return entries;
}

/** One job of several, in order: what the pages packed as they arrived becomes a segment's job. */
export function joinJobs(jobs: readonly SegmentJob[]): SegmentJob {
  if (jobs.length === 1) return jobs[0];
  const positions = new Int32Array(jobs.reduce((n, job) => n + job.positions.length, 0));
  let at = 0;
  for (const job of jobs) {
    positions.set(job.positions, at);
    at += job.positions.length;
  }
  return { fields: jobs.map((job) => job.fields).join(FIELD_END), positions };
}

/** The first `n` entries of a job and the rest. */
export function splitJob(job: SegmentJob, n: number): [SegmentJob, SegmentJob] {
  let end = -1;
  for (let k = 0; k < n * FIELDS; k++) end = job.fields.indexOf(FIELD_END, end + 1);
  return [
    { fields: job.fields.slice(0, end), positions: job.positions.slice(0, n) },
    { fields: job.fields.slice(end + 1), positions: job.positions.slice(n) },
  ];
}
