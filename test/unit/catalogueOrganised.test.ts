/**
 * The organised catalogue of the Standards view: order, groups and the withdrawn filter, over the real ISO and IEC
 * records of test/fixtures (and the sandbox's 30 000 generated ones for sizes).
 */
import * as assert from 'node:assert/strict';
import { sandboxEntries } from '../../bench/sandboxEntries';
import type { IndexEntry } from '../../src/core/catalogue/indexSegment';
import { CatalogueOrganiser, SPLIT, type Arrangement, type CatalogueGroup, type Grouping } from '../../src/core/arrangement/catalogueGrouping';
import { OrderColumns } from '../../src/core/arrangement/catalogueOrder';
import { CatalogueIndex } from '../../src/core/catalogue/catalogueIndex';
import { IndexSegment } from '../../src/core/catalogue/indexSegment';
import { compareParts, orderFields } from '../../src/core/catalogue/orderFields';
import { sortRecords } from '../../src/core/arrangement/recordSort';
import { TimeSlicer } from '../../src/core/service/timeSlicer';
import { realSample } from './realSample';

function realEntries(): IndexEntry[] {
  return realSample().map((r, position) => ({ position, urn: r.urn, reference: r.reference, title: r.title, status: r.status }));
}

const quick = (): Promise<void> => Promise.resolve();

async function arranged(entries: IndexEntry[], grouping: Grouping, hideWithdrawn = false): Promise<Arrangement> {
  return new CatalogueOrganiser(CatalogueIndex.of(entries), quick).arrange({ grouping, hideWithdrawn });
}

function byReference(entries: readonly IndexEntry[], reference: string): IndexEntry {
  const entry = entries.find((e) => e.reference === reference);
  assert.ok(entry, `${reference} is in the sample`);
  return entry;
}

/** Row of `reference` in an arrangement. */
function rowOf(arrangement: Arrangement, reference: string): number {
  const row = arrangement.entries.findIndex((e) => e.reference === reference);
  assert.ok(row >= 0, `${reference} is listed`);
  return row;
}

/** Every group below `groups`, depth first, with the groups that list records (no sub-groups). */
function walk(arrangement: Arrangement, groups: CatalogueGroup[], visit: (group: CatalogueGroup, leaf: boolean) => void): void {
  for (const group of groups) {
    const children = arrangement.childGroups(group);
    visit(group, children === undefined);
    if (children) walk(arrangement, children, visit);
  }
}

describe('organised catalogue (real records)', () => {
  const entries = realEntries();

  it('reads the publisher from the URN, ISO/IEC apart from ISO and from IEC, and the number and parts from the reference', () => {
    const fields = (reference: string) => orderFields(byReference(entries, reference));
    assert.deepEqual(
      { ...fields('ISO/IEC 27001:2022/Amd 1:2024') },
      { publisher: 'ISO/IEC', number: 27001, parts: [], type: '', state: 0, year: 2022, supplement: true, current: true },
    );
    assert.equal(fields('ISO 13485:2003').publisher, 'ISO');
    const iec = fields('IEC 60601-1-11:2010/Cor 1:2011');
    assert.deepEqual([iec.publisher, iec.number, iec.parts, iec.supplement, iec.current], ['IEC', 60601, ['1', '11'], true, false]);
    assert.equal(fields('CISPR 11:2015+AMD1:2016+AMD2:2019 CSV').supplement, false, 'a consolidated version is a whole document');
    // Shapes of the full public sample: a workshop agreement is ISO's, a draft is its document's, and words before
    // a year are no document number.
    const iwa = orderFields({ urn: 'urn:iso:std:iso:iwa:12:stage-95.99', reference: 'IWA 12:2013', status: 'withdrawn' });
    assert.deepEqual([iwa.publisher, iwa.type, iwa.number], ['ISO', 'iwa', 12]);
    const draft = orderFields({ urn: 'urn:iso:std:iso:9001:stage-40.20', reference: 'ISO/DIS 9001', status: 'current' });
    assert.deepEqual([draft.publisher, draft.number, draft.state], ['ISO', 9001, 1]);
    const report = orderFields({
      urn: 'urn:iec:std:iec:Nanotechnology:2013-10:tec::',
      reference: 'IEC Technology Report Nanotechnology:2013',
      status: 'current',
    });
    assert.deepEqual([report.publisher, report.number], ['IEC', Infinity]);
    // Without a publisher in the URN, the reference's words (less the document type) name it.
    assert.equal(orderFields({ urn: 'urn:x-std:abc', reference: 'ISO/IEC TR 24028:2020' }).publisher, 'ISO/IEC');
  });

  it('compares numbers as numbers: 2 < 10 < 100, parts 9001-2 < 9001-10, a document before its parts', () => {
    assert.ok(compareParts(['2'], ['10']) < 0);
    assert.ok(compareParts(['10'], ['100']) < 0);
    assert.ok(compareParts(['1'], ['1', '2']) < 0);
    assert.ok(compareParts(['2'], ['b01']) < 0, 'numbers before letters');
    assert.ok(compareParts(['1'], ['01']) < 0 && compareParts(['01'], ['2']) < 0, 'a leading zero after its number, before the next');
    assert.ok(compareParts(['1', 'b'], ['1', '2']) > 0);
    // The sort compares each record's partsKey as a string: its order is this plain reading's, over many parts.
    const plain = (a: readonly string[], b: readonly string[]): number => {
      for (let i = 0; i < a.length && i < b.length; i++) {
        const [x, y] = [a[i], b[i]];
        const [dx, dy] = [/^\d/.test(x), /^\d/.test(y)];
        const order = dx && dy ? Number(x) - Number(y) || x.length - y.length : dx !== dy ? (dx ? -1 : 1) : x < y ? -1 : x > y ? 1 : 0;
        if (order) return order;
      }
      return a.length - b.length;
    };
    const tokens = ['1', '01', '2', '9', '10', '011', '100', '1000000000000', 'a', 'b', 'b01', 'amd'];
    const parts = Array.from({ length: 300 }, (_, i) => Array.from({ length: i % 4 }, (_, j) => tokens[(i * 7 + j * 5) % tokens.length]));
    for (const a of parts) for (const b of parts) assert.equal(Math.sign(compareParts(a, b)), Math.sign(plain(a, b)), `${a.join('-')} vs ${b.join('-')}`);
  });

  it('sorts by publisher, then number and parts numerically, then year: the real IEC 60601 family in order', async () => {
    const a = await arranged(entries, 'none', false);
    const order = [
      'IEC 60601-1-2:2007',
      'IEC 60601-1-3:2008/AMD2:2021',
      'IEC 60601-1-8:2006',
      'IEC 60601-1-10:2007+AMD1:2013 CSV',
      'IEC 60601-1-11:2010/Cor 1:2011',
    ];
    assert.deepEqual(
      order,
      [...order].sort((x, y) => rowOf(a, x) - rowOf(a, y)),
    );
    assert.ok(rowOf(a, 'IEC 60601-2-2:2017/AMD1:2023') < rowOf(a, 'IEC 60601-2-10:2012+AMD1:2016 CSV'));
    assert.ok(rowOf(a, 'IEC 60601-2-10:2012+AMD1:2016 CSV') < rowOf(a, 'IEC 60601-2-19:2009/AMD1:2016'));
    // Publishers in turn, each numbered from low to high.
    const fields = a.entries.map((e) => orderFields(e));
    for (let i = 1; i < fields.length; i++) {
      const [x, y] = [fields[i - 1], fields[i]];
      assert.ok(
        x.publisher < y.publisher || (x.publisher === y.publisher && x.number <= y.number),
        `${a.entries[i - 1].reference} before ${a.entries[i].reference}`,
      );
    }
  });

  it('lists the current edition of a document first, its amendments after it, then older editions', async () => {
    const a = await arranged(entries, 'none', false);
    assert.ok(rowOf(a, 'ISO 9001:2015/Amd 1') < rowOf(a, 'ISO 9001:1994'), 'current amendment before the withdrawn edition');
    // Within each document (publisher, number, parts, type): current, then drafts, then withdrawn or replaced.
    const fields = a.entries.map((e) => orderFields(e));
    const key = (i: number) => `${fields[i].publisher}|${fields[i].number}|${fields[i].parts.join('-')}|${fields[i].type}`;
    let checked = 0;
    for (let i = 1; i < fields.length; i++) {
      if (key(i) !== key(i - 1)) continue;
      assert.ok(fields[i - 1].state <= fields[i].state, `${a.entries[i - 1].reference} (${fields[i - 1].state}) before ${a.entries[i].reference}`);
      if (fields[i - 1].state === fields[i].state) assert.ok(fields[i - 1].year >= fields[i].year, `newer first: ${a.entries[i - 1].reference}`);
      checked++;
    }
    assert.ok(checked > 50, `documents with several records in the sample: ${checked}`);
    // An edition, its amendment, a draft of the next edition, the older edition (shapes of the public records).
    const nineThousand = [
      { urn: 'urn:iso:std:iso:9001:ed-4:stage-95.99', reference: 'ISO 9001:2008', status: 'withdrawn' },
      { urn: 'urn:iso:std:iso:9001:stage-40.20', reference: 'ISO/DIS 9001', status: 'current' },
      { urn: 'urn:iso:std:iso:9001:ed-5:stage-60.60:amd:1:v1', reference: 'ISO 9001:2015/Amd 1:2024', status: 'current' },
      { urn: 'urn:iso:std:iso:9001:ed-5:stage-60.60', reference: 'ISO 9001:2015', status: 'current' },
      { urn: 'urn:iso:std:iso:9000:ed-4:stage-60.60', reference: 'ISO 9000:2015', status: 'current' },
    ].map((r, position) => ({ ...r, position, title: '' }));
    assert.deepEqual(
      (await arranged(nineThousand, 'none')).entries.map((e) => e.reference),
      ['ISO 9000:2015', 'ISO 9001:2015', 'ISO 9001:2015/Amd 1:2024', 'ISO/DIS 9001', 'ISO 9001:2008'],
    );
  });

  it('hides withdrawn and replaced records, and only those', async () => {
    const all = await arranged(entries, 'publisher', false);
    const current = await arranged(entries, 'publisher', true);
    const withdrawn = entries.filter((e) => e.status === 'withdrawn' || e.status === 'replaced').length;
    assert.ok(withdrawn > 500);
    assert.equal(current.entries.length, entries.length - withdrawn);
    assert.equal(current.hidden, withdrawn);
    assert.ok(current.entries.every((e) => e.status === 'current'));
    assert.equal(all.entries.length, entries.length);
    assert.equal(current.locate(byReference(entries, 'ISO 9001:1994').position), undefined, 'a hidden record is not located');
  });

  it('groups by publisher (ISO, IEC, ISO/IEC, CISPR…) with counts that add up, in the order of the list', async () => {
    const a = await arranged(entries, 'publisher');
    const groups = a.topGroups();
    const names = groups.map((g) => (g.key.kind === 'publisher' ? g.key.publisher : ''));
    for (const publisher of ['CISPR', 'IEC', 'ISO', 'ISO/IEC', 'ISO/IEC/IEEE']) assert.ok(names.includes(publisher), publisher);
    assert.deepEqual(names, [...names].sort());
    assert.equal(
      groups.reduce((sum, g) => sum + g.to - g.from, 0),
      entries.length,
    );
    const isoIec = groups.find((g) => g.key.kind === 'publisher' && g.key.publisher === 'ISO/IEC') as CatalogueGroup;
    assert.ok(a.records(isoIec).every((e) => e.reference?.startsWith('ISO/IEC')));
    const iso = groups.find((g) => g.key.kind === 'publisher' && g.key.publisher === 'ISO') as CatalogueGroup;
    // Workshop agreements are ISO's (urn:iso:std:iso:iwa:…).
    assert.ok(a.records(iso).every((e) => /^(ISO[ /]|IWA )/.test(e.reference ?? '') && !e.reference?.startsWith('ISO/IEC')));
    // ISO has more than a list should hold: it opens into number ranges.
    const ranges = a.childGroups(iso);
    assert.ok(ranges && ranges.length > 2 && ranges.every((g) => g.key.kind !== 'publisher'));
  });

  it('groups by number range, large ranges opening into narrower ones, every record in exactly one list', async () => {
    const a = await arranged(entries, 'numberRange');
    const seen = new Set<number>();
    const ids = new Set<string>();
    walk(a, a.topGroups(), (group, leaf) => {
      assert.ok(!ids.has(group.id), `unique id ${group.id}`);
      ids.add(group.id);
      if (!leaf) return;
      for (const entry of a.records(group)) {
        assert.ok(!seen.has(entry.position));
        seen.add(entry.position);
        const { number } = orderFields(entry);
        if (group.key.kind === 'range') assert.ok(number >= group.key.lo && number < group.key.hi, `${entry.reference} in ${group.id}`);
        else assert.equal(number, Infinity);
      }
    });
    assert.equal(seen.size, entries.length);
    const ninety = a.locate(byReference(entries, 'ISO 9001:1994').position);
    assert.ok(ninety);
    assert.deepEqual(
      ninety.path.map((g) => g.key),
      [
        { kind: 'range', lo: 5000, hi: 10_000 },
        { kind: 'range', lo: 9000, hi: 10_000 },
      ].slice(0, ninety.path.length),
    );
    assert.equal(a.records(ninety.path[ninety.path.length - 1], ninety.row, 1)[0].reference, 'ISO 9001:1994');
  });

  it('keeps lists short over the sandbox catalogue of 30 000: only single numbers and unnumbered records are longer, and the tree pages those', async () => {
    const generated = sandboxEntries(1, 30_000);
    for (const grouping of ['publisher', 'numberRange'] as const) {
      const a = await arranged(generated, grouping);
      assert.ok(a.topGroups().length <= 20, `${grouping}: ${a.topGroups().length} top groups`);
      walk(a, a.topGroups(), (group, leaf) => {
        if (leaf && group.to - group.from > SPLIT) {
          assert.ok(
            group.key.kind === 'noNumber' || (group.key.kind === 'range' && group.key.hi - group.key.lo === 1),
            `${group.id}: ${group.to - group.from}`,
          );
        }
      });
    }
  });

  it('sorts by counting, column by column, then ties by the comparator, exactly as a stable sort does, pausing between slices', async () => {
    const n = 40_000;
    const first = Uint8Array.from({ length: n }, (_, i) => (i * 7919) % 13);
    const second = Uint8Array.from({ length: n }, (_, i) => (i * 31) % 7);
    const third = (i: number): number => (i * 17) % 5;
    const tie = (a: number, b: number): number => third(b) - third(a);
    let pauses = 0;
    // A budget of 0 ms: a pause at every chance.
    const sorted = await sortRecords(
      n,
      [
        { key: first, values: 13 },
        { key: second, values: 7 },
        { key: new Uint8Array(n), values: 1 },
      ],
      tie,
      new TimeSlicer(async () => void pauses++, 0),
    );
    const expected = Array.from({ length: n }, (_, i) => i).sort((a, b) => first[a] - first[b] || second[a] - second[b] || tie(a, b));
    assert.deepEqual([...sorted], expected);
    assert.ok(pauses > 10, `${pauses} pauses`);
  });

  it('gives the thread back before each step that ranks a whole column, however quick the steps before it', async () => {
    // 3 000 records rank in well under a slice's 8 ms: any pause but the two around reading the fields is a step's.
    let pauses = 0;
    const organiser = new CatalogueOrganiser(CatalogueIndex.of(sandboxEntries(2, 3000)), async () => void pauses++);
    await organiser.arrange({ grouping: 'publisher', hideWithdrawn: false });
    // Publishers, parts and types ranked, the numbers sorted, each number ranked, each record's ranks: six steps.
    assert.ok(pauses >= 2 + 5, `${pauses} pauses`);
  });

  it('orders the 30 000 of the sandbox as its comparator does, by publisher and by number', async () => {
    const columns = new OrderColumns(CatalogueIndex.of(sandboxEntries(2, 30_000)));
    while (!columns.fill(5000));
    while (!columns.rankSome(5000));
    for (const by of ['publisher', 'number'] as const) {
      const counted = await sortRecords(30_000, columns.sortKeys(by), columns.comparator(by), new TimeSlicer());
      const compared = Array.from({ length: 30_000 }, (_, i) => i).sort(columns.comparator(by));
      assert.deepEqual([...counted], compared, by);
    }
  });

  it("reads each record's order fields from its segment's arrays, as orderFields reads them from the record", () => {
    const entries = realEntries();
    const columns = new OrderColumns(CatalogueIndex.of(entries));
    while (!columns.fill(700));
    while (!columns.rankSome(700));
    for (const entry of entries) {
      const fields = orderFields(entry);
      const record = entry.position;
      const read = {
        publisher: columns.publishers[columns.publisherRank[record]],
        number: columns.number[record],
        state: columns.state[record],
        year: columns.year[record],
        supplement: columns.supplement[record] === 1,
      };
      const { publisher, number, state, year, supplement } = fields;
      assert.deepEqual(read, { publisher, number, state, year, supplement }, entry.reference);
    }
  });

  it('organises an index read back from its file as the index it was stored from', async () => {
    const entries = sandboxEntries(3, 12_000);
    const built = CatalogueIndex.of(entries).packed();
    const stored = CatalogueIndex.fromFile(built.toFile('http://h/p'), 'http://h/p');
    assert.ok(stored);
    for (const grouping of ['publisher', 'numberRange'] as const) {
      const [a, b]: Arrangement[] = await Promise.all(
        [built, stored].map((index) => new CatalogueOrganiser(index, quick).arrange({ grouping, hideWithdrawn: false })),
      );
      assert.deepEqual(
        b.entries.map((e) => e.position),
        a.entries.map((e) => e.position),
        grouping,
      );
      assert.deepEqual(
        b.topGroups().map((g) => [g.id, g.from, g.to]),
        a.topGroups().map((g) => [g.id, g.from, g.to]),
      );
    }
  });

  it('says what to do, rather than organising part of the catalogue, when an index does not cover its records', async () => {
    const entries = sandboxEntries(3, 9000);
    const partial = new CatalogueIndex([IndexSegment.build(entries.slice(0, 8000))], entries, 0);
    await assert.rejects(
      new CatalogueOrganiser(partial, quick).arrange({ grouping: 'publisher', hideWithdrawn: false }),
      /covers 8000 of its 9000 records: rebuild it/,
    );
  });

  it('trusts no stored order ids beyond their texts: such a file is built anew', () => {
    const stored = CatalogueIndex.of(sandboxEntries(3, 5000), 0).toFile('http://h/p');
    const length = new DataView(stored.buffer, stored.byteOffset).getUint32(8, true);
    const text = Buffer.from(stored.subarray(12, 12 + length)).toString('utf8');
    // The same length: the first segment's first order text is blanked out, so its last id points past the end.
    const tampered = text.replace(/"orderTexts":\["[^"]*",/, (found) => '"orderTexts":[' + ' '.repeat(found.length - 14));
    assert.notEqual(tampered, text);
    const copy = stored.slice();
    copy.set(Buffer.from(tampered, 'utf8'), 12);
    assert.equal(CatalogueIndex.fromFile(copy, 'http://h/p'), undefined);
    assert.ok(CatalogueIndex.fromFile(stored, 'http://h/p'));
  });
});
