import * as assert from 'node:assert/strict';
import { sandboxEntries } from '../../bench/sandboxEntries';
import { CatalogueIndex } from '../../src/core/catalogue/catalogueIndex';
import { IndexSegment } from '../../src/core/catalogue/indexSegment';

/** Token ids and entry ranks are 16 bits in a segment whose values fit, else 32; the two search and store alike. */
describe('segment ids', () => {
  const entries = sandboxEntries(6, 70_000);
  const queries = [
    '9001',
    entries[123].reference ?? '',
    'fire safety',
    'quality management',
    'road vehicles requirements',
    '',
    entries[69_999].reference ?? '',
    'urn:iec:std:iec:6',
  ];

  it('are 16 bits in a segment of a few thousand entries, 32 in one of more than 65 536', () => {
    const small = IndexSegment.build(entries.slice(0, 4000)).arrays;
    for (const name of ['referenceIds', 'titleIds', 'inReferenceRanks', 'inTitleRanks', 'anywhereRanks', 'designationEndRanks'] as const)
      assert.ok(small[name] instanceof Uint16Array, name);
    const large = IndexSegment.build(entries).arrays;
    for (const name of ['inReferenceRanks', 'inTitleRanks', 'anywhereRanks', 'designationEndRanks'] as const)
      assert.ok(large[name] instanceof Int32Array, name);
  });

  it('keep their offsets and entry orders in 16 bits where they fit, 32 where they do not', () => {
    const offsets = ['referenceStart', 'titleStart', 'inReferenceStart', 'inTitleStart', 'anywhereStart', 'designationEndStart', 'byRank', 'byTopic'] as const;
    const small = IndexSegment.build(entries.slice(0, 4000)).arrays;
    for (const name of offsets) assert.ok(small[name] instanceof Uint16Array, `${name} of a segment of 4 000`);
    const large = IndexSegment.build(entries).arrays;
    for (const name of offsets) assert.ok(large[name] instanceof Int32Array, `${name} of a segment of 70 000`);
  });

  it('search, and read back from the file, the same either way', () => {
    const narrow = CatalogueIndex.of(entries, 0);
    const wide = new CatalogueIndex([IndexSegment.build(entries)], entries, 0);
    const back = CatalogueIndex.fromFile(wide.toFile('http://h/p'), 'http://h/p');
    assert.ok(back);
    for (const query of queries) {
      const expected = narrow.search(query, 30).map((e) => e.position);
      assert.ok(expected.length > 0, query);
      assert.deepEqual(
        wide.search(query, 30).map((e) => e.position),
        expected,
        query,
      );
      assert.deepEqual(
        back.search(query, 30).map((e) => e.position),
        expected,
        `read back: ${query}`,
      );
    }
  });

  it('a stored type out of its place is not trusted: the index is built anew', () => {
    const stored = CatalogueIndex.of(entries.slice(0, 5000), 0).toFile('http://h/p');
    const view = new DataView(stored.buffer, stored.byteOffset);
    const length = view.getUint32(8, true);
    const text = Buffer.from(stored.subarray(12, 12 + length)).toString('utf8');
    // The same length: the kind of the first segment's first array, 0 (its only type), becomes 1 (none).
    const tampered = text.replace('"kinds":[0,', '"kinds":[1,');
    assert.notEqual(tampered, text);
    const copy = stored.slice();
    copy.set(Buffer.from(tampered, 'utf8'), 12);
    assert.equal(CatalogueIndex.fromFile(copy, 'http://h/p'), undefined);
    assert.ok(CatalogueIndex.fromFile(stored, 'http://h/p'));
  });
});
