/**
 * The token data behind an index segment, in flat typed arrays so 100 000 entries cost no per-entry objects: the
 * token ids of each entry (renumbered in sorted order, so a prefix is one range of ids), postings from token to
 * entries in the order a tier ranks them (rank or topic order), and their base64 form for the file on disk.
 * Pure: no vscode.
 */
import { MAX_REFERENCE_CHARS, Runs, compareStrings, foldedRuns, hashEnd, hashStep, referenceMarks } from './tokens';
import type { IndexEntry } from './indexSegment';

/**
 * Token ids or entry ranks of a segment: 16 bits each where they fit (a segment holds a few thousand entries and a
 * vocabulary of some thousands: half the memory of the index's largest arrays), else 32.
 */
export type Ids = Uint16Array | Int32Array;

/** An array of `length` ids below `limit`: 16-bit ones when they fit. */
export function idsBelow(limit: number, length: number): Ids {
  return limit <= 0x10000 ? new Uint16Array(length) : new Int32Array(length);
}

/**
 * The same values, 16 bits each where every one is below 65 536 (a segment's offsets are: its few thousand entries
 * hold some tens of thousands of tokens), else as they are. An index of 300 000 held 7 MB of such 32-bit offsets and
 * entry orders, all of which fit in 16.
 */
export function narrowed(values: Int32Array): Ids {
  let max = 0;
  for (let k = 0; k < values.length; k++) if (values[k] > max) max = values[k];
  return max < 0x10000 ? Uint16Array.from(values) : values;
}

/** Per-entry token data in flat arrays (CSR): entry i owns ids[start[i] .. start[i + 1]). */
export interface Tokens {
  ids: Ids;
  start: Ids;
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

/** Entry i's tokens of `list` as text, in `into` (emptied first). */
export function tokenTexts(list: Tokens, vocabulary: readonly string[], i: number, into: string[]): string[] {
  into.length = 0;
  for (let k = list.start[i]; k < list.start[i + 1]; k++) into.push(vocabulary[list.ids[k]]);
  return into;
}

/** Tokens of every entry, numbered first as seen and then in sorted order, without per-entry arrays. */
export function tokenizeEntries(entries: readonly IndexEntry[]): TokenData {
  const seen = new Vocabulary();
  const reference = new TokenBuilder(entries.length);
  const title = new TokenBuilder(entries.length);
  const numberStart = new Int16Array(entries.length);
  const numberEnd = new Int16Array(entries.length);
  const runs = new Runs();
  for (let i = 0; i < entries.length; i++) {
    const marks = referenceMarks(foldedRuns(entries[i].reference ?? '', MAX_REFERENCE_CHARS, runs));
    numberStart[i] = marks.numberStart;
    numberEnd[i] = marks.numberEnd;
    reference.addRuns(runs, seen);
    reference.endEntry();
    title.addRuns(foldedRuns(entries[i].title, MAX_TITLE_CHARS, runs), seen);
    title.endEntry();
  }
  const sorted = sortedTokens(seen);
  return { vocabulary: sorted.vocabulary, reference: reference.build(sorted.sortedId), title: title.build(sorted.sortedId), numberStart, numberEnd };
}

/** The characters of a title that are read. */
const MAX_TITLE_CHARS = 1000;

/** Characters of a token a sort key holds, and the bits below them that hold its first-seen id. */
const KEY_CHARS = 7;
const KEY_ID_SPAN = 0x10000;

/**
 * The vocabulary in sorted order (UTF-16 code units, as compareStrings orders), and the sorted id of each token by
 * its first-seen id. Tokens are runs of a–z or of 0–9, so each token's first characters in base 37 (end 0, digits
 * 1–10, letters 11–36) times KEY_ID_SPAN plus its id sort as numbers, natively, with no call per comparison; tokens
 * alike in those characters are ordered by comparing them. A quarter of the time of sorting the strings.
 */
function sortedTokens(seen: Vocabulary): { vocabulary: string[]; sortedId: Int32Array } {
  const tokens = seen.tokens;
  const n = tokens.length;
  const sortedId = new Int32Array(n);
  const keys = n <= KEY_ID_SPAN ? tokenKeys(tokens) : undefined;
  if (!keys) {
    // The default sort orders strings by UTF-16 code units (as compareStrings does), without a call per comparison.
    const vocabulary = tokens.slice().sort();
    vocabulary.forEach((token, id) => (sortedId[seen.idOf(token, 0, token.length, hashOf(token))] = id));
    return { vocabulary, sortedId };
  }
  keys.sort();
  const order = new Int32Array(n);
  for (let k = 0; k < n; k++) order[k] = keys[k] % KEY_ID_SPAN;
  // Runs alike in their first characters, in the order of their ids so far: sorted by the rest.
  for (let from = 0; from < n;) {
    const prefix = Math.floor(keys[from] / KEY_ID_SPAN);
    let to = from + 1;
    while (to < n && Math.floor(keys[to] / KEY_ID_SPAN) === prefix) to++;
    if (to - from > 1) order.subarray(from, to).sort((a, b) => compareStrings(tokens[a], tokens[b]));
    from = to;
  }
  const vocabulary = new Array<string>(n);
  for (let k = 0; k < n; k++) {
    vocabulary[k] = tokens[order[k]];
    sortedId[order[k]] = k;
  }
  return { vocabulary, sortedId };
}

/** Each token's sort key (see `sortedTokens`), or undefined when a token holds anything but a–z and 0–9. */
function tokenKeys(tokens: readonly string[]): Float64Array | undefined {
  const keys = new Float64Array(tokens.length);
  for (let id = 0; id < tokens.length; id++) {
    const token = tokens[id];
    let key = 0;
    for (let k = 0; k < KEY_CHARS; k++) {
      const c = k < token.length ? token.charCodeAt(k) : -1;
      let digit = 0;
      if (c >= 48 && c <= 57) digit = c - 47;
      else if (c >= 97 && c <= 122) digit = c - 86;
      else if (c !== -1) return undefined;
      key = key * 37 + digit;
    }
    for (let k = KEY_CHARS; k < token.length; k++) {
      const c = token.charCodeAt(k);
      if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 122))) return undefined;
    }
    keys[id] = key * KEY_ID_SPAN + id;
  }
  return keys;
}

/** The hash of a token already in lower case, as the scanner computes it. */
function hashOf(token: string): number {
  let hash = 0;
  for (let k = 0; k < token.length; k++) hash = hashStep(hash, token.charCodeAt(k));
  return hashEnd(hash, token.length);
}

/**
 * Token ids by text, numbered as first seen. Looked up straight from the scanned text by the hash the scanner
 * computed (an open-addressing table of hashes): most tokens repeat ("iso", "and", "part"), and no string is made
 * for a repeat.
 */
class Vocabulary {
  readonly tokens: string[] = [];
  private hashes = new Int32Array(1024);
  private slots = new Int32Array(2048).fill(-1);

  /** The id of `text.slice(from, to)` in lower case, whose hash is `hash`. */
  idOf(text: string, from: number, to: number, hash: number): number {
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const id = this.slots[slot];
      if (id < 0) return this.insert(slot, hash, text.slice(from, to).toLowerCase());
      if (this.hashes[id] === hash && sameText(this.tokens[id], text, from, to)) return id;
    }
  }

  private insert(slot: number, hash: number, token: string): number {
    const id = this.tokens.length;
    this.tokens.push(token);
    if (id === this.hashes.length) {
      const grown = new Int32Array(id * 2);
      grown.set(this.hashes);
      this.hashes = grown;
    }
    this.hashes[id] = hash;
    this.slots[slot] = id;
    // At most half full, so a probe ends soon.
    if (this.tokens.length * 2 > this.slots.length) this.rehash();
    return id;
  }

  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2).fill(-1);
    const mask = slots.length - 1;
    for (let id = 0; id < this.tokens.length; id++) {
      let slot = this.hashes[id] & mask;
      while (slots[slot] >= 0) slot = (slot + 1) & mask;
      slots[slot] = id;
    }
    this.slots = slots;
  }
}

function sameText(token: string, text: string, from: number, to: number): boolean {
  if (token.length !== to - from) return false;
  for (let k = 0; k < token.length; k++) if (token.charCodeAt(k) !== lower(text.charCodeAt(from + k))) return false;
  return true;
}

/** A–Z as a–z (the scanner leaves only those in upper case). */
function lower(c: number): number {
  return c >= 65 && c <= 90 ? c + 32 : c;
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

  /** The ids of `runs`' tokens, looked up in (or added to) `seen`. */
  addRuns(runs: Runs, seen: Vocabulary): void {
    for (let r = 0; r < runs.length; r++) this.add(seen.idOf(runs.text, runs.from[r], runs.to[r], runs.hash[r]));
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
    const ids = idsBelow(sortedId.length, this.length);
    for (let k = 0; k < ids.length; k++) ids[k] = sortedId[this.ids[k]];
    return { ids, start: narrowed(this.start) };
  }
}

/** For each token id, the ranks of the entries holding it, ascending: ranks[start[t] .. start[t + 1]). */
export interface PostingArrays {
  ranks: Ids;
  start: Ids;
}

/**
 * Postings of the tokens the entries hold in any of `lists` (each token once per entry); entries are visited in rank
 * order. Plain loops over the typed arrays: no callback per token. Lists after the first are united with it.
 */
export function buildPostings(vocabularySize: number, byRank: Ids, lists: readonly Tokens[]): PostingArrays {
  if (lists.length === 0) return postingsOf(vocabularySize, byRank, new Uint16Array(0), new Uint16Array(byRank.length + 1));
  let postings = postingsOf(vocabularySize, byRank, lists[0].ids, lists[0].start);
  for (let l = 1; l < lists.length; l++)
    postings = unitePostings(vocabularySize, byRank.length, postings, postingsOf(vocabularySize, byRank, lists[l].ids, lists[l].start));
  return postings;
}

/**
 * The postings of one list: its arrays read in the loops directly (a quarter faster than through a list of lists,
 * where a segment builds four postings of one list each).
 */
function postingsOf(vocabularySize: number, byRank: Ids, ids: Ids, start: Ids): PostingArrays {
  const counts = new Int32Array(vocabularySize + 1);
  const last = new Int32Array(vocabularySize).fill(-1);
  const n = byRank.length;
  for (let r = 0; r < n; r++) {
    const i = byRank[r];
    const to = start[i + 1];
    for (let k = start[i]; k < to; k++) {
      const id = ids[k];
      if (last[id] !== r) {
        last[id] = r;
        counts[id + 1]++;
      }
    }
  }
  for (let t = 0; t < vocabularySize; t++) counts[t + 1] += counts[t];
  const ranks = idsBelow(n, counts[vocabularySize]);
  const fill = counts.slice(0, vocabularySize);
  last.fill(-1);
  for (let r = 0; r < n; r++) {
    const i = byRank[r];
    const to = start[i + 1];
    for (let k = start[i]; k < to; k++) {
      const id = ids[k];
      if (last[id] !== r) {
        last[id] = r;
        ranks[fill[id]++] = r;
      }
    }
  }
  return { ranks, start: narrowed(counts) };
}

/**
 * The postings of the tokens held in either of two postings (each token once per entry, ranks ascending): per token,
 * its two lists merged. One pass over the two, where building them from the tokens again takes two over every token.
 */
export function unitePostings(vocabularySize: number, entries: number, a: PostingArrays, b: PostingArrays): PostingArrays {
  const ranks = idsBelow(entries, a.ranks.length + b.ranks.length);
  const start = new Int32Array(vocabularySize + 1);
  let at = 0;
  for (let t = 0; t < vocabularySize; t++) {
    let i = a.start[t];
    let j = b.start[t];
    const iEnd = a.start[t + 1];
    const jEnd = b.start[t + 1];
    while (i < iEnd && j < jEnd) {
      const x = a.ranks[i];
      const y = b.ranks[j];
      if (x <= y) i++;
      if (y <= x) j++;
      ranks[at++] = x < y ? x : y;
    }
    while (i < iEnd) ranks[at++] = a.ranks[i++];
    while (j < jEnd) ranks[at++] = b.ranks[j++];
    start[t + 1] = at;
  }
  return { ranks: ranks.slice(0, at), start: narrowed(start) };
}

/** Postings to search: which entries hold a token of a range, in rank order. */
export class Postings {
  constructor(private readonly arrays: PostingArrays) {}

  count([lo, hi]: Range): number {
    return this.arrays.start[hi] - this.arrays.start[lo];
  }

  /** Ascending, distinct ranks of the entries holding a token with an id in the range. */
  of([lo, hi]: Range, entries: number): Ids {
    const { ranks: all, start } = this.arrays;
    const from = start[lo];
    const to = start[hi];
    if (hi - lo <= 1) return all.subarray(from, to);
    const marks = new Uint8Array(entries);
    for (let k = from; k < to; k++) marks[all[k]] = 1;
    const ranks = idsBelow(entries, to - from);
    let n = 0;
    for (let r = 0; r < entries; r++) if (marks[r]) ranks[n++] = r;
    return ranks.subarray(0, n);
  }
}
