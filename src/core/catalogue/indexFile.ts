/**
 * The catalogue index as one file: a JSON header (base URL, time, the entries' texts and each segment's
 * vocabulary) followed by every typed array of every segment as raw bytes, 8-byte aligned. Reading it back parses
 * the texts and takes views of the arrays: nothing is tokenised, sorted or decoded from base64 again. Whatever does
 * not fit (another format, truncated, ids out of range) reads as undefined, and the index is built anew.
 * Pure: no vscode.
 */
import type { IndexEntry } from './indexSegment';
import { ARRAY_KINDS, fitsEntries, type SegmentArrays } from './segmentArrays';

const MAGIC = 0x58494553; // "SEIX", little-endian
/** Raised whenever the layout changes: an older file is then rebuilt, not misread. */
export const INDEX_FILE_VERSION = 5;
const PREFIX_BYTES = 12; // magic, version, header length

export interface IndexFileContent {
  baseUrl: string;
  builtAt: number;
  entries: readonly IndexEntry[];
  /** Each segment: the positions of its entries, and its arrays. */
  segments: ReadonlyArray<{ positions: Int32Array; arrays: SegmentArrays }>;
}

interface Header {
  baseUrl: string;
  builtAt: number;
  /** [urn, reference, title, status] per position; '' for none. */
  entries: Array<[string, string, string, string]>;
  /** Each segment's vocabulary and the element count of each array: its positions, then ARRAY_KINDS' order. */
  segments: Array<{ vocabulary: string[]; lengths: number[] }>;
}

const align8 = (n: number): number => Math.ceil(n / 8) * 8;

export function encodeIndexFile(content: IndexFileContent): Uint8Array {
  const header: Header = {
    baseUrl: content.baseUrl,
    builtAt: content.builtAt,
    entries: content.entries.map((e) => [e.urn, e.reference ?? '', e.title, e.status ?? '']),
    segments: content.segments.map((s) => ({
      vocabulary: s.arrays.vocabulary,
      lengths: [s.positions.length, ...ARRAY_KINDS.map(([name]) => s.arrays[name].length)],
    })),
  };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const blobs: ArrayBufferView[] = [];
  for (const segment of content.segments) {
    blobs.push(segment.positions);
    for (const [name] of ARRAY_KINDS) blobs.push(segment.arrays[name]);
  }
  const dataStart = align8(PREFIX_BYTES + headerBytes.length);
  const total = blobs.reduce((at, blob) => align8(at + blob.byteLength), dataStart);
  const bytes = new Uint8Array(total);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, INDEX_FILE_VERSION, true);
  view.setUint32(8, headerBytes.length, true);
  bytes.set(headerBytes, PREFIX_BYTES);
  let at = dataStart;
  for (const blob of blobs) {
    bytes.set(new Uint8Array(blob.buffer, blob.byteOffset, blob.byteLength), at);
    at = align8(at + blob.byteLength);
  }
  return bytes;
}

export function decodeIndexFile(file: Uint8Array): IndexFileContent | undefined {
  try {
    return decode(file);
  } catch {
    return undefined; // not JSON where the header should be, or not the shape written
  }
}

function decode(file: Uint8Array): IndexFileContent | undefined {
  if (file.byteLength < PREFIX_BYTES) return undefined;
  const prefix = new DataView(file.buffer, file.byteOffset, PREFIX_BYTES);
  if (prefix.getUint32(0, true) !== MAGIC || prefix.getUint32(4, true) !== INDEX_FILE_VERSION) return undefined;
  const headerLength = prefix.getUint32(8, true);
  if (PREFIX_BYTES + headerLength > file.byteLength) return undefined;
  const header = JSON.parse(Buffer.from(file.buffer, file.byteOffset + PREFIX_BYTES, headerLength).toString('utf8')) as Header;
  if (typeof header.baseUrl !== 'string' || typeof header.builtAt !== 'number' || !Array.isArray(header.entries) || !Array.isArray(header.segments))
    return undefined;
  const entries: IndexEntry[] = [];
  for (const row of header.entries) {
    if (!Array.isArray(row) || typeof row[0] !== 'string') return undefined;
    entries.push(entryOf(entries.length, row[0], row[1], row[2], row[3]));
  }
  // The arrays are copied out, once, into a buffer of their own (a Buffer's `slice` is a view): views into the file
  // would keep all of it alive, its JSON header too (every entry as text, which `entries` holds already: 45 of the
  // 215 MB an index of 300 000 held), and the copy starts at 0, a multiple of every element size.
  const data = new Uint8Array(file.subarray(align8(PREFIX_BYTES + headerLength)));
  let at = 0;
  const end = data.byteLength;
  type Kind = typeof Int32Array | typeof Int16Array | typeof Float64Array | typeof Uint8Array;
  const take = <K extends Kind>(Kind: K, length: number): InstanceType<K> => {
    if (!Number.isInteger(length) || length < 0 || at + length * Kind.BYTES_PER_ELEMENT > end) throw new Error('truncated');
    const array = new Kind(data.buffer, at, length) as InstanceType<K>;
    at = align8(at + length * Kind.BYTES_PER_ELEMENT);
    return array;
  };
  const segments: Array<{ positions: Int32Array; arrays: SegmentArrays }> = [];
  let covered = 0;
  for (const { vocabulary, lengths } of header.segments) {
    if (!Array.isArray(vocabulary) || !Array.isArray(lengths) || lengths.length !== ARRAY_KINDS.length + 1) return undefined;
    const count = lengths[0];
    const positions = take(Int32Array, count);
    for (const p of positions) if (p < 0 || p >= entries.length) return undefined;
    const arrays = { vocabulary } as SegmentArrays;
    // Filled name by name from ARRAY_KINDS, which pairs each name with its array type.
    ARRAY_KINDS.forEach(([name, Kind], k) => ((arrays as unknown as Record<string, unknown>)[name] = take(Kind, lengths[k + 1])));
    if (!fitsEntries(arrays, count)) return undefined;
    segments.push({ positions, arrays });
    covered += count;
  }
  if (covered !== entries.length) return undefined;
  return { baseUrl: header.baseUrl, builtAt: header.builtAt, entries, segments };
}

/** An entry from stored or served values; empty strings are left out. */
export function entryOf(position: number, urn: string, reference: unknown, title: unknown, status: unknown): IndexEntry {
  const entry: IndexEntry = { position, urn, title: typeof title === 'string' ? title : '' };
  if (typeof reference === 'string' && reference) entry.reference = reference;
  if (typeof status === 'string' && status) entry.status = status;
  return entry;
}
