import * as assert from 'node:assert/strict';
import { Catalogue } from '../../sandbox/catalogue';
import { CatalogueIndex, IndexBuilder, SEGMENT_SIZE } from '../../src/catalogue/catalogueIndex';
import type { IndexEntry } from '../../src/catalogue/indexSegment';
import { prepareSegment } from '../../src/catalogue/segmentArrays';
import { joinJobs, packEntries, splitJob, unpackEntries } from '../../src/catalogue/segmentJob';
import { SegmentThread } from '../../src/catalogue/segmentThread';

describe('catalogue index: segments prepared in a worker thread', () => {
  const entries: IndexEntry[] = new Catalogue(5, 2 * SEGMENT_SIZE + 500).standards.map((s, position) => ({
    position,
    urn: s.urn,
    reference: s.reference,
    title: s.titleText,
    status: s.status,
  }));

  it('prepares in the worker exactly what the main thread would', async () => {
    const thread = new SegmentThread();
    try {
      const chunk = entries.slice(0, SEGMENT_SIZE);
      assert.deepEqual(await thread.prepare(chunk), prepareSegment(chunk));
    } finally {
      thread.dispose();
    }
  });

  it('builds through the worker the same index as built at once, searchable while segments are being prepared', async () => {
    const builder = new IndexBuilder();
    const thread = new SegmentThread();
    let sent = 0;
    let sentPacked = 0;
    builder.prepare = (chunk, packed) => {
      sent++;
      if (packed) sentPacked++;
      return thread.prepare(chunk, packed);
    };
    try {
      builder.add(0, entries.slice(0, SEGMENT_SIZE + 10));
      const early = builder.snapshot();
      assert.equal(early.size, SEGMENT_SIZE + 10, 'entries whose segment is being prepared are searchable');
      builder.add(SEGMENT_SIZE + 10, entries.slice(SEGMENT_SIZE + 10));
      const built = await builder.finish();
      assert.equal(sent, 3, 'every segment went to the worker');
      assert.equal(sentPacked, 3, 'packed as the pages arrived, across their bounds');
      const whole = CatalogueIndex.of(entries);
      for (const query of ['9001', 'iec 60601', 'safety', '', 'urn:iso:std:iso:6'])
        assert.deepEqual(built.searchHits(query, 40), whole.searchHits(query, 40), query);
    } finally {
      thread.dispose();
    }
  });

  it('prepares the segments on the main thread when no worker can run or it stopped', async () => {
    const missing = new SegmentThread('/nonexistent/segmentWorker.js');
    await assert.rejects(missing.prepare(entries.slice(0, 10)));
    const stopped = new SegmentThread();
    const builder = new IndexBuilder();
    builder.prepare = (chunk) => stopped.prepare(chunk);
    builder.add(0, entries);
    stopped.dispose();
    const built = await builder.finish();
    assert.equal(built.size, entries.length);
    assert.deepEqual(built.search('9001', 20), CatalogueIndex.of(entries).search('9001', 20));
  });

  it('refuses entries whose texts hold the field separator rather than shift their fields', () => {
    const job = packEntries([{ position: 0, urn: 'urn:x:1', title: 'A\u0000B' }]);
    assert.throws(() => unpackEntries(job));
    assert.deepEqual(unpackEntries(packEntries(entries.slice(0, 50))), entries.slice(0, 50));
    // Pages packed as they arrive are cut and joined into segments.
    const [head, rest] = splitJob(packEntries(entries.slice(0, 50)), 20);
    assert.deepEqual(unpackEntries(head), entries.slice(0, 20));
    assert.deepEqual(unpackEntries(rest), entries.slice(20, 50));
    assert.deepEqual(unpackEntries(joinJobs([head, rest, packEntries(entries.slice(50, 60))])), entries.slice(0, 60));
  });
});
