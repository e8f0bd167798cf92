/**
 * How the organised catalogue orders its records, read the way an engineer reads references: by publisher or by
 * number first (the grouping decides), numbers compared as numbers (2 < 10 < 100, 9001-2 < 9001-10), then the
 * document type (ISO before ISO/TS), then current editions before drafts before withdrawn or replaced ones, newer
 * before older, each edition followed by its amendments and corrigenda. Publisher and number come from the
 * record's URN (`urn:iso:std:iso-iec:27001…` → ISO/IEC) and reference, parsed as compare/editions.ts and
 * standardFacts.ts parse them. Pure: no vscode.
 */
import type { IndexEntry } from '../catalogue/indexSegment';
import { untitledAt, type EntryList } from '../catalogue/packedEntries';
import type { SortKey } from './recordSort';
import { factsOf } from '../catalogue/standardFacts';
import { compareStrings, lowerBound } from '../catalogue/tokens';
import { editionParts } from '../compare/editions';

/** What a record is sorted and grouped by, computed once per record. */
export interface OrderFields {
  /** "ISO", "IEC", "ISO/IEC", "CISPR"…; "Other" when neither URN nor reference names one. */
  publisher: string;
  /** The document number (27001 of "ISO/IEC 27001-1:2022"); Infinity when the reference has none. */
  number: number;
  /** The parts after the number, lower case ("1", "b01"): 60601-1-11 → ["1", "11"]. */
  parts: string[];
  /** Document type words ("ts", "tr", "guide"…), '' for an International Standard. */
  type: string;
  /** 0 current, 1 draft, 2 withdrawn or replaced. */
  state: number;
  /** Year of the (base) edition; 0 when unknown. */
  year: number;
  /** True for an amendment, corrigendum or fragment (listed after its base edition). */
  supplement: boolean;
  /** False for withdrawn and replaced records: what "hide withdrawn" hides. */
  current: boolean;
}

/** Words of a reference that say what kind of document it is, not who publishes it. */
const TYPE_WORDS = new Set(['ts', 'tr', 'pas', 'guide', 'dguide', 'isp', 'srd', 'r', 'iwa', 'tta', 'data']);
// "urn:iso:std:iso-iec:27001…", "urn:iec:std:cispr:11…", "urn:cen:std:en:…": the publisher the record is filed under.
const URN_PUBLISHER = /^urn:[a-z0-9-]{1,32}:std:([a-z0-9]{1,12}(?:-[a-z0-9]{1,12}){0,4}):/i;

/** A publisher as the URN files it ("iso-iec"): its words and its label ("ISO/IEC"). */
interface UrnPublisher {
  words: string[];
  label: string;
}
/** A catalogue files its records under a handful of publishers: each is read once. */
const URN_PUBLISHERS = new Map<string, UrnPublisher>();
const MAX_URN_PUBLISHERS = 256;

function urnPublisher(urn: string): UrnPublisher | undefined {
  const filed = URN_PUBLISHER.exec(urn)?.[1];
  if (filed === undefined) return undefined;
  let known = URN_PUBLISHERS.get(filed);
  if (!known) {
    const words = filed.toLowerCase().split('-');
    known = { words, label: publisherLabel(words) };
    if (URN_PUBLISHERS.size < MAX_URN_PUBLISHERS) URN_PUBLISHERS.set(filed, known);
  }
  return known;
}

function publisherLabel(words: readonly string[]): string {
  return words.map((w) => w.toUpperCase()).join('/');
}

export function orderFields(entry: Pick<IndexEntry, 'urn' | 'reference' | 'status'>): OrderFields {
  const facts = factsOf(entry.urn, entry.reference, entry.status);
  const edition = editionParts(entry.reference);
  const publisherWords: string[] = [];
  let type = '';
  for (const word of edition?.publisher ?? []) {
    if (!TYPE_WORDS.has(word)) publisherWords.push(word);
    // ISO/R 101 (a Recommendation, all withdrawn) is listed with the ISO 101 that replaced it.
    else if (word !== 'r') type = type ? `${type} ${word}` : word;
  }
  const fromUrn = urnPublisher(entry.urn);
  // Words before the number that are neither the URN's publisher nor a document type ("IEC Technology Report
  // Nanotechnology:2013"): what follows them is a year, not a document number.
  const numbered = edition !== undefined && (!fromUrn || publisherWords.every((w) => fromUrn.words.includes(w)));
  const number = numbered ? edition.numbers[0] : undefined;
  const parts = numbered ? edition.numbers.slice(1) : [];
  return {
    publisher: fromUrn ? fromUrn.label : publisherWords.length ? publisherLabel(publisherWords) : 'Other',
    number: number !== undefined && number.length <= 9 ? Number(number) : Infinity,
    parts,
    type,
    state: !facts.current ? 2 : facts.draft ? 1 : 0,
    year: facts.year ?? 0,
    supplement: facts.supplement !== undefined,
    current: facts.current,
  };
}

/** Numbers as numbers, numbers before letters: ["1"] < ["1", "2"] < ["2"] < ["10"] < ["b01"]. */
export function compareParts(a: readonly string[], b: readonly string[]): number {
  return compareStrings(partsKey(a), partsKey(b));
}

/** Before a part of digits, of letters; after the last part (a document sorts before its parts). */
const DIGITS = '\u0002';
const LETTERS = '\u0003';
const END = '\u0001';

/**
 * A string whose plain order is compareParts' order, made once per record so a sort compares strings: a part of
 * digits (tokens are all digits or all letters) as its length, then its digits less leading zeros, then its
 * written length ("1" < "01" < "2" < "10"); a part of letters as itself.
 */
export function partsKey(parts: readonly string[]): string {
  if (parts.length === 0) return END;
  let key = '';
  for (const part of parts) {
    const code = part.charCodeAt(0);
    if (code >= 48 && code <= 57) {
      const digits = code === 48 ? part.replace(/^0+(?=\d)/, '') : part;
      key += DIGITS + String.fromCharCode(64 + digits.length) + digits + String.fromCharCode(64 + part.length);
    } else key += LETTERS + part;
  }
  return key + END;
}

/** Whose order: publisher first (no grouping, by publisher) or number first (by number range). */
export type OrderBy = 'publisher' | 'number';

/**
 * Every record's order fields, held in columns (typed arrays) rather than an object per record: 300 000 records
 * sort over numbers, and the collector has a few arrays to look after, not a million objects. Publishers, parts
 * (their partsKey) and document types are ranks in their order.
 */
export class OrderColumns {
  readonly publisherRank: Uint32Array;
  readonly number: Float64Array;
  readonly partsRank: Uint32Array;
  readonly typeRank: Uint32Array;
  readonly state: Uint8Array;
  readonly year: Uint16Array;
  readonly supplement: Uint8Array;
  /** The number's rank (numbers in order, none last), and the year's from the newest: keys of the counting sort. */
  private readonly numberRank: Uint32Array;
  private readonly yearFromNewest: Uint16Array;
  private readonly numberIds: Uint32Array;
  private readonly numbers: number[] = [];
  private readonly numberId = new Map<number, number>();
  /** Each record's position and reference: the last of the order's ties (read once: an index's entries are packed). */
  readonly positions: Int32Array;
  private readonly references: string[];
  /** Publisher labels by rank. */
  readonly publishers: string[] = [];
  private readonly publisherIds: Uint32Array;
  private readonly partsIds: Uint32Array;
  private readonly typeIds: Uint32Array;
  private readonly partsKeys: string[] = [];
  private readonly types: string[] = [];
  private readonly publisherId = new Map<string, number>();
  private readonly partsId = new Map<string, number>();
  private readonly typeId = new Map<string, number>();
  private filled = 0;

  constructor(readonly entries: EntryList) {
    const n = entries.length;
    this.positions = new Int32Array(n);
    this.references = new Array<string>(n);
    this.publisherRank = new Uint32Array(n);
    this.publisherIds = new Uint32Array(n);
    this.number = new Float64Array(n);
    this.partsRank = new Uint32Array(n);
    this.partsIds = new Uint32Array(n);
    this.typeRank = new Uint32Array(n);
    this.typeIds = new Uint32Array(n);
    this.state = new Uint8Array(n);
    this.year = new Uint16Array(n);
    this.supplement = new Uint8Array(n);
    this.numberRank = new Uint32Array(n);
    this.numberIds = new Uint32Array(n);
    this.yearFromNewest = new Uint16Array(n);
  }

  /** Reads the fields of the next `count` records; true once all are read (then the ranks are set). */
  fill(count: number): boolean {
    const end = Math.min(this.entries.length, this.filled + count);
    for (let i = this.filled; i < end; i++) {
      const entry = untitledAt(this.entries, i);
      if (!entry) throw new Error(`The catalogue has no record at ${i} to organise.`);
      const fields = orderFields(entry);
      this.positions[i] = entry.position;
      this.references[i] = entry.reference ?? '';
      this.publisherIds[i] = idOf(this.publisherId, this.publishers, fields.publisher);
      this.number[i] = fields.number;
      this.numberIds[i] = idOf(this.numberId, this.numbers, fields.number);
      this.partsIds[i] = idOf(this.partsId, this.partsKeys, partsKey(fields.parts));
      this.typeIds[i] = idOf(this.typeId, this.types, fields.type);
      this.state[i] = fields.state;
      this.year[i] = fields.year;
      if (fields.year > this.newestYear) this.newestYear = fields.year;
      this.supplement[i] = fields.supplement ? 1 : 0;
    }
    this.filled = end;
    return end === this.entries.length;
  }

  /**
   * Turns the fields read into ranks, a step at a time (about `count` records a step); true once done. The steps:
   * the publishers, parts and types in order, the numbers in order, then each record's number and year ranks.
   */
  rankSome(count: number): boolean {
    const n = this.year.length;
    if (this.ranked === -2) {
      rank(this.publishers, this.publisherIds, this.publisherRank);
      rank(this.partsKeys, this.partsIds, this.partsRank);
      rank(this.types, this.typeIds, this.typeRank);
      this.ranked = -1;
      return false;
    }
    if (this.ranked === -1) {
      // Numbers sort as numbers, Infinity (no number) last: a typed array's own sort.
      const sorted = Float64Array.from(this.numbers).sort();
      this.numberRankOfId = Uint32Array.from(this.numbers, (value) => lowerBound(sorted, value));
      this.ranked = 0;
      return false;
    }
    const end = Math.min(n, this.ranked + count);
    for (let i = this.ranked; i < end; i++) {
      this.numberRank[i] = this.numberRankOfId[this.numberIds[i]];
      this.yearFromNewest[i] = this.newestYear - this.year[i];
    }
    this.ranked = end;
    return end === n;
  }

  /** -2: nothing ranked; -1: the texts ranked; then how many records have their number and year ranks. */
  private ranked = -2;
  private numberRankOfId = new Uint32Array(0);
  private newestYear = 0;

  /** The columns `by` orders by, most significant first, as the counting sort reads them (recordSort.ts). */
  sortKeys(by: OrderBy): SortKey[] {
    const publisher = { key: this.publisherRank, values: this.publishers.length };
    const number = [
      { key: this.numberRank, values: this.numbers.length },
      { key: this.partsRank, values: this.partsKeys.length },
    ];
    return [
      ...(by === 'publisher' ? [publisher, ...number] : [...number, publisher]),
      { key: this.typeRank, values: this.types.length },
      { key: this.state, values: 3 },
      { key: this.yearFromNewest, values: this.newestYear + 1 },
      { key: this.supplement, values: 2 },
    ];
  }

  /** The comparator of `by` over record numbers (indexes of `entries`): total, the position decides last. */
  comparator(by: OrderBy): (a: number, b: number) => number {
    const { publisherRank, number, partsRank, typeRank, state, year, supplement, references, positions } = this;
    const byPublisher = (a: number, b: number): number => publisherRank[a] - publisherRank[b];
    const byNumber = (a: number, b: number): number => compareNumber(number[a], number[b]) || partsRank[a] - partsRank[b];
    const [first, second] = by === 'publisher' ? [byPublisher, byNumber] : [byNumber, byPublisher];
    // Within one document: type, then current first, newest first, base edition before its supplements.
    return (a, b) =>
      first(a, b) ||
      second(a, b) ||
      typeRank[a] - typeRank[b] ||
      state[a] - state[b] ||
      year[b] - year[a] ||
      supplement[a] - supplement[b] ||
      compareReference(references[a], references[b]) ||
      positions[a] - positions[b];
  }
}

function idOf<T>(ids: Map<T, number>, values: T[], value: T): number {
  let id = ids.get(value);
  if (id === undefined) {
    id = values.length;
    ids.set(value, id);
    values.push(value);
  }
  return id;
}

/** Turns ids into ranks in the values' alphabetical order, and sorts the values to match. */
function rank(values: string[], ids: Uint32Array, ranks: Uint32Array): void {
  const order = values.map((_, id) => id).sort((a, b) => compareStrings(values[a], values[b]));
  const rankOf = new Uint32Array(values.length);
  order.forEach((id, r) => (rankOf[id] = r));
  const sorted = order.map((id) => values[id]);
  for (let r = 0; r < sorted.length; r++) values[r] = sorted[r];
  for (let i = 0; i < ids.length; i++) ranks[i] = rankOf[ids[i]];
}

function compareNumber(a: number, b: number): number {
  return a === b ? 0 : a < b ? -1 : 1; // Infinity (no number) last; Infinity - Infinity would be NaN
}

/** Numeric-aware: "…/Amd 2:2020" before "…/Amd 10:2023". */
function compareReference(a: string, b: string): number {
  return referenceCollator().compare(a, b);
}

// Made on first use: ICU's collator costs 2 to 8 ms, too much to pay on every activation.
let collator: Intl.Collator | undefined;
/** The collator of references; a caller working in slices makes it in a slice of its own. */
export function referenceCollator(): Intl.Collator {
  return (collator ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' }));
}
