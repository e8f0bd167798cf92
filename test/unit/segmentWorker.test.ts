import * as assert from 'node:assert/strict';
import { Catalogue } from '../../sandbox/catalogue';
import { CatalogueIndex, IndexBuilder, SEGMENT_SIZE } from '../../src/core/catalogue/catalogueIndex';
import type { IndexEntry } from '../../src/core/catalogue/indexSegment';
import { prepareSegment } from '../../src/core/catalogue/segmentArrays';
import { packEntries, unpackEntries } from '../../src/core/catalogue/segmentJob';
import { SegmentThread } from '../../src/core/catalogue/segmentThread';

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
    builder.prepare = (chunk) => {
      sent++;
      return thread.prepare(chunk);
    };
    try {
      builder.add(0, entries.slice(0, SEGMENT_SIZE + 10));
      const early = builder.snapshot();
      assert.equal(early.size, SEGMENT_SIZE + 10, 'entries whose segment is being prepared are searchable');
      builder.add(SEGMENT_SIZE + 10, entries.slice(SEGMENT_SIZE + 10));
      const built = await builder.finish();
      assert.equal(sent, 3, 'every segment went to the worker');
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

  it('sends entries as columns of texts and refuses columns that do not line up', () => {
    // Titles holding any character (a NUL, a separator of old) come back as they went.
    const odd: IndexEntry[] = [{ position: 7, urn: 'urn:x:1', title: 'A\u0000B\u001fC' }, ...entries.slice(0, 50)];
    assert.deepEqual(unpackEntries(packEntries(odd)), odd);
    const job = packEntries(entries.slice(0, 5));
    job.titles.pop();
    assert.throws(() => unpackEntries(job), /do not unpack/);
  });
});
