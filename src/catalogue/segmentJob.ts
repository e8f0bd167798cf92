/** What the main thread sends the index worker (segmentWorker.ts) for one segment. Pure: no vscode. */
import type { IndexEntry } from './indexSegment';

/**
 * Entries travel as one string of fields (copied in one piece, where an array of objects is cloned object by
 * object: ~10 ms for 4 000 entries on the sending thread) and their positions.
 */
export interface SegmentJob {
  /** urn, reference, title, status of each entry, each followed by FIELD_END. */
  fields: string;
  positions: Int32Array;
}

/** A text holding it leaves too many fields: `unpackEntries` refuses the job, and it is prepared in the main thread. */
export const FIELD_END = '\u0000';

export function packEntries(entries: readonly IndexEntry[]): SegmentJob {
  // One string grown by concatenation: V8 joins the pieces once, when the message copies it.
  let fields = '';
  const positions = new Int32Array(entries.length);
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    fields += `${e.urn}${FIELD_END}${e.reference ?? ''}${FIELD_END}${e.title}${FIELD_END}${e.status ?? ''}${FIELD_END}`;
    positions[i] = e.position;
  }
  return { fields, positions };
}

export function unpackEntries({ fields, positions }: SegmentJob): IndexEntry[] {
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
