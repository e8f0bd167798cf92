/**
 * The whole catalogue in a compact, searchable form, for "Find Standard…": built by paging the service, kept on
 * disk, searched as the user types. Pure: no vscode.
 */
import type { Standard, StandardsPage } from '../service/types';

export interface IndexEntry {
  /** Position in the service's list order (the tree's order). */
  position: number;
  urn: string;
  reference?: string;
  title: string;
}

/** What is written to disk. */
export interface StoredIndex {
  version: 1;
  baseUrl: string;
  builtAt: number;
  /** [urn, reference, title] per position. */
  entries: Array<[string, string, string]>;
}

export class CatalogueIndex {
  private readonly haystacks: string[];

  constructor(
    readonly entries: readonly IndexEntry[],
    readonly builtAt: number,
  ) {
    this.haystacks = entries.map((e) => normalise(`${e.reference ?? ''} ${e.title} ${e.urn}`));
  }

  get size(): number {
    return this.entries.length;
  }

  /**
   * Entries matching every word of `query` (case- and accent-insensitive), best first: the reference or number
   * starting with the query, then matches in the reference, then matches in the title or URN. At most `limit`.
   */
  search(query: string, limit = 200): IndexEntry[] {
    const words = normalise(query).split(/\s+/).filter(Boolean);
    if (words.length === 0) return this.entries.slice(0, limit);
    const whole = normalise(query).trim();
    const ranked: Array<{ entry: IndexEntry; score: number }> = [];
    for (let i = 0; i < this.entries.length; i++) {
      const haystack = this.haystacks[i];
      if (!words.every((w) => haystack.includes(w))) continue;
      const entry = this.entries[i];
      const reference = normalise(entry.reference ?? '');
      let score = 3;
      if (reference === whole || reference.startsWith(`${whole}:`)) score = 0;
      else if (reference.startsWith(whole) || numberOf(reference).startsWith(whole)) score = 1;
      else if (words.every((w) => reference.includes(w))) score = 2;
      ranked.push({ entry, score });
    }
    ranked.sort((a, b) => a.score - b.score || a.entry.position - b.entry.position);
    return ranked.slice(0, limit).map((r) => r.entry);
  }

  toStored(baseUrl: string): StoredIndex {
    return { version: 1, baseUrl, builtAt: this.builtAt, entries: this.entries.map((e) => [e.urn, e.reference ?? '', e.title]) };
  }

  /** Reads what `toStored` wrote; undefined when it is not for `baseUrl` or not readable. */
  static fromStored(value: unknown, baseUrl: string): CatalogueIndex | undefined {
    const stored = value as Partial<StoredIndex> | undefined;
    if (!stored || stored.version !== 1 || stored.baseUrl !== baseUrl || !Array.isArray(stored.entries) || typeof stored.builtAt !== 'number') return undefined;
    const entries: IndexEntry[] = [];
    for (const row of stored.entries) {
      if (!Array.isArray(row) || typeof row[0] !== 'string') return undefined;
      entries.push({ position: entries.length, urn: row[0], reference: row[1] || undefined, title: String(row[2] ?? '') });
    }
    return new CatalogueIndex(entries, stored.builtAt);
  }
}

export interface BuildProgress {
  loaded: number;
  total?: number;
}

/**
 * Pages through the whole catalogue. `pageSize` is what we ask for; the offset moves by what came back, so a
 * server that clamps the page size is still read to the end. Bounded so a server that never ends cannot loop us.
 */
export async function buildCatalogueIndex(
  listPage: (page: { limit: number; offset: number }, signal?: AbortSignal) => Promise<StandardsPage>,
  options: { pageSize: number; signal?: AbortSignal; onProgress?: (progress: BuildProgress) => void; maxEntries?: number },
): Promise<CatalogueIndex> {
  const entries: IndexEntry[] = [];
  const maxEntries = options.maxEntries ?? 1_000_000;
  for (let offset = 0; entries.length < maxEntries; ) {
    const page = await listPage({ limit: options.pageSize, offset }, options.signal);
    page.items.forEach((s: Standard) => entries.push({ position: entries.length, urn: s.urn, reference: s.reference, title: s.title }));
    offset += page.items.length;
    options.onProgress?.({ loaded: entries.length, total: page.total });
    if (!page.hasMore || page.items.length === 0) break;
  }
  return new CatalogueIndex(entries, Date.now());
}

function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** "iso/iec 27001-1:2022" → "27001-1:2022": the number part of a reference. */
function numberOf(reference: string): string {
  const match = /\d.*$/.exec(reference);
  return match ? match[0] : '';
}
