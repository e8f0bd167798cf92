/**
 * The whole catalogue in a compact, searchable form, for "Find Standard…": built by paging the service (see
 * buildIndex.ts), kept on disk, searched as the user types — also while it is still being built. Pure: no vscode.
 *
 * Search ranks like an expert reads a catalogue. Text is split into tokens of letters or digits ("ISO/IEC
 * 27001:2022" → iso iec 27001 2022, "iso9001" → iso 9001), each query token matching the start of a token. Tiers:
 * the reference or number exactly, then a prefix of it, then all words in the reference, then the title starting
 * with the phrase, then containing it, then all words anywhere (the words of a phrase in order, each starting a
 * word). Title matches of current records come before title matches of withdrawn ones.
 *
 * Within a tier, a query holding a number ("27001", "ISO 9001:2015", "IEC 62304 amd") ranks by rank key: current
 * before withdrawn, published before drafts, the base document before its amendments (unless the query names one),
 * the document before its companions (handbook, technical report, redline, commented, extended or series package),
 * the undivided document before its parts in part order, newer before older, shorter title before longer — what
 * the citation resolver relies on. A query whose one number ends it ("8601", "ISO 7498") means the number's parts
 * as much as the number (exact matches both), so the current parts that replaced a withdrawn undivided edition
 * come first, unless the query names a year; a query's publisher word may be the first of a joint publisher ("ISO
 * 7498" finds ISO/IEC 7498-1).
 *
 * A query of words only is a topic ("quality management", "functional safety"): it means the core requirements
 * standard of a family, not a part, a handbook or an amendment. Its words are cut to what singular and plural
 * share ("laboratories" finds "laboratory"); a reference holding them all ranks with matches anywhere; and within a
 * title tier, records rank by the catalogue's own signals (topicRank.ts): what the record is (current, published,
 * a document not a supplement, not a redline or package), its deliverable type (standard, specification, report),
 * its place in its family (no parts, Part 1, other parts), a title ending in "Requirements", and how many records
 * of the whole catalogue refer to its number (its editions, parts and supplements, and the titles citing it). The
 * record's own signals order each segment's title postings; the references to its number, counted over every
 * segment, re-rank the best `TOPIC_CANDIDATES` found.
 * The URN is not searched by words (every entry would match "iso"); a query starting with "urn:" matches URNs.
 *
 * The index is a list of segments of a few thousand entries each (indexSegment.ts): one is built in tens of
 * milliseconds as pages arrive, each is searched on its own and the best of all are merged.
 */
import { decodeIndexFile, decodeIndexFileInSlices, encodeIndexFile, encodeIndexFileInSlices, type IndexFileContent } from './indexFile';
import { IndexSegment, TITLE_ORDER, type IndexEntry, type IndexQuery, type SearchOptions, type SegmentHit } from './indexSegment';
import { PackedEntries, sameRecord, type EntryList } from './packedEntries';
import { ArrivedEntries } from './arrivedEntries';
import { topicGroup, topicScore, type SegmentArrays } from './segmentArrays';
import { PackedSegmentEntries } from './segmentEntries';
import { TimeSlicer } from '../service/timeSlicer';
import { yieldNow } from '../service/yieldNow';
import type { StandardFacts } from './standardFacts';
import { stem, tokenize } from './tokens';
import { numberWeight } from './topicRank';

export type { IndexEntry } from './indexSegment';
export { entryOf, type EntryList } from './packedEntries';
export { tokenize } from './tokens';

/** A search result: the entry and what the picker says about it. */
export interface SearchHit {
  entry: IndexEntry;
  facts: StandardFacts;
}

/** Entries a segment holds; small enough to build in tens of milliseconds. */
export const SEGMENT_SIZE = 4000;
/**
 * Entries of a segment the worker did not prepare that this thread prepares at once, giving the event loop back
 * between pieces: a whole segment held the extension host 30–100 ms at the end of a build of 300 000.
 */
export const HERE_PIECE = 500;
/** Pieces one stepped snapshot makes at most: twice a segment's worth. */
const MAX_SNAPSHOT_PIECES = (2 * SEGMENT_SIZE) / HERE_PIECE;
const SUPPLEMENT_WORDS = new Set(['amd', 'amendment', 'cor', 'corrigendum', 'frag', 'fragment']);
const MAX_QUERY_TOKENS = 12;
/** How many hits of a topic query are re-ranked by the references to their numbers, whatever the limit asked. */
export const TOPIC_CANDIDATES = 64;
/** Numbers whose weight is remembered, per index: the numbers of what a session's queries find. */
const MAX_NUMBER_WEIGHTS = 20_000;

export class CatalogueIndex {
  /** By position; while a build is under way, positions not yet arrived are missing. Packed once finished. */
  readonly entries: EntryList;
  /** What the catalogue's references to a number add to a topic hit's score (topicRank.ts), by number. */
  private readonly numberWeights = new Map<string, number>();

  constructor(
    private readonly segments: readonly IndexSegment[],
    entries: EntryList,
    readonly builtAt: number,
    /** False while pages are still arriving. */
    readonly complete = true,
    /** How many standards the service says it has, when it says. */
    readonly expected?: number,
  ) {
    this.entries = entries;
  }

  /** An index of `entries` (positions 0…n-1), built at once: for tests and benches. */
  static of(entries: readonly IndexEntry[], builtAt = Date.now()): CatalogueIndex {
    const segments: IndexSegment[] = [];
    for (let from = 0; from < entries.length; from += SEGMENT_SIZE) segments.push(IndexSegment.build(entries.slice(from, from + SEGMENT_SIZE)));
    return new CatalogueIndex(segments, entries, builtAt);
  }

  /** How many entries are searchable. */
  get size(): number {
    return this.segments.reduce((sum, s) => sum + s.entries.length, 0);
  }

  /** The best records first, at most `limit`. */
  search(query: string, limit = 200, options: SearchOptions = {}): IndexEntry[] {
    return this.searchHits(query, limit, options).map((h) => h.entry);
  }

  /** Like `search`, with each entry's facts. */
  searchHits(query: string, limit = 200, options: SearchOptions = {}): SearchHit[] {
    const parsed = parseQuery(query, options);
    const topic = parsed.kind === 'words' && parsed.topic;
    // A topic query finds at least TOPIC_CANDIDATES, so that its first hits do not depend on the limit asked.
    const wanted = topic ? Math.max(limit, TOPIC_CANDIDATES) : limit;
    let best: SegmentHit[] = [];
    for (const segment of this.segments) {
      const worst = best.length === wanted ? best[wanted - 1] : undefined;
      best = mergeBest([best, segment.search(parsed, wanted, worst)], wanted);
    }
    if (topic) best = this.rerank(best);
    return best.slice(0, limit).map(({ segment, index }) => ({ entry: segment.entries.entry(index), facts: segment.factsOf(index) }));
  }

  /**
   * A topic query's hits, each title tier re-ranked by group, then score plus the weight of the references to the
   * record's number over the whole catalogue, then topic key; the reference tiers as they are.
   */
  private rerank(hits: SegmentHit[]): SegmentHit[] {
    const ranked = hits.map((hit) => {
      if (hit.order < TITLE_ORDER) return { hit, group: 0, score: 0 };
      const number = hit.segment.numberOf(hit.index);
      const score = topicScore(hit.key) + (number === undefined ? 0 : this.numberWeight(number));
      return { hit, group: topicGroup(hit.key), score };
    });
    ranked.sort((a, b) => a.hit.order - b.hit.order || a.group - b.group || b.score - a.score || a.hit.key - b.hit.key);
    return ranked.map((r) => r.hit);
  }

  /** How much the records of `number`, and the titles citing it, weigh (topicRank.ts), over every segment. */
  private numberWeight(number: string): number {
    let weight = this.numberWeights.get(number);
    if (weight === undefined) {
      let records = 0;
      let citing = 0;
      for (const segment of this.segments) {
        const counts = segment.numberCounts(number);
        records += counts.records;
        citing += counts.citing;
      }
      weight = numberWeight(number, records, citing);
      if (this.numberWeights.size >= MAX_NUMBER_WEIGHTS) this.numberWeights.clear();
      this.numberWeights.set(number, weight);
    }
    return weight;
  }

  /** The record of `urn` a user most likely means when only the URN is known: the best ranked one. */
  bestForUrn(urn: string): IndexEntry | undefined {
    let best: { entry: IndexEntry; key: number } | undefined;
    for (const segment of this.segments) {
      const found = segment.bestForUrn(urn);
      if (found && (!best || found.key < best.key)) best = found;
    }
    return best?.entry;
  }

  /** The index as the bytes of its file (indexFile.ts). */
  toFile(baseUrl: string): Uint8Array {
    return encodeIndexFile(this.fileContent(baseUrl));
  }

  /** `toFile`, awaiting `due` between its steps of a few milliseconds: for a thread that must not be held. */
  toFileInSlices(baseUrl: string, due: () => Promise<void>): Promise<Uint8Array> {
    return encodeIndexFileInSlices(this.fileContent(baseUrl), due);
  }

  private fileContent(baseUrl: string): IndexFileContent {
    const packed = this.packed();
    return { baseUrl, builtAt: this.builtAt, entries: packed.entries as PackedEntries, segments: packed.segmentArrays() };
  }

  /** Each segment's arrays and the positions of its entries: what the file holds, and what the catalogue is organised by. */
  segmentArrays(): Array<{ positions: Int32Array; arrays: SegmentArrays }> {
    return this.segments.map((s) => ({ positions: s.entries.allPositions(), arrays: s.arrays }));
  }

  /**
   * This index with its entries packed (packedEntries.ts) and its segments reading them: what a finished build keeps.
   * Every position must hold an entry.
   */
  packed(entries = this.entries instanceof PackedEntries ? this.entries : PackedEntries.pack(this.entries)): CatalogueIndex {
    if (this.entries === entries) return this;
    const segments = this.segments.map((s) => new IndexSegment(new PackedSegmentEntries(entries, s.entries.allPositions()), s.arrays));
    return new CatalogueIndex(segments, entries, this.builtAt, this.complete, this.expected);
  }

  /**
   * Reads what `toFile` wrote, without computing anything again; undefined when it is not for `baseUrl`, of another
   * format, or does not fit together (the index is then built anew).
   */
  static fromFile(bytes: Uint8Array, baseUrl: string): CatalogueIndex | undefined {
    return CatalogueIndex.ofContent(decodeIndexFile(bytes), baseUrl);
  }

  /** `fromFile`, awaiting `due` between its steps of a few milliseconds: for a thread that must not be held. */
  static async fromFileInSlices(bytes: Uint8Array, baseUrl: string, due: () => Promise<void>): Promise<CatalogueIndex | undefined> {
    return CatalogueIndex.ofContent(await decodeIndexFileInSlices(bytes, due), baseUrl);
  }

  private static ofContent(content: IndexFileContent | undefined, baseUrl: string): CatalogueIndex | undefined {
    if (!content || content.baseUrl !== baseUrl) return undefined;
    const { entries } = content;
    const segments = content.segments.map(({ positions, arrays }) => new IndexSegment(new PackedSegmentEntries(entries, positions), arrays));
    return new CatalogueIndex(segments, entries, content.builtAt);
  }
}

/**
 * Collects entries as pages arrive, in any order, and turns every `SEGMENT_SIZE` of them into a segment, so that
 * a snapshot is searchable at any time. A segment's arrays are prepared by `prepare` when set (a worker thread,
 * so the extension host's main thread stays free for the pages), else here. Kept across a cancelled or failed
 * build, it resumes where it stopped.
 */
export class IndexBuilder {
  /** Every entry that has arrived, by position: the objects until packed (arrivedEntries.ts). */
  private readonly entries = new ArrivedEntries();
  private readonly segments: IndexSegment[] = [];
  private pending: IndexEntry[] = [];
  /** Sealed entries whose segment is being prepared; the snapshot's tail searches them meanwhile. */
  private readonly preparing = new Set<IndexEntry[]>();
  private readonly jobs = new Set<Promise<void>>();
  /** The last snapshot's tail segment, kept until more entries arrive or a segment is added. */
  private tail: { arrived: number; segments: number; segment: IndexSegment | undefined } | undefined;
  /**
   * The pending entries' full pieces made for a stepped snapshot: they hold while `pending` only grows. Once sealed,
   * the worker prepares those entries again, as one segment (pieces of 500 would slow every search of the index).
   */
  private pendingPieces: { of: IndexEntry[]; segments: IndexSegment[] } | undefined;
  private arrived = 0;
  private readonly slicer = new TimeSlicer();
  /** Segments being prepared on this thread, one chunk after another (see `preparedHere`). */
  private here: Promise<unknown> = Promise.resolve();
  /** Entries sealed into segments (prepared or being prepared). */
  private sealed = 0;
  /** Offsets of the pages already added. */
  readonly pages = new Set<number>();
  expected: number | undefined;
  /** Prepares a segment's arrays elsewhere; when it fails, they are prepared here. */
  prepare: ((entries: readonly IndexEntry[]) => Promise<SegmentArrays>) | undefined;
  /**
   * Called by `finish`: the last job `prepare` has not started is to be rejected (so this thread prepares it), true
   * when there was one.
   */
  takeBack: (() => boolean) | undefined;

  get loaded(): number {
    return this.arrived;
  }

  /** Adds a page's entries (their positions set); seals full segments. */
  add(offset: number, entries: readonly IndexEntry[]): void {
    this.pages.add(offset);
    if (this.expected !== undefined) this.entries.expect(this.expected);
    for (const entry of entries) {
      if (!this.entries.add(entry)) continue;
      this.pending.push(entry);
      this.arrived++;
    }
    this.entries.pack(this.segments, this.expected);
    while (this.pending.length >= SEGMENT_SIZE) {
      this.seal(this.pending.slice(0, SEGMENT_SIZE));
      this.pending = this.pending.slice(SEGMENT_SIZE);
    }
    // Within the last segment's worth of a catalogue of known size, each page is sealed as it comes: the worker
    // gets small jobs, so little is left to prepare once the last page is in (the build's tail).
    if (this.pending.length && this.expected !== undefined && this.sealed + SEGMENT_SIZE > this.expected) {
      this.seal(this.pending);
      this.pending = [];
    }
  }

  /** What has arrived, searchable now (the entries not yet in a segment in a small one of their own). */
  snapshot(): CatalogueIndex {
    if (this.tail?.arrived !== this.arrived || this.tail.segments !== this.segments.length) {
      const loose = [...this.preparing, this.pending].flat();
      this.tail = { arrived: this.arrived, segments: this.segments.length, segment: loose.length ? IndexSegment.build(loose) : undefined };
    }
    const tail = this.tail.segment ? [this.tail.segment] : [];
    return new CatalogueIndex([...this.segments, ...tail], this.entries, Date.now(), false, this.expected);
  }

  /**
   * What the extension host searches while a build runs: the prepared segments and the entries not sealed yet, in
   * pieces of HERE_PIECE made once each (the last, partial one again each time) with the event loop given back
   * between them. The chunks in the worker's queue are searchable as soon as it has prepared them. A picker open during
   * a build asks four times a second; making every loose entry into a segment each time (`snapshot`) held the host
   * 50–260 ms at 300 000 and did the worker's work again.
   */
  async snapshotInSteps(): Promise<CatalogueIndex> {
    const slicer = new TimeSlicer();
    // Bounded, as pages keep arriving: past it, the pieces made so far (the next snapshot takes the rest).
    for (let made = 0; ; made++) {
      const pending = this.pending;
      if (this.pendingPieces?.of !== pending) this.pendingPieces = { of: pending, segments: [] };
      const pieces = this.pendingPieces.segments;
      const whole = (pieces.length + 1) * HERE_PIECE > pending.length;
      if (whole || made >= MAX_SNAPSHOT_PIECES) {
        // The last piece, partial, made again each time.
        const loose = whole && pending.length > pieces.length * HERE_PIECE ? [...pieces, pieceOf(pending, pieces.length)] : pieces;
        return new CatalogueIndex([...this.segments, ...loose], this.entries, Date.now(), false, this.expected);
      }
      pieces.push(pieceOf(pending, pieces.length));
      // Entries that arrive meanwhile are taken too; a seal meanwhile starts the pieces again from its new pending.
      await slicer.due();
    }
  }

  /** The finished index: every entry, in segments, once every segment is prepared. */
  async finish(): Promise<CatalogueIndex> {
    if (this.pending.length) this.seal(this.pending);
    this.pending = [];
    // This thread prepares segments from the back of the worker's queue, one at a time: between them, the worker's
    // answers get in and it goes on from the front.
    while (this.takeBack?.()) {
      await yieldNow();
      await this.here;
    }
    while (this.jobs.size) await Promise.all(this.jobs);
    // Positions are dense once every page has arrived: all of them packed. A server whose total shrank leaves holes,
    // closed here.
    this.entries.pack(this.segments, this.expected);
    const packed = await this.entries.done(() => this.slicer.due());
    // Every segment made anew over the finished copy: the packer's buffers, reserved ahead, go with the build.
    if (packed) return new CatalogueIndex(this.segments, this.entries, Date.now(), true, this.expected).packed(packed);
    const entries: IndexEntry[] = [];
    for (const entry of this.entries) if (entry) entries.push(entry.position === entries.length ? entry : { ...entry, position: entries.length });
    return CatalogueIndex.of(entries).packed();
  }

  /** Segments prepared: searchable now, and reading their entries packed as soon as they all are. */
  private keep(segments: readonly IndexSegment[]): void {
    this.entries.track(segments);
    this.segments.push(...segments);
    this.entries.pack(this.segments, this.expected);
  }

  private seal(chunk: IndexEntry[]): void {
    this.sealed += chunk.length;
    const prepare = this.prepare;
    if (!prepare) {
      this.keep([IndexSegment.build(chunk)]);
      return;
    }
    this.preparing.add(chunk);
    const job: Promise<void> = prepare(chunk)
      .then(
        (arrays) => [new IndexSegment(chunk, arrays)],
        // Taken back, or the worker stopped (a cancelled build) or could not run: prepared here instead.
        () => this.preparedHere(chunk),
      )
      .then((segments) => {
        this.keep(segments);
        this.preparing.delete(chunk);
        this.jobs.delete(job);
      });
    this.jobs.add(job);
  }

  /**
   * `chunk` prepared on this thread in segments of HERE_PIECE, the event loop given back between them, after any
   * chunk already being prepared here.
   */
  private preparedHere(chunk: IndexEntry[]): Promise<IndexSegment[]> {
    const prepared = this.here.then(async () => {
      const segments: IndexSegment[] = [];
      for (let k = 0; k * HERE_PIECE < chunk.length; k++) {
        if (k > 0) await yieldNow();
        segments.push(pieceOf(chunk, k));
      }
      return segments;
    });
    this.here = prepared.catch(() => undefined);
    return prepared;
  }
}

/** The segment of piece `k` of `entries`: HERE_PIECE of them (the last piece, what is left). */
function pieceOf(entries: readonly IndexEntry[], k: number): IndexSegment {
  return IndexSegment.build(entries.slice(k * HERE_PIECE, (k + 1) * HERE_PIECE));
}

/**
 * True when `hits` are `entries`, in the same order, field for field: a finished index makes its entries anew from
 * its packed texts, so the objects differ where the records do not.
 */
export function sameEntries(entries: readonly IndexEntry[], hits: readonly SearchHit[]): boolean {
  return entries.length === hits.length && hits.every(({ entry }, i) => sameRecord(entry, entries[i]));
}

/** The best `limit` of lists each already best first, by (order, key): a k-way merge, no sort of them all. */
function mergeBest(lists: SegmentHit[][], limit: number): SegmentHit[] {
  const heads = new Int32Array(lists.length);
  const merged: SegmentHit[] = [];
  while (merged.length < limit) {
    let best = -1;
    for (let l = 0; l < lists.length; l++) {
      const hit = lists[l][heads[l]];
      if (!hit) continue;
      const current = best < 0 ? undefined : lists[best][heads[best]];
      if (!current || hit.order < current.order || (hit.order === current.order && hit.key < current.key)) best = l;
    }
    if (best < 0) break;
    merged.push(lists[best][heads[best]++]);
  }
  return merged;
}

function parseQuery(query: string, options: SearchOptions): IndexQuery {
  const trimmed = query.trim();
  if (!trimmed) return { kind: 'all' };
  if (/^urn:/i.test(trimmed)) return { kind: 'urn', prefix: trimmed.toLowerCase() };
  const tokens = tokenize(trimmed.slice(0, 500)).slice(0, MAX_QUERY_TOKENS);
  const namesSupplement = tokens.some((t) => SUPPLEMENT_WORDS.has(t));
  // Tokens are runs of letters or of digits: a topic has no token starting with a digit.
  const topic = tokens.length > 0 && tokens.every((t) => t.charCodeAt(0) > 57);
  return { kind: 'words', tokens: topic ? tokens.map(stem) : tokens, namesSupplement, topic, referencesOnly: options.referencesOnly === true };
}
