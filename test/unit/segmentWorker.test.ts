import * as assert from 'node:assert/strict';
import { Catalogue } from '../../sandbox/catalogue';
import { CatalogueIndex, HERE_PIECE, IndexBuilder, SEGMENT_SIZE } from '../../src/core/catalogue/catalogueIndex';
import type { IndexEntry } from '../../src/core/catalogue/indexSegment';
import { prepareSegment } from '../../src/core/catalogue/segmentArrays';
import { TurnCounter } from './eventLoopTurns';
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

  it('prepares what the worker did not on this thread in pieces, giving the event loop back between them', async () => {
    const builder = new IndexBuilder();
    builder.prepare = () => Promise.reject(new Error('Taken back.'));
    builder.add(0, entries);
    const counter = new TurnCounter();
    const built = await builder.finish();
    const turns = counter.stop();
    // Two segments of 4 000 and the last 500, each prepared in pieces of HERE_PIECE, a small part of a segment.
    assert.ok(HERE_PIECE <= SEGMENT_SIZE / 4);
    const pieces = 2 * Math.ceil(SEGMENT_SIZE / HERE_PIECE) + Math.ceil(500 / HERE_PIECE);
    assert.equal(built.segmentArrays().length, pieces);
    assert.ok(turns >= pieces - 3, `the event loop turned ${turns} times`);
    const whole = CatalogueIndex.of(entries);
    for (const query of ['9001', 'iec 60601', 'safety', 'urn:iso:std:iso:6']) assert.deepEqual(built.search(query, 40), whole.search(query, 40), query);
  });

  it('takes pages in any order once the service has said how many there are, and closes the holes of a total that shrank', async () => {
    const builder = new IndexBuilder();
    builder.add(0, entries.slice(0, 1000));
    builder.expected = entries.length + 700;
    for (const offset of [7000, 3000, 1000, 8000, 5000, 2000, 6000, 4000]) builder.add(offset, entries.slice(offset, offset + 1000));
    const built = await builder.finish();
    assert.equal(built.size, entries.length);
    assert.equal(built.entries.length, entries.length);
    const whole = CatalogueIndex.of(entries);
    for (const query of ['9001', 'safety', '']) assert.deepEqual(built.search(query, 40), whole.search(query, 40), query);
  });

  it('sends entries as columns of texts and refuses columns that do not line up', () => {
    // Titles holding any character (a NUL, a separator of old) come back as they went.
    const odd: IndexEntry[] = [{ position: 7, urn: 'urn:x:1', title: 'A\u0000B\u001fC' }, ...entries.slice(0, 50)];
    assert.deepEqual(unpackEntries(packEntries(odd)), odd);
    const job = packEntries(entries.slice(0, 5));
    job.titles.pop();
    assert.throws(() => unpackEntries(job), /do not unpack/);
    // Statuses go as places in a list of the segment's statuses: a place past it is refused too.
    const statuses = packEntries(entries.slice(0, 5));
    assert.deepEqual(statuses.statusTexts, [...new Set(entries.slice(0, 5).map((e) => e.status ?? ''))]);
    statuses.statuses[1] = statuses.statusTexts.length;
    assert.throws(() => unpackEntries(statuses), /do not unpack/);
  });
});
