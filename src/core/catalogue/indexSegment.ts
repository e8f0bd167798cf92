/**
 * One searchable part of the catalogue index: a few thousand entries, built in tens of milliseconds, so the index
 * grows while pages arrive without blocking the extension host. Tokens are numbered in sorted order, so the
 * tokens a query token is a prefix of form one range of numbers; each token lists its entries in the order its tier
 * ranks them (the reference's postings by rank key, the title's and anywhere's by topic key), so the rarest query
 * token gives the candidates and each tier stops as soon as it holds enough. Pure: no vscode.
 */
import { CURRENT, isSupplement, prepareSegment, unpackFacts, type SegmentArrays } from './segmentArrays';
import { Postings, holds, type Ids, type Range, type TokenData } from './segmentData';
import { ListedEntries, type SegmentEntries } from './segmentEntries';
import type { StandardFacts } from './standardFacts';
import { isYear, lowerBound } from './tokens';

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
 * robot safety standard, not a withdrawn one whose title happens to read "robots - Safety"). Within a reference
 * tier, records rank by rank key (current, published, base document, newer, shorter title); within a title tier, a
 * query of words (a topic) ranks them by topic key (topicRank.ts), a query holding a number by rank key as ever.
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

/**
 * A query, tokenised once for every segment. `topic`: words only, no number ("quality management"); its title
 * matches rank by topic key, and a match of all its words in a reference ranks with matches anywhere (the words of
 * "IEC White Paper Asset Management:2015" are a title's words in a reference).
 */
export type IndexQuery =
  { kind: 'all' } | { kind: 'urn'; prefix: string } | { kind: 'words'; tokens: string[]; namesSupplement: boolean; topic: boolean; referencesOnly?: boolean };

export interface SearchOptions {
  /**
   * Only records whose reference holds every word (the reference tiers, ranked as in a full search): what resolving a
   * citation asks, as a record whose reference lacks a word of the citation is never its document. The title tiers
   * would read through every title word starting like the publisher ("iso…": isolation, isotope…) for nothing.
   */
  referencesOnly?: boolean;
}

/**
 * A match of one segment: `order` ranks it against matches of other segments, then `key`. Its entry, its facts and
 * its number are read from `segment` for the few hits kept, not for every hit of every segment: an entry of a
 * finished index is made from its packed texts each time (packedEntries.ts), and every segment's hits made into
 * entries cost a keystroke of "1" over 300 000 records 75 × 200 entries of which 200 were kept.
 */
export interface SegmentHit {
  order: number;
  /** The entry's topic key in a title tier of a topic query, else its rank key. */
  key: number;
  segment: IndexSegment;
  /** The entry's index in `segment`. */
  index: number;
}

/** The first order of the title tiers: the hits of a topic query ranked by topic key. */
export const TITLE_ORDER = Bucket.TitleStarts * 2;

interface Words {
  tokens: string[];
  ranges: Range[];
  /** Id of each token when it is a whole vocabulary token, else -1. */
  exact: number[];
  namesSupplement: boolean;
  topic: boolean;
  referencesOnly: boolean;
}

export class IndexSegment {
  /** Rank key of each entry: lower ranks first across segments too. */
  private readonly keys: Float64Array;
  /** Entries in rank order: `byRank[r]` is an index into `entries`. */
  private readonly byRank: Ids;
  /** Topic key of each entry, and entries in topic order (what the title and anywhere postings rank by). */
  private readonly topicKeys: Float64Array;
  private readonly byTopic: Ids;
  /** Per token id, how many entries have it as their designation's number; counted when first asked. */
  private numberRecords: Int32Array | undefined;
  private readonly data: TokenData;
  /** Where each tier finds its candidates. */
  private readonly inReference: Postings;
  private readonly inTitle: Postings;
  private readonly anywhere: Postings;
  /** Tokens that end a designation ("9001" in "ISO 9001:2015", "7" in "13818-7"): what an exact match ends on. */
  private readonly designationEnd: Postings;

  readonly entries: SegmentEntries;

  /** A segment of `entries` with their arrays (from `prepareSegment`, a worker or the index file): no work here. */
  constructor(
    entries: SegmentEntries | readonly IndexEntry[],
    readonly arrays: SegmentArrays,
  ) {
    this.entries = Array.isArray(entries) ? new ListedEntries(entries as readonly IndexEntry[]) : (entries as SegmentEntries);
    const a = arrays;
    this.keys = a.keys;
    this.byRank = a.byRank;
    this.topicKeys = a.topicKeys;
    this.byTopic = a.byTopic;
    this.data = {
      vocabulary: a.vocabulary,
      reference: { ids: a.referenceIds, start: a.referenceStart },
      title: { ids: a.titleIds, start: a.titleStart },
      numberStart: a.numberStart,
      numberEnd: a.numberEnd,
    };
    this.inReference = new Postings({ ranks: a.inReferenceRanks, start: a.inReferenceStart });
    this.inTitle = new Postings({ ranks: a.inTitleRanks, start: a.inTitleStart });
    this.anywhere = new Postings({ ranks: a.anywhereRanks, start: a.anywhereStart });
    this.designationEnd = new Postings({ ranks: a.designationEndRanks, start: a.designationEndStart });
  }

  /** A segment built here and now, on this thread. */
  static build(entries: readonly IndexEntry[]): IndexSegment {
    return new IndexSegment(entries, prepareSegment(entries));
  }

  /** The record facts of entry i. */
  factsOf(i: number): StandardFacts {
    return unpackFacts(this.arrays.facts[i], this.arrays.years[i]);
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
    const { namesSupplement, topic } = query;
    return this.searchWords({ tokens: query.tokens, ranges, exact, namesSupplement, topic, referencesOnly: query.referencesOnly === true }, limit, worst);
  }

  /**
   * How many entries here have `number` as their designation's number ("9001": every edition, part, amendment and
   * version of ISO 9001), and how many hold it in their title ("Guidelines for the application of ISO 9001…").
   */
  numberCounts(number: string): { records: number; citing: number } {
    const { vocabulary } = this.data;
    const id = lowerBound(vocabulary, number);
    if (vocabulary[id] !== number) return { records: 0, citing: 0 };
    return { records: this.recordsByNumber()[id], citing: this.inTitle.count([id, id + 1]) };
  }

  private recordsByNumber(): Int32Array {
    if (!this.numberRecords) {
      const counts = new Int32Array(this.data.vocabulary.length);
      for (let i = 0; i < this.entries.length; i++) {
        const id = this.numberIdOf(i);
        if (id >= 0) counts[id]++;
      }
      this.numberRecords = counts;
    }
    return this.numberRecords;
  }

  /** The token id of entry i's designation number ("9001" of "ISO 9001:2015"), or -1 when its reference has no number. */
  private numberIdOf(i: number): number {
    const { reference, numberStart, vocabulary } = this.data;
    const at = reference.start[i] + numberStart[i];
    if (at >= reference.start[i + 1]) return -1;
    const id = reference.ids[at];
    const c = vocabulary[id].charCodeAt(0);
    return c >= 48 && c <= 57 ? id : -1;
  }

  /** The best ranked record of `urn` here, with its key. */
  bestForUrn(urn: string): { entry: IndexEntry; key: number } | undefined {
    const i = this.entries.findUrn(this.byRank, urn);
    return i < 0 ? undefined : { entry: this.entries.entry(i), key: this.keys[i] };
  }

  private hits(indices: readonly number[], orderOf: (i: number) => number): SegmentHit[] {
    return indices.map((i) => ({ order: orderOf(i), key: this.keys[i], segment: this, index: i }));
  }

  /** Hits of a word query: in a title tier of a topic query, keyed by topic key. */
  private wordHits(indices: readonly number[], orders: Int8Array, topic: boolean): SegmentHit[] {
    return indices.map((i) => {
      const order = orders[i];
      const key = topic && order >= TITLE_ORDER ? this.topicKeys[i] : this.keys[i];
      return { order, key, segment: this, index: i };
    });
  }

  /** The number of entry i's designation ("9001" of "ISO 9001:2015"), or undefined when its reference has none. */
  numberOf(i: number): string | undefined {
    const id = this.numberIdOf(i);
    return id < 0 ? undefined : this.data.vocabulary[id];
  }

  private searchUrn(prefix: string, limit: number): SegmentHit[] {
    const exact: number[] = [];
    const starts: number[] = [];
    for (let r = 0; r < this.byRank.length && exact.length < limit; r++) {
      const i = this.byRank[r];
      const match = this.entries.urnStarts(i, prefix);
      if (match === 2) exact.push(i);
      else if (match === 1 && starts.length < limit) starts.push(i);
    }
    return [...this.hits(exact, () => 0), ...this.hits(starts, () => 1)].slice(0, limit);
  }

  /**
   * Fills the tiers in order, each from the entries that can be in it, in the order of its postings, and stops as
   * soon as the better tiers hold `limit` entries: a later entry of a tier can only rank below the ones already
   * found. Each bucket has two halves: asked for an amendment or a corrigendum ("IEC 62304 amd"), supplements come
   * first. A query holding a number ranks title matches by rank key, not in their postings' (topic) order: its
   * title tiers are read whole and sorted (such a query's title matches are few: the titles citing the number).
   */
  private searchWords(query: Words, limit: number, worst: Pick<SegmentHit, 'order' | 'key'> | undefined): SegmentHit[] {
    const { tokens, ranges, topic } = query;
    const n = this.entries.length;
    const halves: number[][] = Array.from({ length: BUCKETS * 2 }, () => []);
    const orders = new Int8Array(n);
    const placed = new Uint8Array(n);
    const titleKeys = topic ? this.topicKeys : this.keys;
    // How many entries rank at or above `bucket`; once that reaches `limit`, a later entry of it cannot get in.
    const better = (bucket: Bucket): number => {
      let sum = 0;
      for (let h = 0; h <= bucket * 2; h++) sum += halves[h].length;
      return sum;
    };
    const place = (i: number, bucket: Bucket): void => {
      placed[i] = 1;
      const order = bucket * 2 + (query.namesSupplement && !isSupplement(this.arrays.facts[i]) ? 1 : 0);
      orders[i] = order;
      if (halves[order].length < limit || (!topic && bucket >= Bucket.TitleStarts)) halves[order].push(i);
    };
    const titleBucket = (i: number, bucket: Bucket): Bucket => (this.arrays.facts[i] & CURRENT ? bucket : bucket + 3);
    // Entries come in key order: once one of the best bucket a scan can fill ranks after `worst`, all later do.
    const hopeless = (bucket: Bucket, i: number): boolean => {
      if (worst === undefined) return false;
      const key = bucket >= Bucket.TitleStarts ? titleKeys[i] : this.keys[i];
      return bucket * 2 > worst.order || (bucket * 2 === worst.order && key >= worst.key);
    };
    // A tier whose best bucket ranks after `worst` has nothing to add: not read at all.
    const reachable = (bucket: Bucket): boolean => worst === undefined || bucket * 2 <= worst.order;

    // Exact: the last token ends a designation. A number query ending on a number ("8601", "ISO 7498") also means
    // that number's parts: every reference holding the token is read, in rank order, so that the current parts
    // that replaced a withdrawn undivided edition rank before it (rank key: current first, then part order).
    const last = query.exact[tokens.length - 1];
    if (last >= 0) {
      // Only for a query whose one number is its last token: "IEC 60601-1" asks for that part, not part 1 of all.
      const numeric = (t: string): boolean => /^\d+$/.test(t);
      const parts = !topic && numeric(tokens[tokens.length - 1]) && !isYear(tokens[tokens.length - 1]) && tokens.filter(numeric).length === 1;
      for (const r of (parts ? this.inReference : this.designationEnd).of([last, last + 1], n)) {
        const i = this.byRank[r];
        if (parts && (halves[0].length >= limit || hopeless(Bucket.ReferenceExact, i))) break;
        if (this.referenceBucket(i, query) === Bucket.ReferenceExact) place(i, Bucket.ReferenceExact);
      }
    }
    // Prefix of the reference, or all words in it: from the reference postings of the rarest token. A topic's
    // words all in a reference are left to the anywhere tier.
    for (const r of this.inReference.of(this.rarest(this.inReference, ranges), n)) {
      const i = this.byRank[r];
      if (better(Bucket.ReferencePrefix) >= limit || hopeless(Bucket.ReferencePrefix, i)) break;
      if (placed[i]) continue;
      const bucket = this.referenceBucket(i, query);
      if (bucket !== undefined && !(topic && bucket === Bucket.ReferenceWords)) place(i, bucket);
    }
    // The title starting with the phrase, or holding it: the phrase's first word starts a title word.
    if (!query.referencesOnly && better(Bucket.ReferenceWords) < limit && reachable(Bucket.TitleStarts)) {
      for (const r of this.inTitle.of(ranges[0], n)) {
        const i = this.byTopic[r];
        if (topic && better(Bucket.TitleStarts) >= limit) break;
        if (hopeless(Bucket.TitleStarts, i)) {
          if (topic) break;
          continue;
        }
        if (placed[i]) continue;
        const at = this.phraseInTitle(i, ranges);
        // A topic's phrase starting the main element, after an introductory one, starts the title as much.
        const starts = at === 0 || (topic && at > 0 && this.phraseAt(i, ranges, this.arrays.mainStart[i]));
        if (starts) place(i, titleBucket(i, Bucket.TitleStarts));
        else if (at > 0) place(i, titleBucket(i, Bucket.TitleContains));
      }
    }
    // Every word somewhere in the reference or the title.
    if (!query.referencesOnly && better(Bucket.Anywhere) < limit && reachable(Bucket.Anywhere)) {
      for (const r of this.anywhere.of(this.rarest(this.anywhere, ranges), n)) {
        const i = this.byTopic[r];
        if (topic && better(Bucket.Anywhere) >= limit) break;
        if (hopeless(Bucket.Anywhere, i)) {
          if (topic) break;
          continue;
        }
        const { reference, title } = this.data;
        if (!placed[i] && ranges.every((range) => holds(reference, i, range) || holds(title, i, range))) place(i, titleBucket(i, Bucket.Anywhere));
      }
    }
    if (!topic) {
      for (let h = Bucket.TitleStarts * 2; h < halves.length; h++) halves[h] = halves[h].sort((a, b) => this.keys[a] - this.keys[b]).slice(0, limit);
    }
    return this.wordHits(halves.flat().slice(0, limit), orders, topic);
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
    const ids = reference.ids;
    let best: Bucket | undefined;
    // From the reference's start, from any publisher word or from its number: "ISO 9001", "9001", and "ISO 13485"
    // for "EN ISO 13485:2016". A topic only from its start ("iso", "iec tr"): words further on are a title's words
    // in a reference ("asset management" in "IEC White Paper Asset Management:2015"), ranked with matches anywhere.
    const numberStart = this.data.numberStart[i];
    const lastFrom = query.topic ? 0 : numberStart;
    // Where the query's first token and its others are looked for: one after the other from each start, and — "ISO
    // 7498" for "ISO/IEC 7498-1", "ISO 27001" for "ISO/IEC 27001" — the reference's first publisher word, then its number.
    // Start s (0 … lastFrom) is [s, s + 1]; the one after them, when there is one, [0, numberStart]. Counted, not
    // listed: this runs for every candidate of every segment at each keystroke, and arrays of pairs made it allocate.
    const starts = lastFrom + 1 + (!query.topic && tokens.length >= 2 && numberStart >= 2 ? 1 : 0);
    for (let s = 0; s < starts; s++) {
      const first = s <= lastFrom ? s : 0;
      const rest = s <= lastFrom ? s + 1 : numberStart;
      if (tokens.length - 1 > length - rest) continue;
      let prefix = true;
      for (let k = 0; k < tokens.length && prefix; k++) {
        const id = ids[start + (k === 0 ? first : rest + k - 1)];
        prefix = k < tokens.length - 1 ? id === exact[k] : id >= ranges[k][0] && id < ranges[k][1];
      }
      if (!prefix) continue;
      const end = rest + tokens.length - 1;
      // Exact: the whole designation ("ISO 9001", "13818-7"), with or without its year, or the whole reference.
      const whole = exact[tokens.length - 1] === ids[start + end - 1];
      if (whole && (end === numberEnd || end === length || (end === numberEnd + 1 && isYear(vocabulary[ids[start + end - 1]])))) return Bucket.ReferenceExact;
      // The number's parts: "8601" is ISO 8601-1 and -2 as much as ISO 8601 — the parts that replaced an undivided
      // edition rank with it, by rank key (current first, then in part order).
      if (whole && !query.topic && end === numberStart + 1 && end < numberEnd) return Bucket.ReferenceExact;
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

  /** True when the query's words stand one after the other in the title from its word `at`. */
  private phraseAt(i: number, ranges: Range[], at: number): boolean {
    const { title } = this.data;
    const start = title.start[i];
    if (at + ranges.length > title.start[i + 1] - start) return false;
    for (let k = 0; k < ranges.length; k++) {
      const id = title.ids[start + at + k];
      if (id < ranges[k][0] || id >= ranges[k][1]) return false;
    }
    return true;
  }

  /** The ids of the vocabulary tokens starting with `prefix`: one range, since ids follow sorted order. */
  private prefixRange(prefix: string): Range {
    const { vocabulary } = this.data;
    return [lowerBound(vocabulary, prefix), lowerBound(vocabulary, `${prefix}\uffff`)];
  }
}
