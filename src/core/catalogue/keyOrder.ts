/**
 * Entries in the order of their rank or topic keys, sorted natively. A key's low 21 bits are its entry's position
 * (segmentArrays.ts: `rankKey`, `topicKey`), distinct within a segment, so the keys can be sorted as numbers, with
 * no call per comparison (a third of the time of sorting the entries by a comparator), and each key mapped back to
 * its entry by its position. Pure: no vscode.
 */

/** The position's share of a key: keys are `(…) * POSITION_SPAN + position % POSITION_SPAN`. */
export const POSITION_SPAN = 2 ** 21;

/** Entry indices `0 … n - 1` in ascending order of `keys`, as a sort of the indices by `keys[i]` gives them. */
export function orderByKeys(keys: Float64Array, positions: Int32Array): Int32Array {
  const n = keys.length;
  let min = POSITION_SPAN;
  let max = -1;
  for (let i = 0; i < n; i++) {
    min = Math.min(min, positions[i]);
    max = Math.max(max, positions[i]);
  }
  // Positions a build gives a segment lie close together; others (far apart, repeated, past the span) are sorted
  // by comparing.
  if (n === 0 || min < 0 || max >= POSITION_SPAN || max - min > 8 * n + 4096) return byComparing(keys);
  const entryAt = new Int32Array(max - min + 1).fill(-1);
  for (let i = 0; i < n; i++) {
    if (entryAt[positions[i] - min] >= 0) return byComparing(keys);
    entryAt[positions[i] - min] = i;
  }
  const sorted = keys.slice().sort();
  const order = new Int32Array(n);
  for (let k = 0; k < n; k++) order[k] = entryAt[(sorted[k] % POSITION_SPAN) - min];
  return order;
}

function byComparing(keys: Float64Array): Int32Array {
  return Int32Array.from(keys.keys()).sort((a, b) => keys[a] - keys[b]);
}
