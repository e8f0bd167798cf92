/**
 * One searchable part of the catalogue index: a few thousand entries, built in tens of milliseconds, so the index
 * grows while pages arrive without blocking the extension host. Tokens are numbered in sorted order, so the
 * tokens a query token is a prefix of form one range of numbers; each token lists its entries in rank order, so
 * the rarest query token gives the candidates and each tier stops as soon as it holds enough. Pure: no vscode.
 */
import { factsOf, type StandardFacts } from './standardFacts';
import { compareStrings, isYear, lowerBound, scanReference, scanTokens } from './tokens';

export interface IndexEntry {
  /** Position in the service's list order (the tree's order). */
  position: number;
  urn: string;
  reference?: string;
  title: string;
  /** The record's status text when the service sends one ("current", "withdrawn"…). */
  status?: string;
}

/**
 * Where a match ranks, best first. Matches on the reference are ranked by how well they match; matches on the
 * words of a title put current records before withdrawn ones whatever the tier ("robots safety" means the current
 * robot safety standard, not a withdrawn one whose title happens to read "robots - Safety").
 */
export enum Bucket {
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

/** A query, tokenised once for every segment. */
export type IndexQuery = { kind: 'all' } | { kind: 'urn'; prefix: string } | { kind: 'words'; tokens: string[]; namesSupplement: boolean };

/** A match of one segment: `order` ranks it against matches of other segments, then `key`. */
export interface SegmentHit {
  entry: IndexEntry;
  facts: StandardFacts;
  order: number;
  key: number;
}

/** The token data of a segment as stored on disk (typed arrays as base64), so reading it back skips tokenising. */
export interface StoredSegment {
  /** Positions of the segment's entries. */
  positions: string;
  vocabulary: string[];
  referenceIds: string;
  referenceStart: string;
  titleIds: string;
  titleStart: string;
  numberStart: string;
  numberEnd: string;
}

/** Per-entry token data in flat arrays (CSR): entry i owns ids[start[i] .. start[i + 1]). */
interface Tokens {
  ids: Int32Array;
  start: Int32Array;
}

interface TokenData {
  vocabulary: string[];
  reference: Tokens;
  title: Tokens;
  numberStart: Int16Array;
  numberEnd: Int16Array;
}

/** Token ids `[lo, hi)`: the vocabulary tokens that start with a query token. */
type Range = [number, number];

interface Words {
  tokens: string[];
  ranges: Range[];
  /** Id of each token when it is a whole vocabulary token, else -1. */
  exact: number[];
  namesSupplement: boolean;
}

export class IndexSegment {
  readonly facts: StandardFacts[];
  /** Rank key of each entry: lower ranks first across segments too (see `rankKey`). */
  private readonly keys: Float64Array;
  /** Entries in rank order: `byRank[r]` is an index into `entries`. */
  private readonly byRank: Int32Array;
  private readonly data: TokenData;
  /** Where each tier finds its candidates. */
  private readonly inReference: Postings;
  private readonly inTitle: Postings;
  private readonly anywhere: Postings;
  /** Tokens that end a designation ("9001" in "ISO 9001:2015", "7" in "13818-7"): what an exact match ends on. */
  private readonly designationEnd: Postings;

  private constructor(
    readonly entries: readonly IndexEntry[],
    data: TokenData | undefined,
  ) {
    this.facts = entries.map((e) => factsOf(e.urn, e.reference, e.status));
    this.keys = Float64Array.from(entries, (e, i) => rankKey(e, this.facts[i]));
    this.byRank = Int32Array.from(entries.keys()).sort((a, b) => this.keys[a] - this.keys[b]);
    this.data = data ?? tokenizeEntries(entries);
    const { reference, title, numberEnd } = this.data;
    const size = this.data.vocabulary.length;
    const each = (list: Tokens) => (i: number, visit: (id: number) => void) => {
      for (let k = list.start[i]; k < list.start[i + 1]; k++) visit(list.ids[k]);
    };
    this.inReference = new Postings(size, this.byRank, each(reference));
    this.inTitle = new Postings(size, this.byRank, each(title));
    this.anywhere = new Postings(size, this.byRank, (i, visit) => {
      each(reference)(i, visit);
      each(title)(i, visit);
    });
    this.designationEnd = new Postings(size, this.byRank, (i, visit) => {
      const start = reference.start[i];
      const length = reference.start[i + 1] - start;
      const end = numberEnd[i];
      if (end > 0) visit(reference.ids[start + end - 1]);
      if (length > 0) visit(reference.ids[start + length - 1]);
      if (end < length) visit(reference.ids[start + end]);
    });
  }

  static build(entries: readonly IndexEntry[]): IndexSegment {
    return new IndexSegment(entries, undefined);
  }

  /** A segment from `toStored`, with its entries; undefined when the stored data does not fit them. */
  static fromStored(entriesByPosition: readonly IndexEntry[], stored: StoredSegment): IndexSegment | undefined {
    const positions = int32(stored.positions);
    const entries: IndexEntry[] = [];
    for (const position of positions) {
      const entry = entriesByPosition[position];
      if (!entry) return undefined;
      entries.push(entry);
    }
    const data: TokenData = {
      vocabulary: stored.vocabulary,
      reference: { ids: int32(stored.referenceIds), start: int32(stored.referenceStart) },
      title: { ids: int32(stored.titleIds), start: int32(stored.titleStart) },
      numberStart: int16(stored.numberStart),
      numberEnd: int16(stored.numberEnd),
    };
    const fits = (list: Tokens): boolean =>
      list.start.length === entries.length + 1 &&
      list.start[entries.length] === list.ids.length &&
      list.ids.every((id) => id >= 0 && id < data.vocabulary.length);
    if (!Array.isArray(data.vocabulary) || !fits(data.reference) || !fits(data.title) || data.numberEnd.length !== entries.length) return undefined;
    return new IndexSegment(entries, data);
  }

  toStored(): StoredSegment {
    const { vocabulary, reference, title, numberStart, numberEnd } = this.data;
    return {
      positions: base64(Int32Array.from(this.entries, (e) => e.position)),
      vocabulary,
      referenceIds: base64(reference.ids),
      referenceStart: base64(reference.start),
      titleIds: base64(title.ids),
      titleStart: base64(title.start),
      numberStart: base64(numberStart),
      numberEnd: base64(numberEnd),
    };
  }

  /**
   * At most `limit` matches, best first by (order, key); none as good as or worse than `worst` (the last of the
   * best found so far in other segments), so a segment stops as soon as it cannot add anything.
   */
  search(query: IndexQuery, limit: number, worst?: Pick<SegmentHit, 'order' | 'key'>): SegmentHit[] {
    if (query.kind === 'all') return this.hits(Array.from(this.byRank.subarray(0, limit)), () => 0);
    if (query.kind === 'urn') return this.searchUrn(query.prefix, limit);
    const ranges = query.tokens.map((t) => this.prefixRange(t));
    if (query.tokens.length === 0 || ranges.some(([lo, hi]) => lo >= hi)) return [];
    const vocabulary = this.data.vocabulary;
    const exact = query.tokens.map((t, k) => (vocabulary[ranges[k][0]] === t ? ranges[k][0] : -1));
    return this.searchWords({ tokens: query.tokens, ranges, exact, namesSupplement: query.namesSupplement }, limit, worst);
  }

  /** The best ranked record of `urn` here, with its key. */
  bestForUrn(urn: string): { entry: IndexEntry; key: number } | undefined {
    for (const i of this.byRank) if (this.entries[i].urn === urn) return { entry: this.entries[i], key: this.keys[i] };
    return undefined;
  }

  private hits(indices: readonly number[], orderOf: (i: number) => number): SegmentHit[] {
    return indices.map((i) => ({ entry: this.entries[i], facts: this.facts[i], order: orderOf(i), key: this.keys[i] }));
  }

  private searchUrn(prefix: string, limit: number): SegmentHit[] {
    const exact: number[] = [];
    const starts: number[] = [];
    for (let r = 0; r < this.byRank.length && exact.length < limit; r++) {
      const i = this.byRank[r];
      const urn = this.entries[i].urn.toLowerCase();
      if (urn === prefix) exact.push(i);
      else if (starts.length < limit && urn.startsWith(prefix)) starts.push(i);
    }
    return [...this.hits(exact, () => 0), ...this.hits(starts, () => 1)].slice(0, limit);
  }

  /**
   * Fills the tiers in order, each from the entries that can be in it, in rank order, and stops as soon as the
   * better tiers hold `limit` entries: a later entry of a tier can only rank below the ones already found. Each
   * bucket has two halves: asked for an amendment or a corrigendum ("IEC 62304 amd"), supplements come first.
   */
  private searchWords(query: Words, limit: number, worst: Pick<SegmentHit, 'order' | 'key'> | undefined): SegmentHit[] {
    const { tokens, ranges } = query;
    const n = this.entries.length;
    const halves: number[][] = Array.from({ length: BUCKETS * 2 }, () => []);
    const orders = new Int8Array(n);
    const placed = new Uint8Array(n);
    // How many entries rank at or above `bucket`; once that reaches `limit`, a later entry of it cannot get in.
    const better = (bucket: Bucket): number => {
      let sum = 0;
      for (let h = 0; h <= bucket * 2; h++) sum += halves[h].length;
      return sum;
    };
    const place = (i: number, bucket: Bucket): void => {
      placed[i] = 1;
      const order = bucket * 2 + (query.namesSupplement && !this.facts[i].supplement ? 1 : 0);
      orders[i] = order;
      if (halves[order].length < limit) halves[order].push(i);
    };
    const titleBucket = (i: number, bucket: Bucket): Bucket => (this.facts[i].current ? bucket : bucket + 3);
    // Entries come in rank order: once one of the best bucket a scan can fill ranks after `worst`, all later do.
    const hopeless = (bucket: Bucket, i: number): boolean =>
      worst !== undefined && (bucket * 2 > worst.order || (bucket * 2 === worst.order && this.keys[i] >= worst.key));

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
      const i = this.byRank[r];
      if (better(Bucket.ReferencePrefix) >= limit || hopeless(Bucket.ReferencePrefix, i)) break;
      if (placed[i]) continue;
      const bucket = this.referenceBucket(i, query);
      if (bucket !== undefined) place(i, bucket);
    }
    // The title starting with the phrase, or holding it: the phrase's first word starts a title word.
    if (better(Bucket.ReferenceWords) < limit) {
      for (const r of this.inTitle.of(ranges[0], n)) {
        const i = this.byRank[r];
        if (better(Bucket.TitleStarts) >= limit || hopeless(Bucket.TitleStarts, i)) break;
        if (placed[i]) continue;
        const at = this.phraseInTitle(i, ranges);
        if (at === 0) place(i, titleBucket(i, Bucket.TitleStarts));
        else if (at > 0) place(i, titleBucket(i, Bucket.TitleContains));
      }
    }
    // Every word somewhere in the reference or the title.
    if (better(Bucket.Anywhere) < limit) {
      for (const r of this.anywhere.of(this.rarest(this.anywhere, ranges), n)) {
        const i = this.byRank[r];
        if (better(Bucket.Anywhere) >= limit || hopeless(Bucket.Anywhere, i)) break;
        const { reference, title } = this.data;
        if (!placed[i] && ranges.every((range) => holds(reference, i, range) || holds(title, i, range))) place(i, titleBucket(i, Bucket.Anywhere));
      }
    }
    return this.hits(halves.flat().slice(0, limit), (i) => orders[i]);
  }

  /** The range among `ranges` with the fewest postings. */
  private rarest(postings: Postings, ranges: Range[]): Range {
    return ranges.reduce((best, range) => (postings.count(range) < postings.count(best) ? range : best));
  }

  /** Exact, prefix or all words in the reference; undefined when not all query tokens are in the reference. */
  private referenceBucket(i: number, query: Words): Bucket | undefined {
    const { tokens, ranges, exact } = query;
    const { reference, vocabulary } = this.data;
    const start = reference.start[i];
    const length = reference.start[i + 1] - start;
    const numberEnd = this.data.numberEnd[i];
    const idAt = (k: number): number => reference.ids[start + k];
    let best: Bucket | undefined;
    // From the reference's start, from any publisher word or from its number: "ISO 9001", "9001", and "ISO 13485"
    // for "EN ISO 13485:2016".
    for (let from = 0; from <= this.data.numberStart[i]; from++) {
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
      if (whole && (end === numberEnd || end === length || (end === numberEnd + 1 && isYear(vocabulary[idAt(end - 1)])))) return Bucket.ReferenceExact;
      best = Bucket.ReferencePrefix;
    }
    if (best !== undefined) return best;
    return ranges.every((range) => holds(reference, i, range)) ? Bucket.ReferenceWords : undefined;
  }

  /**
   * Where the query's words stand one after the other in the title, each starting a title word ("robot safety" in
   * "Robots - Safety requirements"): the title word it starts at, or -1.
   */
  private phraseInTitle(i: number, ranges: Range[]): number {
    const { title } = this.data;
    const start = title.start[i];
    const length = title.start[i + 1] - start;
    for (let at = 0; at + ranges.length <= length; at++) {
      let k = 0;
      while (k < ranges.length) {
        const id = title.ids[start + at + k];
        if (id < ranges[k][0] || id >= ranges[k][1]) break;
        k++;
      }
      if (k === ranges.length) return at;
    }
    return -1;
  }

  /** The ids of the vocabulary tokens starting with `prefix`: one range, since ids follow sorted order. */
  private prefixRange(prefix: string): Range {
    const { vocabulary } = this.data;
    return [lowerBound(vocabulary, prefix), lowerBound(vocabulary, `${prefix}\uffff`)];
  }
}

/** True when entry `i` has a token whose id is in `[lo, hi)` in `list`. */
function holds(list: Tokens, i: number, [lo, hi]: Range): boolean {
  for (let k = list.start[i]; k < list.start[i + 1]; k++) {
    const id = list.ids[k];
    if (id >= lo && id < hi) return true;
  }
  return false;
}

/**
 * The entry's rank as one number, lower first: current first, published before drafts, base documents before
 * supplements, newer first, shorter title first, then the service's order (the position in the low 21 bits).
 */
function rankKey(entry: IndexEntry, facts: StandardFacts): number {
  const group = Number(!facts.current) * 4 + Number(facts.draft) * 2 + Number(!!facts.supplement);
  const age = 4095 - Math.min(4095, facts.year ?? 0);
  const length = Math.min(1023, entry.title.length);
  return ((group * 4096 + age) * 1024 + length) * 2 ** 21 + (entry.position % 2 ** 21);
}

/** Tokens of every entry, numbered first as seen and then in sorted order, without per-entry arrays. */
function tokenizeEntries(entries: readonly IndexEntry[]): TokenData {
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
  const numberStart = new Int16Array(entries.length);
  const numberEnd = new Int16Array(entries.length);
  for (let i = 0; i < entries.length; i++) {
    const marks = scanReference(entries[i].reference ?? '', (token) => reference.add(idOf(token)));
    numberStart[i] = marks.numberStart;
    numberEnd[i] = marks.numberEnd;
    reference.endEntry();
    scanTokens(entries[i].title.slice(0, 1000), (token) => title.add(idOf(token)));
    title.endEntry();
  }
  const vocabulary = firstSeen.slice().sort(compareStrings);
  const sortedId = new Int32Array(firstSeen.length);
  vocabulary.forEach((token, id) => (sortedId[seen.get(token) ?? 0] = id));
  return { vocabulary, reference: reference.build(sortedId), title: title.build(sortedId), numberStart, numberEnd };
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

function base64(array: Int32Array | Int16Array): string {
  return Buffer.from(array.buffer, array.byteOffset, array.byteLength).toString('base64');
}

function int32(text: unknown): Int32Array {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'base64') : Buffer.alloc(0);
  return new Int32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength - (bytes.byteLength % 4)));
}

function int16(text: unknown): Int16Array {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'base64') : Buffer.alloc(0);
  return new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength - (bytes.byteLength % 2)));
}
