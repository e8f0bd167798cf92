/**
 * Everything an index segment holds besides its entries, in flat typed arrays: token ids, the two rank orders (the
 * rank of a designation, and the topic rank of topicRank.ts), the facts of each record packed in a byte, and the
 * postings of each search tier: those of the reference in rank order, those of the title and of anywhere in topic
 * order, each the order its tiers are filled in, and what the organised catalogue orders each record by
 * (orderFields.ts). Computed in one pass by `prepareSegment`
 * (during a build, in a worker thread: segmentWorker.ts), moved between threads without copying and written to disk
 * as they are (indexFile.ts), so that neither the extension host's main thread nor reading the index back computes
 * them. Pure: no vscode.
 */
import type { IndexEntry } from './indexSegment';
import { buildPostings, idsBelow, narrowed, tokenizeEntries, unitePostings, type Ids, type PostingArrays, type Tokens } from './segmentData';
import { orderArraysOfTokens, type OrderArrays } from './orderFields';
import { orderByKeys, POSITION_SPAN } from './keyOrder';
import { factsOf, type StandardFacts, type StatusLabel, type SupplementKind } from './standardFacts';
import { scanTokenRuns } from './tokens';
import { GROUPS, SCORE_LEVELS, SCORE_OFFSET, titleElements, topicSignalsOf } from './topicRank';

export interface SegmentArrays extends OrderArrays {
  /** Sorted: the ids below are positions in it, so a prefix is one range of ids. */
  vocabulary: string[];
  /** Per entry (CSR): entry i owns referenceIds[referenceStart[i] .. referenceStart[i + 1]). */
  referenceIds: Ids;
  referenceStart: Ids;
  titleIds: Ids;
  titleStart: Ids;
  /** Where the reference's number starts and where its number block ends, in tokens. */
  numberStart: Int16Array;
  numberEnd: Int16Array;
  /** Rank key of each entry: lower ranks first across segments too (see `rankKey`). */
  keys: Float64Array;
  /** Entries in rank order: `byRank[r]` is an entry index. */
  byRank: Ids;
  /** The entry's facts (see `packFacts`) and its edition year (0: none). */
  facts: Uint8Array;
  years: Int16Array;
  /** Topic key of each entry (see `topicKey`), and entries in topic order: what title postings rank by. */
  topicKeys: Float64Array;
  byTopic: Ids;
  /** The title token its main element starts at, after an introductory element (see `mainElements`); 0: the first. */
  mainStart: Uint8Array;
  /**
   * Postings of each tier (segmentData.ts), by token id: of the reference and of designation ends in rank order
   * (ranks are positions in `byRank`), of the title and anywhere in topic order (positions in `byTopic`).
   */
  inReferenceRanks: Ids;
  inReferenceStart: Ids;
  inTitleRanks: Ids;
  inTitleStart: Ids;
  anywhereRanks: Ids;
  anywhereStart: Ids;
  designationEndRanks: Ids;
  designationEndStart: Ids;
}

type ArrayName = Exclude<keyof SegmentArrays, 'vocabulary' | 'orderTexts'>;
export type ArrayKind = typeof Int32Array | typeof Uint32Array | typeof Uint16Array | typeof Int16Array | typeof Float64Array | typeof Uint8Array;
/** Ids and ranks: 16 or 32 bits (see `Ids`). */
const IDS: readonly ArrayKind[] = [Uint16Array, Int32Array];
/** Offsets and entry orders: 32 bits, or 16 where they fit (`narrowed`); 32 first, as files before held only those. */
const OFFSETS: readonly ArrayKind[] = [Int32Array, Uint16Array];

/** Every typed array of a segment with the types it may have, in the order the index file holds them. */
export const ARRAY_KINDS: ReadonlyArray<readonly [ArrayName, readonly ArrayKind[]]> = [
  ['keys', [Float64Array]],
  ['referenceIds', IDS],
  ['referenceStart', OFFSETS],
  ['titleIds', IDS],
  ['titleStart', OFFSETS],
  ['byRank', OFFSETS],
  ['inReferenceRanks', IDS],
  ['inReferenceStart', OFFSETS],
  ['inTitleRanks', IDS],
  ['inTitleStart', OFFSETS],
  ['anywhereRanks', IDS],
  ['anywhereStart', OFFSETS],
  ['designationEndRanks', IDS],
  ['designationEndStart', OFFSETS],
  ['numberStart', [Int16Array]],
  ['numberEnd', [Int16Array]],
  ['years', [Int16Array]],
  ['facts', [Uint8Array]],
  ['topicKeys', [Float64Array]],
  ['byTopic', OFFSETS],
  ['mainStart', [Uint8Array]],
  ['orderIds', IDS],
  ['orderNumbers', [Uint32Array]],
];

export function prepareSegment(entries: readonly IndexEntry[]): SegmentArrays {
  const n = entries.length;
  const facts = new Uint8Array(n);
  const years = new Int16Array(n);
  const keys = new Float64Array(n);
  const topicKeys = new Float64Array(n);
  const positions = new Int32Array(n);
  const { vocabulary, reference, title, numberStart, numberEnd } = tokenizeEntries(entries);
  const firstEnds = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const entry = entries[i];
    positions[i] = entry.position;
    const entryFacts = factsOf(entry.urn, entry.reference, entry.status);
    facts[i] = packFacts(entryFacts);
    years[i] = entryFacts.year ?? 0;
    const from = reference.start[i];
    const parts = Math.max(0, numberEnd[i] - numberStart[i] - 1);
    const firstPart = parts > 0 ? vocabulary[reference.ids[from + numberStart[i] + 1]] : undefined;
    keys[i] = rankKey(entry, entryFacts, firstPart, parts);
    const elements = titleElements(entry.title);
    firstEnds[i] = elements.firstEnd;
    const lastElement = entry.title.slice(elements.lastStart, elements.lastStart + 60);
    topicKeys[i] = topicKey(entry, topicSignalsOf(entryFacts, entry.reference ?? '', lastElement, parts, firstPart));
  }
  const byRank = narrowed(orderByKeys(keys, positions));
  const byTopic = narrowed(orderByKeys(topicKeys, positions));
  const size = vocabulary.length;
  const inReference = buildPostings(size, byRank, [reference]);
  const inTitle = buildPostings(size, byTopic, [title]);
  // Anywhere is filled in topic order: the reference's postings in that order, united with the title's.
  const anywhere = unitePostings(size, n, buildPostings(size, byTopic, [reference]), inTitle);
  // Tokens that end a designation ("9001" in "ISO 9001:2015", "7" in "13818-7"): what an exact match ends on.
  const designationEnd = buildPostings(size, byRank, [designationEnds(reference, numberEnd, size)]);
  const postings = (prefix: string, p: PostingArrays) => ({ [`${prefix}Ranks`]: p.ranks, [`${prefix}Start`]: p.start });
  return {
    vocabulary,
    referenceIds: reference.ids,
    referenceStart: reference.start,
    titleIds: title.ids,
    titleStart: title.start,
    numberStart,
    numberEnd,
    keys,
    byRank,
    facts,
    years,
    topicKeys,
    byTopic,
    mainStart: mainElements(entries, firstEnds),
    ...orderArraysOfTokens(entries, reference, vocabulary, numberStart, numberEnd),
    ...(postings('inReference', inReference) as Pick<SegmentArrays, 'inReferenceRanks' | 'inReferenceStart'>),
    ...(postings('inTitle', inTitle) as Pick<SegmentArrays, 'inTitleRanks' | 'inTitleStart'>),
    ...(postings('anywhere', anywhere) as Pick<SegmentArrays, 'anywhereRanks' | 'anywhereStart'>),
    ...(postings('designationEnd', designationEnd) as Pick<SegmentArrays, 'designationEndRanks' | 'designationEndStart'>),
  };
}

/** An element that begins at least this share of a segment's titles is introductory (a field, not a subject). */
const INTRODUCTORY_SHARE = 0.01;
const MIN_INTRODUCTORY = 3;

/**
 * Per entry (and the end of its title's first element, -1 for none), the title token its main element starts at
 * when its first element is introductory, else 0. Titles
 * are built of an introductory element (the field: "Information technology", "Road vehicles"), a main element (the
 * subject) and a complementary one; the introductory element is optional, and what tells it is that many titles
 * begin with it. So "programming languages" starts the main element of "Information technology - Programming
 * languages - C" as much as of "Programming languages - C++".
 */
function mainElements(entries: readonly IndexEntry[], firstEnds: Int32Array): Uint8Array {
  const n = entries.length;
  // Grouped by the first element as written, then by its lower case once per way of writing it: a segment's titles
  // begin in a few hundred ways, and lowering each title's first element was a tenth of preparing a segment.
  const groups = new Map<string, number>();
  const written: string[] = [];
  const groupOf = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    if (firstEnds[i] < 0) continue;
    const first = entries[i].title.slice(0, firstEnds[i]);
    let group = groups.get(first);
    if (group === undefined) groups.set(first, (group = written.push(first) - 1));
    groupOf[i] = group;
  }
  const sizes = new Int32Array(written.length);
  for (let i = 0; i < n; i++) if (groupOf[i] >= 0) sizes[groupOf[i]]++;
  const lowered = written.map((first) => first.toLowerCase());
  const counts = new Map<string, number>();
  lowered.forEach((first, group) => counts.set(first, (counts.get(first) ?? 0) + sizes[group]));
  const threshold = Math.max(MIN_INTRODUCTORY, n * INTRODUCTORY_SHARE);
  // Per group, the token the main element starts at (0: the first element is not introductory).
  const starts = lowered.map((first) => {
    if ((counts.get(first) ?? 0) < threshold) return 0;
    let tokens = 0;
    scanTokenRuns(first, () => tokens++);
    return Math.min(255, tokens);
  });
  const mainStart = new Uint8Array(n);
  for (let i = 0; i < n; i++) if (groupOf[i] >= 0) mainStart[i] = starts[groupOf[i]];
  return mainStart;
}

/** Per entry, the reference tokens an exact match may end on: the number block's last, the reference's last, the one after the block. */
function designationEnds(reference: Tokens, numberEnd: Int16Array, vocabularySize: number): Tokens {
  const n = numberEnd.length;
  const ids = idsBelow(vocabularySize, 3 * n);
  const start = new Int32Array(n + 1);
  let at = 0;
  for (let i = 0; i < n; i++) {
    const from = reference.start[i];
    const length = reference.start[i + 1] - from;
    const end = numberEnd[i];
    if (end > 0) ids[at++] = reference.ids[from + end - 1];
    if (length > 0) ids[at++] = reference.ids[from + length - 1];
    if (end < length) ids[at++] = reference.ids[from + end];
    start[i + 1] = at;
  }
  return { ids, start: narrowed(start) };
}

/** The buffers to transfer (not copy) to another thread. */
export function transferList(arrays: SegmentArrays): ArrayBuffer[] {
  return ARRAY_KINDS.map(([name]) => arrays[name].buffer as ArrayBuffer);
}

/**
 * True when the arrays are consistent with `n` entries: every id, rank and offset in range. What comes from disk is
 * checked before it is searched; a file that does not fit is rebuilt rather than trusted.
 */
export function fitsEntries(a: SegmentArrays, n: number): boolean {
  const size = a.vocabulary.length;
  for (const token of a.vocabulary) if (typeof token !== 'string') return false;
  if (!Array.isArray(a.orderTexts) || a.orderTexts.some((text) => typeof text !== 'string')) return false;
  const perEntry: ArrayName[] = ['keys', 'byRank', 'facts', 'years', 'numberStart', 'numberEnd', 'topicKeys', 'byTopic', 'mainStart', 'orderNumbers'];
  if (perEntry.some((name) => a[name].length !== n)) return false;
  if (a.orderIds.length !== 3 * n || !below(a.orderIds, a.orderTexts.length)) return false;
  if (!below(a.byRank, n) || !below(a.byTopic, n)) return false;
  const csr = (values: Ids, start: Ids, starts: number, limit: number): boolean => {
    if (start.length !== starts + 1 || start[0] !== 0 || start[starts] !== values.length) return false;
    for (let k = 0; k < starts; k++) if (start[k] > start[k + 1]) return false;
    return below(values, limit);
  };
  return (
    csr(a.referenceIds, a.referenceStart, n, size) &&
    csr(a.titleIds, a.titleStart, n, size) &&
    csr(a.inReferenceRanks, a.inReferenceStart, size, n) &&
    csr(a.inTitleRanks, a.inTitleStart, size, n) &&
    csr(a.anywhereRanks, a.anywhereStart, size, n) &&
    csr(a.designationEndRanks, a.designationEndStart, size, n)
  );
}

/** Every value in [0, limit). */
function below(values: Ids, limit: number): boolean {
  for (let k = 0; k < values.length; k++) if (values[k] < 0 || values[k] >= limit) return false;
  return true;
}

const STATUS_CODES: ReadonlyArray<StatusLabel | undefined> = [undefined, 'withdrawn', 'replaced', 'under review', 'draft'];
const SUPPLEMENT_CODES: ReadonlyArray<SupplementKind | undefined> = [undefined, 'amendment', 'corrigendum', 'fragment'];
export const CURRENT = 1;
export const DRAFT = 2;

/** Bit 0 current, bit 1 draft, bits 2–4 the status label, bits 5–6 the supplement kind. */
function packFacts(facts: StandardFacts): number {
  return (
    (facts.current ? CURRENT : 0) | (facts.draft ? DRAFT : 0) | (STATUS_CODES.indexOf(facts.status) << 2) | (SUPPLEMENT_CODES.indexOf(facts.supplement) << 5)
  );
}

export function isSupplement(packed: number): boolean {
  return packed >> 5 !== 0;
}

export function unpackFacts(packed: number, year: number): StandardFacts {
  const facts: StandardFacts = { current: (packed & CURRENT) !== 0, draft: (packed & DRAFT) !== 0 };
  const status = STATUS_CODES[(packed >> 2) & 7];
  const supplement = SUPPLEMENT_CODES[(packed >> 5) & 3];
  if (status) facts.status = status;
  if (supplement) facts.supplement = supplement;
  if (year) facts.year = year;
  return facts;
}

/**
 * The entry's topic rank as one number, lower first: its group, then its score (topicRank.ts), shorter title first,
 * then the service's order. A hit's group and score are read back from it (`topicGroup`, `topicScore`).
 */
function topicKey(entry: IndexEntry, signals: { group: number; score: number }): number {
  const score = Math.max(0, Math.min(SCORE_LEVELS - 1, Math.round(signals.score) + SCORE_OFFSET));
  const length = Math.min(1023, entry.title.length);
  return ((signals.group * SCORE_LEVELS + (SCORE_LEVELS - 1 - score)) * 1024 + length) * POSITION_SPAN + (entry.position % POSITION_SPAN);
}

const TOPIC_LOW = 1024 * POSITION_SPAN;

export function topicGroup(key: number): number {
  return Math.min(GROUPS - 1, Math.floor(key / (TOPIC_LOW * SCORE_LEVELS)));
}

export function topicScore(key: number): number {
  return SCORE_LEVELS - 1 - (Math.floor(key / TOPIC_LOW) % SCORE_LEVELS) - SCORE_OFFSET;
}

/**
 * The entry's rank as one number, lower first: current first, published before drafts, base documents before
 * supplements, the document before its companions (handbook, report, redline, commented, extended or series
 * package), the undivided document before Part 0 before Part 1…, newer first, shorter title first, then the service's order (the
 * position in the low 21 bits). 4 + 7 + 8 + 10 + 21 bits: exact in a double.
 */
function rankKey(entry: IndexEntry, facts: StandardFacts, firstPart: string | undefined, parts: number): number {
  const companion = COMPANION.test((entry.reference ?? '').slice(0, 200));
  const group = Number(!facts.current) * 8 + Number(facts.draft) * 4 + Number(!!facts.supplement) * 2 + Number(companion);
  // 0 undivided; then by first part, a part before its own subdivisions (60601-1 before 60601-1-11).
  const part = firstPart === undefined ? 0 : /^\d{1,2}$/.test(firstPart) ? Math.min(127, (Number(firstPart) + 1) * 2 - 1 + Number(parts > 1)) : 127;
  // Editions from 1846 on: older (or no year) rank last.
  const age = Math.min(255, Math.max(0, 2100 - (facts.year ?? 0)));
  const length = Math.min(1023, entry.title.length);
  return (((group * 128 + part) * 256 + age) * 1024 + length) * POSITION_SPAN + (entry.position % POSITION_SPAN);
}

/**
 * A companion of a document, not the document as published: a handbook, a technical report of its number (IEC TR
 * 61508-0 beside IEC 61508-1), a redline, commented, extended or series package.
 */
const COMPANION = /-HBK\b|\b(?:HBK|RLV|CMV|EXV|SER|TR|DTR)\b/;
