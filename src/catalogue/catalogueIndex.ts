/**
 * The whole catalogue in a compact, searchable form, for "Find Standard…": built by paging the service, kept on
 * disk, searched as the user types. Pure: no vscode.
 *
 * Search ranks like an expert reads a catalogue. Text is split into tokens of letters or digits ("ISO/IEC
 * 27001:2022" → iso iec 27001 2022, "iso9001" → iso 9001), each query token matching the start of a token. Tiers:
 * the reference or number exactly, then a prefix of it, then all words in the reference, then the title starting
 * with the phrase, then containing it, then all words anywhere (the words of a phrase in order, each starting a
 * word). Within a tier: current before withdrawn, published before drafts, the base document before its
 * amendments (unless the query names one), newer before older, shorter title before longer. Title matches of
 * current records come before title matches of withdrawn ones.
 * The URN is not searched by words (every entry would match "iso"); a query starting with "urn:" matches URNs.
 *
 * Fast at 100 000 entries: tokens are numbered in sorted order, so the tokens a query token is a prefix of form one
 * range of numbers; each token lists its entries (in rank order), so the rarest query token gives the candidates.
 */
import { factsOf, recordStatus, type StandardFacts } from './standardFacts';
import type { StandardsPage } from '../service/types';

export interface IndexEntry {
  /** Position in the service's list order (the tree's order). */
  position: number;
  urn: string;
  reference?: string;
  title: string;
  /** The record's status text when the service sends one ("current", "withdrawn"…). */
  status?: string;
}

/** What is written to disk. */
export interface StoredIndex {
  version: 2;
  baseUrl: string;
  builtAt: number;
  /** [urn, reference, title, status] per position. */
  entries: Array<[string, string, string, string]>;
}

/** A search result: the entry and what the picker says about it. */
export interface SearchHit {
  entry: IndexEntry;
  facts: StandardFacts;
}

/**
 * Where a match ranks, best first. Matches on the reference are ranked by how well they match; matches on the
 * words of a title put current records before withdrawn ones whatever the tier ("robots safety" means the current
 * robot safety standard, not a withdrawn one whose title happens to read "robots - Safety").
 */
enum Bucket {
  ReferenceExact,
  ReferencePrefix,
  ReferenceWords,
  TitleStarts,
  TitleContains,
  Anywhere,
  WithdrawnTitleStarts,
  WithdrawnTitleContains,
  WithdrawnAnywhere,
}
const BUCKETS = 9;
const SUPPLEMENT_WORDS = new Set(['amd', 'amendment', 'cor', 'corrigendum', 'frag', 'fragment']);
const MAX_QUERY_TOKENS = 12;

/** Per-entry token data in flat arrays (CSR): entry i owns ids[start[i] .. start[i + 1]). */
interface Tokens {
  ids: Int32Array;
  start: Int32Array;
}

/** For each token id, the ranks of the entries holding it, ascending: ranks[start[t] .. start[t + 1]). */
class Postings {
  private readonly ranks: Int32Array;
  private readonly start: Int32Array;

  /** `idsOf(i)` lists the token ids of entry i (repeats allowed); entries are visited in rank order. */
  constructor(vocabularySize: number, byRank: Int32Array, idsOf: (i: number, visit: (id: number) => void) => void) {
    const counts = new Int32Array(vocabularySize + 1);
    const last = new Int32Array(vocabularySize).fill(-1);
    const each = (r: number, visit: (id: number) => void): void =>
      idsOf(byRank[r], (id) => {
        if (last[id] !== r) {
          last[id] = r;
          visit(id);
        }
      });
    for (let r = 0; r < byRank.length; r++) each(r, (id) => counts[id + 1]++);
    for (let t = 0; t < vocabularySize; t++) counts[t + 1] += counts[t];
    this.start = counts;
    this.ranks = new Int32Array(counts[vocabularySize]);
    const fill = counts.slice(0, vocabularySize);
    last.fill(-1);
    for (let r = 0; r < byRank.length; r++) each(r, (id) => (this.ranks[fill[id]++] = r));
  }

  count([lo, hi]: Range): number {
    return this.start[hi] - this.start[lo];
  }

  /** Ascending, distinct ranks of the entries holding a token with an id in the range. */
  of([lo, hi]: Range, entries: number): Int32Array {
    const from = this.start[lo];
    const to = this.start[hi];
    if (hi - lo <= 1) return this.ranks.subarray(from, to);
    const marks = new Uint8Array(entries);
    for (let k = from; k < to; k++) marks[this.ranks[k]] = 1;
    const ranks = new Int32Array(to - from);
    let n = 0;
    for (let r = 0; r < entries; r++) if (marks[r]) ranks[n++] = r;
    return ranks.subarray(0, n);
  }
}

/** Token ids `[lo, hi)`: the vocabulary tokens that start with a query token. */
type Range = [number, number];

/** One query, parsed once. */
interface Query {
  tokens: string[];
  ranges: Range[];
  /** Id of each token when it is a whole vocabulary token, else -1. */
  exact: number[];
}

export class CatalogueIndex {
  /** Entries in rank order (see `rankOrder`); `byRank[r]` is an index into `entries`. */
  private readonly byRank: Int32Array;
  private readonly facts: StandardFacts[];
  /** Sorted distinct tokens; a token's id is its place here. */
  private readonly vocabulary: string[];
  private readonly reference: Tokens;
  private readonly title: Tokens;
  /** Where the number starts and where its number block ("13818-7") ends, in reference tokens. */
  private readonly numberStart: Int16Array;
  private readonly numberEnd: Int16Array;
  /** Where each tier finds its candidates. */
  private readonly inReference: Postings;
  private readonly inTitle: Postings;
  private readonly anywhere: Postings;
  /** Tokens that end a designation ("9001" in "ISO 9001:2015", "7" in "13818-7"): what an exact match ends on. */
  private readonly designationEnd: Postings;

  constructor(
    readonly entries: readonly IndexEntry[],
    readonly builtAt: number,
  ) {
    this.facts = entries.map((e) => factsOf(e.urn, e.reference, e.status));
    this.byRank = rankOrder(entries, this.facts);
    // Tokens are numbered as first seen, then renumbered in sorted order; no per-entry arrays (100 000 entries).
    const seen = new Map<string, number>();
    const firstSeen: string[] = [];
    const idOf = (token: string): number => {
      let id = seen.get(token);
      if (id === undefined) {
        id = firstSeen.length;
        seen.set(token, id);
        firstSeen.push(token);
      }
      return id;
    };
    const reference = new TokenBuilder(entries.length);
    const title = new TokenBuilder(entries.length);
    this.numberStart = new Int16Array(entries.length);
    this.numberEnd = new Int16Array(entries.length);
    for (let i = 0; i < entries.length; i++) {
      const { numberStart, numberEnd } = scanReference(entries[i].reference ?? '', (token) => reference.add(idOf(token)));
      this.numberStart[i] = numberStart;
      this.numberEnd[i] = numberEnd;
      reference.endEntry();
      scanTokens(entries[i].title.slice(0, 1000), (token) => title.add(idOf(token)));
      title.endEntry();
    }
    this.vocabulary = firstSeen.slice().sort(compareStrings);
    const sortedId = new Int32Array(firstSeen.length);
    this.vocabulary.forEach((token, id) => (sortedId[seen.get(token) ?? 0] = id));
    this.reference = reference.build(sortedId);
    this.title = title.build(sortedId);

    const size = this.vocabulary.length;
    const each = (list: Tokens) => (i: number, visit: (id: number) => void) => {
      for (let k = list.start[i]; k < list.start[i + 1]; k++) visit(list.ids[k]);
    };
    this.inReference = new Postings(size, this.byRank, each(this.reference));
    this.inTitle = new Postings(size, this.byRank, each(this.title));
    this.anywhere = new Postings(size, this.byRank, (i, visit) => {
      each(this.reference)(i, visit);
      each(this.title)(i, visit);
    });
    this.designationEnd = new Postings(size, this.byRank, (i, visit) => {
      const start = this.reference.start[i];
      const length = this.reference.start[i + 1] - start;
      const end = this.numberEnd[i];
      if (end > 0) visit(this.reference.ids[start + end - 1]);
      if (length > 0) visit(this.reference.ids[start + length - 1]);
      if (end < length) visit(this.reference.ids[start + end]);
    });
  }

  get size(): number {
    return this.entries.length;
  }

  /** What the index knows about an entry's status, supplement and year. */
  factsAt(position: number): StandardFacts | undefined {
    return this.facts[position];
  }

  /** The best records first, at most `limit`. */
  search(query: string, limit = 200): IndexEntry[] {
    return this.searchHits(query, limit).map((h) => h.entry);
  }

  /** Like `search`, with each entry's facts. */
  searchHits(query: string, limit = 200): SearchHit[] {
    const trimmed = query.trim();
    let ranked: number[];
    if (!trimmed) ranked = Array.from(this.byRank.subarray(0, limit));
    else if (/^urn:/i.test(trimmed)) ranked = this.searchUrn(trimmed.toLowerCase(), limit);
    else ranked = this.searchWords(tokenize(trimmed.slice(0, 500)).slice(0, MAX_QUERY_TOKENS), limit);
    return ranked.map((i) => ({ entry: this.entries[i], facts: this.facts[i] }));
  }

  /** The record of `urn` a user most likely means when only the URN is known: the best ranked one. */
  bestForUrn(urn: string): IndexEntry | undefined {
    for (let r = 0; r < this.byRank.length; r++) {
      const entry = this.entries[this.byRank[r]];
      if (entry.urn === urn) return entry;
    }
    return undefined;
  }

  toStored(baseUrl: string): StoredIndex {
    return { version: 2, baseUrl, builtAt: this.builtAt, entries: this.entries.map((e) => [e.urn, e.reference ?? '', e.title, e.status ?? '']) };
  }

  /** Reads what `toStored` wrote; undefined when it is not for `baseUrl`, of an older version or not readable. */
  static fromStored(value: unknown, baseUrl: string): CatalogueIndex | undefined {
    const stored = value as Partial<StoredIndex> | undefined;
    if (!stored || stored.version !== 2 || stored.baseUrl !== baseUrl || !Array.isArray(stored.entries) || typeof stored.builtAt !== 'number') return undefined;
    const entries: IndexEntry[] = [];
    for (const row of stored.entries) {
      if (!Array.isArray(row) || typeof row[0] !== 'string') return undefined;
      const entry: IndexEntry = { position: entries.length, urn: row[0], reference: row[1] || undefined, title: String(row[2] ?? '') };
      if (typeof row[3] === 'string' && row[3]) entry.status = row[3];
      entries.push(entry);
    }
    return new CatalogueIndex(entries, stored.builtAt);
  }

  private searchUrn(prefix: string, limit: number): number[] {
    const exact: number[] = [];
    const starts: number[] = [];
    for (let r = 0; r < this.byRank.length && exact.length < limit; r++) {
      const i = this.byRank[r];
      const urn = this.entries[i].urn.toLowerCase();
      if (urn === prefix) exact.push(i);
      else if (starts.length < limit && urn.startsWith(prefix)) starts.push(i);
    }
    return [...exact, ...starts].slice(0, limit);
  }

  /**
   * Fills the tiers in order, each from the entries that can be in it, in rank order, and stops as soon as the
   * better tiers hold `limit` entries: a later entry of a tier can only rank below the ones already found.
   */
  private searchWords(tokens: string[], limit: number): number[] {
    if (tokens.length === 0) return [];
    const ranges = tokens.map((t) => this.prefixRange(t));
    if (ranges.some(([lo, hi]) => lo >= hi)) return [];
    const query: Query = {
      tokens,
      ranges,
      exact: tokens.map((t, k) => (this.vocabulary[ranges[k][0]] === t ? ranges[k][0] : -1)),
    };
    const n = this.entries.length;
    // Each bucket in two halves: asked for an amendment or a corrigendum ("IEC 62304 amd"), supplements come
    // first in their bucket; otherwise the second half stays empty.
    const namesSupplement = tokens.some((t) => SUPPLEMENT_WORDS.has(t));
    const halves: number[][] = Array.from({ length: BUCKETS * 2 }, () => []);
    const placed = new Uint8Array(n);
    // How many entries rank at or above `bucket`; once that reaches `limit`, a later entry of it cannot get in.
    const better = (bucket: Bucket): number => halves.slice(0, bucket * 2 + 1).reduce((sum, b) => sum + b.length, 0);
    const place = (i: number, bucket: Bucket): void => {
      placed[i] = 1;
      const half = halves[bucket * 2 + (namesSupplement && !this.facts[i].supplement ? 1 : 0)];
      if (half.length < limit) half.push(i);
    };
    const titleBucket = (i: number, bucket: Bucket): Bucket => (this.facts[i].current ? bucket : bucket + 3);

    // Exact: the last token ends a designation.
    const last = query.exact[tokens.length - 1];
    if (last >= 0) {
      for (const r of this.designationEnd.of([last, last + 1], n)) {
        const i = this.byRank[r];
        if (this.referenceBucket(i, query) === Bucket.ReferenceExact) place(i, Bucket.ReferenceExact);
      }
    }
    // Prefix of the reference, or all words in it: from the reference postings of the rarest token.
    for (const r of this.inReference.of(this.rarest(this.inReference, ranges), n)) {
      if (better(Bucket.ReferencePrefix) >= limit) break;
      const i = this.byRank[r];
      if (placed[i]) continue;
      const bucket = this.referenceBucket(i, query);
      if (bucket !== undefined) place(i, bucket);
    }
    // The title starting with the phrase, or holding it: the phrase's first word starts a title word.
    if (better(Bucket.ReferenceWords) < limit) {
      for (const r of this.inTitle.of(ranges[0], n)) {
        if (better(Bucket.TitleStarts) >= limit) break;
        const i = this.byRank[r];
        if (placed[i]) continue;
        const at = this.phraseInTitle(i, ranges);
        if (at === 0) place(i, titleBucket(i, Bucket.TitleStarts));
        else if (at > 0) place(i, titleBucket(i, Bucket.TitleContains));
      }
    }
    // Every word somewhere in the reference or the title.
    if (better(Bucket.Anywhere) < limit) {
      for (const r of this.anywhere.of(this.rarest(this.anywhere, ranges), n)) {
        if (better(Bucket.Anywhere) >= limit) break;
        const i = this.byRank[r];
        if (!placed[i] && ranges.every((range) => this.holds(this.reference, i, range) || this.holds(this.title, i, range))) place(i, titleBucket(i, Bucket.Anywhere));
      }
    }

    return halves.flat().slice(0, limit);
  }

  /** The range among `ranges` with the fewest postings. */
  private rarest(postings: Postings, ranges: Range[]): Range {
    return ranges.reduce((best, range) => (postings.count(range) < postings.count(best) ? range : best));
  }

  /** Exact, prefix or all words in the reference; undefined when not all query tokens are in the reference. */
  private referenceBucket(i: number, query: Query): Bucket | undefined {
    const { tokens, ranges, exact } = query;
    const start = this.reference.start[i];
    const length = this.reference.start[i + 1] - start;
    const numberEnd = this.numberEnd[i];
    const idAt = (k: number): number => this.reference.ids[start + k];
    let best: Bucket | undefined;
    // From the reference's start, from any publisher word or from its number: "ISO 9001", "9001", and "ISO 13485"
    // for "EN ISO 13485:2016".
    for (let from = 0; from <= this.numberStart[i]; from++) {
      if (tokens.length > length - from) break;
      let prefix = true;
      for (let k = 0; k < tokens.length && prefix; k++) {
        const id = idAt(from + k);
        prefix = k < tokens.length - 1 ? id === exact[k] : id >= ranges[k][0] && id < ranges[k][1];
      }
      if (!prefix) continue;
      const end = from + tokens.length;
      // Exact: the whole designation ("ISO 9001", "13818-7"), with or without its year, or the whole reference.
      const whole = exact[tokens.length - 1] === idAt(end - 1);
      if (whole && (end === numberEnd || end === length || (end === numberEnd + 1 && isYear(this.vocabulary[idAt(end - 1)])))) return Bucket.ReferenceExact;
      best = Bucket.ReferencePrefix;
    }
    if (best !== undefined) return best;
    return ranges.every((range) => this.holds(this.reference, i, range)) ? Bucket.ReferenceWords : undefined;
  }

  /**
   * Where the query's words stand one after the other in the title, each starting a title word ("robot safety" in
   * "Robots - Safety requirements"): the title word it starts at, or -1.
   */
  private phraseInTitle(i: number, ranges: Range[]): number {
    const start = this.title.start[i];
    const length = this.title.start[i + 1] - start;
    for (let at = 0; at + ranges.length <= length; at++) {
      let k = 0;
      while (k < ranges.length) {
        const id = this.title.ids[start + at + k];
        if (id < ranges[k][0] || id >= ranges[k][1]) break;
        k++;
      }
      if (k === ranges.length) return at;
    }
    return -1;
  }

  /** True when entry `i` has a token whose id is in `[lo, hi)` in `list`. */
  private holds(list: Tokens, i: number, [lo, hi]: Range): boolean {
    for (let k = list.start[i]; k < list.start[i + 1]; k++) {
      const id = list.ids[k];
      if (id >= lo && id < hi) return true;
    }
    return false;
  }

  /** The ids of the vocabulary tokens starting with `prefix`: one range, since ids follow sorted order. */
  private prefixRange(prefix: string): Range {
    return [lowerBound(this.vocabulary, prefix), lowerBound(this.vocabulary, `${prefix}\uffff`)];
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
    for (const s of page.items) {
      const entry: IndexEntry = { position: entries.length, urn: s.urn, reference: s.reference, title: s.title };
      const status = recordStatus(s);
      if (status) entry.status = status;
      entries.push(entry);
    }
    offset += page.items.length;
    options.onProgress?.({ loaded: entries.length, total: page.total });
    if (!page.hasMore || page.items.length === 0) break;
  }
  return new CatalogueIndex(entries, Date.now());
}

/** Lower case, accents off, tokens of letters or of digits: "ISO/IEC 27001-1:2022" → iso iec 27001 1 2022. */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  scanTokens(text, (token) => tokens.push(token));
  return tokens;
}

/** Token ids per entry, appended as entries are scanned. */
class TokenBuilder {
  private ids = new Int32Array(1024);
  private length = 0;
  private readonly start: Int32Array;
  private entry = 0;

  constructor(entries: number) {
    this.start = new Int32Array(entries + 1);
  }

  add(id: number): void {
    if (this.length === this.ids.length) {
      const grown = new Int32Array(this.ids.length * 2);
      grown.set(this.ids);
      this.ids = grown;
    }
    this.ids[this.length++] = id;
  }

  endEntry(): void {
    this.start[++this.entry] = this.length;
  }

  /** The tokens with their ids renumbered by `sortedId`. */
  build(sortedId: Int32Array): Tokens {
    const ids = this.ids.slice(0, this.length);
    for (let k = 0; k < ids.length; k++) ids[k] = sortedId[ids[k]];
    return { ids, start: this.start };
  }
}

/** Calls `visit` with each token of letters or of digits, lower case, accents off; returns nothing else. */
function scanTokens(text: string, visit: (token: string) => void): void {
  scan(normalise(text), visit);
}

/**
 * Like `scanTokens` for a reference, and says where its number starts (the first digit token; 0 when none) and
 * where its number block ("13818-7", "60601-1-11") ends: before ":year", "/Amd", " CSV" or any word.
 */
function scanReference(reference: string, visit: (token: string) => void): { numberStart: number; numberEnd: number } {
  let count = 0;
  let numberStart = -1;
  let numberEnd = -1;
  scan(normalise(reference.slice(0, 300)), (token, before) => {
    const digits = token.charCodeAt(0) <= 57;
    if (numberStart < 0 && digits) numberStart = count;
    else if (numberStart >= 0 && numberEnd < 0 && (!digits || (before !== '-' && before !== '.'))) numberEnd = count;
    count++;
    visit(token);
  });
  if (numberStart < 0) return { numberStart: 0, numberEnd: count };
  return { numberStart, numberEnd: numberEnd < 0 ? count : numberEnd };
}

/** Runs of a–z or of 0–9 in normalised text, with the character before each run. */
function scan(text: string, visit: (token: string, before: string) => void): void {
  let from = -1;
  let digits = false;
  for (let k = 0; k <= text.length; k++) {
    const c = k < text.length ? text.charCodeAt(k) : 0;
    const isDigit = c >= 48 && c <= 57;
    const isLetter = c >= 97 && c <= 122;
    if (from >= 0 && (!(isDigit || isLetter) || isDigit !== digits)) {
      visit(text.slice(from, k), from > 0 ? text[from - 1] : '');
      from = -1;
    }
    if (from < 0 && (isDigit || isLetter)) {
      from = k;
      digits = isDigit;
    }
  }
}

/**
 * Positions in rank order: current first, published before drafts, base documents before supplements, newer
 * first, shorter title first, then the service's order.
 */
function rankOrder(entries: readonly IndexEntry[], facts: readonly StandardFacts[]): Int32Array {
  // One number per entry, most significant first, the position in the low 21 bits: a native numeric sort.
  const keys = new Float64Array(entries.length);
  for (let i = 0; i < entries.length; i++) {
    const f = facts[i];
    const group = Number(!f.current) * 4 + Number(f.draft) * 2 + Number(!!f.supplement);
    const age = 4095 - Math.min(4095, f.year ?? 0);
    const length = Math.min(1023, entries[i].title.length);
    keys[i] = ((group * 4096 + age) * 1024 + length) * 2 ** 21 + i;
  }
  keys.sort();
  return Int32Array.from(keys, (key) => key % 2 ** 21);
}

function normalise(text: string): string {
  const lower = text.toLowerCase();
  // Accents and ligatures off ("Exécution" → "execution"); text without such letters (most) skips this.
  return /[\u00c0-\u024f\u1e00-\u1eff\ufb00-\ufb06]/.test(lower) ? lower.normalize('NFKD').replace(/[\u0300-\u036f]/g, '') : lower;
}

function isYear(token: string): boolean {
  return /^(19|20)\d\d$/.test(token);
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function lowerBound(sorted: readonly string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
