/**
 * How the organised catalogue orders its records, read the way an engineer reads references: by publisher or by
 * number first (the grouping decides), numbers compared as numbers (2 < 10 < 100, 9001-2 < 9001-10), then the
 * document type (ISO before ISO/TS), then current editions before drafts before withdrawn or replaced ones, newer
 * before older, each edition followed by its amendments and corrigenda. What each record is ordered by comes from
 * its URN and reference (catalogue/orderFields.ts). Pure: no vscode.
 */
import { NO_NUMBER } from '../catalogue/orderFields';
import type { EntryList } from '../catalogue/packedEntries';
import { CURRENT, DRAFT, isSupplement, type SegmentArrays } from '../catalogue/segmentArrays';
import { compareStrings, lowerBound } from '../catalogue/tokens';
import type { SortKey } from './recordSort';

/** Whose order: publisher first (no grouping, by publisher) or number first (by number range). */
export type OrderBy = 'publisher' | 'number';

/** The records to organise: an index's entries by position, and its segments' arrays with the positions they hold. */
export interface OrderSource {
  readonly entries: EntryList;
  segmentArrays(): ReadonlyArray<{ positions: Int32Array; arrays: SegmentArrays }>;
}

/**
 * Every record's order fields, held in columns (typed arrays) rather than an object per record: 300 000 records
 * sort over numbers, and the collector has a few arrays to look after, not a million objects. A record is its
 * position in the index. Its fields are read from its segment's arrays, where the build put them (orderFields.ts,
 * segmentArrays.ts): no reference is parsed here. Publishers, parts (their partsKey) and document types are ranks in
 * their order.
 */
export class OrderColumns {
  readonly entries: EntryList;
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
  /** References read for the comparator's last ties, by record (a few thousand of 300 000 are ever tied). */
  private readonly references = new Map<number, string>();
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
  private readonly segments: ReadonlyArray<{ positions: Int32Array; arrays: SegmentArrays }>;

  constructor(source: OrderSource) {
    this.entries = source.entries;
    this.segments = source.segmentArrays();
    const n = this.entries.length;
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

  /** How many records. */
  get length(): number {
    return this.year.length;
  }

  /** Reads the fields of the next `count` records, segment by segment; true once every record's are read. */
  fill(count: number): boolean {
    const segment = this.segments[this.filledSegments];
    if (!segment) {
      if (this.filled !== this.length) throw new Error(`The catalogue index covers ${this.filled} of its ${this.length} records: rebuild it to organise it.`);
      return true;
    }
    const { positions, arrays } = segment;
    const { orderTexts, orderIds, orderNumbers, facts, years } = arrays;
    // The segment's texts as this catalogue's ids, each text looked up once per segment and role.
    if (this.fillingFrom === 0) this.textIds = [0, 1, 2].map(() => new Int32Array(orderTexts.length).fill(-1));
    const [publisherOf, partsOf, typeOf] = this.textIds;
    const end = Math.min(positions.length, this.fillingFrom + count);
    for (let j = this.fillingFrom; j < end; j++) {
      const record = positions[j];
      let text = orderIds[3 * j];
      this.publisherIds[record] = publisherOf[text] >= 0 ? publisherOf[text] : (publisherOf[text] = idOf(this.publisherId, this.publishers, orderTexts[text]));
      text = orderIds[3 * j + 1];
      this.partsIds[record] = partsOf[text] >= 0 ? partsOf[text] : (partsOf[text] = idOf(this.partsId, this.partsKeys, orderTexts[text]));
      text = orderIds[3 * j + 2];
      this.typeIds[record] = typeOf[text] >= 0 ? typeOf[text] : (typeOf[text] = idOf(this.typeId, this.types, orderTexts[text]));
      const number = orderNumbers[j] === NO_NUMBER ? Infinity : orderNumbers[j];
      this.number[record] = number;
      this.numberIds[record] = idOf(this.numberId, this.numbers, number);
      const packed = facts[j];
      this.state[record] = (packed & CURRENT) === 0 ? 2 : (packed & DRAFT) !== 0 ? 1 : 0;
      const year = Math.max(0, years[j]);
      this.year[record] = year;
      if (year > this.newestYear) this.newestYear = year;
      this.supplement[record] = isSupplement(packed) ? 1 : 0;
    }
    this.filled += end - this.fillingFrom;
    this.fillingFrom = end;
    if (end === positions.length) {
      this.filledSegments++;
      this.fillingFrom = 0;
    }
    return false;
  }

  /** The segment being read, how far, and its texts' ids as publisher, parts and type. */
  private filledSegments = 0;
  private fillingFrom = 0;
  private textIds: Int32Array[] = [];
  private filled = 0;

  /**
   * Turns the fields read into ranks, one step at a time (about `count` records or numbers a step); true once done.
   * The steps: the publishers, the parts and the types in order; the numbers in order; each number's rank; then each
   * record's number and year ranks.
   */
  rankSome(count: number): boolean {
    this.rankSteps ??= this.rankingSteps();
    if (this.rankSteps[0]?.(count)) this.rankSteps.shift();
    return this.rankSteps.length === 0;
  }

  private rankSteps: Array<(count: number) => boolean> | undefined;

  /** rankSome's steps, each true once it is done. */
  private rankingSteps(): Array<(count: number) => boolean> {
    const sorted = new Float64Array(this.numbers.length);
    const numberRankOfId = new Uint32Array(this.numbers.length);
    let numbersRanked = 0;
    let recordsRanked = 0;
    const once = (step: () => void) => (): boolean => (step(), true);
    return [
      once(() => rank(this.publishers, this.publisherIds, this.publisherRank)),
      once(() => rank(this.partsKeys, this.partsIds, this.partsRank)),
      once(() => rank(this.types, this.typeIds, this.typeRank)),
      // Numbers sort as numbers, Infinity (no number) last: a typed array's own sort.
      once(() => {
        sorted.set(this.numbers);
        sorted.sort();
      }),
      (count) => {
        const end = Math.min(this.numbers.length, numbersRanked + count);
        for (let id = numbersRanked; id < end; id++) numberRankOfId[id] = lowerBound(sorted, this.numbers[id]);
        numbersRanked = end;
        return end === this.numbers.length;
      },
      (count) => {
        const end = Math.min(this.length, recordsRanked + count);
        for (let i = recordsRanked; i < end; i++) {
          this.numberRank[i] = numberRankOfId[this.numberIds[i]];
          this.yearFromNewest[i] = this.newestYear - this.year[i];
        }
        recordsRanked = end;
        return end === this.length;
      },
    ];
  }

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

  /** The comparator of `by` over records: total, the position decides last. */
  comparator(by: OrderBy): (a: number, b: number) => number {
    const { publisherRank, number, partsRank, typeRank, state, year, supplement } = this;
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
      compareReference(this.reference(a), this.reference(b)) ||
      a - b;
  }

  private reference(record: number): string {
    let reference = this.references.get(record);
    if (reference === undefined) this.references.set(record, (reference = this.entries.at(record)?.reference ?? ''));
    return reference;
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
