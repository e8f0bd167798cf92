/**
 * The catalogue index arranged for the tree: sorted (catalogueOrder.ts), withdrawn records left out on request,
 * and grouped by publisher or by number range. Every group is one slice of the sorted records, so groups cost
 * nothing until they are opened, and a group too large to list (more than `SPLIT` records) opens into narrower
 * number ranges (1000–4999 → 1000–1999 … → 1000–1099 …), down to one number; a list is then paged by the tree.
 * The work on all records (fields, sort, filter) runs in slices with pauses between them, so 300 000 records do
 * not hold the extension host. Pure: no vscode.
 */
import type { IndexEntry } from '../catalogue/indexSegment';
import { TimeSlicer } from '../service/timeSlicer';
import { OrderColumns, referenceCollator, type OrderBy, type OrderSource } from './catalogueOrder';
import { sortRecords } from './recordSort';

export type Grouping = 'none' | 'publisher' | 'numberRange';
export const GROUPINGS: readonly Grouping[] = ['none', 'publisher', 'numberRange'];

export interface ArrangeOptions {
  grouping: Grouping;
  /** Leave out withdrawn and replaced records. */
  hideWithdrawn: boolean;
}

/** What a group stands for; the tree words it. */
export type GroupKey = { kind: 'publisher'; publisher: string } | { kind: 'range'; lo: number; hi: number } | { kind: 'noNumber' };

export interface CatalogueGroup {
  /** Unique and stable while the grouping stays ("p:ISO/r:1000-5000"): the tree keeps what was expanded. */
  id: string;
  key: GroupKey;
  /** The group's records: `entries[from, to)` of its arrangement. */
  from: number;
  to: number;
  parent?: CatalogueGroup;
}

/** Groups with more records than this open into narrower number ranges. */
export const SPLIT = 250;
/** First-level number ranges, chosen on the real ISO and IEC catalogue so that each holds a few thousand records. */
export const RANGE_BOUNDS = [0, 1000, 5000, 10_000, 15_000, 20_000, 30_000, 60_000, 61_000, 70_000, 100_000, Infinity];

/** An index's records with their order fields, sorted once per order and kept: switching grouping is quick. */
export class CatalogueOrganiser {
  private columns: Promise<OrderColumns> | undefined;
  /** Records (positions in the index) in each order. */
  private readonly sorted = new Map<OrderBy, Promise<Uint32Array>>();
  private readonly slicer: TimeSlicer;

  constructor(
    /** A finished index (CatalogueIndex). */
    private readonly source: OrderSource,
    pause?: () => Promise<void>,
  ) {
    this.slicer = new TimeSlicer(pause);
  }

  async arrange(options: ArrangeOptions): Promise<Arrangement> {
    const by: OrderBy = options.grouping === 'numberRange' ? 'number' : 'publisher';
    const columns = await (this.columns ??= this.fields());
    let sorted = this.sorted.get(by);
    if (!sorted) {
      sorted = sortRecords(columns.length, columns.sortKeys(by), columns.comparator(by), this.slicer);
      this.sorted.set(by, sorted);
    }
    const all = await sorted;
    if (!options.hideWithdrawn) return new Arrangement(options, columns, all);
    // The records shown, in order, in slices. State 2: withdrawn or replaced.
    const { state } = columns;
    let count = 0;
    for (let record = 0; record < state.length; record++) if (state[record] !== 2) count++;
    const rows = new Uint32Array(count);
    for (let i = 0, row = 0; i < all.length; i++) {
      if (state[all[i]] !== 2) rows[row++] = all[i];
      if ((i & 4095) === 4095) await this.slicer.due();
    }
    return new Arrangement(options, columns, rows);
  }

  private async fields(): Promise<OrderColumns> {
    await this.slicer.now();
    const columns = new OrderColumns(this.source);
    while (!columns.fill(1024)) await this.slicer.due();
    // Each ranking step in a slice of its own: a step sorts or ranks a whole column (up to 5 ms at 300 000), and
    // after the rest of a slice already run it held the host 14–19 ms (bench/catalogue.ts).
    while (!columns.rankSome(16_384)) await this.slicer.now();
    await this.slicer.now();
    referenceCollator();
    return columns;
  }
}

/** One arrangement of the catalogue: the records shown, in order, and their groups (made when asked for). */
export class Arrangement {
  /** Records in the index, shown or not. */
  readonly total: number;
  private listed: IndexEntry[] | undefined;
  /** Row of each record number; -1 when not shown. Made on first use. */
  private rowOf: Int32Array | undefined;

  constructor(
    readonly options: ArrangeOptions,
    private readonly columns: OrderColumns,
    /** The record numbers shown, in order. */
    private readonly rows: Uint32Array,
  ) {
    this.total = columns.entries.length;
  }

  /** How many records are shown. */
  get size(): number {
    return this.rows.length;
  }

  /** Every record shown, in order (made on first use: the tree asks for a group's `records` instead). */
  get entries(): readonly IndexEntry[] {
    return (this.listed ??= this.records(undefined));
  }

  /** How many records the filter left out. */
  get hidden(): number {
    return this.total - this.rows.length;
  }

  /** The groups at the top; none when not grouped (the records are listed at once). */
  topGroups(): CatalogueGroup[] {
    if (this.options.grouping === 'publisher') return this.publisherGroups();
    if (this.options.grouping === 'numberRange') return this.rangeGroups(undefined, 0, this.rows.length, RANGE_BOUNDS);
    return [];
  }

  /** The groups inside `group`, or undefined when it lists its records. */
  childGroups(group: CatalogueGroup): CatalogueGroup[] | undefined {
    if (group.to - group.from <= SPLIT || group.key.kind === 'noNumber') return undefined;
    if (group.key.kind === 'publisher') return this.rangeGroups(group, group.from, group.to, RANGE_BOUNDS);
    let { lo, hi } = group.key;
    // Narrower ranges until there are two or more: one sub-range holding everything says nothing.
    for (;;) {
      const span = hi - lo;
      if (!Number.isFinite(span) || span <= 1) return undefined;
      const step = 10 ** Math.floor(Math.log10(span - 1));
      const bounds: number[] = [];
      for (let b = lo; b < hi; b += step) bounds.push(b);
      bounds.push(hi);
      const groups = this.rangeGroups(group, group.from, group.to, bounds);
      if (groups.length !== 1 || groups[0].key.kind !== 'range') return groups;
      ({ lo, hi } = groups[0].key);
    }
  }

  /** The records a group lists (a leaf, or the whole catalogue when not grouped). */
  records(group: CatalogueGroup | undefined, from = 0, limit = Infinity): IndexEntry[] {
    const start = (group?.from ?? 0) + from;
    const end = Math.min(group?.to ?? this.rows.length, start + limit);
    const records: IndexEntry[] = [];
    for (let row = start; row < end; row++) records.push(this.columns.entries.at(this.rows[row]) as IndexEntry);
    return records;
  }

  /**
   * Where the record at index position `position` is: the groups from the top down to the one listing it (empty
   * when not grouped) and its row in that list; undefined when it is not shown (withdrawn and hidden).
   */
  locate(position: number): { path: CatalogueGroup[]; row: number } | undefined {
    if (!this.rowOf) {
      this.rowOf = new Int32Array(this.total).fill(-1);
      for (let row = 0; row < this.rows.length; row++) this.rowOf[this.rows[row]] = row;
    }
    // A record is its position in the index.
    const row = this.rowOf[position] ?? -1;
    if (row < 0) return undefined;
    const path: CatalogueGroup[] = [];
    let groups: CatalogueGroup[] | undefined = this.topGroups();
    while (groups?.length) {
      const holding = groups.find((g) => g.from <= row && row < g.to);
      if (!holding) break;
      path.push(holding);
      groups = this.childGroups(holding);
    }
    const leaf = path[path.length - 1];
    return { path, row: row - (leaf?.from ?? 0) };
  }

  private publisherGroups(): CatalogueGroup[] {
    const groups: CatalogueGroup[] = [];
    const { publisherRank, publishers } = this.columns;
    for (let from = 0; from < this.rows.length;) {
      const rank = publisherRank[this.rows[from]];
      let to = from + 1;
      while (to < this.rows.length && publisherRank[this.rows[to]] === rank) to++;
      const publisher = publishers[rank];
      groups.push({ id: `p:${publisher}`, key: { kind: 'publisher', publisher }, from, to });
      from = to;
    }
    return groups;
  }

  /** The non-empty ranges `[bounds[i], bounds[i + 1])` of the sorted slice `[from, to)`, then "no number". */
  private rangeGroups(parent: CatalogueGroup | undefined, from: number, to: number, bounds: readonly number[]): CatalogueGroup[] {
    const groups: CatalogueGroup[] = [];
    const prefix = parent ? `${parent.id}/` : '';
    for (let b = 0; b + 1 < bounds.length; b++) {
      const start = this.lowerBound(from, to, bounds[b]);
      const end = this.lowerBound(start, to, bounds[b + 1]);
      if (end > start)
        groups.push({ id: `${prefix}r:${bounds[b]}-${bounds[b + 1]}`, key: { kind: 'range', lo: bounds[b], hi: bounds[b + 1] }, from: start, to: end, parent });
    }
    const numbered = this.lowerBound(from, to, Infinity);
    if (numbered < to) groups.push({ id: `${prefix}none`, key: { kind: 'noNumber' }, from: numbered, to, parent });
    return groups;
  }

  /** The first row in `[from, to)` whose number is at least `value` (numbers ascend within the slice). */
  private lowerBound(from: number, to: number, value: number): number {
    let lo = from;
    let hi = to;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.columns.number[this.rows[mid]] < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
