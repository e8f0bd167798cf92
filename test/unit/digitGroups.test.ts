import * as assert from 'node:assert/strict';
import { digitGroups } from '../../src/core/digitGroups';

describe('digit groups', () => {
  it("writes whole numbers as toLocaleString('en-US') does", () => {
    for (const n of [0, 7, 999, 1000, 1500, 12345, 999999, 1000000, 52284, -1234, Number.MAX_SAFE_INTEGER])
      assert.equal(digitGroups(n), n.toLocaleString('en-US'), String(n));
  });

  it('leaves other numbers as String writes them', () => {
    assert.equal(digitGroups(1.5), '1.5');
    assert.equal(digitGroups(Infinity), 'Infinity');
  });
});
