import * as assert from 'node:assert/strict';
import { orderByKeys, POSITION_SPAN } from '../../src/core/catalogue/keyOrder';

/** Keys as rankKey and topicKey make them: a few levels above, the entry's position in the low bits. */
function keysOf(positions: readonly number[], level: (i: number) => number): Float64Array {
  return Float64Array.from(positions, (position, i) => level(i) * POSITION_SPAN + (position % POSITION_SPAN));
}

function byComparing(keys: Float64Array): number[] {
  return [...keys.keys()].sort((a, b) => keys[a] - keys[b]);
}

describe('orderByKeys', () => {
  it('orders entries as a sort of them by key does, for the positions a build gives a segment', () => {
    // Pages of 1 000 arriving out of order, as 6 in flight do: positions close together, not in order.
    const positions = [3, 0, 5, 1, 4, 2].flatMap((page) => Array.from({ length: 1000 }, (_, k) => 40_000 + page * 1000 + k));
    // Levels with many ties, broken by position: group, age and title length (some up to the largest key).
    const keys = keysOf(positions, (i) => ((i * 7919) % 97) * 1024 * 4096 + ((i * 31) % 1024) + (i % 500 === 0 ? 8 * 4096 * 1024 : 0));
    const order = orderByKeys(keys, Int32Array.from(positions));
    assert.deepEqual([...order], byComparing(keys));
    assert.equal(new Set(order).size, positions.length);
  });

  it('orders by comparing when positions are far apart, repeated or past the span, with the same result', () => {
    const cases = [
      [0, 900_000, 17, 1_500_000, 3],
      [5, 9, 5, 2],
      [POSITION_SPAN + 4, 1, 2],
    ];
    for (const positions of cases) {
      const keys = keysOf(positions, (i) => (i * 3) % 2);
      assert.deepEqual([...orderByKeys(keys, Int32Array.from(positions))], byComparing(keys), String(positions));
    }
    assert.deepEqual([...orderByKeys(new Float64Array(0), new Int32Array(0))], []);
  });
});
