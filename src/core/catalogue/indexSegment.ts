/**
 * One searchable part of the catalogue index: a few thousand entries, built in tens of milliseconds, so the index
 * grows while pages arrive without blocking the extension host. Tokens are numbered in sorted order, so the
 * tokens a query token is a prefix of form one range of numbers; each token lists its entries in rank order, so
 * the rarest query token gives the candidates and each tier stops as soon as it holds enough. Pure: no vscode.
 */
import { CURRENT, isSupplement, prepareSegment, unpackFacts, type SegmentArrays } from './segmentArrays';
import { Postings, holds, type Range, type TokenData } from './segmentData';
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

interface Words {
  tokens: string[];
  ranges: Range[];
  /** Id of each token when it is a whole vocabulary token, else -1. */
  exact: number[];
  namesSupplement: boolean;
}

export class IndexSegment {
  /** Rank key of each entry: lower ranks first across segments too. */
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

  /** A segment of `entries` with their arrays (from `prepareSegment`, a worker or the index file): no work here. */
  constructor(
    readonly entries: readonly IndexEntry[],
    readonly arrays: SegmentArrays,
  ) {
    const a = arrays;
    this.keys = a.keys;
    this.byRank = a.byRank;
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
    return this.searchWords({ tokens: query.tokens, ranges, exact, namesSupplement: query.namesSupplement }, limit, worst);
  }

  /** The best ranked record of `urn` here, with its key. */
  bestForUrn(urn: string): { entry: IndexEntry; key: number } | undefined {
    for (const i of this.byRank) if (this.entries[i].urn === urn) return { entry: this.entries[i], key: this.keys[i] };
    return undefined;
  }

  private hits(indices: readonly number[], orderOf: (i: number) => number): SegmentHit[] {
    return indices.map((i) => ({ entry: this.entries[i], facts: this.factsOf(i), order: orderOf(i), key: this.keys[i] }));
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
      const order = bucket * 2 + (query.namesSupplement && !isSupplement(this.arrays.facts[i]) ? 1 : 0);
      orders[i] = order;
      if (halves[order].length < limit) halves[order].push(i);
    };
    const titleBucket = (i: number, bucket: Bucket): Bucket => (this.arrays.facts[i] & CURRENT ? bucket : bucket + 3);
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
