import * as assert from 'node:assert/strict';
import { CatalogueIndex, tokenize, type IndexEntry } from '../../src/core/catalogue/catalogueIndex';
import { prepareSegment } from '../../src/core/catalogue/segmentArrays';
import { buildPostings } from '../../src/core/catalogue/segmentData';
import { factsLabel, factsOf } from '../../src/core/catalogue/standardFacts';
import { PUBLIC_EDITIONS } from './publicRecords';
import { realSample } from './realSample';

describe('Find Standard: ranking like an expert, on real catalogue data', () => {
  const records = [...realSample(), ...PUBLIC_EDITIONS];
  const index = CatalogueIndex.of(
    records.map((r, position): IndexEntry => ({ position, ...r })),
    0,
  );
  const first = (query: string): string | undefined => index.search(query, 10)[0]?.reference;
  const top = (query: string, n: number): string[] => index.search(query, n).map((e) => e.reference ?? '');

  const expected: Array<[string, string]> = [
    ['9001', 'ISO 9001:2015'],
    ['ISO 9001', 'ISO 9001:2015'],
    ['iso9001', 'ISO 9001:2015'],
    ['ISO/IEC 27001', 'ISO/IEC 27001:2022'],
    ['27001:2022', 'ISO/IEC 27001:2022'],
    ['13818-7', 'ISO/IEC 13818-7:2006'],
    ['62304', 'IEC 62304:2006'],
    ['robots safety', 'ISO 10218-1:2025'],
    ['ISO 9001:2008', 'ISO 9001:2008'],
    ['IEC 62304 amd', 'IEC 62304:2006/AMD1:2015'],
  ];
  for (const [query, reference] of expected) {
    it(`"${query}" puts ${reference} first`, () => assert.equal(first(query), reference, top(query, 5).join(' | ')));
  }

  it('puts current before withdrawn and the base document before its amendments', () => {
    const results = top('9001', 20);
    assert.ok(results.indexOf('ISO 9001:2015') < results.indexOf('ISO 9001:2015/Amd 1'));
    assert.ok(results.indexOf('ISO 9001:2015/Amd 1') < results.indexOf('ISO 9001:2008'));
    assert.ok(results.indexOf('ISO 9001:2008') < results.indexOf('ISO 9001:1994'), 'newer withdrawn edition first');
    const sevens = top('13818-7', 10);
    assert.deepEqual(sevens.slice(0, 2), ['ISO/IEC 13818-7:2006', 'ISO/IEC 13818-7:2006/Amd 1:2007']);
  });

  it('finds titles starting with the phrase before titles holding it, current ones first', () => {
    const results = index.search('quality management', 30);
    assert.match(results[0].title, /^Quality management/);
    const firstWithdrawn = results.findIndex((e) => !factsOf(e.urn, e.reference, e.status).current);
    const lastCurrent = results.map((e) => factsOf(e.urn, e.reference, e.status).current).lastIndexOf(true);
    assert.ok(firstWithdrawn === -1 || firstWithdrawn > lastCurrent);
  });

  it('reads plain text as it is and other text normalised first, to the same tokens and vocabulary', () => {
    // An accented letter sends a text through lower case and NFKD first; without it, the text is scanned as it is.
    for (const r of records)
      for (const text of [r.reference ?? '', r.title, r.title.toUpperCase()]) assert.deepEqual(tokenize(`${text} é`), [...tokenize(text), 'e'], text);
    const entries = records.map((r, position): IndexEntry => ({ position, ...r, title: position % 2 ? r.title.toUpperCase() : r.title }));
    const words = new Set(entries.flatMap((e) => [...tokenize((e.reference ?? '').slice(0, 300)), ...tokenize(e.title)]));
    assert.deepEqual(prepareSegment(entries).vocabulary, [...words].sort());
  });

  it('holds in its anywhere postings every entry with the token in its reference or its title, once, in topic order', () => {
    const entries = records.map((r, position): IndexEntry => ({ position, ...r }));
    const a = prepareSegment(entries);
    const reference = { ids: a.referenceIds, start: a.referenceStart };
    const title = { ids: a.titleIds, start: a.titleStart };
    // Built from the tokens of both lists, as the merge of the two tiers' postings must come out.
    const fromTokens = buildPostings(a.vocabulary.length, a.byTopic, [reference, title]);
    assert.deepEqual(a.anywhereStart, fromTokens.start);
    assert.deepEqual(a.anywhereRanks, fromTokens.ranks);
  });

  it('matches tokens by prefix, letters and digits apart, never through the URN', () => {
    assert.deepEqual(tokenize('ISO/IEC 27001-1:2022'), ['iso', 'iec', '27001', '1', '2022']);
    assert.deepEqual(tokenize('iso9001'), ['iso', '9001']);
    assert.deepEqual(tokenize('Exécution'), ['execution']);
    assert.equal(first('quality manag'), first('quality management'));
    // Every URN holds "std"; few references or titles do.
    for (const entry of index.search('std', 200))
      assert.ok(
        tokenize(`${entry.reference} ${entry.title}`).some((t) => t.startsWith('std')),
        entry.urn,
      );
    assert.ok(index.search('std', 200).length < 50);
  });

  it('returns only entries holding every word, for many queries', () => {
    for (const query of ['medical electrical', 'iec 60601', 'part 2', 'info sec', '2022', 'robot', 'e']) {
      const words = tokenize(query);
      for (const entry of index.search(query, 200)) {
        const tokens = tokenize(`${entry.reference} ${entry.title}`);
        assert.ok(
          words.every((w) => tokens.some((t) => t.startsWith(w))),
          `${query} → ${entry.reference}`,
        );
      }
    }
  });

  it('finds a URN typed or pasted whole', () => {
    const urn = 'urn:iec:std:iso-iec:27001:2013-09:::||cor:1:2014-09';
    assert.equal(index.search(urn, 5)[0]?.urn, urn);
    assert.ok(index.search('urn:iec:std:iec:62304', 10).every((e) => e.urn.startsWith('urn:iec:std:iec:62304')));
  });

  it('keeps withdrawn records findable and says what they are', () => {
    const hits = index.searchHits('ISO 9001:1994', 5);
    assert.equal(hits[0].entry.reference, 'ISO 9001:1994');
    assert.equal(factsLabel(hits[0].facts), 'withdrawn');
    const amd = index.searchHits('IEC 62304 amd', 1)[0];
    assert.equal(factsLabel(amd.facts), 'amendment');
    assert.equal(factsLabel(index.searchHits('ISO/CD 9001', 1)[0].facts), 'draft');
    assert.equal(factsLabel(index.searchHits('ISO/IEC 27001:2013/COR1', 1)[0].facts), 'replaced · corrigendum');
  });

  it('answers an empty query with the best records and never fails on odd input', () => {
    assert.equal(index.search('', 5).length, 5);
    for (const query of ['', ' ', '::', '/', 'urn:', '\u0000', 'x'.repeat(10_000), '1 '.repeat(500), 'ü', '日本'])
      assert.doesNotThrow(() => index.search(query));
    assert.deepEqual(index.search('zzzzqqq'), []);
  });
});

describe('standard facts', () => {
  it('reads status from the record, else the ISO stage in the URN', () => {
    assert.equal(factsOf('urn:iso:std:iso:1:stage-95.99', 'ISO 1:2000', undefined).current, false);
    assert.equal(factsOf('urn:iso:std:iso:1:stage-95.99', 'ISO 1:2000', 'current').current, true, 'the record says');
    assert.equal(factsOf('urn:iso:std:iso:1:stage-60.60', 'ISO 1:2000', undefined).status, undefined);
    assert.equal(factsOf('urn:iso:std:iso:1:stage-90.92', 'ISO 1:2000', undefined).status, 'under review');
    assert.equal(factsOf('urn:iso:std:iso:1:stage-90.93', 'ISO 1:2000', undefined).status, undefined, 'confirmed');
    assert.equal(factsOf('urn:iso:std:iso:1:stage-40.20', 'ISO/DIS 1', undefined).draft, true);
    assert.equal(factsOf('urn:x:y', 'IEC 1:2000', 'replaced').status, 'replaced');
  });

  it('tells amendments, corrigenda and fragments from consolidated versions', () => {
    assert.equal(factsOf('urn:iec:std:iec:62304:2006-05:::||amd:1:2015-06', 'IEC 62304:2006/AMD1:2015', 'current').supplement, 'amendment');
    assert.equal(factsOf('urn:iec:std:iec:62304:2006-05::csv:+amd:1:2015-06', 'IEC 62304:2006+AMD1:2015 CSV', 'current').supplement, undefined);
    assert.equal(factsOf('urn:iso:std:iso:1:cor:2011:v1', 'ISO 1:2010/Cor 1:2011', 'current').supplement, 'corrigendum');
    assert.equal(factsOf('urn:iec:std:iec:60309-3:1994-02::/FRAG1::', 'IEC 60309-3:1994/FRAG1', 'current').supplement, 'fragment');
    assert.equal(factsOf('urn:x:y', 'ISO/IEC 27001:2022/Amd 1:2024', 'current').year, 2022);
  });
});
