/**
 * The entries of a catalogue build under way, by position: each the object that arrived until every earlier position
 * has arrived, then packed (packedEntries.ts) and read there, the object let go. The build's segments read their
 * entries packed too once all of them are: a build of 300 000 held every entry object to its end, and the collector
 * copied and marked them all (the main thread's collections and V8's helpers, the largest part of the build's CPU
 * beside the work itself). Pure: no vscode.
 */
import { IndexSegment, type IndexEntry } from './indexSegment';
import { EntryPacker, type EntryList, type PackedEntries } from './packedEntries';
import { PackedSegmentEntries } from './segmentEntries';

/** Entries a build makes room for ahead, whatever total the service says. */
const MAX_RESERVED = 2_000_000;

export class ArrivedEntries implements EntryList {
  /** By position, the objects not packed yet (an earlier position has not arrived); made at the expected size once known. */
  private waiting: Array<IndexEntry | undefined> = [];
  private waitingReserved = false;
  private readonly packer = new EntryPacker();
  private packerReserved = false;
  /** Segments reading arrived objects, with the last position among them: each reads packed entries once it is packed. */
  private readonly unpacked = new Map<IndexSegment, number>();

  get length(): number {
    return Math.max(this.waiting.length, this.packer.length);
  }

  at(position: number): IndexEntry | undefined {
    return position < this.packer.length ? this.packer.view().at(position) : this.waiting[position];
  }

  *[Symbol.iterator](): Iterator<IndexEntry | undefined> {
    for (let position = 0; position < this.length; position++) yield this.at(position);
  }

  /** Keeps `entry` unless its position has arrived already; false then. */
  add(entry: IndexEntry): boolean {
    if (entry.position < this.packer.length || this.waiting[entry.position]) return false;
    this.waiting[entry.position] = entry;
    return true;
  }

  /**
   * Room for every entry the service says it has (bounded), made once, with those that arrived before it said: pages
   * arrive out of order, and an array grown by them turned into a dictionary and back, holding the extension host
   * 120–130 ms in one page at 300 000.
   */
  expect(total: number): void {
    if (this.waitingReserved) return;
    this.waitingReserved = true;
    const reserved = new Array<IndexEntry | undefined>(Math.max(this.waiting.length, Math.min(total, MAX_RESERVED)));
    this.waiting.forEach((entry, position) => (reserved[position] = entry));
    this.waiting = reserved;
  }

  /**
   * Packs the entries that have arrived with every earlier position, so that finishing a build has little left to
   * pack (at 300 000, packing them all at the end took 0.3 to 0.6 s), and lets their objects go: `segments` that read
   * only packed entries now read them packed (replaced in place). `total`: what the service said, when it said.
   */
  pack(segments: IndexSegment[], total: number | undefined): void {
    if (!this.packerReserved && total !== undefined && this.packer.length >= 1000) {
      // Room made once, by the total the service gives (which it may get wrong: bounded), so the buffer is not copied
      // as it grows.
      this.packer.reserve(Math.min(total, MAX_RESERVED));
      this.packerReserved = true;
    }
    for (let entry = this.waiting[this.packer.length]; entry; entry = this.waiting[this.packer.length]) {
      this.packer.append(entry);
      this.waiting[entry.position] = undefined;
    }
    this.readPacked(segments);
  }

  /** Segments made of arrived entries: each reads them packed as soon as they all are (`pack`). */
  track(segments: readonly IndexSegment[]): void {
    for (const segment of segments) {
      let last = -1;
      for (let i = 0; i < segment.entries.length; i++) last = Math.max(last, segment.entries.position(i));
      this.unpacked.set(segment, last);
    }
  }

  /** Every entry packed, once each position has arrived; undefined while one has not (a total that shrank). */
  async done(due: () => Promise<void>): Promise<PackedEntries | undefined> {
    return this.packer.length >= this.waiting.length ? this.packer.doneInSlices(due) : undefined;
  }

  private readPacked(segments: IndexSegment[]): void {
    for (const [segment, last] of this.unpacked) {
      if (last >= this.packer.length) continue;
      this.unpacked.delete(segment);
      const at = segments.indexOf(segment);
      if (at >= 0) segments[at] = new IndexSegment(new PackedSegmentEntries(this.packer.view(), segment.entries.allPositions()), segment.arrays);
    }
  }
}
