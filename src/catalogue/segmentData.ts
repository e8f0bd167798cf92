/**
 * The token data behind an index segment, in flat typed arrays so 100 000 entries cost no per-entry objects: the
 * token ids of each entry (renumbered in sorted order, so a prefix is one range of ids), postings from token to
 * entries in rank order, and their base64 form for the file on disk. Pure: no vscode.
 */
import { compareStrings, scanReference, scanTokens } from './tokens';
import type { IndexEntry } from './indexSegment';

/** Per-entry token data in flat arrays (CSR): entry i owns ids[start[i] .. start[i + 1]). */
export interface Tokens {
  ids: Int32Array;
  start: Int32Array;
}

export interface TokenData {
  vocabulary: string[];
  reference: Tokens;
  title: Tokens;
  numberStart: Int16Array;
  numberEnd: Int16Array;
}

/** Token ids `[lo, hi)`: the vocabulary tokens that start with a query token. */
export type Range = [number, number];

/** True when entry `i` has a token whose id is in `[lo, hi)` in `list`. */
export function holds(list: Tokens, i: number, [lo, hi]: Range): boolean {
  for (let k = list.start[i]; k < list.start[i + 1]; k++) {
    const id = list.ids[k];
    if (id >= lo && id < hi) return true;
  }
  return false;
}

/** Tokens of every entry, numbered first as seen and then in sorted order, without per-entry arrays. */
export function tokenizeEntries(entries: readonly IndexEntry[]): TokenData {
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
export interface PostingArrays {
  ranks: Int32Array;
  start: Int32Array;
}

/** `idsOf(i)` lists the token ids of entry i (repeats allowed); entries are visited in rank order. */
export function buildPostings(vocabularySize: number, byRank: Int32Array, idsOf: (i: number, visit: (id: number) => void) => void): PostingArrays {
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
  const ranks = new Int32Array(counts[vocabularySize]);
  const fill = counts.slice(0, vocabularySize);
  last.fill(-1);
  for (let r = 0; r < byRank.length; r++) each(r, (id) => (ranks[fill[id]++] = r));
  return { ranks, start: counts };
}

/** Postings to search: which entries hold a token of a range, in rank order. */
export class Postings {
  constructor(private readonly arrays: PostingArrays) {}

  count([lo, hi]: Range): number {
    return this.arrays.start[hi] - this.arrays.start[lo];
  }

  /** Ascending, distinct ranks of the entries holding a token with an id in the range. */
  of([lo, hi]: Range, entries: number): Int32Array {
    const { ranks: all, start } = this.arrays;
    const from = start[lo];
    const to = start[hi];
    if (hi - lo <= 1) return all.subarray(from, to);
    const marks = new Uint8Array(entries);
    for (let k = from; k < to; k++) marks[all[k]] = 1;
    const ranks = new Int32Array(to - from);
    let n = 0;
    for (let r = 0; r < entries; r++) if (marks[r]) ranks[n++] = r;
    return ranks.subarray(0, n);
  }
}
