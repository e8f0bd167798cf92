/**
 * The catalogue index as one file: a JSON header (base URL, time, the texts the entries share, each segment's vocabulary
 * and order texts) followed by the entries' packed texts and codes (packedEntries.ts) and every typed array of every
 * segment as raw bytes, 8-byte aligned.
 * Reading it back copies the bytes once and takes views of them: nothing is parsed per entry, tokenised, sorted or
 * decoded again. Whatever does
 * not fit (another format, truncated, ids out of range) reads as undefined, and the index is built anew.
 * Pure: no vscode.
 */
import { utf8Of, utf8Slice } from './utf8Bytes';
import { runSteps, runStepsResting } from '../steps';
import { PackedEntries } from './packedEntries';
import { CODE_KINDS, type Codes } from './sharedTexts';
import { ARRAY_KINDS, fitsEntries, type ArrayKind, type SegmentArrays } from './segmentArrays';

const MAGIC = 0x58494553; // "SEIX", little-endian
/** Raised whenever the layout changes: an older file is then rebuilt, not misread. */
export const INDEX_FILE_VERSION = 9;
const PREFIX_BYTES = 12; // magic, version, header length

export interface IndexFileContent {
  baseUrl: string;
  builtAt: number;
  entries: PackedEntries;
  /** Each segment: the positions of its entries, and its arrays. */
  segments: ReadonlyArray<{ positions: Int32Array; arrays: SegmentArrays }>;
}

interface Header {
  baseUrl: string;
  builtAt: number;
  /** How many entries; their texts' bytes, starts, head codes and status codes come first in the data. */
  entries: number;
  textBytes: number;
  /** The texts entries share (packedEntries.ts), and the bytes of each code. */
  heads: string[];
  headBytes: number;
  statuses: string[];
  statusBytes: number;
  /**
   * Each segment's vocabulary and order texts (orderFields.ts), the element count of each array (its positions, then ARRAY_KINDS' order) and each
   * array's type, as its place among the types ARRAY_KINDS allows it.
   */
  segments: Array<{ vocabulary: string[]; orderTexts: string[]; lengths: number[]; kinds: number[] }>;
}

const align8 = (n: number): number => Math.ceil(n / 8) * 8;

/** Bytes of data copied in one step, written or read back: a few milliseconds. */
const COPY_BYTES = 8 * 1024 * 1024;

export function encodeIndexFile(content: IndexFileContent): Uint8Array {
  return runSteps(encodeSteps(content));
}

/**
 * `encodeIndexFile`, awaiting `due` between its steps (the data copied a few megabytes at a time): making the file of
 * an index of 300 000 records held the extension host 75–320 ms in one go, as its build ended.
 */
export function encodeIndexFileInSlices(content: IndexFileContent, due: () => Promise<void>): Promise<Uint8Array> {
  return runStepsResting(encodeSteps(content), due);
}

function* encodeSteps(content: IndexFileContent): Generator<void, Uint8Array, void> {
  const { parts } = content.entries;
  const header: Header = {
    baseUrl: content.baseUrl,
    builtAt: content.builtAt,
    entries: content.entries.length,
    textBytes: parts.texts.byteLength,
    heads: parts.heads,
    headBytes: parts.headCodes.BYTES_PER_ELEMENT,
    statuses: parts.statuses,
    statusBytes: parts.statusCodes.BYTES_PER_ELEMENT,
    segments: content.segments.map((s) => ({
      vocabulary: s.arrays.vocabulary,
      orderTexts: s.arrays.orderTexts,
      lengths: [s.positions.length, ...ARRAY_KINDS.map(([name]) => s.arrays[name].length)],
      kinds: ARRAY_KINDS.map(([name, kinds]) => kinds.findIndex((Kind) => s.arrays[name] instanceof Kind)),
    })),
  };
  const headerBytes = utf8Of(JSON.stringify(header));
  yield;
  const blobs: ArrayBufferView[] = [parts.texts, parts.starts, parts.headCodes, parts.statusCodes];
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
  let copied = 0;
  for (const blob of blobs) {
    const source = new Uint8Array(blob.buffer, blob.byteOffset, blob.byteLength);
    for (let from = 0; from < source.byteLength; from += COPY_BYTES) {
      const part = source.subarray(from, Math.min(source.byteLength, from + COPY_BYTES));
      bytes.set(part, at + from);
      if ((copied += part.byteLength) >= COPY_BYTES) {
        copied = 0;
        yield;
      }
    }
    at = align8(at + blob.byteLength);
  }
  return bytes;
}

export function decodeIndexFile(file: Uint8Array): IndexFileContent | undefined {
  try {
    return runSteps(decodeSteps(file));
  } catch {
    return undefined; // not JSON where the header should be, or not the shape written
  }
}

/**
 * `decodeIndexFile`, awaiting `due` between its steps (the data copied a few megabytes at a time, then segment by
 * segment): reading back an index of 300 000 records held the extension host 230–330 ms in one go.
 */
export async function decodeIndexFileInSlices(file: Uint8Array, due: () => Promise<void>): Promise<IndexFileContent | undefined> {
  try {
    return await runStepsResting(decodeSteps(file), due);
  } catch {
    return undefined;
  }
}

function* decodeSteps(file: Uint8Array): Generator<void, IndexFileContent | undefined, void> {
  if (file.byteLength < PREFIX_BYTES) return undefined;
  const prefix = new DataView(file.buffer, file.byteOffset, PREFIX_BYTES);
  if (prefix.getUint32(0, true) !== MAGIC || prefix.getUint32(4, true) !== INDEX_FILE_VERSION) return undefined;
  const headerLength = prefix.getUint32(8, true);
  if (PREFIX_BYTES + headerLength > file.byteLength) return undefined;
  const header = JSON.parse(utf8Slice(file, PREFIX_BYTES, PREFIX_BYTES + headerLength)) as Header;
  if (typeof header.baseUrl !== 'string' || typeof header.builtAt !== 'number' || !Array.isArray(header.segments)) return undefined;
  const count = header.entries;
  // The data is copied out, once, into a buffer of its own (a Buffer's `slice` is a view): views into the file
  // would keep all of it alive, its JSON header too, and the copy starts at 0, a multiple of every element size.
  const from = align8(PREFIX_BYTES + headerLength);
  const data = new Uint8Array(Math.max(0, file.byteLength - from));
  for (let at = 0; at < data.byteLength; at += COPY_BYTES) {
    yield;
    data.set(file.subarray(from + at, from + Math.min(data.byteLength, at + COPY_BYTES)), at);
  }
  yield;
  let at = 0;
  const end = data.byteLength;
  type Kind = ArrayKind | (typeof CODE_KINDS)[keyof typeof CODE_KINDS];
  const take = <K extends Kind>(Kind: K, length: number): InstanceType<K> => {
    if (!Number.isInteger(length) || length < 0 || at + length * Kind.BYTES_PER_ELEMENT > end) throw new Error('truncated');
    const array = new Kind(data.buffer, at, length) as InstanceType<K>;
    at = align8(at + length * Kind.BYTES_PER_ELEMENT);
    return array;
  };
  if (!Number.isInteger(count) || count < 0) return undefined;
  const codes = (bytes: number): Codes => take(CODE_KINDS[bytes as keyof typeof CODE_KINDS] ?? notACodeWidth(bytes), count);
  const parts = {
    texts: take(Uint8Array, header.textBytes),
    starts: take(Uint32Array, count * 3 + 1),
    heads: header.heads,
    headCodes: codes(header.headBytes),
    statuses: header.statuses,
    statusCodes: codes(header.statusBytes),
  };
  if (!PackedEntries.fits(parts, count)) return undefined;
  const entries = new PackedEntries(parts);
  const segments: Array<{ positions: Int32Array; arrays: SegmentArrays }> = [];
  let covered = 0;
  for (const { vocabulary, orderTexts, lengths, kinds } of header.segments) {
    if (!Array.isArray(vocabulary) || !Array.isArray(lengths) || lengths.length !== ARRAY_KINDS.length + 1) return undefined;
    if (!Array.isArray(kinds) || kinds.length !== ARRAY_KINDS.length) return undefined;
    const positions = take(Int32Array, lengths[0]);
    for (const p of positions) if (p < 0 || p >= count) return undefined;
    const arrays = { vocabulary, orderTexts } as SegmentArrays;
    for (const [k, [name, allowed]] of ARRAY_KINDS.entries()) {
      const Kind = allowed[kinds[k]];
      if (!Kind) return undefined;
      // Filled name by name from ARRAY_KINDS, which pairs each name with the array types it may have.
      (arrays as unknown as Record<string, unknown>)[name] = take(Kind, lengths[k + 1]);
    }
    if (!fitsEntries(arrays, positions.length)) return undefined;
    segments.push({ positions, arrays });
    covered += positions.length;
    yield;
  }
  if (covered !== count) return undefined;
  return { baseUrl: header.baseUrl, builtAt: header.builtAt, entries, segments };
}

function notACodeWidth(bytes: number): never {
  throw new Error(`codes of ${bytes} bytes`);
}
