import * as assert from 'node:assert/strict';
import { startSandbox } from '../../sandbox/index';
import type { RunningSandbox } from '../../sandbox/types';
import { buildCatalogueIndex } from '../../src/core/catalogue/buildIndex';
import type { CatalogueIndex } from '../../src/core/catalogue/catalogueIndex';
import { findCitations, type Citation } from '../../src/core/citations/recognise';
import { resolveLocator, resolveStandard } from '../../src/core/citations/resolve';
import { createStandardsService } from '../../src/core/service/standardsService';
import { serviceOptionsFrom, type ManagedStandardsService } from '../../src/core/service/index';
import { CITED_RECORDS } from './citationRecords';
import { realSample } from './realSample';

function one(text: string): Citation {
  const [citation] = findCitations(text);
  assert.ok(citation, `no citation in ${text}`);
  return citation;
}

describe('Citations: resolution against the catalogue and clause lists (sandbox over HTTP)', () => {
  let sandbox: RunningSandbox;
  let service: ManagedStandardsService;
  let index: CatalogueIndex;
  const resolved = (text: string): string | undefined => resolveStandard(index, one(text))?.entry.reference;
  const replacement = (text: string): string | undefined => resolveStandard(index, one(text))?.replacedBy?.reference;

  before(async () => {
    sandbox = await startSandbox({ catalogue: [...realSample(), ...CITED_RECORDS] });
    service = createStandardsService(serviceOptionsFrom(sandbox));
    index = await buildCatalogueIndex((page, signal) => service.listStandards(page, signal), { pageSize: 1000, concurrency: 4 });
  });
  after(async () => {
    service?.dispose?.();
    await sandbox?.close();
  });

  const expected: Array<[string, string | undefined]> = [
    ['ISO 9001:2015, clause 4.1', 'ISO 9001:2015'],
    ['ISO 9001', 'ISO 9001:2015'],
    ['ISO 9001:2008', 'ISO 9001:2008'],
    ['ISO 17301-1', 'ISO 17301-1:2023'],
    ['ISO 17301-1:2016 §5', 'ISO 17301-1:2016'],
    ['ISO/IEC 27001:2022 clause 5.2', 'ISO/IEC 27001:2022'],
    ['ISO 27001:2022', 'ISO/IEC 27001:2022'],
    ['IEC 62304:2006+AMD1:2015 §5.1', 'IEC 62304:2006+AMD1:2015 CSV'],
    ['IEC 62304:2006/AMD1:2015', 'IEC 62304:2006/AMD1:2015'],
    ['IEC 62304', 'IEC 62304:2006'],
    ['// ISO 26262-6:2018, 9.4.2', 'ISO 26262-6:2018'],
    ['EN ISO 26262-6:2018', 'ISO 26262-6:2018'],
    ['ISO/IEC 13818-7:2006', 'ISO/IEC 13818-7:2006'],
    ['CISPR 16-1-1:2010/AMD1:2010', 'CISPR 16-1-1:2010/AMD1:2010'],
    // Not in the catalogue: left alone, never the nearest thing.
    ['ISO 9001:1987', undefined],
    ['ISO 99999', undefined],
    ['ISO 26262-7:2018', undefined],
    ['IEC 27001:2022', 'ISO/IEC 27001:2022'],
    ['IEC 9001:2015', undefined],
  ];
  for (const [text, reference] of expected) {
    it(`${text} → ${reference ?? 'nothing'}`, () => assert.equal(resolved(text), reference));
  }

  it('resolves URNs and clause @id URLs by their URN', () => {
    assert.equal(resolveStandard(index, one('urn:iso:std:iso:9001:ed-5:stage-90.93'))?.entry.reference, 'ISO 9001:2015');
    const [url] = findCitations(`${sandbox.baseUrl}/v1/standards/urn:iec:std:iec:62304:2006-05:::/clauses/abc`, { serviceBaseUrl: sandbox.baseUrl });
    assert.equal(url.kind, 'clauseUri');
    assert.equal(resolveStandard(index, url)?.entry.reference, 'IEC 62304:2006');
    assert.equal(resolveStandard(index, one('urn:iso:std:iso:1:nothing')), undefined);
  });

  it('names the current edition that replaces a withdrawn or older one, and nothing for current ones', () => {
    assert.equal(replacement('ISO 17301-1:2016'), 'ISO 17301-1:2023');
    assert.equal(replacement('ISO 9001:2008'), 'ISO 9001:2015');
    assert.equal(replacement('ISO/IEC 27001:2013, clause 6'), 'ISO/IEC 27001:2022');
    assert.equal(replacement('ISO 13485:2003'), 'ISO 13485:2016', 'an older edition, though still listed as current');
    assert.equal(replacement('ISO 13485:2016'), undefined);
    assert.equal(replacement('ISO 9001:2015'), undefined);
    assert.equal(replacement('ISO 9001'), undefined);
    assert.equal(replacement('IEC 62304:2006/AMD1:2015'), undefined, 'a current amendment of the current edition');
    assert.equal(replacement('IEC 62304:2006+AMD1:2015'), undefined);
  });

  it('finds the clause a locator points to in the real clause list', async () => {
    const urn = 'urn:iso:std:iso:9001:ed-5:stage-90.93';
    const clauses = await service.listClauses(urn);
    const locate = (text: string) => {
      const citation = one(text);
      assert.ok(citation.kind === 'reference' && citation.locator, text);
      return resolveLocator(clauses, citation.locator);
    };
    assert.equal(
      locate('ISO 9001, Scope')?.clause.types.some((t) => t.endsWith('Scope')),
      true,
    );
    assert.equal(
      locate('ISO 9001 Foreword')?.clause.types.some((t) => t.endsWith('Foreword')),
      true,
    );
    assert.equal(locate('ISO 9001, Terms and definitions')?.clause.number, '3');
    assert.equal(locate('ISO 9001, clause 4')?.clause.number, '4');
    const sub = clauses.find((c) => /^\d+\.\d+$/.test(c.number ?? ''));
    assert.ok(sub, 'the sandbox standard has a numbered subclause');
    assert.deepEqual(locate(`ISO 9001 §${sub.number}`), { clause: sub, exact: true });
    // A deeper number than the list has: the subclause that holds it, said to be inexact.
    assert.deepEqual(locate(`ISO 9001 clause ${sub.number}.9.9`), { clause: sub, exact: false });
    assert.equal(locate('ISO 9001, Annex A')?.clause.number, 'A');
    assert.equal(locate('ISO 9001 clause 77'), undefined);
    assert.equal(locate('ISO 9001 Table 3'), undefined, 'tables are inside clauses: the clause list cannot say which');
  });
});
