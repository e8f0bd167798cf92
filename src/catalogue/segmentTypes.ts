/** What an index segment holds and answers: its entries, the ranking buckets, queries, hits, its stored form. */
import type { StandardFacts } from './standardFacts';

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
export const BUCKETS = 9;

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
