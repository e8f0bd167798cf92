/**
 * The pure part of My Standards: the entries kept for Pinned and Recent (enough to show a standard offline:
 * reference, title, URN, status), read back tolerantly from stored state, and the list operations. No vscode.
 */

export interface ShelfEntry {
  urn: string;
  title: string;
  reference?: string;
  status?: string;
}

/** Recent keeps this many, newest first. */
export const RECENT_LIMIT = 20;

const MAX_TEXT = 1024;

/** Entries read back from storage (synced from another machine, written by an older version): the valid ones only. */
export function readEntries(stored: unknown): ShelfEntry[] {
  if (!Array.isArray(stored)) return [];
  const entries: ShelfEntry[] = [];
  const seen = new Set<string>();
  for (const item of stored.slice(0, 1000)) {
    if (typeof item !== 'object' || item === null) continue;
    const { urn, title, reference, status } = item as Record<string, unknown>;
    if (typeof urn !== 'string' || !urn.startsWith('urn:') || urn.length > MAX_TEXT || seen.has(urn)) continue;
    seen.add(urn);
    const text = (v: unknown): string | undefined => (typeof v === 'string' && v ? v.slice(0, MAX_TEXT) : undefined);
    entries.push({ urn, title: text(title) ?? '', reference: text(reference), status: text(status) });
  }
  return entries;
}

/** Pinned: added at the end (the order pinned in), once; an existing pin keeps its place and takes the newer facts. */
export function withPinned(entries: readonly ShelfEntry[], entry: ShelfEntry): ShelfEntry[] {
  const at = entries.findIndex((e) => e.urn === entry.urn);
  if (at < 0) return [...entries, clean(entry)];
  return entries.map((e, i) => (i === at ? merge(e, entry) : e));
}

export function without(entries: readonly ShelfEntry[], urn: string): ShelfEntry[] {
  return entries.filter((e) => e.urn !== urn);
}

/** Recent: the opened standard first, at most RECENT_LIMIT. */
export function withRecent(entries: readonly ShelfEntry[], entry: ShelfEntry, limit = RECENT_LIMIT): ShelfEntry[] {
  const old = entries.find((e) => e.urn === entry.urn);
  return [old ? merge(old, entry) : clean(entry), ...entries.filter((e) => e.urn !== entry.urn)].slice(0, limit);
}

/** What a newer sighting knows better; a clause page knows less of the record than the catalogue, so blanks keep the old. */
function merge(old: ShelfEntry, newer: ShelfEntry): ShelfEntry {
  return clean({
    urn: old.urn,
    title: newer.title || old.title,
    reference: newer.reference ?? old.reference,
    status: newer.status ?? old.status,
  });
}

function clean(entry: ShelfEntry): ShelfEntry {
  const out: ShelfEntry = { urn: entry.urn, title: entry.title };
  if (entry.reference) out.reference = entry.reference;
  if (entry.status) out.status = entry.status;
  return out;
}

/** The state of a pinned standard's offline copy on this machine (not synced: the disk is this machine's). */
export interface CopyState {
  /** When the download last finished (ms since epoch). */
  at: number;
  bytes: number;
  clauses: number;
  stored: number;
  /** Every clause body is stored. */
  complete: boolean;
  /** A revalidation found bodies that changed since they were stored. */
  changed?: boolean;
}

export function readCopies(stored: unknown): Record<string, CopyState> {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  const copies: Record<string, CopyState> = {};
  for (const [urn, value] of Object.entries(stored as Record<string, unknown>)) {
    if (typeof value !== 'object' || value === null) continue;
    const v = value as Record<string, unknown>;
    const n = (x: unknown): number => (typeof x === 'number' && Number.isFinite(x) && x >= 0 ? x : 0);
    copies[urn] = { at: n(v.at), bytes: n(v.bytes), clauses: n(v.clauses), stored: n(v.stored), complete: v.complete === true, changed: v.changed === true };
  }
  return copies;
}
