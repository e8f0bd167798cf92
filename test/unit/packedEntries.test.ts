import * as assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sandboxEntries } from '../../bench/sandboxEntries';
import { CatalogueIndex, IndexBuilder, sameEntries, type IndexEntry } from '../../src/core/catalogue/catalogueIndex';
import { EntryPacker, PackedEntries } from '../../src/core/catalogue/packedEntries';

describe('packed entries', () => {
  const odd: IndexEntry[] = [
    { position: 0, urn: 'urn:iso:std:iso:9001:ed-5:v1:en', reference: 'ISO 9001:2015', title: 'Quality management systems — Requirements', status: 'current' },
    { position: 1, urn: 'urn:din:std:din:1234', title: 'Außenbauteile — 建築 — 🏗️ scaffolding' },
    { position: 2, urn: 'urn:x:ÄRGER', reference: 'X 1', title: '' },
    { position: 3, urn: 'URN:ISO:STD:ISO:14971', reference: 'ISO 14971:2019', title: 'Medical devices', status: 'withdrawn' },
  ];

  it('gives back every entry as it was packed, texts of any script, absent fields absent', () => {
    const packed = PackedEntries.pack(odd);
    assert.equal(packed.length, 4);
    assert.deepEqual(Array.from(packed), odd);
    assert.deepEqual(packed.at(1), odd[1]);
    assert.ok(!('reference' in (packed.at(1) as IndexEntry)) && !('status' in (packed.at(2) as IndexEntry)));
    for (const outside of [-1, 4, 1.5, Number.NaN]) assert.equal(packed.at(outside), undefined, String(outside));
    assert.equal(packed.urnAt(0), odd[0].urn);
  });

  it('grows its buffer when texts take more bytes than characters', () => {
    // Three bytes a character in UTF-8, where the buffer is first sized at about one.
    const wide = Array.from({ length: 300 }, (_, position) => ({ position, urn: `urn:x:${position}`, title: '—'.repeat(position * 7) }));
    assert.deepEqual(Array.from(PackedEntries.pack(wide)), wide);
  });

  it('packs entries as they come, in position order, growing its room, to the same bytes as at once', async () => {
    const entries = sandboxEntries(4, 9000);
    const packer = new EntryPacker();
    packer.reserve(100, 10); // far too little: it grows
    for (const entry of entries) packer.append(entry);
    assert.throws(() => packer.append({ ...entries[0], position: 1 }), /Entry 1 packed at position 9000/);
    let pauses = 0;
    const sliced = await packer.doneInSlices(async () => void pauses++);
    const whole = PackedEntries.pack(entries);
    assert.ok(pauses >= 1, `${pauses} pauses`);
    assert.deepEqual(sliced.parts, whole.parts);
    assert.deepEqual(sliced.at(8999), entries[8999]);
  });

  it('finds a URN by its bytes, exactly, in the order asked', () => {
    const packed = PackedEntries.pack([...odd, { ...odd[0], position: 4, title: 'Second record of the same URN' }]);
    const positions = Int32Array.from([0, 1, 2, 3, 4]);
    assert.equal(packed.findUrn(Int32Array.from([0, 1, 2, 3, 4]), positions, odd[0].urn), 0);
    assert.equal(packed.findUrn(Int32Array.from([4, 3, 2, 1, 0]), positions, odd[0].urn), 4, 'the first in the order given');
    assert.equal(packed.findUrn(Int32Array.from([0, 1, 2, 3]), positions, 'urn:x:ÄRGER'), 2);
    assert.equal(packed.findUrn(Int32Array.from([0, 1, 2, 3]), positions, 'urn:iso:std:iso:14971'), -1, 'case matters');
    assert.equal(packed.findUrn(Int32Array.from([0, 1, 2, 3]), positions, 'urn:iso:std:iso:9001:ed-5:v1'), -1, 'a prefix is not the URN');
  });

  it('tells a URN prefix in lower case as a lower-cased string would', () => {
    const packed = PackedEntries.pack(odd);
    assert.equal(packed.urnStarts(3, 'urn:iso:std:iso:14971'), 2);
    assert.equal(packed.urnStarts(3, 'urn:iso:std'), 1);
    assert.equal(packed.urnStarts(0, 'urn:iso:std:iso:9001:ed-5:v1:en:x'), 0);
    assert.equal(packed.urnStarts(0, 'urn:iec'), 0);
    assert.equal(packed.urnStarts(2, 'urn:x:ä'), 1, 'beyond ASCII, the string decides');
    assert.equal(packed.urnStarts(2, 'urn:x:ärger'), 2);
  });

  it('rejects parts that do not fit each other', () => {
    const { parts } = PackedEntries.pack(odd);
    assert.ok(PackedEntries.fits(parts, 4));
    assert.ok(!PackedEntries.fits(parts, 3));
    const backwards = parts.starts.slice();
    backwards[5] = backwards[6] + 1;
    assert.ok(!PackedEntries.fits({ ...parts, starts: backwards }, 4));
    assert.ok(!PackedEntries.fits({ ...parts, texts: parts.texts.subarray(1) }, 4));
    assert.ok(!PackedEntries.fits({ ...parts, statusCodes: Uint8Array.of(0, 0, 0, 3) }, 4), 'a status code past its table');
    assert.ok(!PackedEntries.fits({ ...parts, headCodes: Uint8Array.of(0, 0, 0, 9) }, 4), 'a head code past its table');
    assert.ok(!PackedEntries.fits({ ...parts, heads: ['urn:iso:std:iso:x:'] }, 4), 'a head that is not a URN head');
  });

  it('keeps a status and a URN head once, each entry a number for it, and a URN of any other shape whole', () => {
    const entries: IndexEntry[] = Array.from({ length: 600 }, (_, position) => ({
      position,
      // 300 heads: more than the 255 a byte can number, so the last URNs keep their whole text.
      urn: `urn:p${position % 300}:std:x:${position}`,
      title: `Title ${position}`,
      // 400 statuses: their codes take two bytes.
      status: `status ${position % 400}`,
    }));
    const packed = PackedEntries.pack([...entries, { position: 600, urn: 'urn:x', title: 'no head', status: 'current' }]);
    assert.deepEqual(Array.from(packed), [...entries, { position: 600, urn: 'urn:x', title: 'no head', status: 'current' }]);
    const { heads, headCodes, statuses, statusCodes, texts } = packed.parts;
    assert.equal(heads.length, 255);
    assert.equal(headCodes[299], 0, 'the 300th head has no code');
    assert.equal(statuses.length, 401);
    assert.ok(statusCodes instanceof Uint16Array && headCodes instanceof Uint8Array);
    assert.ok(!Buffer.from(texts).toString('latin1').includes('status'), 'no status among the texts');
    const positions = Int32Array.from(entries, (e) => e.position);
    assert.equal(packed.findUrn(Int32Array.from([0, 299, 450]), positions, 'urn:p150:std:x:450'), 450);
    assert.equal(packed.findUrn(Int32Array.from([0, 299, 450]), positions, 'urn:p299:std:x:299'), 299, 'a URN kept whole');
    assert.equal(packed.findUrn(Int32Array.from([0, 299, 450]), positions, 'urn:p150:std:x:45'), -1);
    assert.equal(packed.urnStarts(450, 'urn:p150:std:x:4'), 1);
    assert.equal(packed.urnStarts(450, 'urn:p150:std:x:450'), 2);
    assert.equal(packed.urnStarts(450, 'urn:p15'), 1, 'a prefix within the head');
    assert.equal(packed.urnStarts(450, 'urn:p151'), 0);
  });

  it('is what a finished build keeps: the same hits, found by URN as before, and the picker keeps its items', async () => {
    const entries = sandboxEntries(5, 9000);
    const builder = new IndexBuilder();
    builder.expected = entries.length;
    // Pages out of order: each is packed once every earlier position is in.
    builder.add(3000, entries.slice(3000, 6000));
    builder.add(0, entries.slice(0, 3000));
    builder.add(6000, entries.slice(6000));
    const during = builder.snapshot();
    const finished = await builder.finish();
    assert.ok(finished.entries instanceof PackedEntries, 'packed');
    assert.deepEqual(Array.from(finished.entries), entries);
    const listed = CatalogueIndex.of(entries);
    for (const query of ['9001', 'iec 60601', 'robots safety', '', entries[8000].urn.toUpperCase(), entries[7].reference ?? '']) {
      assert.deepEqual(finished.searchHits(query, 40), listed.searchHits(query, 40), query);
      assert.ok(sameEntries(during.search(query, 40), finished.searchHits(query, 40)), `the picker keeps its items: ${query}`);
    }
    for (const urn of [entries[0].urn, entries[4321].urn, entries[8999].urn, 'urn:none'])
      assert.deepEqual(finished.bestForUrn(urn), listed.bestForUrn(urn), urn);
  });

  it("lets a build's entry objects go once packed, its segments reading them packed, and still finds what it held", async () => {
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    const entries = sandboxEntries(7, 9000);
    const builder = new IndexBuilder();
    builder.expected = entries.length;
    // Copies made for the builder alone: this test holds only weak references to them.
    const watched: Array<WeakRef<IndexEntry>> = [];
    const page = (from: number, to: number): IndexEntry[] =>
      entries.slice(from, to).map((e) => {
        const copy = { ...e };
        if (e.position % 500 === 0) watched.push(new WeakRef(copy));
        return copy;
      });
    // The second page first: its objects wait for the first, then are packed with it.
    builder.add(3000, page(3000, 6000));
    builder.add(0, page(0, 3000));
    builder.add(6000, page(6000, 9000));
    const during = builder.snapshot();
    await new Promise((resolve) => setImmediate(resolve));
    collect();
    assert.deepEqual(watched.filter((ref) => ref.deref()).length, 0, 'no entry object kept by the build');
    const listed = CatalogueIndex.of(entries);
    for (const query of ['9001', 'iec 60601', entries[4500].reference ?? '', entries[8999].urn])
      assert.ok(sameEntries(during.search(query, 40), listed.searchHits(query, 40)), query);
    assert.deepEqual(during.bestForUrn(entries[4500].urn), listed.bestForUrn(entries[4500].urn));
    assert.deepEqual(during.entries.at(8999), entries[8999]);
    const finished = await builder.finish();
    assert.deepEqual(Array.from(finished.entries), entries);
  });
});
