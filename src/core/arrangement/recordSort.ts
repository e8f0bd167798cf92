/**
 * Record numbers sorted by the organised catalogue's order without a comparison per pair: every column the order
 * reads is a small range of ranks (publisher, number, parts, type, state, year, supplement), so the records are
 * sorted by counting, one stable pass per column from the least significant, then each run of records equal on every
 * column (editions whose references differ only in their text) by the order's comparator. At 300 000 records that is
 * a few tens of milliseconds where a merge sort calling the comparator 5 million times took half a second. Each pass
 * runs in slices: the host is never held for long. Pure: no vscode.
 */
import type { TimeSlicer } from '../service/timeSlicer';

/** A column to sort on: each record's value, from 0 to `values` - 1. */
export interface SortKey {
  key: ArrayLike<number>;
  values: number;
}

/** Records handled at once between two looks at the clock. */
const STEP = 16_384;
/**
 * Tied records sorted at once between two looks at the clock: each comparison of a tie reads and collates two
 * references, a few microseconds, and ties gather where a catalogue lists many editions of one document (16 384
 * records of the real-shaped 300 000 held the host for 37 ms at most).
 */
const TIED_STEP = 256;
/** Records a step of ties reads at most: every neighbour's keys are compared, tied or not. */
const TIES_SCANNED = TIED_STEP * 16;

/**
 * The records 0 … n-1 in the order of `keys` (most significant first), ties in the order of `tie` (run by run, where
 * every key is equal). Stable: records equal in every way keep their numbers' order.
 */
export async function sortRecords(n: number, keys: readonly SortKey[], tie: (a: number, b: number) => number, slicer: TimeSlicer): Promise<Uint32Array> {
  let source = new Uint32Array(n);
  for (let from = 0; from < n; from += STEP) {
    fillNumbers(source, from, Math.min(n, from + STEP));
    await slicer.due();
  }
  let target = new Uint32Array(n);
  for (let k = keys.length - 1; k >= 0; k--) {
    const { key, values } = keys[k];
    if (values <= 1) continue; // one value: nothing to order
    const counts = new Uint32Array(values + 1);
    for (let from = 0; from < n; from += STEP) {
      count(source, from, Math.min(n, from + STEP), key, counts);
      await slicer.due();
    }
    for (let v = 0; v < values; v++) counts[v + 1] += counts[v];
    for (let from = 0; from < n; from += STEP) {
      scatter(source, target, from, Math.min(n, from + STEP), key, counts);
      await slicer.due();
    }
    [source, target] = [target, source];
  }
  for (let from = 0; from < n;) {
    from = sortTies(source, from, Math.min(n, from + TIES_SCANNED), keys, tie);
    await slicer.due();
  }
  return source;
}

function fillNumbers(records: Uint32Array, from: number, to: number): void {
  for (let i = from; i < to; i++) records[i] = i;
}

function count(records: Uint32Array, from: number, to: number, key: ArrayLike<number>, counts: Uint32Array): void {
  for (let i = from; i < to; i++) counts[key[records[i]] + 1]++;
}

/** Places records[from, to) after the records of smaller values already placed: `next[v]` is where value v goes next. */
function scatter(records: Uint32Array, target: Uint32Array, from: number, to: number, key: ArrayLike<number>, next: Uint32Array): void {
  for (let i = from; i < to; i++) {
    const record = records[i];
    target[next[key[record]]++] = record;
  }
}

/**
 * Sorts by `tie` each run of records equal on every key that starts in [from, to), until TIED_STEP records have
 * been sorted; returns where the next run starts (a run is read to its end even past `to`).
 */
function sortTies(records: Uint32Array, from: number, to: number, keys: readonly SortKey[], tie: (a: number, b: number) => number): number {
  let start = from;
  let tied = 0;
  while (start < to && tied < TIED_STEP) {
    let end = start + 1;
    while (end < records.length && sameKeys(records[start], records[end], keys)) end++;
    if (end - start > 1) {
      records.subarray(start, end).sort(tie);
      tied += end - start;
    }
    start = end;
  }
  return start;
}

function sameKeys(a: number, b: number, keys: readonly SortKey[]): boolean {
  for (const { key } of keys) if (key[a] !== key[b]) return false;
  return true;
}
