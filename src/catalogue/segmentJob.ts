/** What the main thread sends the index worker (segmentWorker.ts) for one segment. Pure: no vscode. */
import type { IndexEntry } from './indexSegment';

/**
 * Entries travel as one string of fields (copied in one piece, where an array of objects is cloned object by
 * object: ~10 ms for 4 000 entries on the sending thread) and their positions.
 */
export interface SegmentJob {
  id: number;
  /** urn, reference, title, status of each entry, each followed by FIELD_END. */
  fields: string;
  positions: Int32Array;
}

/** A text holding it leaves too many fields: `unpackEntries` refuses the job, and it is prepared in the main thread. */
export const FIELD_END = '\u0000';

export function packEntries(entries: readonly IndexEntry[]): Omit<SegmentJob, 'id'> {
  const parts: string[] = [];
  for (const e of entries) parts.push(e.urn, e.reference ?? '', e.title, e.status ?? '');
  return { fields: parts.join(FIELD_END) + FIELD_END, positions: Int32Array.from(entries, (e) => e.position) };
}

export function unpackEntries({ fields, positions }: Omit<SegmentJob, 'id'>): IndexEntry[] {
  const entries: IndexEntry[] = [];
  let at = 0;
  const next = (): string => {
    const end = fields.indexOf(FIELD_END, at);
    const value = fields.slice(at, end);
    at = end + 1;
    return value;
  };
  for (const position of positions) {
    if (at >= fields.length) break;
    const urn = next();
    const reference = next();
    const title = next();
    const status = next();
    const entry: IndexEntry = { position, urn, title };
    if (reference) entry.reference = reference;
    if (status) entry.status = status;
    entries.push(entry);
  }
  if (at !== fields.length) throw new Error('The entries do not unpack into their fields.');
  return entries;
}
