/**
 * The entries of a finished catalogue index, packed: every text of every entry in one UTF-8 buffer, and where each
 * starts. An object and four strings per entry cost the extension host about 300 bytes each beside the texts (and two
 * bytes a character for a title with a dash "—" in it): at 300 000 entries, 90 of the 170 MB the index held. An
 * entry is made each time it is asked for (a hit, a tree row), so it is not the same object twice: records compare by
 * their fields. A URN is found by its hash and bytes, without making a string per entry. Pure: no vscode.
 */
import type { IndexEntry } from './indexSegment';

/** Entries by position, 0 to length - 1: an array (with holes while a build runs) or packed entries. */
export interface EntryList extends Iterable<IndexEntry | undefined> {
  readonly length: number;
  at(position: number): IndexEntry | undefined;
}

/** urn, reference, title, status: an absent reference or status is empty. */
const FIELDS = 4;
const URN = 0;

export class PackedEntries implements EntryList {
  private readonly texts: Buffer;
  /** FNV-1a of each URN's bytes, made on the first look-up by URN. */
  private urnHashes: Uint32Array | undefined;

  /**
   * `texts`: the fields of every entry, one after the other; `starts`: where field f of entry p starts
   * (`starts[p * 4 + f]`), and the end of the last (so `4 * n + 1` of them, ascending, the last `texts.length`).
   */
  constructor(
    texts: Uint8Array,
    readonly starts: Uint32Array,
  ) {
    this.texts = Buffer.from(texts.buffer, texts.byteOffset, texts.byteLength);
  }

  /** `entries` packed, at once; every position from 0 to length - 1 must hold an entry. */
  static pack(entries: EntryList): PackedEntries {
    const packer = new Packer(entries);
    while (packer.add(entries.length));
    return packer.done();
  }

  /** `entries` packed a few thousand at a time, `due()` between (300 000 take 0.3 to 0.6 s here). */
  static async packInSlices(entries: EntryList, due: () => Promise<void>): Promise<PackedEntries> {
    const packer = new Packer(entries);
    while (packer.add(2048)) await due();
    return packer.done();
  }

  /** True when `starts` fits `texts` and `n` entries: what a stored index is checked for before it is read. */
  static fits(texts: Uint8Array, starts: Uint32Array, n: number): boolean {
    if (starts.length !== n * FIELDS + 1 || starts[0] !== 0 || starts[n * FIELDS] !== texts.byteLength) return false;
    for (let k = 0; k < n * FIELDS; k++) if (starts[k] > starts[k + 1]) return false;
    return true;
  }

  get length(): number {
    return (this.starts.length - 1) / FIELDS;
  }

  /** The bytes of every text, as stored. */
  get bytes(): Uint8Array {
    return this.texts;
  }

  at(position: number): IndexEntry | undefined {
    if (!Number.isInteger(position) || position < 0 || position >= this.length) return undefined;
    return entryOf(position, this.text(position, URN), this.text(position, 1), this.text(position, 2), this.text(position, 3));
  }

  *[Symbol.iterator](): Iterator<IndexEntry> {
    for (let p = 0; p < this.length; p++) yield this.at(p) as IndexEntry;
  }

  /** The URN of the entry at `position`, without making the entry. */
  urnAt(position: number): string {
    return this.text(position, URN);
  }

  /**
   * The first entry of `order` whose URN is `urn`, or -1: `order` lists indices into `positions`, which are
   * positions here (a segment's rank order over its entries).
   */
  findUrn(order: Int32Array, positions: Int32Array, urn: string): number {
    const wanted = Buffer.from(urn, 'utf8');
    const hash = fnv1a(wanted, 0, wanted.length);
    const hashes = (this.urnHashes ??= this.hashUrns());
    for (const i of order) {
      const p = positions[i];
      if (hashes[p] !== hash) continue;
      const from = this.starts[p * FIELDS];
      const to = this.starts[p * FIELDS + 1];
      if (to - from === wanted.length && this.texts.compare(wanted, 0, wanted.length, from, to) === 0) return i;
    }
    return -1;
  }

  /**
   * Whether the URN at `position`, in lower case, is `prefix` (2), starts with it (1) or neither (0). `prefix` is in
   * lower case. URNs are ASCII: their bytes are compared, folding A–Z; any other byte makes the string (and its lower
   * case) decide.
   */
  urnStarts(position: number, prefix: string): 0 | 1 | 2 {
    const from = this.starts[position * FIELDS];
    const to = this.starts[position * FIELDS + 1];
    if (to - from < prefix.length) return 0;
    for (let k = 0; k < prefix.length; k++) {
      let b = this.texts[from + k];
      const c = prefix.charCodeAt(k);
      if (b >= 0x80 || c >= 0x80) return stringStarts(this.text(position, URN).toLowerCase(), prefix);
      if (b >= 65 && b <= 90) b += 32;
      if (b !== c) return 0;
    }
    for (let k = from + prefix.length; k < to; k++) if (this.texts[k] >= 0x80) return stringStarts(this.text(position, URN).toLowerCase(), prefix);
    return to - from === prefix.length ? 2 : 1;
  }

  private text(position: number, field: number): string {
    const k = position * FIELDS + field;
    const from = this.starts[k];
    const to = this.starts[k + 1];
    return from === to ? '' : this.texts.toString('utf8', from, to);
  }

  private hashUrns(): Uint32Array {
    const hashes = new Uint32Array(this.length);
    for (let p = 0; p < hashes.length; p++) hashes[p] = fnv1a(this.texts, this.starts[p * FIELDS], this.starts[p * FIELDS + 1]);
    return hashes;
  }
}

/**
 * Writes entries' texts into one buffer, sized at first by their characters (most are ASCII: a byte each) and grown
 * when a text takes more; `done` copies it to its exact size.
 */
class Packer {
  private texts: Buffer;
  private readonly starts: Uint32Array;
  private at = 0;
  private next = 0;

  constructor(private readonly entries: EntryList) {
    let chars = 0;
    for (let p = 0; p < entries.length; p++) {
      const e = this.entry(p);
      chars += e.urn.length + (e.reference?.length ?? 0) + e.title.length + (e.status?.length ?? 0);
    }
    this.texts = Buffer.allocUnsafeSlow(chars + (chars >> 4) + 64);
    this.starts = new Uint32Array(entries.length * FIELDS + 1);
  }

  /** Packs up to `count` more entries; true while some are left. */
  add(count: number): boolean {
    const end = Math.min(this.entries.length, this.next + count);
    for (let p = this.next; p < end; p++) {
      const e = this.entry(p);
      this.write(p * FIELDS, e.urn);
      this.write(p * FIELDS + 1, e.reference ?? '');
      this.write(p * FIELDS + 2, e.title);
      this.write(p * FIELDS + 3, e.status ?? '');
    }
    this.next = end;
    return end < this.entries.length;
  }

  done(): PackedEntries {
    this.starts[this.entries.length * FIELDS] = this.at;
    const texts = Buffer.allocUnsafeSlow(this.at);
    this.texts.copy(texts, 0, 0, this.at);
    return new PackedEntries(texts, this.starts);
  }

  private write(k: number, text: string): void {
    this.starts[k] = this.at;
    if (!text) return;
    // A character takes at most 3 bytes in UTF-8 (a surrogate pair, two characters, takes 4).
    if (this.at + text.length * 3 > this.texts.length) {
      const grown = Buffer.allocUnsafeSlow(Math.max(this.texts.length * 1.5, this.at + text.length * 3) | 0);
      this.texts.copy(grown, 0, 0, this.at);
      this.texts = grown;
    }
    this.at += this.texts.write(text, this.at, 'utf8');
  }

  private entry(position: number): IndexEntry {
    const entry = this.entries.at(position);
    if (!entry) throw new Error(`No entry at position ${position} to pack.`);
    return entry;
  }
}

function stringStarts(text: string, prefix: string): 0 | 1 | 2 {
  if (text === prefix) return 2;
  return text.startsWith(prefix) ? 1 : 0;
}

function fnv1a(bytes: Uint8Array, from: number, to: number): number {
  let hash = 0x811c9dc5;
  for (let k = from; k < to; k++) hash = Math.imul(hash ^ bytes[k], 0x01000193);
  return hash >>> 0;
}

/** An entry from stored or served values; empty strings are left out. */
export function entryOf(position: number, urn: string, reference: unknown, title: unknown, status: unknown): IndexEntry {
  const entry: IndexEntry = { position, urn, title: typeof title === 'string' ? title : '' };
  if (typeof reference === 'string' && reference) entry.reference = reference;
  if (typeof status === 'string' && status) entry.status = status;
  return entry;
}
