/**
 * How references resolve against the whole real catalogue (test/fixtures/real-catalogue): adopted prefixes, the
 * amended edition, a deliverable type left out, a hyphen year, and edition status that never cries wolf.
 */
import * as assert from 'node:assert/strict';
import { CatalogueIndex } from '../../src/core/catalogue/catalogueIndex';
import { citationNotes } from '../../src/core/citations/citationTarget';
import { findCitations } from '../../src/core/citations/recognise';
import { resolveStandard, type ResolvedStandard } from '../../src/core/citations/resolve';
import { realCatalogueEntries } from './realCatalogue';

describe('references against the real catalogue', function () {
  this.timeout(60_000);
  let index: CatalogueIndex;
  before(() => {
    index = CatalogueIndex.of(realCatalogueEntries());
  });
  const resolve = (text: string): { standard?: ResolvedStandard; notes: string[] } => {
    const [citation] = findCitations(text);
    assert.ok(citation, `${text} is recognised`);
    const standard = resolveStandard(index, citation);
    return { standard, notes: standard ? citationNotes(citation, standard) : [] };
  };

  it('resolves an adoption to the international standard it adopts', () => {
    for (const text of ['BS EN ISO 13485:2016', 'DIN EN ISO 13485:2016', 'ANSI/AAMI/ISO 13485:2016', 'CAN/CSA ISO 13485:2016'])
      assert.equal(resolve(text).standard?.entry.reference, 'ISO 13485:2016', text);
    assert.equal(resolve('UL/IEC 62304:2006').standard?.entry.reference, 'IEC 62304:2006');
  });

  it('resolves supplements to the amended edition, and says when the catalogue does not list one', () => {
    assert.equal(resolve('ISO/IEC 27001:2022 Amendment 1:2024').standard?.entry.reference, 'ISO/IEC 27001:2022/Amd 1:2024');
    // ISO's record and IEC's of the same amendment: either is the amended edition.
    assert.match(resolve('IEC 62304:2006/AMD1:2015').standard?.entry.reference ?? '', /^IEC 62304:2006\/(?:Amd 1|AMD1):2015$/);
    assert.equal(resolve('IEC 62304:2006+AMD1:2015').standard?.entry.reference, 'IEC 62304:2006+AMD1:2015 CSV');
    const cen = resolve('EN ISO 14971:2019+A11:2021');
    assert.equal(cen.standard?.entry.reference, 'ISO 14971:2019');
    assert.match(cen.notes.join(' '), /The catalogue lists no \+A11:2021 .*this is the edition it amends/);
    assert.deepEqual(resolve('ISO/IEC 27001:2013/Cor 2:2015').notes, ['Cited with Corrigendum 2:2015.']);
  });

  it('resolves a deliverable type left out to the only deliverable of that number and year, and a hyphen year where there is no such part', () => {
    const ts = resolve('ISO/IEC 19217:2015');
    assert.equal(ts.standard?.entry.reference, 'ISO/IEC TS 19217:2015');
    assert.match(ts.notes.join(' '), /Cited without its deliverable type/);
    const hyphen = resolve('ISO 9001-2015');
    assert.equal(hyphen.standard?.entry.reference, 'ISO 9001:2015');
    assert.match(hyphen.notes.join(' '), /Read as the 2015 edition/);
    // ISO 8601 has parts: "ISO 8601-1" is a part, never a year.
    assert.equal(resolve('ISO 8601-1:2019').standard?.entry.reference, 'ISO 8601-1:2019');
  });

  it('never calls a current edition outdated for a handbook, and follows a withdrawn TS to its International Standard', () => {
    const current = resolve('ISO/IEC 27001:2022').standard;
    assert.equal(current?.facts.current, true);
    assert.equal(current?.replacedBy, undefined, 'ISO/IEC 27001-HBK:2024 is a handbook, not a newer edition');
    assert.equal(resolve('ISO/IEC 27001:2013').standard?.replacedBy?.reference, 'ISO/IEC 27001:2022');
    assert.equal(resolve('ISO/TS 19115-3:2016').standard?.replacedBy?.reference, 'ISO 19115-3:2023');
    assert.equal(resolve('ISO/TS 15066:2016').standard?.replacedBy, undefined, 'a current TS stays');
  });

  it('looks for a citation among references only: the leading hits of a full search, found without reading titles', () => {
    const queries = [
      'ISO 9001:2015',
      'IEC 62304',
      'ISO/IEC 27001',
      'IEC 60601-1',
      'ISO 14971:2019',
      'ISO 10303-21',
      'ISO 8601',
      'IEC 61508-3:1998',
      'ISO 13485',
    ];
    // Every 2 000th record's own reference, dated and undated: what resolving the catalogue itself asks.
    for (const entry of realCatalogueEntries().filter((_, i) => i % 2000 === 0)) {
      if (!entry.reference) continue;
      queries.push(entry.reference, entry.reference.replace(/:\d{4}.*$/, ''));
    }
    for (const query of queries) {
      const references = index.search(query, 60, { referencesOnly: true });
      assert.ok(references.length > 0, query);
      assert.deepEqual(references, index.search(query, 60).slice(0, references.length), query);
    }
  });
});
