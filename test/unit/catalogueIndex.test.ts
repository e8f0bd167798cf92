import * as assert from 'node:assert/strict';
import { sandboxEntries } from '../../bench/sandboxEntries';
import { Catalogue } from '../../sandbox/catalogue';
import { sandboxStats, startSandbox } from '../../sandbox/index';
import { buildCatalogueIndex } from '../../src/core/catalogue/buildIndex';
import { CatalogueIndex, HERE_PIECE, IndexBuilder, SEGMENT_SIZE, sameEntries } from '../../src/core/catalogue/catalogueIndex';
import { IndexSegment } from '../../src/core/catalogue/indexSegment';
import { PackedEntries, sameRecord } from '../../src/core/catalogue/packedEntries';
import { createStandardsService } from '../../src/core/service/standardsService';
import { ServiceError, isServiceError, serviceOptionsFrom, type StandardsPage } from '../../src/core/service/index';
import { realSample } from './realSample';

describe('catalogue index', () => {
  const index = CatalogueIndex.of(
    [
      { position: 0, urn: 'urn:iso:std:iso:19001', reference: 'ISO 19001:2011', title: 'Guidelines for auditing' },
      { position: 1, urn: 'urn:iso:std:iso:9001', reference: 'ISO 9001:2015', title: 'Quality management systems — Requirements' },
      { position: 2, urn: 'urn:iso:std:iso-iec:27001', reference: 'ISO/IEC 27001:2022', title: 'Information security management systems' },
      { position: 3, urn: 'urn:cen:std:en:1090', reference: 'EN 1090-2:2018', title: 'Exécution des structures en acier' },
    ],
    0,
  );

  it('tells when a search during a build found the same records as before (the picker keeps its items then)', () => {
    const entries = sandboxEntries(3, 3000);
    const builder = new IndexBuilder();
    builder.add(0, entries.slice(0, 1000));
    const query = entries[10].reference ?? '';
    const first = builder.snapshot().searchHits(query, 200);
    assert.ok(first.length > 0);
    const shown = first.map((h) => h.entry);
    assert.ok(sameEntries(shown, builder.snapshot().searchHits(query, 200)), 'nothing arrived: the same records');
    // Records of another number arrive: the results for this reference stay as they were.
    builder.add(
      1000,
      entries.slice(1000, 3000).filter((e) => !(e.reference ?? '').includes(query.split(/[:\s]/)[1] ?? query)),
    );
    assert.ok(sameEntries(shown, builder.snapshot().searchHits(query, 200)));
    assert.ok(!sameEntries(shown, builder.snapshot().searchHits('', 200)), 'another query: other records');
    assert.ok(!sameEntries(shown.slice(1), first), 'one fewer');
    assert.ok(!sameEntries([{ ...shown[0], title: 'changed' }, ...shown.slice(1)], first), 'a record changed');
  });

  it('makes an entry for each hit kept, not for every hit of every segment (a keystroke over 300 000 records made 75 × 200)', () => {
    const index = CatalogueIndex.of(sandboxEntries(5, 3 * SEGMENT_SIZE)).packed();
    const at = PackedEntries.prototype.at;
    let made = 0;
    PackedEntries.prototype.at = function (position) {
      made++;
      return at.call(this, position);
    };
    try {
      for (const query of ['1', 'iso', 'ISO/IEC 2', 'quality management']) {
        made = 0;
        const hits = index.searchHits(query, 10);
        assert.equal(hits.length, 10, query);
        assert.equal(made, hits.length, `${query}: ${made} entries made for ${hits.length} hits over 3 segments`);
      }
    } finally {
      PackedEntries.prototype.at = at;
    }
  });

  it("gives the extension host what it searches during a build in pieces made once each, without the worker's queue", async () => {
    const entries = sandboxEntries(7, 3 * SEGMENT_SIZE);
    const builder = new IndexBuilder();
    // A worker that answers only when told: the first chunk prepared, the second still in its queue.
    const answers: Array<() => void> = [];
    builder.prepare = (chunk) => new Promise((resolve) => answers.push(() => resolve(IndexSegment.build(chunk).arrays)));
    const built: number[] = [];
    const build = IndexSegment.build;
    IndexSegment.build = (list) => (built.push(list.length), build.call(IndexSegment, list));
    try {
      builder.add(0, entries.slice(0, 2 * SEGMENT_SIZE + 1234));
      answers[0]();
      await new Promise((resolve) => setImmediate(resolve));
      built.length = 0;
      const during = await builder.snapshotInSteps();
      assert.ok(built.length > 1 && built.every((n) => n <= HERE_PIECE), `pieces made: ${built.join(', ')}`);
      assert.equal(during.size, SEGMENT_SIZE + 1234, 'the prepared segment and the pending entries; not the queued chunk');
      const positions = new Set<number>();
      for (const hit of during.search('', 20_000)) {
        assert.ok(!positions.has(hit.position), `${hit.position} once`);
        positions.add(hit.position);
      }
      assert.equal(positions.size, during.size);
      // The same as a segment made at once of those entries finds.
      const expected = CatalogueIndex.of([...entries.slice(0, SEGMENT_SIZE), ...entries.slice(2 * SEGMENT_SIZE, 2 * SEGMENT_SIZE + 1234)]);
      for (const query of ['9001', 'iec 60601', 'safety'])
        assert.deepEqual(
          during.search(query, 30).map((e) => e.position),
          expected.search(query, 30).map((e) => e.position),
          query,
        );
      // More entries arrive: the full pieces made before are kept, only the new ones and the last are made.
      built.length = 0;
      builder.add(2 * SEGMENT_SIZE + 1234, entries.slice(2 * SEGMENT_SIZE + 1234, 2 * SEGMENT_SIZE + 1834));
      await builder.snapshotInSteps();
      assert.deepEqual(built, [HERE_PIECE, 1834 - 3 * HERE_PIECE]);
      // The queued chunk prepared: searchable then.
      answers[1]();
      await new Promise((resolve) => setImmediate(resolve));
      assert.equal((await builder.snapshotInSteps()).size, 2 * SEGMENT_SIZE + 1834);
    } finally {
      IndexSegment.build = build;
      answers.forEach((answer) => answer());
    }
  });

  it('matches number, reference and title words, best first', () => {
    assert.deepEqual(
      index.search('9001').map((e) => e.position),
      [1],
    );
    assert.deepEqual(
      index.search('900').map((e) => e.position),
      [1],
      'a token prefix, not any substring',
    );
    assert.deepEqual(
      index.search('ISO/IEC 27001').map((e) => e.position),
      [2],
    );
    assert.deepEqual(
      index.search('quality requirements').map((e) => e.position),
      [1],
    );
    assert.deepEqual(
      index.search('execution acier').map((e) => e.position),
      [3],
      'accents ignored',
    );
    assert.deepEqual(index.search('nothing like this'), []);
    assert.equal(index.search('').length, 4);
    assert.equal(index.search('iso', 2).length, 2);
  });

  it('stores and restores itself for its base URL only', () => {
    const stored = index.toFile('http://h/p');
    const back = CatalogueIndex.fromFile(stored, 'http://h/p');
    assert.deepEqual(back && Array.from(back.entries), index.entries);
    assert.equal(CatalogueIndex.fromFile(stored, 'http://other/p'), undefined);
    const older = stored.slice();
    new DataView(older.buffer).setUint32(4, 3, true);
    assert.equal(CatalogueIndex.fromFile(older, 'http://h/p'), undefined, 'an older index is rebuilt');
    assert.equal(CatalogueIndex.fromFile(new TextEncoder().encode(JSON.stringify({ version: 3 })), 'http://h/p'), undefined, 'the JSON file of before');
    assert.equal(CatalogueIndex.fromFile(new Uint8Array(0), 'http://h/p'), undefined);
    assert.equal(CatalogueIndex.fromFile(stored.subarray(0, stored.length - 8), 'http://h/p'), undefined, 'truncated');
    // Read from any offset of a larger buffer (as a file read may hand it): aligned or not.
    const shifted = new Uint8Array(stored.length + 3);
    shifted.set(stored, 3);
    assert.deepEqual(CatalogueIndex.fromFile(shifted.subarray(3), 'http://h/p')?.search('9001'), index.search('9001'));
  });

  it('reads itself back and writes itself in slices, resting between them, as at once', async () => {
    // Several segments and more than one step of copied data: 9 000 entries with long titles, 12 MB.
    const many = sandboxEntries(4, 9_000).map((e) => ({ ...e, title: `${e.title} ${'x'.repeat(1000)}` }));
    const built = CatalogueIndex.of(many);
    const stored = built.toFile('http://h/p');
    let rests = 0;
    const rest = async (): Promise<void> => {
      rests++;
    };
    const back = await CatalogueIndex.fromFileInSlices(stored, 'http://h/p', rest);
    assert.ok(back);
    const entries = Array.from(back.entries);
    assert.equal(entries.length, many.length);
    assert.ok(
      entries.every((entry, position) => entry && sameRecord(entry, many[position])),
      'every entry as stored',
    );
    for (const query of ['9001', 'quality', many[8_999].reference ?? '', 'urn:iso:std']) assert.deepEqual(back.search(query), built.search(query), query);
    assert.deepEqual(CatalogueIndex.fromFile(stored, 'http://h/p')?.search('quality'), built.search('quality'), 'and at once');
    assert.ok(rests >= 4, `rested ${rests} times`);
    rests = 0;
    assert.deepEqual(await back.toFileInSlices('http://h/p', rest), stored, 'written again in slices, byte for byte');
    assert.ok(rests >= 2, `rested ${rests} times writing`);
    assert.equal(await CatalogueIndex.fromFileInSlices(stored, 'http://other/p', rest), undefined);
    assert.equal(await CatalogueIndex.fromFileInSlices(stored.subarray(0, stored.length - 8), 'http://h/p', rest), undefined, 'truncated');
    assert.equal(await CatalogueIndex.fromFileInSlices(new TextEncoder().encode('{"version": 3}'), 'http://h/p', rest), undefined);
  });

  it('searches across segments as one index, and reads back what it stored without tokenising again', () => {
    const generated = new Catalogue(3, 3000).standards.map((s) => ({ urn: s.urn, reference: s.reference, title: s.titleText, status: s.status }));
    const entries = [...realSample(), ...generated].map((r, position) => ({ position, ...r }));
    const whole = CatalogueIndex.of(entries);
    assert.ok(entries.length > SEGMENT_SIZE, 'more than one segment');
    const stored = whole.toFile('http://h/p');
    const back = CatalogueIndex.fromFile(stored, 'http://h/p');
    assert.ok(back);
    for (const query of ['9001', 'iec 60601', 'robots safety', 'medical', '', 'urn:iec:std:iec:6', 'ISO 9001:2015/Amd 1'])
      assert.deepEqual(back.searchHits(query, 50), whole.searchHits(query, 50), query);
    // A tampered file is not trusted: the index is built anew. The first token id of the first segment, out of range:
    const tampered = stored.slice();
    const view = new DataView(tampered.buffer);
    const header = JSON.parse(Buffer.from(tampered.subarray(12, 12 + view.getUint32(8, true))).toString('utf8')) as {
      entries: number;
      textBytes: number;
      segments: Array<{ lengths: number[] }>;
    };
    const align8 = (n: number): number => Math.ceil(n / 8) * 8;
    const [positions, keys] = header.segments[0].lengths;
    // The data: the entries' texts and their starts, then each segment's positions and arrays.
    const segmentsStart = align8(align8(12 + view.getUint32(8, true)) + header.textBytes) + align8((header.entries * 4 + 1) * 4);
    const referenceIds = align8(segmentsStart + positions * 4) + align8(keys * 8);
    view.setInt32(referenceIds, 1e9, true);
    assert.equal(CatalogueIndex.fromFile(tampered, 'http://h/p'), undefined);
  });

  describe('building', () => {
    /** The service's listStandards, counting pages in flight. */
    function counted(service: { listStandards(page: { limit: number; offset: number }, signal?: AbortSignal): Promise<StandardsPage> }) {
      const seen = { inFlight: 0, most: 0, calls: 0 };
      const listPage = async (page: { limit: number; offset: number }, signal?: AbortSignal): Promise<StandardsPage> => {
        seen.calls++;
        seen.most = Math.max(seen.most, ++seen.inFlight);
        try {
          return await service.listStandards(page, signal);
        } finally {
          seen.inFlight--;
        }
      };
      return { seen, listPage };
    }

    it('pages the whole catalogue several pages at a time, by what the server returns', async () => {
      const sandbox = await startSandbox({ standards: 2500, maxLimit: 400 });
      try {
        const { seen, listPage } = counted(createStandardsService(serviceOptionsFrom(sandbox)));
        const built = await buildCatalogueIndex(listPage, { pageSize: 1000, concurrency: 4 });
        assert.equal(built.size, 2500);
        assert.ok(built.complete);
        assert.deepEqual(
          Array.from(built.entries, (e) => e?.position),
          [...Array(2500).keys()],
        );
        // 7 pages of the clamped size; 1000 and 3000, asked with the first page at the size asked, are off its steps.
        assert.equal((await sandboxStats(sandbox)).requests.listStandards, 7 + 2, 'the clamped page size (400) moves the offset');
        assert.ok(seen.most > 1 && seen.most <= 4, `at most 4 in flight, saw ${seen.most}`);
      } finally {
        await sandbox.close();
      }
    });

    it('asks the pages after the first with it, and ignores them past the end the first page tells', async () => {
      const sandbox = await startSandbox({ standards: 1300, maxLimit: 1000 });
      try {
        const service = createStandardsService(serviceOptionsFrom(sandbox));
        const asked: number[] = [];
        // The real service, refusing past its end as some servers do (the sandbox answers an empty page there).
        const listPage = async (page: { limit: number; offset: number }, signal?: AbortSignal): Promise<StandardsPage> => {
          asked.push(page.offset);
          if (page.offset >= 1300) throw new ServiceError('notFound', 'GET /v1/standards was not found (404).', { status: 404 });
          return service.listStandards(page, signal);
        };
        const built = await buildCatalogueIndex(listPage, { pageSize: 1000, concurrency: 4 });
        assert.deepEqual(asked, [0, 1000, 2000, 3000], 'all asked before the first answer, nothing after');
        assert.equal(built.size, 1300);
        assert.deepEqual(
          Array.from(built.entries, (e) => e?.position),
          [...Array(1300).keys()],
        );
        const small = await buildCatalogueIndex(listPage, { pageSize: 2000, concurrency: 4 });
        assert.equal(small.size, 1300, 'a catalogue within the first page: the pages asked with it are ignored');
      } finally {
        await sandbox.close();
      }
    });

    it('reads to the end without a total, asking ahead by what came back', async () => {
      const sandbox = await startSandbox({ standards: 2500, maxLimit: 400, envelope: 'array' });
      try {
        const { seen, listPage } = counted(createStandardsService(serviceOptionsFrom(sandbox)));
        const built = await buildCatalogueIndex(listPage, { pageSize: 400, concurrency: 3 });
        assert.equal(built.size, 2500);
        assert.deepEqual(
          Array.from(built.entries, (e) => e?.position),
          [...Array(2500).keys()],
        );
        assert.ok(seen.calls <= 7 + 3, `a few pages past the end at most, ${seen.calls} calls`);
      } finally {
        await sandbox.close();
      }
    });

    it('is searchable while pages arrive, and resumes after a cancel without asking again what it has', async () => {
      const sandbox = await startSandbox({ standards: 12_000, maxLimit: 1000 });
      try {
        const service = createStandardsService(serviceOptionsFrom(sandbox));
        const builder = new IndexBuilder();
        const controller = new AbortController();
        let early: CatalogueIndex | undefined;
        const stopped = buildCatalogueIndex((page, signal) => service.listStandards(page, signal), {
          pageSize: 1000,
          concurrency: 2,
          resume: builder,
          signal: controller.signal,
          onProgress: ({ loaded, snapshot }) => {
            if (loaded >= 5000 && !early) {
              early = snapshot();
              controller.abort();
            }
          },
        });
        await assert.rejects(stopped, (e: unknown) => isServiceError(e) && e.kind === 'cancelled');
        assert.ok(early && !early.complete && early.size >= 5000 && early.expected === 12_000);
        const first = early.entries.at(0);
        assert.ok(first);
        assert.equal(early.search(first.reference ?? '', 5)[0]?.reference, first.reference, 'what arrived is searchable');
        const pagesBefore = builder.pages.size;
        const requestsBefore = (await sandboxStats(sandbox)).requests.listStandards;
        const built = await buildCatalogueIndex((page, signal) => service.listStandards(page, signal), { pageSize: 1000, concurrency: 2, resume: builder });
        assert.equal(built.size, 12_000);
        const asked = (await sandboxStats(sandbox)).requests.listStandards - requestsBefore;
        assert.equal(asked, 12 - pagesBefore + 1, 'the missing pages, and the first again for the total');
      } finally {
        await sandbox.close();
      }
    });

    it('asks fewer pages at a time when the service says it is busy, and still reads everything', async () => {
      const sandbox = await startSandbox({ standards: 3000, maxLimit: 250, faults: '429:0.3', retryAfterSeconds: 0 });
      try {
        // No retries in the service layer: every 429 reaches the build.
        const { listPage } = counted(createStandardsService({ ...serviceOptionsFrom(sandbox), retry: { maxRetries: 0 } }));
        const built = await buildCatalogueIndex(listPage, { pageSize: 250, concurrency: 6 });
        assert.equal(built.size, 3000);
        assert.ok((await sandboxStats(sandbox)).requests.listStandards > 12, 'some pages were asked again');
      } finally {
        await sandbox.close();
      }
    });
  });
});
