/**
 * The entries of a finished catalogue index, packed: each entry's URN (less its shared head), reference and title in
 * one UTF-8 buffer with where each starts, and its status and URN head as numbers into short tables of shared texts
 * (sharedTexts.ts). An object and four strings per entry cost the extension host about 300 bytes each beside the
 * texts (and two bytes a character for a title with a dash "—" in it): at 300 000 entries, 90 of the 170 MB the index
 * held; the shared texts save another 7 MB. An entry is made each time it is asked for (a hit, a tree row), so it is
 * not the same object twice: records compare by their fields. A URN is found by its hash and bytes, without making a
 * string per entry. Pure: no vscode.
 */
import type { IndexEntry } from './indexSegment';
import type { Ids } from './segmentData';
import { narrowCodes, SharedTexts, urnHeadEnd, type Codes } from './sharedTexts';
import { allocBytes, bytesView, utf8Of, utf8Slice, utf8Write } from './utf8Bytes';

/** Entries by position, 0 to length - 1: an array (with holes while a build runs) or packed entries. */
export interface EntryList extends Iterable<IndexEntry | undefined> {
  readonly length: number;
  at(position: number): IndexEntry | undefined;
}

/**
 * What packed entries are made of, as their file stores it. `texts`: the URN's rest, the reference and the title of
 * every entry, one after the other (an absent reference is empty); `starts`: where field f of entry p starts
 * (`starts[p * 3 + f]`), and the end of the last, so `3 * n + 1` of them, ascending, the last `texts.length`.
 * `headCodes`, `statusCodes`: per entry, its URN's head in `heads` and its status in `statuses` (0: none).
 */
export interface PackedParts {
  texts: Uint8Array;
  starts: Uint32Array;
  heads: string[];
  headCodes: Codes;
  statuses: string[];
  statusCodes: Codes;
}

/** The URN's rest, the reference, the title. */
const FIELDS = 3;
const URN = 0;
/** At most this many URN heads are shared (their codes are a byte each); the URN of any other keeps its whole text. */
const MAX_HEADS = 255;
const NO_BYTES = new Uint8Array(0);

export class PackedEntries implements EntryList {
  private readonly texts: Uint8Array;
  private readonly starts: Uint32Array;
  /** Each head's bytes (ASCII, so one a character), code k at k - 1. */
  private readonly headBytes: Uint8Array[];
  /** FNV-1a of each URN's bytes, made on the first look-up by URN. */
  private urnHashes: Uint32Array | undefined;
  /** The URN last looked up, as bytes with their hash: a look-up asks every segment in turn. */
  private wanted: { urn: string; bytes: Uint8Array; hash: number } | undefined;

  /** `urnHashes`: each URN's FNV-1a, when the packer made them as it went (else made on the first look-up by URN). */
  constructor(
    readonly parts: PackedParts,
    urnHashes?: Uint32Array,
  ) {
    this.texts = bytesView(parts.texts);
    this.starts = parts.starts;
    this.headBytes = parts.heads.map(utf8Of);
    this.urnHashes = urnHashes;
  }

  /** `entries` packed, at once; every position from 0 to length - 1 must hold an entry. */
  static pack(entries: EntryList): PackedEntries {
    const packer = new EntryPacker();
    let chars = 0;
    for (const e of entries) if (e) chars += e.urn.length + (e.reference?.length ?? 0) + e.title.length;
    packer.reserve(entries.length, chars / Math.max(1, entries.length));
    for (let p = 0; p < entries.length; p++) {
      const entry = entries.at(p);
      if (!entry) throw new Error(`No entry at position ${p} to pack.`);
      packer.append(entry);
    }
    return packer.done();
  }

  /** True when the parts fit each other and `n` entries: what a stored index is checked for before it is read. */
  static fits({ texts, starts, heads, headCodes, statuses, statusCodes }: PackedParts, n: number): boolean {
    if (starts.length !== n * FIELDS + 1 || starts[0] !== 0 || starts[n * FIELDS] !== texts.byteLength) return false;
    for (let k = 0; k < n * FIELDS; k++) if (starts[k] > starts[k + 1]) return false;
    if (headCodes.length !== n || statusCodes.length !== n || !allTexts(heads) || !allTexts(statuses)) return false;
    if (heads.length > MAX_HEADS || heads.some((head) => urnHeadEnd(head) !== head.length)) return false;
    for (let p = 0; p < n; p++) if (headCodes[p] > heads.length || statusCodes[p] > statuses.length) return false;
    return true;
  }

  get length(): number {
    return (this.starts.length - 1) / FIELDS;
  }

  at(position: number): IndexEntry | undefined {
    if (!Number.isInteger(position) || position < 0 || position >= this.length) return undefined;
    const status = this.parts.statusCodes[position];
    return entryOf(position, this.urnAt(position), this.text(position, 1), this.text(position, 2), status ? this.parts.statuses[status - 1] : '');
  }

  *[Symbol.iterator](): Iterator<IndexEntry> {
    for (let p = 0; p < this.length; p++) yield this.at(p) as IndexEntry;
  }

  /** The URN of the entry at `position`, without making the entry. */
  urnAt(position: number): string {
    const head = this.parts.headCodes[position];
    const rest = this.text(position, URN);
    return head ? this.parts.heads[head - 1] + rest : rest;
  }

  /**
   * The first entry of `order` whose URN is `urn`, or -1: `order` lists indices into `positions`, which are
   * positions here (a segment's rank order over its entries).
   */
  findUrn(order: Ids, positions: Int32Array, urn: string): number {
    if (this.wanted?.urn !== urn) {
      const bytes = utf8Of(urn);
      this.wanted = { urn, bytes, hash: fnv1a(FNV_START, bytes, 0, bytes.length) };
    }
    const { bytes: wanted, hash } = this.wanted;
    const hashes = (this.urnHashes ??= this.hashUrns());
    for (const i of order) {
      const p = positions[i];
      if (hashes[p] !== hash) continue;
      const head = this.headOf(p);
      const from = this.starts[p * FIELDS];
      const to = this.starts[p * FIELDS + 1];
      if (
        head.length + to - from === wanted.length &&
        sameBytes(head, 0, wanted, 0, head.length) &&
        sameBytes(this.texts, from, wanted, head.length, to - from)
      )
        return i;
    }
    return -1;
  }

  /**
   * Whether the URN at `position`, in lower case, is `prefix` (2), starts with it (1) or neither (0). `prefix` is in
   * lower case. URNs are ASCII: their bytes are compared, folding A–Z; any other byte makes the string (and its lower
   * case) decide.
   */
  urnStarts(position: number, prefix: string): 0 | 1 | 2 {
    const head = this.headOf(position);
    const from = this.starts[position * FIELDS] - head.length;
    const to = this.starts[position * FIELDS + 1];
    const byteAt = (k: number): number => (k < head.length ? head[k] : this.texts[from + k]);
    const length = to - from;
    if (length < prefix.length) return 0;
    for (let k = 0; k < prefix.length; k++) {
      let b = byteAt(k);
      const c = prefix.charCodeAt(k);
      if (b >= 0x80 || c >= 0x80) return urnMatch(this.urnAt(position), prefix);
      if (b >= 65 && b <= 90) b += 32;
      if (b !== c) return 0;
    }
    for (let k = prefix.length; k < length; k++) if (byteAt(k) >= 0x80) return urnMatch(this.urnAt(position), prefix);
    return length === prefix.length ? 2 : 1;
  }

  private headOf(position: number): Uint8Array {
    const head = this.parts.headCodes[position];
    return head ? this.headBytes[head - 1] : NO_BYTES;
  }

  private text(position: number, field: number): string {
    const k = position * FIELDS + field;
    const from = this.starts[k];
    const to = this.starts[k + 1];
    return from === to ? '' : utf8Slice(this.texts, from, to);
  }

  private hashUrns(): Uint32Array {
    const headHashes = this.headBytes.map((head) => fnv1a(FNV_START, head, 0, head.length));
    const hashes = new Uint32Array(this.length);
    for (let p = 0; p < hashes.length; p++) {
      const head = this.parts.headCodes[p];
      hashes[p] = fnv1a(head ? headHashes[head - 1] : FNV_START, this.texts, this.starts[p * FIELDS], this.starts[p * FIELDS + 1]);
    }
    return hashes;
  }
}

/**
 * Packs entries in position order as they come: a build appends each page's entries once every earlier position has
 * arrived, so little is left to pack when its last page is in. Room is made ahead when told how many entries to
 * expect, and grown when a text takes more; `done` copies the texts to their exact size.
 */
export class EntryPacker {
  private texts = allocBytes(64 * 1024);
  private starts = new Uint32Array(1024 * FIELDS + 1);
  private headCodes = new Uint32Array(1024);
  private statusCodes = new Uint32Array(1024);
  private urnHashes = new Uint32Array(1024);
  /** FNV-1a of each head, by code: a URN's hash goes on from its head's. */
  private readonly headHashes: number[] = [FNV_START];
  private readonly heads = new SharedTexts([], MAX_HEADS);
  /** The entries packed so far, as packed entries over the packer's own buffers (see `view`), and how many. */
  private viewed: { count: number; entries: PackedEntries } | undefined;
  private readonly statuses = new SharedTexts();
  private at = 0;
  private count = 0;

  /** How many entries are packed: the position the next one must have. */
  get length(): number {
    return this.count;
  }

  /** Room for `entries` in all, at `bytesPerEntry` (by default, the mean of those packed so far). */
  reserve(entries: number, bytesPerEntry = this.count ? this.at / this.count : 128): void {
    if (entries > this.headCodes.length) this.growEntries(entries);
    this.growTexts(Math.ceil(entries * bytesPerEntry * 1.1) + 64);
  }

  append(entry: IndexEntry): void {
    if (entry.position !== this.count) throw new Error(`Entry ${entry.position} packed at position ${this.count}.`);
    if (this.count === this.headCodes.length) this.growEntries(this.count * 2);
    const k = this.count * FIELDS;
    const { urn } = entry;
    const headEnd = urnHeadEnd(urn);
    const head = headEnd ? this.heads.codeOf(urn.slice(0, headEnd)) : 0;
    if (head === this.headHashes.length) this.headHashes.push(fnv1a(FNV_START, utf8Of(urn.slice(0, headEnd)), 0, headEnd));
    this.headCodes[this.count] = head;
    this.write(k, head ? urn.slice(headEnd) : urn);
    this.urnHashes[this.count] = fnv1a(this.headHashes[head], this.texts, this.starts[k], this.at);
    this.write(k + 1, entry.reference ?? '');
    this.write(k + 2, entry.title);
    this.statusCodes[this.count] = this.statuses.codeOf(entry.status ?? '');
    this.count++;
  }

  /**
   * The entries packed so far, readable while more are appended: views of the packer's buffers, not copies (what is
   * packed is never written again; a buffer grown later leaves the view its old one). A build's segments read their
   * entries here once packed, so that the entry objects can go (the collector copied 300 000 of them, held to the end).
   */
  view(): PackedEntries {
    if (this.viewed?.count !== this.count) {
      const n = this.count;
      this.starts[n * FIELDS] = this.at;
      const parts = {
        texts: this.texts.subarray(0, this.at),
        starts: this.starts.subarray(0, n * FIELDS + 1),
        heads: this.heads.texts.slice(),
        headCodes: this.headCodes.subarray(0, n),
        statuses: this.statuses.texts.slice(),
        statusCodes: this.statusCodes.subarray(0, n),
      };
      this.viewed = { count: n, entries: new PackedEntries(parts, this.urnHashes.subarray(0, n)) };
    }
    return this.viewed.entries;
  }

  /** The entries packed so far; `due()` between copies of a few megabytes when given. */
  async doneInSlices(due: () => Promise<void>): Promise<PackedEntries> {
    const texts = allocBytes(this.at);
    for (let from = 0; from < this.at; from += COPY_BYTES) {
      texts.set(this.texts.subarray(from, Math.min(this.at, from + COPY_BYTES)), from);
      await due();
    }
    return this.entriesOf(texts);
  }

  done(): PackedEntries {
    const texts = allocBytes(this.at);
    texts.set(this.texts.subarray(0, this.at));
    return this.entriesOf(texts);
  }

  private entriesOf(texts: Uint8Array): PackedEntries {
    const starts = this.starts.slice(0, this.count * FIELDS + 1);
    starts[this.count * FIELDS] = this.at;
    return new PackedEntries(
      {
        texts,
        starts,
        heads: this.heads.texts.slice(),
        headCodes: narrowCodes(this.headCodes, this.count),
        statuses: this.statuses.texts.slice(),
        statusCodes: narrowCodes(this.statusCodes, this.count),
      },
      this.urnHashes.slice(0, this.count),
    );
  }

  private write(k: number, text: string): void {
    this.starts[k] = this.at;
    if (!text) return;
    // A character takes at most 3 bytes in UTF-8 (a surrogate pair, two characters, takes 4).
    if (this.at + text.length * 3 > this.texts.length) this.growTexts(Math.max(this.texts.length * 1.5, this.at + text.length * 3));
    this.at += utf8Write(this.texts, text, this.at);
  }

  private growEntries(entries: number): void {
    this.starts = grown(this.starts, entries * FIELDS + 1);
    this.headCodes = grown(this.headCodes, entries);
    this.statusCodes = grown(this.statusCodes, entries);
    this.urnHashes = grown(this.urnHashes, entries);
  }

  private growTexts(bytes: number): void {
    if (bytes <= this.texts.length) return;
    const grownTexts = allocBytes(Math.ceil(bytes));
    grownTexts.set(this.texts.subarray(0, this.at));
    this.texts = grownTexts;
  }
}

/** Whether `bytes` at `from` hold the `length` bytes of `wanted` at `at`. */
function sameBytes(bytes: Uint8Array, from: number, wanted: Uint8Array, at: number, length: number): boolean {
  for (let k = 0; k < length; k++) if (bytes[from + k] !== wanted[at + k]) return false;
  return true;
}

const allTexts = (values: unknown): values is string[] => Array.isArray(values) && values.every((v) => typeof v === 'string' && v !== '');

/** Bytes of texts copied in one slice: a few milliseconds. */
const COPY_BYTES = 4 * 1024 * 1024;

function grown(array: Uint32Array, length: number): Uint32Array<ArrayBuffer> {
  const larger = new Uint32Array(length);
  larger.set(array);
  return larger;
}

/** Whether `urn` in lower case is `prefix` (2), starts with it (1) or neither (0); `prefix` is lower case. */
export function urnMatch(urn: string, prefix: string): 0 | 1 | 2 {
  const lower = urn.toLowerCase();
  if (lower === prefix) return 2;
  return lower.startsWith(prefix) ? 1 : 0;
}

const FNV_START = 0x811c9dc5;

/** FNV-1a of bytes `from` to `to`, going on from `hash` (the hash of the bytes before them). */
function fnv1a(hash: number, bytes: Uint8Array, from: number, to: number): number {
  for (let k = from; k < to; k++) hash = Math.imul(hash ^ bytes[k], 0x01000193);
  return hash >>> 0;
}

/** The same record, field for field: entries of a finished index are made anew each time they are asked for. */
export function sameRecord(a: IndexEntry, b: IndexEntry): boolean {
  return a === b || (a.position === b.position && a.urn === b.urn && a.reference === b.reference && a.title === b.title && a.status === b.status);
}

/** An entry from stored or served values; empty strings are left out. */
export function entryOf(position: number, urn: string, reference: unknown, title: unknown, status: unknown): IndexEntry {
  const entry: IndexEntry = { position, urn, title: typeof title === 'string' ? title : '' };
  if (typeof reference === 'string' && reference) entry.reference = reference;
  if (typeof status === 'string' && status) entry.status = status;
  return entry;
}
